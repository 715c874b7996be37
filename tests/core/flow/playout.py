"""A seeded random playout with the flow's invariants checked after every action, shared by
the synthetic titles' playout tests: money is conserved, the engine reports no invariant
violation, and replaying the log gives the same state hash."""

from __future__ import annotations

from collections.abc import Callable

from roundhouse.core.engine18xx import Engine
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.core.title import Title
from tests.core.flow.synthetic import engine

PLAYERS = ["Ann", "Bob", "Cy"]


def random_playout(
    title: Title, seed: int, actions: int, check: Callable[[Engine], None] | None = None
) -> Game:
    """Up to ``actions`` random legal moves (seeded), the invariants after each, and ``check``
    for what a test adds; returns the game after the replay check."""
    g = Game(title, PLAYERS, seed=seed)
    rng = Rng(seed)
    total = engine(g).conserved_money()
    for _ in range(actions):
        if g.finished:
            break
        moves = g.legal_actions()
        assert moves, f"nobody can move in {g!r}"
        g.apply(moves[rng.below(len(moves))])
        e = engine(g)
        assert e.conserved_money() == total
        assert e.invariant_violations() == []
        if check is not None:
            check(e)
    replay = Game(title, PLAYERS, seed=seed)
    for action in g.log:
        replay.apply(action)
    assert replay.state_hash() == g.state_hash()
    return g
