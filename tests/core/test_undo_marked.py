"""Undo that keeps marks of the share books, ledger, market, companies, seats and private cards
instead of copying them (issue #16; ``TitleState.marked_parts``, :mod:`roundhouse.core.marks`).

The state :meth:`Game.apply` keeps to take a move back holds these parts in play, with a mark
of each (its content written out flat); undo writes back what differs.  A mark is reused while
the part's records' clock stands still (:class:`~roundhouse.core.marks.Tracked`: every field
write ticks it).  These tests hold the scheme to what a full copy gave, at every position of
the recorded games and along random games of every 18xx title, and pin down each promise it
rests on: every field write ticks, every field is in the mark and immutable, nothing else in
the state holds what is inside a marked part, and a move failing half way is taken back.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import roundhouse
from roundhouse.bots import RandomBot
from roundhouse.core.bank import BANK
from roundhouse.core.canonical import Canon, canonical
from roundhouse.core.copying import deep_copy
from roundhouse.core.entities import Corporation, Player, Private
from roundhouse.core.game import Game
from roundhouse.core.marks import (
    BooksMark,
    LedgerMark,
    Marked,
    MarketMark,
    RecordsMark,
    Tracked,
    fields_of,
)
from roundhouse.core.shares import Certificate, ShareBook
from roundhouse.core.static import Static
from roundhouse.interop import import_18xx_games
from tests.core.undo_walk import failing_half_way, random_moves, round_trips, searching
from tests.interop.documents import FIXTURE_NAMES, fixture_path

TITLES = ["18RoyalGorge", "18USA", "18West", "18US"]


def marked(game: Game) -> tuple[Canon, ...]:
    """Each marked part walked in full (the state hash walks them too; this names the part
    that differs)."""
    return tuple(canonical(part.held) for part in game.state.marked_parts())


def position(game: Game) -> tuple[tuple[Canon, ...], str]:
    return marked(game), game.state_hash()


def held(game: Game) -> list[object]:
    return [part.held for part in game.state.marked_parts()]


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_apply_undo_redo_at_every_recorded_position(name: str) -> None:
    """At every position of a recorded game the move, its undo and the move again give the
    positions a full copy gave: each marked part and the state hash the same, the parts
    the same objects throughout; every seventh position takes back three moves."""
    recorded = import_18xx_games(json.loads(fixture_path(name).read_text()))
    game = roundhouse.load({**recorded.to_doc(), "actions": []})
    searching(game, recorded.log[0])
    parts = held(game)

    def same_parts() -> None:
        assert held(game) == parts

    round_trips(game, iter(recorded.log), position, every=7, back=3, each=same_parts)
    assert game.state_hash() == recorded.state_hash()


@pytest.mark.parametrize("title", TITLES)
def test_apply_undo_redo_along_a_random_game(title: str) -> None:
    """Titles whose rules write to certificates, companies and cards in their own code
    (mergers, short sales, land grants, systems) are taken back all the same: every move of a
    random game, undone, leaves every marked part and the hash as they were."""
    game = roundhouse.new_game(title, ["Ann", "Bob", "Cy", "Dee"], seed=17)
    searching(game, RandomBot(17).choose(game, game.acting[0]))
    round_trips(game, random_moves(game, 17), position, every=10, back=3)


@pytest.mark.parametrize(
    "record",
    [
        Certificate("RG_1", "RG", 1, "ipo"),
        ShareBook.standard("RG", size=4),
        Corporation.__new__(Corporation),
        Private.__new__(Private),
        Player("Ann"),
    ],
    ids=lambda r: type(r).__name__,
)
def test_every_field_write_ticks_the_clock(record: Tracked) -> None:
    """A mark is reused while its records' clock stands still: so every field of every
    tracked record ticks it when written (a field written without a tick would keep a stale
    mark, and undo would not take the write back)."""
    clock = type(record).clock
    for name in fields_of(type(record))[0]:
        before = clock.writes
        setattr(record, name, getattr(record, name, None))
        assert clock.writes > before, f"{type(record).__name__}.{name}"


def test_a_stale_mark_is_not_reused_after_a_write() -> None:
    """Writing a certificate's owner ticks the books' clock, so the next keep makes a new
    mark and undo gives the certificate back to its owner before the move."""
    game = roundhouse.new_game("18RoyalGorge", ["Ann", "Bob", "Cy"], seed=3)
    books = game.state.books  # type: ignore[attr-defined]
    part = BooksMark(books, ShareBook.clock)
    first = part.mark()
    assert part.mark(first) is first  # nothing written: the mark holds
    cert = next(iter(next(iter(books.values())).certs.values()))
    owner = cert.owner
    cert.owner = "Ann"
    second = part.mark(first)
    assert second is not first
    part.rollback(first)
    assert cert.owner == owner
    part.rollback(second)
    assert cert.owner == "Ann"


def test_a_rollback_leaves_no_stale_mark_to_reuse() -> None:
    """A rollback writes past the hook, so it ticks the clock itself: a mark taken after a
    write (of the clock it saw) is not reused once the part went back to before the write."""
    game = roundhouse.new_game("18RoyalGorge", ["Ann", "Bob", "Cy"], seed=3)
    corps = game.state.corps  # type: ignore[attr-defined]
    part = RecordsMark(corps, clock=Corporation.clock)
    before = part.mark()
    corp = next(iter(corps.values()))
    was = corp.floated
    corp.floated = not was
    after = part.mark(before)
    part.rollback(before)
    assert corp.floated == was
    again = part.mark(after)
    assert again is not after
    part.rollback(after)
    assert corp.floated != was
    part.rollback(again)
    assert corp.floated == was


def test_the_ledger_mark_takes_back_payments_and_new_accounts() -> None:
    game = roundhouse.new_game("18RoyalGorge", ["Ann", "Bob", "Cy"], seed=3)
    ledger = game.state.ledger  # type: ignore[attr-defined]
    part = LedgerMark(ledger)
    was = part.mark()
    cash = ledger.cash("Ann")
    ledger.transfer("Ann", BANK, 10)
    ledger.open("new company")
    part.rollback(was)
    assert ledger.cash("Ann") == cash and "new company" not in ledger


@pytest.mark.parametrize("title", TITLES)
def test_marked_parts_hold_only_marked_values(title: str) -> None:
    """What a mark rests on, along a random game: every record in a marked part is a tracked
    record of the part's clock (or the part has none), every field is an immutable value or a
    dict the part names (whose items are immutable), and nothing else in the state holds a
    record or container inside a marked part (a copy of the state sharing the parts copies
    none of them)."""
    game = roundhouse.new_game(title, ["Ann", "Bob", "Cy", "Dee"], seed=5)
    for turn, move in enumerate(random_moves(game, 5, limit=400)):
        if turn % 20 == 0:
            _check_marked(game, f"{title}, move {turn}")
        game.apply(move)


def _check_marked(game: Game, where: str) -> None:
    state = game.state
    immutable = (str, int, float, bool, type(None), tuple, frozenset, Static)
    inside: dict[int, object] = {}
    memo: dict[int, object] = {id(p): p for p in state.shared_parts()}
    for part in state.marked_parts():
        memo[id(part.held)] = part.held
        for records, dicts, clock, nested in _records(part):
            inside[id(records)] = records
            for record in records.values():
                inside[id(record)] = record
                if nested == "*":
                    continue  # the market's containers: no records
                if clock is not None:
                    assert isinstance(record, Tracked) and type(record).clock is clock, where
                names, getter = fields_of(type(record))
                for name, value in zip(names, getter(record), strict=True):
                    if name == nested:
                        continue  # a dict of records of its own, checked as such
                    if name in dicts:
                        inside[id(value)] = value
                        assert all(isinstance(v, immutable) for v in value.values()), where
                    else:
                        assert isinstance(value, immutable), f"{where}: {name}={value!r}"
    seeded = set(memo)
    deep_copy(state, memo)
    reached = [inside[k] for k in memo if k in inside and k not in seeded]
    assert reached == [], f"{where}: {reached[:3]}"


def _records(part: Marked) -> list[tuple[dict[Any, Any], tuple[str, ...], object, str]]:
    """The dicts of records a marked part holds, with their dict fields, their clock and the
    field holding a dict of records marked on its own."""
    if isinstance(part, BooksMark):
        books = part.held
        inner = [(b.certs, (), part.clock, "") for b in books.values()]
        return [(books, (), part.clock, "certs"), *inner]
    if isinstance(part, RecordsMark):
        return [(part.held, part.dicts, part.clock, "")]
    if isinstance(part, LedgerMark):
        return [(part.held.holders, (), None, "")]  # type: ignore[attr-defined]
    if isinstance(part, MarketMark):
        market = part.held
        stacks = market.stacks  # type: ignore[attr-defined]
        return [({"position": market.position, "stacks": stacks, **stacks}, (), None, "*")]  # type: ignore[attr-defined]
    return []


def test_a_move_that_fails_half_way_is_taken_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """A move that raises after writing to a certificate, a company and the ledger leaves
    the position as it was: undo rolls the marked parts back from their marks."""

    def damage(state: Any) -> None:
        book = next(iter(state.books.values()))
        next(iter(book.certs.values())).owner = "half way"
        next(iter(state.corps.values())).closed = True
        state.ledger.transfer(BANK, "Ann", 1)

    failing_half_way(monkeypatch, position, damage)
