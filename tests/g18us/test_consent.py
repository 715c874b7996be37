"""18US: a company's turn waits for another player's answer: a Land Grant President's
permission to build in his company's reserved hexes (§7.3) and a Concession owner's consent
to sell a Western Concession to a company (§7.2).

Positions from test_western.  For the permission: in the opening the PRR (Bob) builds to
Chicago and claims its doubling token there (§6.3.1), which lets its routes run through the
full City (§6.5) towards the UP's reserved hex D17; after the Convention Ann opens the UP with
the Pacific Railway Act and Cy floats it; the PRR, priced above the UP, operates first.  For
the sale: the UP's first turn (Ann), with Bob owning the Electro-Motive Division (P12).
"""

from __future__ import annotations

import random

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyCompany, Choose, LayTile
from roundhouse.core.game import Game
from roundhouse.core.market import Direction
from roundhouse.titles.g18us import DRAFT
from roundhouse.titles.g18us.consent import ConsentRound
from tests.core.flow.synthetic import act
from tests.g18us.test_board_play import PRR_WEST, build
from tests.g18us.test_western import (
    opening,
    pacific,
    pacific_convention,
    state,
    to_turn,
    up_turn,
)

__all__ = ["pacific", "up_turn"]  # the fixtures, used by name


def choices(g: Game, who: str) -> list[str]:
    return [m.choice for m in g.legal_actions() if isinstance(m, Choose) and m.player == who]


def d17_lays(g: Game) -> list[str]:
    return [m.tile for m in g.legal_actions() if isinstance(m, LayTile) and m.hex == "D17"]


def prr_by_chicago(*, float_up: bool = True) -> Game:
    g = opening()
    s = state(g)
    to_turn(g, "PRR")
    build(s.map.board, "PRR", PRR_WEST, towards="D17")  # type: ignore[attr-defined]
    s.map.board.touch()  # type: ignore[attr-defined]
    act(g, "pass", "Bob", entity="PRR")
    act(g, "choose", "Bob", entity="PRR", choice="D19")
    pacific_convention(g)
    if float_up:
        act(g, "buy_shares", "Cy", shares=["UP_1"])
    s.market.move("PRR", Direction.RIGHT, 2)
    to_turn(g, "PRR")
    return g


@pytest.fixture
def prr_turn() -> Game:
    return prr_by_chicago()


def test_18us_7_3_company_asks_for_a_tile_in_a_reserved_hex(prr_turn: Game) -> None:
    """§7.3: the UP has floated but not operated, so its reserved hex D17 takes the PRR's
    tile only with Ann's leave: the PRR may ask for each plain tile it could lay there."""
    g = prr_turn
    assert g.acting == ("Bob",)
    assert d17_lays(g) == []
    assert choices(g, "Bob") == ["ask:D17:7", "ask:D17:8", "ask:D17:9"]


def test_18us_7_3_president_permits_one_tile(prr_turn: Game) -> None:
    """§7.3: "its President may allow other companies to place specific tiles in its
    reserved hexes": Ann answers for the UP while the PRR's turn waits; she permits the 8,
    which the PRR may then lay there (not the 7 or the 9)."""
    g = prr_turn
    s = state(g)
    act(g, "choose", "Bob", entity="PRR", choice="ask:D17:8")
    assert g.acting == ("Ann",)
    assert choices(g, "Ann") == ["permit", "refuse"]
    assert all(m.player == "Ann" for m in g.legal_actions())
    act(g, "choose", "Ann", choice="permit")
    assert g.acting == ("Bob",)
    assert sorted(set(d17_lays(g))) == ["8"]
    lay = next(m for m in g.legal_actions() if isinstance(m, LayTile) and m.hex == "D17")
    g.apply(lay)
    assert s.map.board["D17"].tile.id == "8"  # type: ignore[attr-defined]


def test_18us_7_3_president_refuses(prr_turn: Game) -> None:
    """§7.3: Ann may refuse; the PRR's turn goes on without a tile in D17, and it does not ask
    for the same tile again this turn (it may ask for another)."""
    g = prr_turn
    s = state(g)
    cash = s.ledger.cash("PRR")
    act(g, "choose", "Bob", entity="PRR", choice="ask:D17:8")
    act(g, "choose", "Ann", choice="refuse")
    assert g.acting == ("Bob",)
    assert d17_lays(g) == []
    assert choices(g, "Bob") == ["ask:D17:7", "ask:D17:9"]
    assert s.ledger.cash("PRR") == cash


