"""18US Eastern company conversions (§3.5, §6.3.1, §6.4.1): 4 shares to 5 with a doubling
token in a Gateway City, or without one once the Pacific Railway Act is bought, then 10.

Positions are test_western's: the opening (Bob presides the PRR at $80, Philadelphia D25-S;
Ann the Southern Railway) and the Stock Round after the Convention in which Ann bought the
Pacific Railway Act.  The PRR's line to Chicago (test_board_play's PRR_WEST) is laid straight
onto the board, as if built in earlier turns.
"""

from __future__ import annotations

import pytest

from roundhouse.core.dividend import payout
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose, PlaceToken
from roundhouse.core.game import Game
from roundhouse.core.routes.adapter import route_graph
from roundhouse.core.shares import IPO, POOL
from roundhouse.core.tiles import Colour
from tests.core.flow.synthetic import act
from tests.g18us.test_board_play import PRR_WEST, build
from tests.g18us.test_western import opening, pacific, state, to_turn

__all__ = ["pacific"]  # the fixture, used by name


def choices(g: Game, corp: str) -> list[str]:
    """The conversions offered (read from the state: some tests change the board directly)."""
    moves = state(g).legal_actions()
    return [m.choice for m in moves if isinstance(m, Choose) and m.entity == corp]


def prr_at_conversion(g: Game, *, line: bool = True) -> None:
    """The PRR's turn, with its line to Chicago when ``line``, past its track step."""
    to_turn(g, "PRR")
    s = state(g)
    if line:
        build(s.map.board, "PRR", PRR_WEST)  # type: ignore[attr-defined]
        s.map.board.touch()  # type: ignore[attr-defined]
    act(g, "pass", "Bob", entity="PRR")


@pytest.fixture
def gateway() -> Game:
    g = opening()
    prr_at_conversion(g)
    return g


def test_18us_6_3_1_gateway_route_offers_the_doubling_token(gateway: Game) -> None:
    """§6.3.1: with a route to Chicago, a Gateway City with open doubling spaces, the PRR's
    President may convert it (or not: §3.5 "may"); without the Pacific Railway Act there is
    no 5-Share conversion without a Gateway and no 10-Share conversion."""
    assert choices(gateway, "PRR") == ["D19"]
    assert any(m.kind == "pass" and m.entity == "PRR" for m in gateway.legal_actions())


def test_18us_6_3_1_conversion_with_the_doubling_token(gateway: Game) -> None:
    """§6.3.1: the doubling token goes beside Chicago, the fifth share to the Pool and its
    Current Market Value ($80) to the PRR; §6.4.1: the token doubles Chicago for the PRR, is
    free, and is the turn's station ("It may not place any other token that Operating
    Round"); §3.5: a 5-Share company may upgrade green tiles to brown."""
    g = gateway
    s = state(g)
    cash = s.ledger.cash("PRR")
    act(g, "choose", "Bob", entity="PRR", choice="D19")
    assert s.ledger.cash("PRR") == cash + 80
    assert s.books["PRR"].size == 5
    assert dict(s.books["PRR"].holdings()) == {"Bob": 2, POOL: 3}
    assert s.corps["PRR"].tokens_owned == 3 and s.corps["PRR"].tokens_placed == 2
    assert s.share_price("PRR") == 80
    graph = route_graph(s.map.board, s.depot.phases.current, options=s.map.route_options(s, "PRR"))  # type: ignore[attr-defined]
    doubled = [st.hex for st in graph.stops if "PRR" in st.doubled_for]
    assert doubled == ["D19"]
    assert not any(isinstance(m, PlaceToken) and m.entity == "PRR" for m in g.legal_actions())
    assert s.map.allowance(s, "PRR").upgrade_colours == {Colour.GREEN, Colour.BROWN}  # type: ignore[attr-defined]
    split = payout(s.books["PRR"], 100, s.config.payout_rule)
    assert split.paid == {"Bob": 40, "PRR": 60}  # §6.6: 40%, the Pool's 20% each to the PRR


def test_18us_6_4_1_gateway_holds_two_eastern_doubling_tokens(gateway: Game) -> None:
    """§6.4.1: a Gateway City holds two Eastern doubling tokens; with the Erie's and the
    B&O's there, Chicago is closed to the PRR's: it has no conversion step, choosing is
    refused and nothing changes.
    The NP/SP space is another's: a Land Grant token there takes no Eastern space."""
    g = gateway
    s = state(g)
    board = s.map.board  # type: ignore[attr-defined]
    board.place_beside("D19", "c", "SP")
    board.place_beside("D19", "c", "Erie")
    assert choices(g, "PRR") == ["D19"]
    board.place_beside("D19", "c", "B&O")
    assert choices(g, "PRR") == []
    before = g.state_hash()
    with pytest.raises(IllegalAction, match=r"PRR cannot choose now"):
        act(g, "choose", "Bob", entity="PRR", choice="D19")
    assert g.state_hash() == before and s.books["PRR"].size == 4


