"""Auctions during the game (Chicago Express §4.1)."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from tests.chicago_express.script import do, give_share, opened, put, state, to_step


def test_chicago_express_4_1_min_bid_rounds_up() -> None:
    """Chicago Express §4.1 example: PRR at income 7 with 1 share out → ceil(7/2) = $4."""
    game = opened(3)
    to_step(game, "auction")
    do(game, "Ann", "start_auction", company="PRR")
    s = state(game)
    assert s.auction is not None and s.auction.min_bid == 4
    before = game.state_hash()
    with pytest.raises(IllegalAction, match=r"minimum bid is \$4 .*\(Chicago Express §4\.1\)") as e:
        do(game, "Ann", "bid", company="PRR", amount=3)
    assert e.value.rule == "auction.min_bid"
    assert game.state_hash() == before


def test_chicago_express_4_1_min_bid_counts_shares_out_plus_one() -> None:
    """Chicago Express §4.1: NYC income 8 with 2 shares out → ceil(8/3) = $3."""
    game = opened(2)
    s = state(game)
    give_share(s, "NYC", "Bob")
    to_step(game, "auction")
    do(game, "Ann", "start_auction", company="NYC")
    assert s.auction is not None and s.auction.min_bid == 3


def test_chicago_express_4_1_bidding_goes_clockwise_from_the_auctioneer_and_passing_is_final() -> (
    None
):
    """Chicago Express §4.1: the auctioneer speaks first, then clockwise; whoever passes is out
    for good; the auction ends when everyone but the high bidder has passed; the winner pays
    the company's treasury."""
    game = opened(4)  # Ann holds one of each; cash Ann 4, others 30
    s = state(game)
    do(game, "Ann", "choose_gauge", gauge="auction")
    do(game, "Ann", "start_auction", company="C&O")  # min ceil(5/2) = 3
    assert game.acting == ("Ann",)
    do(game, "Ann", "bid", company="C&O", amount=3)
    assert game.acting == ("Bob",)
    do(game, "Bob", "pass_bid", company="C&O")
    assert game.acting == ("Cy",)
    do(game, "Cy", "bid", company="C&O", amount=5)
    assert game.acting == ("Di",)
    do(game, "Di", "bid", company="C&O", amount=6)
    assert game.acting == ("Ann",)  # Bob passed: never asked again
    with pytest.raises(IllegalAction, match="cannot bid \\$7 with \\$4 in hand") as e:
        do(game, "Ann", "bid", company="C&O", amount=7)
    assert e.value.rule == "auction.cash"
    assert [a.kind for a in game.legal_actions()] == ["pass_bid"]  # Ann cannot beat $6
    do(game, "Ann", "pass_bid", company="C&O")
    assert game.acting == ("Cy",)
    with pytest.raises(IllegalAction, match="high bid is already \\$6") as e:
        do(game, "Cy", "bid", company="C&O", amount=6)
    assert e.value.rule == "auction.raise"
    do(game, "Cy", "pass_bid", company="C&O")
    assert s.auction is None
    assert s.companies["C&O"].holders == {"Ann": 1, "Di": 1}
    assert s.cash["Di"] == 24 and s.companies["C&O"].treasury == 5 + 6
    assert game.acting == ("Bob",)  # next turn


def test_chicago_express_4_1_legal_bids_run_from_minimum_to_cash() -> None:
    game = opened(2)
    to_step(game, "auction")
    do(game, "Ann", "start_auction", company="PRR")
    amounts = [a.amount for a in game.legal_actions() if a.kind == "bid"]  # type: ignore[attr-defined]
    assert amounts == list(range(4, 35))  # Ann has $34
    assert game.legal_actions()[-1].kind == "pass_bid"


def test_chicago_express_4_1_regular_auction_nobody_bids_share_stays() -> None:
    """Chicago Express §4.1 / §8 #4: in a regular auction with no bid the share stays on the
    charter and nobody pays; the gauge step is used."""
    game = opened(2)
    s = state(game)
    to_step(game, "auction")
    do(game, "Ann", "start_auction", company="B&O")
    do(game, "Ann", "pass_bid", company="B&O")
    do(game, "Bob", "pass_bid", company="B&O")
    assert s.companies["B&O"].shares_left == 3 and s.companies["B&O"].holders == {"Ann": 1}
    assert s.gauges["auction"] == 1 and game.acting == ("Bob",)


def test_chicago_express_4_1_option_unbid_share_to_auctioneer() -> None:
    game = opened(2, unbid_share="to_auctioneer")
    s = state(game)
    to_step(game, "auction")
    do(game, "Ann", "start_auction", company="B&O")
    do(game, "Ann", "pass_bid", company="B&O")
    do(game, "Bob", "pass_bid", company="B&O")
    assert s.companies["B&O"].holders == {"Ann": 2} and s.companies["B&O"].treasury == 6


def test_chicago_express_8_3_option_auctioneer_must_open() -> None:
    """Chicago Express §8 #3: with ``auctioneer_may_pass`` off the auctioneer must bid."""
    game = opened(2, auctioneer_may_pass=False)
    to_step(game, "auction")
    do(game, "Ann", "start_auction", company="PRR")
    assert "pass_bid" not in game.legal_actions().kinds()
    before = game.state_hash()
    with pytest.raises(IllegalAction, match="must bid at least \\$4") as e:
        do(game, "Ann", "pass_bid", company="PRR")
    assert e.value.rule == "auction.must_open"
    assert game.state_hash() == before
    do(game, "Ann", "bid", company="PRR", amount=4)
    assert "pass_bid" in game.legal_actions().kinds()


def test_chicago_express_8_3_auctioneer_may_open_with_a_pass_by_default() -> None:
    game = opened(2)
    to_step(game, "auction")
    do(game, "Ann", "start_auction", company="PRR")
    assert "pass_bid" in game.legal_actions().kinds()


def test_chicago_express_5_3_wabash_cannot_be_auctioned_before_chicago() -> None:
    game = opened(2)
    to_step(game, "auction")
    assert "Wabash" not in {getattr(a, "company", None) for a in game.legal_actions()}
    with pytest.raises(IllegalAction, match=r"not open yet.*§5\.3") as e:
        do(game, "Ann", "start_auction", company="Wabash")
    assert e.value.rule == "auction.closed"


def test_chicago_express_4_1_sold_out_company_cannot_be_auctioned() -> None:
    game = opened(2)
    s = state(game)
    give_share(s, "PRR", "Bob")
    give_share(s, "PRR", "Bob")
    to_step(game, "auction")
    with pytest.raises(IllegalAction, match="no shares left") as e:
        do(game, "Ann", "start_auction", company="PRR")
    assert e.value.rule == "auction.sold_out"


def test_chicago_express_4_1_min_bid_follows_income() -> None:
    """Chicago Express §4.1: the minimum uses the current income: C&O in city O10 (train value
    2) has income 7; with 1 share out the minimum is ceil(7/2) = $4."""
    game = opened(2)
    s = state(game)
    put(s, "C&O", "P9", "O10")
    assert s.companies["C&O"].income == 7
    to_step(game, "auction")
    do(game, "Ann", "start_auction", company="C&O")
    assert s.auction is not None and s.auction.min_bid == 4
