"""18RoyalGorge "Green Privates Reference", Hanging Bridge Lease (G3): the owning railroad runs
through the Royal Gorge past Rio Grande's stations, pays Rio Grande a tenth of that route's
revenue after the run (not out of the dividend), and gains no station rights beyond the gorge.
"""

from __future__ import annotations

import pytest

from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose, Dividend, RunRoutes
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.titles.g18royalgorge import TITLE, hanging_bridge, treaty
from roundhouse.titles.g18royalgorge.hanging_bridge import BridgeLeaseStep
from roundhouse.titles.g18royalgorge.map_rules import RoyalGorgeMap
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from tests.g18royalgorge.shared import rg_state
from tests.g18royalgorge.test_random_games import steady

GORGE_ROUTE = (("4+-0", "C11-0", "D12-0", "E13-0", "F12-0", "H12-0"),)
"""Salida (30) - D12 (30) - the gorge town E13 (40) - F12 (60) - Cañon City (20): $180."""


def gorge_position(**options: object) -> tuple[RoyalGorgeGame, RoyalGorgeMap]:
    """After the Treaty of Boston (Rio Grande's stations fill D12 and F12), Santa Fe has a
    station in Salida and track from there through the gorge to Cañon City, and a 4+ train
    (seed 22 deals the Hanging Bridge Lease)."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=22, options=options)
    g = rg_state(game.state)  # type: ignore[arg-type]
    board = g.map_board()
    g.depot.phases.advance_to("Green")
    g.start_company("Ann", "RG", 70)
    g.start_company("Bob", "SF", 70)
    treaty.event(g)
    board.lay("C11", "RG4", 0, {})
    board.lay("G11", "8", 5, {})
    board.lay("H12", "5", 2, {})
    board.place_token("C11", "c", "SF")
    g.depot.trains["4+-0"].owner = "SF"
    assert isinstance(g.map, RoyalGorgeMap)
    return g, g.map


def test_18royalgorge_g3_without_the_lease_rio_grandes_gorge_stations_block() -> None:
    """ "3. Run Trains": a city full of other companies' stations may end a route, never be
    passed - Rio Grande's gorge stations close the gorge to everyone else."""
    g, m = gorge_position()
    with pytest.raises(IllegalAction) as err:
        m.check_run(g, "SF", GORGE_ROUTE)
    assert err.value.rule == "route.blocked"


def test_18royalgorge_g3_lessee_runs_through_the_gorge_and_owes_a_tenth() -> None:
    """G3: the owning railroad may run through D12-E13-F12; the route's $180 owes Rio Grande
    $18."""
    g, m = gorge_position()
    g.privates["G3"].owner = "SF"
    assert m.check_run(g, "SF", GORGE_ROUTE) == 180
    assert hanging_bridge.toll(g, "SF", m.scored_runs(g, "SF", GORGE_ROUTE)) == 18
    assert m.runs(g, "SF")[0][1] == 180


def test_18royalgorge_g3_route_still_needs_a_station_of_its_own() -> None:
    """ "3. Run Trains" Rule 1: a route includes a station of the company - the lease's gorge
    passes are not stations."""
    g, m = gorge_position()
    g.privates["G3"].owner = "SF"
    with pytest.raises(IllegalAction) as err:
        m.check_run(g, "SF", (("4+-0", "D12-0", "E13-0", "F12-0", "H12-0"),))
    assert err.value.rule == "route.no_token"


def test_18royalgorge_g3_no_station_beyond_the_gorge() -> None:
    """G3 notes: "Does not allow for token placement beyond the gorge": Cañon City has a free
    space and the lessee's trains reach it, but it may not build a station there."""
    g, m = gorge_position()
    g.privates["G3"].owner = "SF"
    g.corps["SF"].operated = 1
    g.ledger.transfer(BANK, "SF", 500)
    assert all(p.hex != "H12" for p in m.token_placements(g, "SF"))


