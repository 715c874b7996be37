"""Undo that shares the board (issue #16): the state :meth:`Game.apply` keeps to take a move
back holds the board in play instead of a copy, and undo restores the board in place from a
copy at its version only when the move changed it (``TitleState.shared_parts``,
``Board.restore``).  These tests hold it to what a full copy gave: the same position, field
by field, at every position of the recorded 18xx.games games, with and without the move
changing the board, and after a move that failed half way.
"""

from __future__ import annotations

import json

import pytest

import roundhouse
from roundhouse.bots import RandomBot
from roundhouse.core.board import Board
from roundhouse.core.canonical import Canon, canonical
from roundhouse.core.copying import deep_copy
from roundhouse.core.game import Game
from roundhouse.core.static import Static
from roundhouse.interop import import_18xx_games
from tests.core.undo_walk import failing_half_way, random_moves, round_trips, searching
from tests.interop.documents import FIXTURE_NAMES, fixture_path


def the_board(game: Game) -> Board:
    (board,) = game.state.shared_parts()
    assert isinstance(board, Board)
    return board


def position(game: Game) -> tuple[Canon, str]:
    """The board's canonical form, walked in full (the hash reads the board's bytes kept
    under its version, which would hide a board changed without a new version), and the
    state hash (every other part walked)."""
    return canonical(the_board(game)), game.state_hash()


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_apply_undo_redo_at_every_recorded_position(name: str) -> None:
    """At every position of a recorded game: the move, its undo and the move again give the
    positions a full copy gave (the same board, walked in full, and the same state hash),
    the board stays one object throughout, an undo gives it back its version, and every
    ninth position takes back two moves."""
    recorded = import_18xx_games(json.loads(fixture_path(name).read_text()))
    game = roundhouse.load({**recorded.to_doc(), "actions": []})
    searching(game, recorded.log[0])
    board = the_board(game)

    def same_board() -> None:
        assert the_board(game) is board

    seen = round_trips(
        game,
        iter(recorded.log),
        position,
        every=9,
        back=2,
        each=same_board,
        restored=lambda game: the_board(game).version,
    )
    assert _board_changes(seen) > 10  # tiles laid and stations placed were taken back too
    assert game.state_hash() == recorded.state_hash()


def _board_changes(seen: list[tuple[tuple[Canon, str], tuple[Canon, str]]]) -> int:
    return sum(before[0] != after[0] for before, after in seen)


def test_a_move_that_fails_half_way_leaves_the_board_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move that raises after changing the board, before giving it a new version, is
    taken back all the same: the kept state's board is restored from its copy."""

    def damage(state: object) -> None:
        board = state.shared_parts()[0]  # type: ignore[attr-defined]
        next(iter(board.hexes.values())).markers.append("half way")

    failing_half_way(monkeypatch, position, damage)


@pytest.mark.parametrize("title", ["18RoyalGorge", "18USA", "18West", "18US"])
def test_nothing_outside_the_board_holds_what_is_inside_it(title: str) -> None:
    """What sharing the board rests on (``TitleState.shared_parts``): a copy of the state
    that shares the board copies nothing the board holds, so no other part of the state
    reaches into it (immutable tuples and static data aside)."""
    game = roundhouse.new_game(title, ["Ann", "Bob", "Cy", "Dee"], seed=5)
    for turn, move in enumerate(random_moves(game, 5, limit=400)):
        if turn % 20 == 0:
            board = the_board(game)
            inside: dict[int, object] = {}
            todo: list[object] = [v for v in vars(board).values() if v is not board.derived]
            while todo:
                value = todo.pop()
                if id(value) in inside or isinstance(value, str | int | Static):
                    continue
                inside[id(value)] = value
                if isinstance(value, dict):
                    todo.extend(value.values())
                elif isinstance(value, list | set | tuple | frozenset):
                    todo.extend(value)
                elif hasattr(value, "__slots__") and not isinstance(value, Board):
                    todo.extend(getattr(value, n) for n in value.__slots__ if hasattr(value, n))
            memo: dict[int, object] = {id(board): board}
            deep_copy(game.state, memo)
            reached = [
                inside[k]
                for k in memo
                if k in inside and not isinstance(inside[k], tuple | frozenset)
            ]
            assert reached == [], f"{title}, move {turn}: {reached[:3]}"
        game.apply(move)


@pytest.mark.parametrize("title", ["18RoyalGorge", "18USA", "18West", "18US"])
def test_apply_undo_redo_along_a_random_game(title: str) -> None:
    """The titles whose rules change the board beyond core's mutators (markers, pins, stubs,
    side tokens) keep its version promise: every move of a random game, taken back, leaves
    the board and the hash as they were, and so does every tenth take-back of three moves."""
    game = roundhouse.new_game(title, ["Ann", "Bob", "Cy", "Dee"], seed=11)
    searching(game, RandomBot(11).choose(game, game.acting[0]))
    seen = round_trips(game, random_moves(game, 11), position, every=10, back=3)
    changed = _board_changes(seen)
    assert changed >= 5, f"{title}: {changed} moves changed the board"
