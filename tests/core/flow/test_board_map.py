"""BoardMap, the title-agnostic map rules, on the small real board of tests/core/board_fixture.

The rules checked are the common ones the titles share (18RoyalGorge "1. Lay Track", "2. Build
a Station", "3. Run Trains"; 18USA §12.2-§12.4): lays must touch the company's routes and pay
terrain; reserved home cities are not offered to others; runs earn their stops' revenue.
"""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.engine18xx import Engine
from roundhouse.core.entities import CorporationSpec, PrivateSpec
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.rng import Rng
from roundhouse.core.routes.kinds import n_train
from roundhouse.core.track import TileLay
from tests.core.board_fixture import small_board
from tests.core.flow.synthetic import CONFIG, DATA

CORPS = (
    CorporationSpec(id="PRR", tokens=(0, 40), home=("A3", "c")),
    CorporationSpec(id="NYC", tokens=(0, 40), home=("C5", "c")),
)


def make(privates: tuple[PrivateSpec, ...] = (), board_map: type[BoardMap] = BoardMap) -> Engine:
    data = dataclasses.replace(DATA, corporations=CORPS, privates=privates)
    board = board_map(small_board(), kinds={"2": n_train(2), "3": n_train(3), "4": n_train(4)})
    g = Engine(("Ann", "Bob"), Rng(1), data=data, config=CONFIG, board=board)
    g.start_company("Ann", "PRR", 65)
    return g


def test_home_station_placed_when_the_company_starts() -> None:
    """18RoyalGorge "Starting a company": the home station is placed immediately."""
    g = make()
    assert isinstance(g.map, BoardMap)
    assert g.map.board.tokens_of("PRR") == [("A3", "c")]
    assert g.corps["PRR"].tokens_placed == 1
    assert g.corps["PRR"].next_token_cost() == 40


def test_first_lays_touch_the_home_track_and_pay_the_ridge() -> None:
    """18RoyalGorge "1. Lay Track" Rule 4: new track must join the company's route; the
    hexside cost is paid when the new track crosses it (18US §6.2)."""
    g = make()
    lays = g.map.tile_lays(g, "PRR")
    assert lays and {lay.hex for lay in lays} == {"B4"}
    crossing = [lay for lay in lays if lay.tile == "8" and lay.rotation == 2]
    assert crossing and crossing[0].cost == 20
    assert any(lay.cost == 0 for lay in lays)


def test_reserved_home_city_is_not_offered_to_another_company() -> None:
    """18RoyalGorge "2. Build a Station" Step 1: homes of companies not yet started are
    reserved for them."""
    g = make()
    assert all(t.hex != "C5" for t in g.map.token_placements(g, "PRR"))


def test_optimal_run_is_offered_and_other_routes_are_checked() -> None:
    """18RoyalGorge "3. Run Trains": a 2-train earns both stops; the default run is the best,
    and a route that breaks the rules is refused."""
    g = make()
    g.ledger.transfer("Ann", "PRR", 300)
    g.map.lay_tile(g, "PRR", TileLay("B4", "8", 2, 20, False))
    g.map.lay_tile(g, "PRR", TileLay("B6", "9", 1, 40, False))
    g.ledger.transfer("PRR", "bank", 80)
    g.depot.trains["2-0"].owner = "PRR"
    g.depot.upcoming.remove("2-0")
    runs = g.map.runs(g, "PRR")
    routes, revenue = runs[0]
    assert revenue == 40
    assert g.map.check_run(g, "PRR", routes) == 40
    with pytest.raises(IllegalAction):
        g.map.check_run(g, "PRR", (("2-0", "A3-0"),))
    assert g.map.has_route(g, "PRR")


def test_lay_outside_the_routes_is_refused() -> None:
    """18RoyalGorge "1. Lay Track" Rule 4: a company cannot build where it has no route."""
    g = make()
    with pytest.raises(IllegalAction):
        g.map.lay_tile(g, "PRR", TileLay("C7", "9", 0, 0, False))