def test_18royalgorge_g3_rio_grande_and_players_owe_nothing() -> None:
    """Only a railroad other than Rio Grande leases the bridge (Rio Grande owns the gorge)."""
    g, _ = gorge_position()
    g.privates["G3"].owner = "RG"
    assert hanging_bridge.lessee(g) is None
    g.privates["G3"].owner = "Bob"
    assert hanging_bridge.lessee(g) is None


def test_18royalgorge_g3_toll_paid_after_the_run_by_treasury_or_president() -> None:
    """G3 notes: "paid after the run, and does not affect the dividends": the step after the
    dividend asks who pays - the charter or the president's own cash - and the money goes to
    Rio Grande."""
    g, _ = gorge_position()
    g.privates["G3"].owner = "SF"
    g.bridge_due = 18
    step = BridgeLeaseStep()
    g.ledger.transfer("SF", BANK, g.ledger.cash("SF"))
    g.ledger.transfer(BANK, "SF", 20)
    assert step.active(g, "SF")
    choices = [a.choice for a in step.actions(g, "SF") if isinstance(a, Choose)]
    assert choices == ["corporation", "president"]
    rg, bob = g.ledger.cash("RG"), g.ledger.cash("Bob")
    step.process(g, "SF", Choose(player="Bob", entity="SF", choice="president", company="G3"))  # type: ignore[arg-type]
    assert g.ledger.cash("RG") == rg + 18 and g.ledger.cash("Bob") == bob - 18
    assert g.ledger.cash("SF") == 20 and g.bridge_due == 0
    assert not step.active(g, "SF")


def test_18royalgorge_g3_poor_treasury_leaves_the_president_to_pay() -> None:
    g, _ = gorge_position()
    g.privates["G3"].owner = "SF"
    g.bridge_due = 18
    g.ledger.transfer("SF", BANK, g.ledger.cash("SF"))
    assert hanging_bridge.payers(g, "SF") == ["president"]
    with pytest.raises(IllegalAction) as err:
        hanging_bridge.pay(g, "SF", "corporation")
    assert err.value.rule == "bridge.payer" and g.bridge_due == 18


def test_18royalgorge_g3_in_an_operating_turn_run_dividend_then_toll() -> None:
    """The whole turn: the offered run goes through the gorge ($180), the dividend pays the
    full $180 ("does not affect the dividends paid to shares"), then the president says who
    pays Rio Grande its $18."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=22)
    g = rg_state(game.state)  # type: ignore[arg-type]
    rng = Rng(1)
    while not any(isinstance(m, RunRoutes) and m.entity == "SF" for m in game.legal_actions()):
        game.apply(steady(list(game.legal_actions()), rng))
    board = g.map_board()
    treaty.event(g)
    board.lay("C11", "RG4", 0, {})
    board.lay("G11", "8", 5, {})
    board.lay("H12", "5", 2, {})
    board.place_token("C11", "c", "SF")
    g.depot.trains["4+-0"].owner = "SF"
    g.privates["G3"].owner = "SF"
    g.privates["G3"].closed = False
    game._legal = None  # the position was edited by hand
    (run,) = [m for m in game.legal_actions() if isinstance(m, RunRoutes)]
    assert run.revenue == 180 and "E13-0" in run.routes[0]
    president = game.acting[0]
    game.apply(run)
    assert g.bridge_due == 18
    paid = g.books["SF"].shares_of(president) * 18
    cash, rg = g.ledger.cash(president), g.ledger.cash("RG")
    game.apply(Dividend(player=president, entity="SF", mode="payout"))
    assert g.ledger.cash(president) == cash + paid
    choices = [m.choice for m in game.legal_actions() if isinstance(m, Choose)]
    assert "president" in choices
    game.apply(Choose(player=president, entity="SF", choice="president", company="G3"))
    assert g.ledger.cash("RG") == rg + 18 and g.ledger.cash(president) == cash + paid - 18
    assert g.bridge_due == 0
