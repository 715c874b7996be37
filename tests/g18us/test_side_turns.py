"""18US §6.4.2, §10.1.2: a player who presides no company places his Bonus Token too ("nor
need the owner control a company"), in a turn of his own at the start of each Operating
Round.

test_play's first Operating Round: Ann presides the Southern Railway, Bob the PRR (and owns
the Erie Canal, P1), Cy owns the Customs House (P2) and the Army Corps of Engineers and
presides no company.
"""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import PlaceToken
from roundhouse.core.game import Game
from tests.core.flow.synthetic import act
from tests.g18us.test_play import convention, first_or, initial_sr, state
from tests.g18us.test_western import to_turn

__all__ = ["convention", "first_or", "initial_sr"]  # the fixtures, used by name


def spots(g: Game, card: str) -> list[tuple[str, str]]:
    return [
        (m.hex, m.city) for m in g.legal_actions() if isinstance(m, PlaceToken) and m.entity == card
    ]


def test_18us_10_1_2_player_without_a_company_places_his_token(first_or: Game) -> None:
    """§10.1.2: Cy places the Customs House's +10 in Boston, Baltimore, Charleston or New
    Orleans before the first company operates; the Concession closes, every company's route
    through Baltimore gains $10, and the Southern Railway's turn follows."""
    g = first_or
    s = state(g)
    assert g.acting == ("Cy",)
    assert sorted(h for h, _ in spots(g, "P2")) == ["C26", "E24", "G22", "H17"]
    assert not spots(g, "P1")  # Bob's Erie Canal waits for the PRR's turn
    act(g, "place_token", "Cy", entity="P2", hex="E24", city="c")
    assert s.privates["P2"].closed
    assert any("10" in m for m in s.map.board.hexes["E24"].markers)  # type: ignore[attr-defined]
    assert g.acting == ("Ann",) and s.round.entity(s) == "SR"  # type: ignore[attr-defined]


def test_18us_6_4_2_the_turn_comes_back_each_operating_round(first_or: Game) -> None:
    """§6.4.2 "at any time during an Operating Round": Cy keeps the token now and is asked
    again at the start of the next Operating Round."""
    g = first_or
    s = state(g)
    act(g, "pass", "Cy")
    assert not s.privates["P2"].closed and g.acting == ("Ann",)
    to_turn(g, "PRR")
    for _ in range(100):
        if s.round.kind == "OR" and s.or_in_set == 2:
            break
        moves = [m for m in g.legal_actions() if m.kind != "place_token"]
        pick = next((m for m in moves if m.kind == "pass"), None)
        pick = pick or next((m for m in moves if m.kind == "dividend"), None)
        g.apply(pick or next((m for m in moves if m.kind == "buy_train"), moves[0]))
    assert s.or_in_set == 2 and g.acting == ("Cy",) and spots(g, "P2")


def test_18us_6_4_2_bad_placements_are_refused(first_or: Game) -> None:
    """§10.1.2: the Customs House's Cities only (Albany is the Erie Canal's); only Cy acts in
    his turn.  Each refusal leaves the game unchanged."""
    g = first_or
    before = g.state_hash()
    with pytest.raises(IllegalAction):
        act(g, "place_token", "Cy", entity="P2", hex="C24", city="c")
    with pytest.raises(IllegalAction, match="waiting for Cy"):
        act(g, "pass", "Ann", entity="SR")
    assert g.state_hash() == before


def test_18us_6_4_2_the_token_never_holds_a_turn_open(first_or: Game) -> None:
    """§6.4.2: the owner "may" place the token: Bob's Erie Canal is on offer in the PRR's
    turn, but once the PRR has done everything else its turn ends without it."""
    g = first_or
    s = state(g)
    act(g, "pass", "Cy")
    to_turn(g, "PRR")
    offered = False
    for _ in range(20):
        if s.round.entity(s) != "PRR":  # type: ignore[attr-defined]
            break
        offered = offered or bool(spots(g, "P1"))
        moves = [m for m in g.legal_actions() if m.kind != "place_token"]
        assert moves, "the PRR's turn waits for the Erie Canal's token"
        pick = next((m for m in moves if m.kind == "pass"), None)
        pick = pick or next((m for m in moves if m.kind == "dividend"), None)
        g.apply(pick or next(m for m in moves if m.kind == "buy_train"))
    assert offered and not s.privates["P1"].closed
    assert s.round.entity(s) != "PRR"  # type: ignore[attr-defined]


@pytest.fixture
def bank_owner(convention: Game) -> Game:
    """As test_play's first Operating Round, but Cy bought the 2nd Bank (P4) instead of the
    Army Corps; he passes his Bonus Token turn."""
    g = convention
    act(g, "bid", "Ann", company="P6", price=140)
    act(g, "par", "Ann", corporation="SR", share_price=100)
    act(g, "bid", "Cy", company="P2", price=40)
    act(g, "bid", "Bob", company="P1", price=20)
    act(g, "par", "Bob", corporation="PRR", share_price=80)
    act(g, "buy_company", "Cy", company="P4", price=80)
    for who in ("Ann", "Bob", "Cy"):
        act(g, "pass", who)
    act(g, "pass", "Cy")
    return g


def test_18us_10_1_4_owner_exchanges_in_another_presidents_turn(bank_owner: Game) -> None:
    """§10.1.4: Cy, who does not preside the Southern Railway, exchanges the 2nd Bank for one
    of its Pool shares "during the turn of the company ... between the earnings step and the
    dividend step": not while the SR builds, but once it has run; the card closes and Ann
    then decides the dividend."""
    g = bank_owner
    s = state(g)
    assert g.acting == ("Ann",)  # the SR's track step: no exchange yet
    act(g, "pass", "Ann", entity="SR")
    assert g.acting == ("Cy",)
    swaps = [m for m in g.legal_actions() if m.kind == "buy_shares"]
    assert [(m.entity, m.shares) for m in swaps] == [("P4", ("SR_1",))]  # type: ignore[attr-defined]
    g.apply(swaps[0])
    assert s.books["SR"].shares_of("Cy") == 1 and s.privates["P4"].closed
    assert g.acting == ("Ann",)
    assert any(m.kind == "dividend" for m in g.legal_actions())


def test_18us_10_1_4_owner_may_decline(bank_owner: Game) -> None:
    """§10.1.4 "may exchange": Cy passes; the SR's dividend follows and Cy keeps the card."""
    g = bank_owner
    s = state(g)
    act(g, "pass", "Ann", entity="SR")
    act(g, "pass", "Cy")
    assert g.acting == ("Ann",) and not s.privates["P4"].closed
    assert any(m.kind == "dividend" for m in g.legal_actions())
