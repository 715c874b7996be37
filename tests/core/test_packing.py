"""Packed snapshots and trimmed games (issue #16: a live game in the web server takes at
most 2 MB).  A packed state must come back equal to the state packed, sharing exactly the
objects a state copy shares (tiles, the grid, charters, data tables, the derived-data cache)
and nothing that changes in play; a trimmed game must play, undo and show history exactly as
the same game untrimmed.
"""

from __future__ import annotations

import gc
import json
import types
from typing import Any

import pytest

import roundhouse
from roundhouse.bots import RandomBot
from roundhouse.core.canonical import canonical
from roundhouse.core.copying import deep_copy
from roundhouse.core.datafile import Table
from roundhouse.core.derived import Derived
from roundhouse.core.game import SNAPSHOT_EVERY, Game
from roundhouse.core.packing import Packed
from roundhouse.core.static import Static
from roundhouse.interop import import_18xx_games
from tests.interop.documents import fixture_path

TITLES = {
    "ChicagoExpress": ["Ann", "Bob", "Cy", "Dee"],
    "18RoyalGorge": ["Ann", "Bob", "Cy"],
    "18USA": ["Ann", "Bob", "Cy", "Dee"],
    "18West": ["Ann", "Bob", "Cy", "Dee"],
    "18US": ["Ann", "Bob", "Cy", "Dee"],
}

_LEAVES = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, Derived)
_ATOMS = (int, float, str, bytes, bool, type(None), tuple, frozenset)
"""Values that may be one object in two states by chance (interned, cached) or by copying
(a tuple of atoms is itself in a copy, new in an unpickled state): not compared."""


def random_game(title: str, moves: int, seed: int = 5) -> Game:
    game = roundhouse.new_game(title, TITLES[title], seed=seed)
    bot = RandomBot(seed)
    while not game.finished and len(game.log) < moves:
        game.apply(bot.choose(game, game.acting[0]))
    return game


def reached(root: object) -> dict[int, object]:
    """Every object reachable from ``root``, not looking inside classes, functions and the
    derived-data cache."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen[id(obj)] = obj
        if not isinstance(obj, _LEAVES):
            stack.extend(gc.get_referents(obj))
    return seen


def shared(one: dict[int, object], other: object) -> set[int]:
    """The objects (but atoms) that ``other`` reaches and ``one`` holds too."""
    found = reached(other)
    return {i for i in found.keys() & one.keys() if not isinstance(found[i], _ATOMS)}


@pytest.mark.parametrize("title", sorted(TITLES))
def test_a_packed_state_comes_back_equal_sharing_what_a_copy_shares(title: str) -> None:
    game = random_game(title, 150)
    state = game.state
    packed = Packed(state)
    first, second = packed.unpack(), packed.unpack()
    assert canonical(first) == canonical(state) == canonical(second)
    original = reached(state)
    by_copy = shared(original, deep_copy(state))
    assert any(isinstance(original[i], Static) for i in by_copy)
    assert any(isinstance(original[i], Derived) for i in by_copy) or title == "ChicagoExpress"
    static = {i for i in by_copy if isinstance(original[i], (Static, Table, Derived))}
    for one, other in ((original, first), (original, second), (reached(first), second)):
        both = shared(one, other)
        assert both <= by_copy  # nothing a copy would copy, nothing between two unpackings
        assert static <= both  # the very tiles, charters, tables and cache
    assert packed.size < len(json.dumps(game.to_doc())) + 64 * 1024


def play_on(game: Game, rest: tuple[Any, ...]) -> list[str]:
    """The state hash after each of ``rest``'s actions, and the legal moves every tenth."""
    seen = []
    for i, action in enumerate(rest):
        if i % 10 == 0 and not game.finished:
            seen.append(repr(list(game.legal_actions())))
        game.apply(action)
        seen.append(game.state_hash())
    return seen


@pytest.mark.parametrize(
    "fixture, cut",
    [("18RoyalGorge/post_boston.json", 70), ("18USA/18USA_game_end_bankrupt.json", 200)],
)
def test_a_trimmed_recorded_game_plays_undoes_and_replays_as_before(fixture: str, cut: int) -> None:
    recorded = import_18xx_games(json.loads(fixture_path(fixture).read_text()))
    doc = recorded.to_doc()
    log = recorded.log
    end = min(len(log), cut + 2 * SNAPSHOT_EVERY)
    plain = roundhouse.load({**doc, "actions": [a.to_json() for a in log[:cut]]})
    trimmed = roundhouse.load({**doc, "actions": [a.to_json() for a in log[:cut]]})
    plain.legal_actions()
    trimmed.legal_actions()
    trimmed.trim()
    assert all(isinstance(s, Packed) for s in trimmed._snapshots.values())
    assert len(trimmed._snapshots) >= 2
    assert play_on(trimmed, log[cut:end]) == play_on(plain, log[cut:end])
    trimmed.trim()  # the snapshots taken since are packed too; the older stay packed
    for back in (3, SNAPSHOT_EVERY + 5, end - 1):
        assert trimmed.at(end - back).state_hash() == plain.at(end - back).state_hash()
    clone = trimmed.clone()
    trimmed.undo(SNAPSHOT_EVERY + 7)  # from a packed snapshot plus replay
    plain.undo(SNAPSHOT_EVERY + 7)
    assert trimmed.state_hash() == plain.state_hash()
    assert list(trimmed.legal_actions()) == list(plain.legal_actions())
    assert clone.state_hash() == recorded.at(end).state_hash()


def test_a_trimmed_chicago_express_game_plays_on_alike() -> None:
    plain = random_game("ChicagoExpress", 70, seed=11)
    trimmed = random_game("ChicagoExpress", 70, seed=11)
    trimmed.trim()
    bot_a, bot_b = RandomBot(3), RandomBot(3)
    while not plain.finished:
        a = bot_a.choose(plain, plain.acting[0])
        b = bot_b.choose(trimmed, trimmed.acting[0])
        assert a == b
        plain.apply(a)
        trimmed.apply(b)
        assert plain.state_hash() == trimmed.state_hash()
    trimmed.undo(len(trimmed.log) - 1)
    plain.undo(len(plain.log) - 1)
    assert trimmed.state_hash() == plain.state_hash()
