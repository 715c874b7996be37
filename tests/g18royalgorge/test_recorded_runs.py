"""18RoyalGorge "3. Run Trains": routes run on the railroad's usable track.  18xx.games
replays a recorded run at its recorded revenue without looking at the board
(:mod:`roundhouse.titles.g18royalgorge.site_run`); with ``compat_18xx_games`` so do we."""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import RunRoutes
from roundhouse.core.ids import PlayerId
from tests.g18royalgorge.replayed import position

STOCK_MARKET = "18RoyalGorge_game_end_stock_market.json"
THROUGH_K5 = (
    ("3+-1", "K1-0", "K3-0", "K5", "J6", "I7-0", "H8", "H10", "G11", "F12-0", "E13-0"),
    ("2+-3", "L2-0", "L4", "L6", "K7-0", "L8-0", "L10", "L12-0", "L14-0", "M15", "N14", "O15-0"),
)


def run(revenue: int) -> RunRoutes:
    return RunRoutes(player=PlayerId("0"), entity="RG", routes=THROUGH_K5, revenue=revenue)


def test_18royalgorge_3_run_trains_compat_takes_a_recorded_run_at_its_word() -> None:
    """Action 133: Rio Grande's 3+ runs through K5, where the fixture's Pueblo & Arkansas
    Valley lays track only at action 141 (its turns were moved by hand); the site pays the
    recorded $180 + $170 and so do we."""
    game, g = position(STOCK_MARKET, 133)
    assert g.map_board().hexes["K5"].tile is g.map_board().hexes["K5"].printed.tile
    game.apply(run(350))
    assert game.state.or_round().revenue == 350  # type: ignore[attr-defined]


def test_18royalgorge_3_run_trains_rulebook_refuses_track_that_is_not_there() -> None:
    """By the rulebook the same run is refused: K5 has no track yet."""
    game, g = position(STOCK_MARKET, 133)
    g.variant = dataclasses.replace(g.variant, compat_18xx_games=False)
    with pytest.raises(IllegalAction):
        game.apply(run(350))


def test_18royalgorge_3_run_trains_compat_lists_the_recorded_revenue_span() -> None:
    """What compat mode accepts is on the legal list: each offered run at any stated
    revenue (a documented span); a run of no routes still earns nothing."""
    game, _g = position(STOCK_MARKET, 133)
    legal = game.legal_actions()
    offered = next(a for a in legal if isinstance(a, RunRoutes) and a.routes)
    assert dataclasses.replace(offered, revenue=offered.revenue + 1) in legal
    nothing = RunRoutes(player=PlayerId("0"), entity="RG", routes=(), revenue=1)
    assert nothing not in legal
    with pytest.raises(IllegalAction):
        game.apply(nothing)