def test_18us_6_3_1_bad_choices_are_refused(gateway: Game) -> None:
    """§6.3.1: no route to Minneapolis, and no 5- or 10-Share conversion without a Gateway
    before the Pacific Railway Act: each refused with the rule, the state unchanged."""
    g = gateway
    before = g.state_hash()
    for choice in ("B17", "5-Share", "10-Share"):
        with pytest.raises(IllegalAction, match=r"18US §6\.3\.1"):
            act(g, "choose", "Bob", entity="PRR", choice=choice)
    assert g.state_hash() == before


def test_18us_6_3_1_no_conversion_without_a_gateway_route() -> None:
    """§6.3.1: before the Pacific Railway Act a 4-Share company without a route to a Gateway
    City has no conversion: its turn goes from track to stations."""
    g = opening()
    prr_at_conversion(g, line=False)
    assert choices(g, "PRR") == []
    assert state(g).books["PRR"].size == 4


def test_18us_6_2_2_junction_town_took_the_token_placement(gateway: Game) -> None:
    """§6.2.2: a Junction Town founded this turn took its token placement, so the PRR has
    none left for a doubling token (§6.4: one station token a turn)."""
    s = state(gateway)
    s.map.founded = (s.set_count, s.or_in_set, "PRR")  # type: ignore[attr-defined]
    assert choices(gateway, "PRR") == []


def test_18us_6_3_1_after_the_act_five_then_ten_shares(pacific: Game) -> None:
    """§6.3.1: once the Pacific Railway Act is bought a 4-Share company converts without its
    doubling token ("even if it has no route" to a Gateway): its fifth share to the Pool at
    the Current Market Value and a regular third token on the charter; then at once (§3.5:
    "in the same conversion step") to ten shares: five times the Current Market Value and a
    fourth token, the brokers' five shares being nobody's (§6.6: their half of a dividend
    stays with the Bank); both tokens may go down by the normal rules; a 10-Share company may
    upgrade to gray (§3.5) and may hold five shares (§4.1)."""
    g = pacific
    s = state(g)
    prr_at_conversion(g)
    assert choices(g, "PRR") == ["D19", "5-Share"]
    price = s.share_price("PRR")
    cash = s.ledger.cash("PRR")
    act(g, "choose", "Bob", entity="PRR", choice="5-Share")
    assert s.ledger.cash("PRR") == cash + price
    assert s.books["PRR"].size == 5 and s.corps["PRR"].tokens_owned == 3
    assert choices(g, "PRR") == ["10-Share"]
    act(g, "choose", "Bob", entity="PRR", choice="10-Share")
    assert s.ledger.cash("PRR") == cash + 6 * price
    assert s.books["PRR"].size == 10 and s.books["PRR"].shares_of(IPO) == 5
    assert s.corps["PRR"].tokens_owned == 4 and "PRR" in s.ten_share
    assert choices(g, "PRR") == []
    placements = [m for m in g.legal_actions() if isinstance(m, PlaceToken) and m.entity == "PRR"]
    assert placements and s.corps["PRR"].next_token_cost() == 0
    assert Colour.GRAY in s.map.allowance(s, "PRR").upgrade_colours  # type: ignore[attr-defined]
    assert s.config.share_rules.holding_limit_shares[s.books["PRR"].size] == 5
    split = payout(s.books["PRR"], 100, s.config.payout_rule)
    assert split.paid == {"Bob": 20, "PRR": 30} and split.kept_by_bank == 50


def test_18us_6_3_1_after_the_act_a_gateway_still_takes_the_doubling_token(
    pacific: Game,
) -> None:
    """§6.3.1: after the Act a company with a Gateway route may still place its doubling
    token there (or convert without it), and may then go on to ten shares."""
    g = pacific
    s = state(g)
    prr_at_conversion(g)
    act(g, "choose", "Bob", entity="PRR", choice="D19")
    assert choices(g, "PRR") == ["10-Share"]
    act(g, "pass", "Bob", entity="PRR")
    assert s.books["PRR"].size == 5 and "PRR" not in s.ten_share
    assert not any(isinstance(m, PlaceToken) and m.entity == "PRR" for m in g.legal_actions())
