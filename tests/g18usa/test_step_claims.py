"""Which step of the operating turn takes a move two steps share a kind of: found by
``roundhouse fuzz`` (seeds 9300085, 9300058 and 169167232) as listed moves the game refused.
P21's positions are the fuzz's saved games (``positions/``), replayed with ``roundhouse.load``."""

from __future__ import annotations

import pytest

import roundhouse
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyTrain
from roundhouse.titles.g18usa.powers import UsePrivate
from roundhouse.titles.g18usa.state import UsaGame
from tests.g18usa.playing import load_position, position_doc
from tests.g18usa.privates_engine import ANN, apply, company, give, operating, usa_engine


def test_18usa_13_p21_coal_token_is_the_resource_steps_not_a_bridge() -> None:
    """P21 Keystone Bridge Co. has a bridge token (§13.4) and a coal or ore token (§13):
    its coal on D26 was listed but taken by the bridge step and refused there."""
    game = load_position("p21-coal-3p.json")
    coal = UsePrivate(player="Ann", entity="C&O", company="P21", hex="D26", choice="coal")
    assert coal in game.legal_actions()
    board = game.state.map.board
    assert "coal" not in board.hexes["D26"].markers
    game.apply(coal)
    assert "coal" in board.hexes["D26"].markers
    assert game.state.privates["P21"].owner == "C&O"  # its bridge token is still to use


def test_18usa_13_4_p21_bridge_beside_a_yellow_lay_is_the_bridge_steps() -> None:
    """The other way round (fuzz seed 169167232): NP, just after a yellow lay with P21 in
    hand, was offered P21's bridge in D14 (§13.4), but the resource prompt took the move and
    refused it as a misplaced coal or ore token."""
    doc = position_doc("p21-bridge-beside-a-yellow-lay-3p.json")
    bridge = UsePrivate(player="Cy", entity="NP", company="P21", hex="D14", choice="")
    assert doc["fuzz"]["action"] == bridge.to_json()
    game = roundhouse.load(doc)
    assert bridge in game.legal_actions()
    board = game.state.map.board
    assert "bridge" not in board.hexes["D14"].markers
    game.apply(bridge)
    assert "bridge" in board.hexes["D14"].markers


def _cc_at_phase_5_with_p25() -> UsaGame:
    """NYC (P25, a 5-train, $1000 left) in its operating turn in Phase 5: Pullman cars for sale."""
    g = usa_engine()
    company(g, "NYC", "E7", cash=1600)
    for kind in ("2", "2+", "3", "3+", "4", "4+"):
        g.depot.export_all(kind)
    g.train_events("NYC", g.depot.buy("NYC", "5-0", g.ledger))
    assert g.depot.phases.current.name == "5"
    give(g, "P25", "NYC")
    operating(g)
    return g


def test_18usa_p25_locomotive_before_the_run_beside_a_car_for_sale() -> None:
    """P25: "this company may be discarded prior to the Run Trains step to buy a train from
    the bank at a 10% discount"; with Pullman cars for sale too (§12.7), in the title's order
    of steps, the purchase was listed but taken by the car step ("only a car before the
    run") and refused (fuzz seed 9300058, 6 players)."""
    g = _cc_at_phase_5_with_p25()
    buy = BuyTrain(player=ANN, entity="NYC", train="5-1", price=540)
    assert buy in g.legal_actions()
    assert any(
        g.depot.is_car(g.depot.train(a.train)) for a in g.legal_actions() if isinstance(a, BuyTrain)
    )
    apply(g, buy)
    assert g.depot.train("5-1").owner == "NYC"
    assert g.ledger.cash("NYC") == 1000 - 540
    assert g.privates["P25"].closed
    locomotive = BuyTrain(player=ANN, entity="NYC", train="5-2", price=600)
    with pytest.raises(IllegalAction) as refused:
        apply(g, locomotive)  # without P25 only a car before the run
    assert refused.value.rule == "trains.car_before_run"