def test_18us_7_3_bad_requests_and_answers_are_refused(prr_turn: Game) -> None:
    """§7.3: no asking for the GN's hexes (the GN has not floated: nobody may build there)
    nor for a tile the PRR could not lay; while Ann is asked only she acts, and only with
    ``permit`` or ``refuse``.  Each refusal leaves the game unchanged."""
    g = prr_turn
    before = g.state_hash()
    for bad in ("ask:B15:8", "ask:D17:57", "D17"):
        with pytest.raises(IllegalAction, match=r"18US §7\.3"):
            act(g, "choose", "Bob", entity="PRR", choice=bad)
    assert g.state_hash() == before
    act(g, "choose", "Bob", entity="PRR", choice="ask:D17:8")
    asked = g.state_hash()
    with pytest.raises(IllegalAction, match="waiting for Ann"):
        act(g, "pass", "Bob", entity="PRR")
    with pytest.raises(IllegalAction, match="permit"):
        act(g, "choose", "Ann", choice="sell")
    assert g.state_hash() == asked


def test_18us_7_3_no_asking_before_the_company_floats() -> None:
    """§7.3: "Until such a Land Grant company floats, other companies may not build in those
    hexes": with the UP open but not floated there is nobody to ask."""
    g = prr_by_chicago(float_up=False)
    assert d17_lays(g) == [] and choices(g, "Bob") == []


def test_18us_7_2_owner_consents_to_sell_a_western_concession(up_turn: Game) -> None:
    """§7.2: the UP may buy Bob's Electro-Motive Division "if the owner gives permission":
    Ann proposes the face value ($250), Bob answers, and on his consent the UP pays him; the
    UP's turn goes on (its owed tile, §7.3.1)."""
    g = up_turn
    s = state(g)
    ann, bob, up = s.ledger.cash("Ann"), s.ledger.cash("Bob"), s.ledger.cash("UP")
    act(g, "buy_company", "Ann", entity="UP", company="P12", price=250)
    assert g.acting == ("Bob",) and choices(g, "Bob") == ["sell", "refuse"]
    assert s.privates["P12"].owner == "Bob"
    act(g, "choose", "Bob", choice="sell")
    assert s.privates["P12"].owner == "UP"
    assert s.ledger.cash("UP") == up - 250 and s.ledger.cash("Bob") == bob + 250
    assert s.ledger.cash("Ann") == ann
    assert g.acting == ("Ann",)
    assert any(isinstance(m, LayTile) and m.entity == "UP" for m in g.legal_actions())


def test_18us_7_2_owner_refuses_to_sell(up_turn: Game) -> None:
    """§7.2: without the owner's permission there is no sale; the UP does not propose it again
    this turn, and may still buy from the Pool."""
    g = up_turn
    s = state(g)
    up = s.ledger.cash("UP")
    act(g, "buy_company", "Ann", entity="UP", company="P12", price=250)
    act(g, "choose", "Bob", choice="refuse")
    assert s.privates["P12"].owner == "Bob" and s.ledger.cash("UP") == up
    offers = {m.company for m in g.legal_actions() if isinstance(m, BuyCompany)}
    assert offers == {"P7", "P8", "P9"}
    with pytest.raises(IllegalAction, match=r"18US §6\.1"):
        act(g, "buy_company", "Ann", entity="UP", company="P12", price=250)


def test_18us_7_2_a_waiting_question_replays_and_undoes() -> None:
    """The log is the game: a random game (seed 0) up to its first question waiting for an
    answer replays from its document to the same state, and undoing the question gives the
    turn back to the company that asked."""
    g = Game(DRAFT, ["Ann", "Bob", "Cy"], seed=0)
    rng = random.Random(0)
    s = state(g)
    while not (isinstance(s.round, ConsentRound) and s.round.request is not None):
        g.apply(rng.choice(list(g.legal_actions())))
        s = state(g)
    request = s.round.request
    assert g.acting == (request.player,)
    doc = g.to_doc()
    again = Game(DRAFT, doc["players"], seed=doc["seed"])  # load() without registering 18US
    for action in doc["actions"]:
        again.apply(action)
    assert again.state_hash() == g.state_hash()
    g.undo()
    assert g.acting == (state(g).controller(request.company),)
