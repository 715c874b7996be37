"""Seeded random playouts of the corporate synthetic title (loans, shorts, conversions,
mergers, company sales): after every action money is conserved, each company's regular
shares less its shorts equal its size, and replaying the log gives the same state."""

from __future__ import annotations

import pytest

from roundhouse.core.config import BankruptcyEnd
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from tests.core.flow.corporate import make_corporate_title
from tests.core.flow.synthetic import engine

TITLE = make_corporate_title(agreed_price_step=100, bankruptcy_end=BankruptcyEnd.ELIMINATE)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_corporate_random_playout_keeps_money_and_shares(seed: int) -> None:
    g = Game(TITLE, ["Ann", "Bob", "Cy"], seed=seed)
    rng = Rng(seed)
    total = engine(g).conserved_money()
    for _ in range(800):
        if g.finished:
            break
        moves = g.legal_actions()
        assert moves, f"nobody can move in {g!r}"
        move = moves[rng.below(len(moves))]
        g.apply(move)
        e = engine(g)
        assert e.conserved_money() == total
        assert e.invariant_violations() == []
    replay = Game(TITLE, ["Ann", "Bob", "Cy"], seed=seed)
    for action in g.log:
        replay.apply(action)
    assert replay.state_hash() == g.state_hash()
