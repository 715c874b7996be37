"""Declared state (issue #15): the state hash and copies cover every field of the state; the
only things left out are the game's derived-data cache and the stamps that key it, and they
never change what happens.

* A cold cache plays the same game: the recorded 18RoyalGorge games (whole games, every
  railroad building, running and buying) and a random Chicago Express game, played once with
  the shared :class:`~roundhouse.core.derived.Derived` cache and once with it emptied before
  every move, list the same moves and reach the same state hashes, so every cached value is
  keyed by all it depends on (a stale entry would show up as a different list or hash).
* Static data never changes in play: every :class:`~roundhouse.core.static.Static` object a
  state reaches has the same declared fields at the end of a game as at its start.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable

import pytest

import roundhouse
from roundhouse.core.actions import Action
from roundhouse.core.canonical import canonical
from roundhouse.core.derived import Derived
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.core.static import Static
from roundhouse.interop import import_18xx_games
from tests.interop.documents import FIXTURE_NAMES, fixture_path

PLAYERS = ["Ann", "Bob", "Cy"]


def reachable(root: object) -> list[object]:
    """Every object the state reaches through fields, slots and containers (once each)."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        value = todo.pop()
        if id(value) in seen or isinstance(value, str | int | float | bool | type(None)):
            continue
        seen[id(value)] = value
        if isinstance(value, dict):
            todo.extend(value.keys())
            todo.extend(value.values())
        elif isinstance(value, list | tuple | set | frozenset):
            todo.extend(value)
        elif isinstance(value, Derived):
            continue
        else:
            names: set[str] = set()
            for klass in type(value).__mro__:
                slots = klass.__dict__.get("__slots__", ())
                names.update((slots,) if isinstance(slots, str) else slots)
            todo.extend(getattr(value, n) for n in names if hasattr(value, n))
            if hasattr(value, "__dict__"):
                todo.extend(vars(value).values())
    return list(seen.values())


def derived_caches(game: Game) -> list[Derived]:
    return [v for v in reachable(game.state) if isinstance(v, Derived)]


def declared(value: object) -> object:
    """A static object's declared fields in full (not the short form the hash uses)."""
    if dataclasses.is_dataclass(value):
        return {f.name: canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return canonical(value)


def play_warm_and_cold(warm: Game, cold: Game, moves: Iterable[Action]) -> None:
    """Apply ``moves`` to both games, emptying ``cold``'s caches before each step; the two
    must list the same moves and reach the same hashes throughout."""
    for move in moves:
        for cache in derived_caches(cold):
            cache.entries.clear()
        assert list(cold.legal_actions()) == list(warm.legal_actions())
        warm.apply(move)
        for cache in derived_caches(cold):
            cache.entries.clear()
        cold.apply(move)
        assert cold.state_hash() == warm.state_hash()


@pytest.mark.parametrize("name", [n for n in FIXTURE_NAMES if n.startswith("18RoyalGorge/")])
def test_a_cold_cache_plays_the_same_recorded_game(name: str) -> None:
    recorded = import_18xx_games(json.loads(fixture_path(name).read_text()))
    doc = recorded.to_doc()
    start = {k: v for k, v in doc.items() if k != "actions"}
    warm, cold = (
        roundhouse.load({**start, "actions": []}),
        roundhouse.load({**start, "actions": []}),
    )
    play_warm_and_cold(warm, cold, recorded.log)
    assert warm.result == recorded.result


def test_a_cold_cache_plays_the_same_random_game() -> None:
    rng = Rng(12)
    played = roundhouse.new_game("ChicagoExpress", PLAYERS, seed=12)
    while not played.finished:
        moves = played.legal_actions()
        played.apply(moves[rng.below(len(moves))])
    warm = roundhouse.new_game("ChicagoExpress", PLAYERS, seed=12)
    cold = roundhouse.new_game("ChicagoExpress", PLAYERS, seed=12)
    play_warm_and_cold(warm, cold, played.log)


@pytest.mark.parametrize(("title", "seed"), [("18RoyalGorge", 13), ("ChicagoExpress", 14)])
def test_static_data_never_changes_in_play(title: str, seed: int) -> None:
    game = roundhouse.new_game(title, PLAYERS, seed=seed)
    statics = [v for v in reachable(game.state) if isinstance(v, Static)]
    before = [declared(v) for v in statics]
    rng = Rng(seed)
    for _ in range(300):
        if game.finished:
            break
        moves = game.legal_actions()
        game.apply(moves[rng.below(len(moves))])
        game.state_hash()
    assert [declared(v) for v in statics] == before
