"""Work done at typical positions: listing moves (fresh and cached), hashing, undo and memory.

Positions are taken evenly through the games recorded in the same run.  "Fresh" asks the
title's state to generate its moves from scratch; "cached" is ``Game.legal_actions()`` asked
again at the same position, which the kernel answers from its cache.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Sequence

import roundhouse
from bench.clock import rate, timed
from roundhouse.core.actions import Json
from roundhouse.core.game import Game


def positions(docs: Sequence[dict[str, Json]], count: int) -> list[Game]:
    """``count`` games stopped at spread-out points: the i-th at fraction (i + ½)/count of a
    recorded game, taking the recorded games in turn."""
    games: list[Game] = []
    for i in range(count):
        doc = docs[(i * len(docs)) // count] if len(docs) >= count else docs[i % len(docs)]
        actions = doc["actions"]
        assert isinstance(actions, list)
        cut = ((2 * i + 1) * len(actions)) // (2 * count)
        games.append(roundhouse.load({**doc, "actions": actions[:cut]}))
    return games


def legal(games: Sequence[Game], seconds: float) -> dict[str, float]:
    def fresh() -> int:
        for game in games:
            game.state.legal_actions()
        return len(games)

    def cached() -> int:
        for game in games:
            game.legal_actions()
        return len(games)

    moves = sum(len(g.legal_actions()) for g in games)
    _, fresh_calls, fresh_s = timed(fresh, seconds)
    _, cached_calls, cached_s = timed(cached, seconds)
    return {
        "positions": len(games),
        "moves_per_position": round(moves / len(games), 1),
        "fresh_calls_per_s": round(rate(fresh_calls, fresh_s), 1),
        "cached_calls_per_s": round(rate(cached_calls, cached_s), 1),
        "fresh_us_per_call": round(1e6 * fresh_s / fresh_calls, 2),
    }


def hashing(games: Sequence[Game], seconds: float) -> dict[str, float]:
    def step() -> int:
        for game in games:
            game.state_hash()
        return len(games)

    _, calls, elapsed = timed(step, seconds)
    return {"calls_per_s": round(rate(calls, elapsed), 1)}


def undo(games: Sequence[Game], seconds: float) -> dict[str, float]:
    """Undo the last action and play it again (snapshot plus replay in the kernel)."""
    played = [g for g in games if g.log]

    def step() -> int:
        for game in played:
            last = game.log[-1]
            game.undo()
            game.apply(last)
        return len(played)

    if not played:
        return {"calls_per_s": 0.0}
    _, calls, elapsed = timed(step, seconds)
    return {"calls_per_s": round(rate(calls, elapsed), 1)}


def memory(doc: dict[str, Json]) -> dict[str, float]:
    """Bytes held by one loaded game (state, log, snapshots) at the end of a recorded game."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        game = roundhouse.load(doc)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    return {"actions": len(game.log), "kib_per_game": round(held / 1024, 1)}
