"""Audit: what the views tell a UI, checked against the rules they summarise.

A UI must not have to re-implement the rules to show a position honestly: the minimum bid only
where a share can be auctioned (Chicago Express §4.1, §5.3), the entry cost only where a company
may still enter (§4.2), what entering adds to the income (§4.2, §4.3), whose start hex a hex is
(§4.2), and whether the game will end after this round's dividend (§6).

Positions start from ``opened(2)``: Ann holds one share of each eastern company and acts first.
"""

from __future__ import annotations

import roundhouse
from roundhouse.core.view import HexView
from tests.chicago_express.script import do, give_share, new, opened, put, state, to_step


def _hex(game: roundhouse.Game, hex_id: str) -> HexView:
    board = game.board()
    assert board is not None
    return board.hex(hex_id)


def _min_bid(game: roundhouse.Game, company: str) -> object:
    return game.table().company(company).fact("min_bid").value


def test_chicago_express_4_1_view_min_bid_only_where_a_share_can_be_auctioned() -> None:
    """Chicago Express §4.1 / §5.3: a closed Wabash and a sold-out company have no share to
    auction, so the view shows no minimum bid for them (a UI must not offer a $0 auction);
    NYC at income 8 with one share out shows ceil(8 / 2) = $4."""
    game = opened(2)
    s = state(game)
    assert _min_bid(game, "Wabash") is None
    give_share(s, "PRR", "Bob")
    give_share(s, "PRR", "Bob")
    assert s.companies["PRR"].shares_left == 0
    assert _min_bid(game, "PRR") is None
    assert _min_bid(game, "NYC") == 4


def test_chicago_express_4_2_view_entry_cost_only_where_a_company_may_enter() -> None:
    """Chicago Express §4.2: start hexes of the eastern companies are closed to the others and
    already hold their owner, and a forest or mountain with a company takes nobody else, so no
    entry cost is shown there; an empty city shows its printed cost and a shared one
    printed × (1 + companies there)."""
    game = opened(2)
    s = state(game)
    put(s, "PRR", "Q5", "Q4")
    put(s, "NYC", "R3", "Q3")
    assert _hex(game, "R5").entry_cost is None  # PRR's start hex
    assert _hex(game, "S3").entry_cost is None  # NYC's start hex
    assert _hex(game, "Q4").entry_cost is None  # forest taken by PRR
    assert _hex(game, "Q3").entry_cost == 2 * 2  # city (printed 2) with NYC there
    assert _hex(game, "O4").entry_cost == 2  # empty city
    assert _hex(game, "D3").entry_cost == 1  # Fort Wayne is open by default (§8 #11)
    closed = opened(2, fort_wayne_open=False)
    assert _hex(closed, "D3").entry_cost is None


def test_chicago_express_4_2_view_entry_income_is_what_entering_adds_now() -> None:
    """Chicago Express §4.2 / §4.3: entering adds the train value, plus the development value
    once developed; industrial cities add their track value; plains and forests add nothing;
    Chicago adds 7."""
    game = opened(2)
    s = state(game)
    put(s, "NYC", "R3", "Q3")
    to_step(game, "develop")
    do(game, "Ann", "develop", hex="Q3")  # city: train 1, development 1
    assert _hex(game, "Q3").entry_income == 1 + 1
    assert _hex(game, "Q3").developed
    assert _hex(game, "O10").entry_income == 2  # undeveloped city, train 2
    assert _hex(game, "K4").entry_income == 4  # Pittsburgh's track starts at 4
    assert _hex(game, "Q4").entry_income == 0  # forest
    assert _hex(game, "P4").entry_income == 0  # plain
    assert _hex(game, "A2").entry_income == 7  # Chicago


def test_chicago_express_4_2_view_names_each_start_hex_owner() -> None:
    """Chicago Express §4.2 / §5.3: the four eastern start hexes and Fort Wayne belong to their
    company; every other hex to none."""
    game = opened(2)
    owners = {h: _hex(game, h).home for h in ("R5", "Q7", "Q9", "S3", "D3", "A2", "K4", "P4")}
    assert owners == {
        "R5": "PRR",
        "Q7": "B&O",
        "Q9": "C&O",
        "S3": "NYC",
        "D3": "Wabash",
        "A2": None,
        "K4": None,
        "P4": None,
    }


def test_chicago_express_6_view_says_the_game_ends_after_this_rounds_dividend() -> None:
    """Chicago Express §6: an end condition that becomes true mid-round ends the game only after
    the next general dividend; the view says so as soon as it holds (the conditions never go
    back), and in the eighth round it names the round limit."""
    game = opened(2)
    s = state(game)
    assert game.prompt().ending is None
    for company in ("PRR", "B&O", "C&O"):
        while s.companies[company].shares_left:
            give_share(s, company, "Bob")
    assert game.prompt().ending == "shares_sold_out" and not game.finished
    late = opened(2)
    state(late).round = 8
    assert late.prompt().ending == "round_limit"


def test_chicago_express_4_1_view_auction_shows_the_lowest_acceptable_bid() -> None:
    """Chicago Express §4.1: the next bid must reach the minimum and beat the high bid by a
    whole dollar; the view gives that amount so a UI need not compute it."""
    game = new(3)
    auction = game.prompt().auction
    assert auction is not None and auction.lowest_bid == 7 and auction.item == "PRR"
    do(game, "Ann", "bid", company="PRR", amount=9)
    auction = game.prompt().auction
    assert auction is not None and auction.lowest_bid == 10 and auction.high_bidder == "Ann"


def test_chicago_express_4_2_view_build_shows_spending_and_choices() -> None:
    """Chicago Express §4.2: during a build the view shows what this build has cost so far and,
    for each hex the company may enter next, its price and the income it adds."""
    game = opened(2)
    to_step(game, "build")
    do(game, "Ann", "choose_company", company="NYC")
    do(game, "Ann", "place_train", company="NYC", hex="R3")  # forest, $2
    building, choices = game.prompt().details
    assert building.value("Placed") == "R3" and building.value("Spent") == 2
    offered = {str(row[0]): row[1:] for row in choices.rows}
    assert offered["Q3"] == (2, 1)  # city next to R3: cost $2, adds 1 to the income
    assert set(offered) == {a.hex for a in game.legal_actions() if a.kind == "place_train"}  # type: ignore[attr-defined]


def test_chicago_express_4_2_view_each_company_network_is_its_locomotives() -> None:
    """Chicago Express §4.2: a company's network is the hexes of its locomotives; the table
    lists them in the order entered and the board shows the company in each of them."""
    game = opened(2)
    s = state(game)
    put(s, "PRR", "Q5", "Q4")
    network = game.table().company("PRR").hexes
    assert network == ("R5", "Q5", "Q4")
    assert all("PRR" in _hex(game, h).companies for h in network)
    assert (
        game.table().company("PRR").fact("locomotives_left").value == s.companies["PRR"].locos_left
    )
