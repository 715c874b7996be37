"""Seeded random playouts of the synthetic title: after every action money is conserved,
every company's certificates add up to its size, and replaying the log gives the same
state."""

from __future__ import annotations

import pytest

from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from tests.core.flow.synthetic import engine, make_title

TITLE = make_title(agreed_price_step=100)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playout_keeps_money_and_shares(seed: int) -> None:
    g = Game(TITLE, ["Ann", "Bob", "Cy"], seed=seed)
    rng = Rng(seed)
    total = engine(g).conserved_money()
    for _ in range(600):
        if g.finished:
            break
        moves = g.legal_actions()
        assert moves, f"nobody can move in {g!r}"
        g.apply(moves[rng.below(len(moves))])
        e = engine(g)
        assert e.conserved_money() == total
        assert e.invariant_violations() == []
        assert all(book.total() == book.size for book in e.books.values())
    replay = Game(TITLE, ["Ann", "Bob", "Cy"], seed=seed)
    for action in g.log:
        replay.apply(action)
    assert replay.state_hash() == g.state_hash()
