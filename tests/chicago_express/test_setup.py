"""Set-up and the initial auctions (Chicago Express §1, §2)."""

from __future__ import annotations

import pytest

import roundhouse
from roundhouse.core.errors import InvalidSetup
from tests.chicago_express.script import do, new, opened, run_auction, state


@pytest.mark.parametrize(("players", "cash"), [(2, 60), (3, 40), (4, 30), (5, 24), (6, 20)])
def test_chicago_express_1_starting_cash_splits_120(players: int, cash: int) -> None:
    """Chicago Express §1: $120 split evenly: 60/40/30/24/20 for 2-6 players."""
    game = new(players)
    assert set(state(game).cash.values()) == {cash}
    assert state(game).conserved_money() == 120


def test_chicago_express_1_two_to_six_players() -> None:
    with pytest.raises(InvalidSetup, match="2–6 players"):
        new(["Ann"])
    with pytest.raises(InvalidSetup, match="2–6 players"):
        new(["a", "b", "c", "d", "e", "f", "g"])


def test_chicago_express_2_board_set_up() -> None:
    """Chicago Express §2: one locomotive on each eastern start hex, incomes 7/6/5/8, Wabash
    closed and empty, Industrial City track at 1/3/4, 20 houses, gauges at the start."""
    s = state(new(3))
    assert {c: (x.locos_left, x.income, x.hexes, x.open) for c, x in s.companies.items()} == {
        "PRR": (19, 7, ["R5"], True),
        "B&O": (21, 6, ["Q7"], True),
        "C&O": (25, 5, ["Q9"], True),
        "NYC": (23, 8, ["S3"], True),
        "Wabash": (11, 0, [], False),
    }
    assert s.track == {"E0": 1, "I6": 3, "K4": 4}
    assert s.houses == 20
    assert s.gauges == {"auction": 0, "develop": 0, "build": 0}


def test_chicago_express_2_banker_opens_the_prr_auction_at_7() -> None:
    """Chicago Express §2 step 7: the banker (first player named) opens PRR at income / 1 = $7."""
    game = roundhouse.new_game("ChicagoExpress", players=["Ann", "Bob", "Cy"], seed=7)
    assert game.acting == ("Ann",)
    bids = [a for a in game.legal_actions() if a.kind == "bid"]
    assert [a.amount for a in bids] == list(range(7, 41))  # type: ignore[attr-defined]
    assert repr(game) == "<Game ChicagoExpress initial auction Ann to act>"


def test_chicago_express_2_initial_auction_order_and_openers() -> None:
    """Chicago Express §2 step 7-8: PRR, B&O, C&O, NYC in that order at minimums 7, 6, 5, 8;
    each winner opens the next; the PRR winner takes the first turn."""
    game = new(3)
    s = state(game)
    seen = []
    for winner, amount in (("Bob", 9), ("Cy", 6), ("Ann", 5), ("Cy", 8)):
        assert s.auction is not None
        seen.append((s.auction.company, s.auction.min_bid, s.auction.auctioneer))
        run_auction(game, winner, amount)
    assert seen == [("PRR", 7, "Ann"), ("B&O", 6, "Bob"), ("C&O", 5, "Cy"), ("NYC", 8, "Ann")]
    assert s.cash == {"Ann": 35, "Bob": 31, "Cy": 26}
    assert [s.companies[c].treasury for c in ("PRR", "B&O", "C&O", "NYC")] == [9, 6, 5, 8]
    assert game.acting == ("Bob",)
    assert s.phase == "gauge"


def test_chicago_express_2_nobody_bids_gives_the_opener_the_share_free() -> None:
    """Chicago Express §2 step 7 [RS]: if nobody bids, the opener receives the share for free and
    the company gets $0; that player then opens the next auction."""
    game = new(3)
    s = state(game)
    for p in ("Ann", "Bob", "Cy"):
        do(game, p, "pass_bid", company="PRR")
    assert s.companies["PRR"].holders == {"Ann": 1}
    assert s.companies["PRR"].treasury == 0 and s.cash["Ann"] == 40
    assert s.auction is not None and s.auction.company == "B&O" and game.acting == ("Ann",)


def test_chicago_express_2_prr_winner_starts_even_if_not_banker() -> None:
    game = opened(["Ann", "Bob", "Cy"])
    assert game.acting == ("Ann",)
    game = new(3)
    run_auction(game, "Cy", 7)
    for amount in (6, 5, 8):
        run_auction(game, "Ann", amount)
    assert game.acting == ("Cy",)
