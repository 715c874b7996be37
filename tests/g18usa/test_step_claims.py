"""Which step of the operating turn takes a move two steps share a kind of: found by
``roundhouse fuzz`` (seeds 9300085 and 9300058) as listed moves the game refused.  The
positions are the fuzz's saved games (``positions/``), replayed with ``roundhouse.load``."""

from __future__ import annotations

import json
from pathlib import Path

import roundhouse
from roundhouse.core.flow.actions import BuyTrain
from roundhouse.core.game import Game
from roundhouse.titles.g18usa.powers import UsePrivate

POSITIONS = Path(__file__).parent / "positions"


def _position(name: str) -> tuple[Game, dict[str, object]]:
    doc = json.loads((POSITIONS / name).read_text())
    return roundhouse.load(doc), doc["fuzz"]


def test_18usa_13_p21_coal_token_is_the_resource_steps_not_a_bridge() -> None:
    """P21 Keystone Bridge Co. has a bridge token (§13.4) and a coal or ore token (§13):
    its coal on D26 was listed but taken by the bridge step and refused there."""
    game, _ = _position("p21-coal-3p.json")
    coal = UsePrivate(player="Ann", entity="C&O", company="P21", hex="D26", choice="coal")
    assert coal in game.legal_actions()
    board = game.state.usa_map.board
    assert "coal" not in board.hexes["D26"].markers
    game.apply(coal)
    assert "coal" in board.hexes["D26"].markers
    assert game.state.privates["P21"].owner == "C&O"  # its bridge token is still to use


def test_18usa_p25_locomotive_before_the_run_beside_a_car_for_sale() -> None:
    """P25: "this company may be discarded prior to the Run Trains step to buy a train from
    the bank at a 10% discount"; with Pullman cars for sale too (§12.7) the purchase was
    listed but taken by the car step ("only a car before the run") and refused."""
    game, _ = _position("p25-before-run-6p.json")
    buy = BuyTrain(player="Dee", entity="UP", train="5-4", price=540)
    assert buy in game.legal_actions()
    cash = game.state.ledger.cash("UP")
    game.apply(buy)
    assert game.state.depot.train("5-4").owner == "UP"
    assert game.state.ledger.cash("UP") == cash - 540
    assert game.state.privates["P25"].closed
