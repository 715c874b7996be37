"""18RoyalGorge coal cubes: "Green Privates Reference" Coal Depot (G6) and "Yellow Privates
Reference" Coal Creek Mines (Y3) - 1 or 2 cubes a turn, each one more stop for a train."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.game import Game
from roundhouse.core.routes.graph import StopKind
from roundhouse.core.routes.kinds import TrainKind, plus_train
from roundhouse.titles.g18royalgorge import TITLE, coal, privates
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from tests.g18royalgorge.shared import rg_state


def new() -> RoyalGorgeGame:
    """A deal that has both coal cards (seed 11)."""
    game = Game(TITLE, ["Jim", "Derek", "Lesley"], seed=11)
    return rg_state(game.state)  # type: ignore[arg-type]


def with_depot(cubes: int, owner: str = "RG") -> RoyalGorgeGame:
    g = new()
    g.privates[privates.COAL_DEPOT].owner = owner
    g.coal[privates.COAL_DEPOT] = cubes
    return g


def test_18royalgorge_g6_coal_depot_two_cubes_make_a_2plus_run_four_cities() -> None:
    """G6: each cube adds one stop; a "+" train's towns stay free."""
    kind = coal.extended(plus_train(2), 2)
    assert isinstance(kind, TrainKind)
    assert kind.fits({StopKind.CITY: 3, StopKind.OFFBOARD: 1, StopKind.TOWN: 3})
    assert not kind.fits({StopKind.CITY: 5})
    assert not plus_train(2).fits({StopKind.CITY: 3})


def test_18royalgorge_g6_coal_depot_price_95_gives_9_cubes() -> None:
    """G6 notes: "if the winner paid $95 for the card, the card would start with 9 coal cubes"."""
    g = new()
    privates.on_bought(g, privates.COAL_DEPOT, "Jim", 95)
    assert g.coal[privates.COAL_DEPOT] == 9


def test_18royalgorge_g6_coal_depot_spends_one_or_two_cubes_once_a_turn() -> None:
    """G6: the owning railroad may spend 1 or 2 cubes in an operating round."""
    g = with_depot(9)
    assert coal.choices(g, "RG", ["2+-1", "3+-1"]) == [
        "coal_depot/2+-1/1",
        "coal_depot/2+-1/2",
        "coal_depot/3+-1/1",
        "coal_depot/3+-1/2",
    ]
    assert coal.choices(g, "SF", ["2+-2"]) == []
    coal.spend(g, "RG", "coal_depot/2+-1/2", ["2+-1", "3+-1"])
    assert g.coal[privates.COAL_DEPOT] == 7
    assert g.coal_boost == {"2+-1": 2}
    with pytest.raises(IllegalAction) as err:
        coal.spend(g, "RG", "coal_depot/3+-1/1", ["2+-1", "3+-1"])
    assert err.value.rule == "coal.not_available"
    coal.end_turn(g)
    assert g.coal_boost == {}
    assert coal.choices(g, "RG", ["2+-1"]) == ["coal_depot/2+-1/1", "coal_depot/2+-1/2"]


def test_18royalgorge_g6_coal_depot_last_cube_offers_only_one() -> None:
    g = with_depot(1)
    assert coal.choices(g, "RG", ["2+-1"]) == ["coal_depot/2+-1/1"]
    with pytest.raises(IllegalAction):
        coal.spend(g, "RG", "coal_depot/2+-1/2", ["2+-1"])
    assert g.coal[privates.COAL_DEPOT] == 1


def test_18royalgorge_y3_coal_creek_run_through_h14_gives_owner_a_cube() -> None:
    """Y3: "Whenever any railroad runs a route through Coal Creek" its railroad takes a cube;
    a player owner takes none."""
    g = new()
    g.privates[coal.COAL_MINES].owner = "RG"
    coal.gain(g, ("G13", "H14"))
    coal.gain(g, ("G13",))
    assert g.coal[coal.COAL_MINES] == 1
    g.privates[coal.COAL_MINES].owner = "Jim"
    coal.gain(g, ("H14",))
    assert g.coal[coal.COAL_MINES] == 1
