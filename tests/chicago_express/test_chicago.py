"""The Chicago phase and the Wabash (Chicago Express §5.2, §5.3).

Positions start from ``opened(2)``: Ann holds one share of each eastern company ($34 cash) and
acts first; Bob has $60.  PRR is put next to Chicago at B2 to reach it in one build.
"""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.game import Game
from tests.chicago_express.script import do, opened, put, state, to_step


def _prr_to_chicago(game: Game) -> None:
    put(state(game), "PRR", "B2")
    to_step(game, "build")
    do(game, "Ann", "choose_company", company="PRR")
    do(game, "Ann", "place_train", company="PRR", hex="A2")
    do(game, "Ann", "end_build", company="PRR")


def test_chicago_express_5_2_chicago_adds_7_and_pays_a_one_time_dividend() -> None:
    """Chicago Express §5.2: entering Chicago raises income by 7 (7 → 14) and, after the turn,
    that company alone pays a dividend: 14 / 1 share → Ann +$14 from the bank."""
    game = opened(2)
    s = state(game)
    _prr_to_chicago(game)
    prr = s.companies["PRR"]
    assert prr.income == 14 and prr.chicago_paid
    assert prr.treasury == 7 - 3
    assert s.cash["Ann"] == 34 + 14
    assert s.companies["NYC"].income == 8  # nobody else is paid
    assert s.round == 1 and s.track["E0"] == 1 and s.gauges["build"] == 1  # not a general one


def test_chicago_express_5_3_wabash_opens_at_fort_wayne_with_an_immediate_auction() -> None:
    """Chicago Express §5.3: the first arrival in Chicago opens the Wabash: a locomotive on Fort
    Wayne (11 → 10), income = Fort Wayne's value ($1), and one share auctioned at once, opened
    by the player who reached Chicago (§8 #10), without using a gauge step."""
    game = opened(2)
    s = state(game)
    _prr_to_chicago(game)
    wabash = s.companies["Wabash"]
    assert wabash.open and wabash.hexes == ["D3"] and wabash.locos_left == 10
    assert wabash.income == 1
    assert s.auction is not None and s.auction.kind == "wabash"
    assert (s.auction.auctioneer, s.auction.min_bid) == ("Ann", 1)
    assert game.acting == ("Ann",)
    do(game, "Ann", "pass_bid", company="Wabash")
    do(game, "Bob", "bid", company="Wabash", amount=3)
    assert wabash.holders == {"Bob": 1} and wabash.treasury == 3 and s.cash["Bob"] == 57
    assert s.gauges == {"auction": 0, "develop": 0, "build": 1}
    assert game.acting == ("Bob",) and s.phase == "gauge"
    to_step(game, "build")
    assert "Wabash" in {getattr(a, "company", None) for a in game.legal_actions()}


def test_chicago_express_5_3_developed_fort_wayne_opens_the_wabash_at_3() -> None:
    """Chicago Express §5.3: the Wabash's income is Fort Wayne's current value: 1 + 2 once
    developed (here developed while empty, option ``develop_requires_presence`` off)."""
    game = opened(2, develop_requires_presence=False)
    to_step(game, "develop")
    do(game, "Ann", "develop", hex="D3")
    do(game, "Bob", "choose_gauge", gauge="develop")
    do(game, "Bob", "null_action")
    _prr_to_chicago(game)
    s = state(game)
    assert s.companies["Wabash"].income == 3
    assert s.auction is not None and s.auction.min_bid == 3


def test_chicago_express_5_2_later_arrivals_get_their_dividend_but_no_new_wabash() -> None:
    """Chicago Express §5.2: each company gets its own Chicago dividend once; the second pays
    the shared cost 3 × 2 = 6. NYC 8 + 7 = 15 / 1 share → Ann +15."""
    game = opened(2)
    s = state(game)
    _prr_to_chicago(game)
    do(game, "Ann", "pass_bid", company="Wabash")
    do(game, "Bob", "pass_bid", company="Wabash")
    assert s.companies["Wabash"].shares_left == 2  # nobody bid: it stays (§8 #4)
    do(game, "Bob", "choose_gauge", gauge="develop")
    do(game, "Bob", "null_action")
    put(s, "NYC", "A3")
    cash = s.cash["Ann"]
    to_step(game, "build")
    do(game, "Ann", "choose_company", company="NYC")
    do(game, "Ann", "place_train", company="NYC", hex="A2")
    do(game, "Ann", "end_build", company="NYC")
    assert s.companies["NYC"].treasury == 8 - 6
    assert s.cash["Ann"] == cash + 15
    assert s.auction is None and game.acting == ("Bob",)


def test_chicago_express_3_2_chicago_phase_comes_before_the_round_end_dividend() -> None:
    """Chicago Express §3.2: if the turn both reaches Chicago and fills a second gauge, the
    Chicago phase (dividend, Wabash auction) runs first, then the general dividend, in which
    the new Wabash pays too: PRR 14 + B&O 6 + C&O 5 + NYC 8 + Wabash 1 = $34 for Ann."""
    game = opened(2)
    s = state(game)
    s.gauges.update(auction=3, build=4)
    _prr_to_chicago(game)
    assert s.cash["Ann"] == 34 + 14
    do(game, "Ann", "bid", company="Wabash", amount=1)
    do(game, "Bob", "pass_bid", company="Wabash")
    assert s.cash["Ann"] == 34 + 14 - 1 + 34
    assert s.round == 2 and s.track["E0"] == 2
    assert s.gauges == {"auction": 0, "develop": 0, "build": 0}
    assert game.acting == ("Bob",)


def test_chicago_express_5_3_wabash_is_closed_for_building_before_chicago() -> None:
    game = opened(2)
    s = state(game)
    s.companies["Wabash"].holders["Ann"] = 1  # set-up only: a share cannot be had this early
    s.companies["Wabash"].shares_left = 1
    to_step(game, "build")
    with pytest.raises(IllegalAction, match="not open yet") as e:
        do(game, "Ann", "choose_company", company="Wabash")
    assert e.value.rule == "build.closed"
