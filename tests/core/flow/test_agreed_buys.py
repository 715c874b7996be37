"""The listing of a company's purchases of another company's train at agreed prices (every
$step from the least price to the treasury, 18xx "buy trains from another company") is derived
data with one owner: the game's derived cache (issue #15), not a cache of the whole process
that every game and every bot thread shares."""

from __future__ import annotations

import copy

from roundhouse.core.engine18xx import Engine
from roundhouse.core.flow.train_step import agreed_buys
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from tests.core.flow.synthetic import make_title

ANN = PlayerId("Ann")


def _engine(step: int) -> Engine:
    state = Game(make_title(agreed_price_step=step), ["Ann", "Bob", "Cy"], seed=1).state
    assert isinstance(state, Engine)
    return state


def test_agreed_buys_are_kept_in_the_games_own_cache_and_shared_by_its_copies() -> None:
    """Asked again in the game or in a copy of it (a bot's search), the same listing is
    handed out; it sits in that game's cache, which another game does not share."""
    g = _engine(100)
    buys = agreed_buys(g, ANN, "AA", "2-0", 1, 250)
    assert [b.price for b in buys] == [1, 100, 200, 250]
    assert agreed_buys(g, ANN, "AA", "2-0", 1, 250) is buys
    assert agreed_buys(copy.deepcopy(g), ANN, "AA", "2-0", 1, 250) is buys
    other = _engine(100)
    assert other.map.derived is not g.map.derived
    assert agreed_buys(other, ANN, "AA", "2-0", 1, 250) is not buys


def test_agreed_buys_follow_the_games_price_step() -> None:
    """The step is the title's (``agreed_price_step``), so two titles asking for the same
    span in one process get their own listings."""
    assert [b.price for b in agreed_buys(_engine(50), ANN, "AA", "2-0", 1, 120)] == [
        1,
        50,
        100,
        120,
    ]
    assert [b.price for b in agreed_buys(_engine(100), ANN, "AA", "2-0", 1, 120)] == [1, 100, 120]
