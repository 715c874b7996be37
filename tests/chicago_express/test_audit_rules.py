"""Audit: rules checked by hand in unusual positions, kept as regressions.

Chicago Express §2 (turn order after the initial auctions), §4.1 (an auction nobody can pay),
§4.2 (cost with one, two and three companies present), §5.3 with §3.2 (the Wabash in the
dividend of the round it opens) and §6 (nothing after the final dividend).
"""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.ids import PlayerId
from tests.chicago_express.script import (
    do,
    give_share,
    grant,
    new,
    opened,
    put,
    run_auction,
    state,
    to_step,
)

ANN, BOB = PlayerId("Ann"), PlayerId("Bob")


def test_chicago_express_2_prr_winner_starts_and_turns_wrap_clockwise() -> None:
    """Chicago Express §2 step 8: Di (fourth seat) wins the PRR share and takes the first turn;
    play then goes Ann, Bob, Cy, Di, whoever won the other three auctions."""
    game = new(4)
    run_auction(game, "Di", 7)
    for company, amount in (("B&O", 6), ("C&O", 5), ("NYC", 8)):
        assert state(game).auction is not None and state(game).auction.company == company  # type: ignore[union-attr]
        run_auction(game, "Bob", amount)
    order = []
    for _ in range(5):
        player = game.acting[0]
        order.append(player)
        to_step(game, "build")
        do(game, player, "null_action")
    assert order == ["Di", "Ann", "Bob", "Cy", "Di"]


def test_chicago_express_4_2_city_cost_with_one_two_and_three_companies_present() -> None:
    """Chicago Express §4.2 / §8 #5: city O4 (printed $2, train 1) costs $2 empty, then $4, $6
    and $8 as one, two and three companies are already there; each entrant gains +1."""
    game = opened(2)
    s = state(game)
    put(s, "PRR", "P4")
    put(s, "B&O", "O3")
    put(s, "NYC", "P3")
    put(s, "C&O", "O5")
    paid = []
    for company in ("PRR", "B&O", "NYC", "C&O"):
        grant(s, company, 20)
        player = game.acting[0]
        if not s.companies[company].holders.get(player):
            give_share(s, company, player)
        to_step(game, "build")
        do(game, player, "choose_company", company=company)
        treasury, income = s.companies[company].treasury, s.companies[company].income
        do(game, player, "place_train", company=company, hex="O4")
        do(game, player, "end_build", company=company)
        paid.append(treasury - s.companies[company].treasury)
        assert s.companies[company].income == income + 1
    assert paid == [2, 4, 6, 8]
    assert s.present["O4"] == ["PRR", "B&O", "NYC", "C&O"]


def test_chicago_express_4_1_auction_nobody_can_pay_ends_in_passes() -> None:
    """Chicago Express §4.1 / §8 #4: with no player able to pay the minimum, every bidder may
    only pass; the share stays on the charter and no money moves."""
    game = opened(2)
    s = state(game)
    s.cash = dict.fromkeys(s.cash, 1)
    to_step(game, "auction")
    do(game, "Ann", "start_auction", company="NYC")  # minimum ceil(8 / 2) = $4
    assert [a.kind for a in game.legal_actions()] == ["pass_bid"]
    do(game, "Ann", "pass_bid", company="NYC")
    assert [a.kind for a in game.legal_actions()] == ["pass_bid"]
    do(game, "Bob", "pass_bid", company="NYC")
    assert s.companies["NYC"].shares_left == 4 and s.companies["NYC"].treasury == 8
    assert s.cash == {"Ann": 1, "Bob": 1} and game.acting == ("Bob",)


def test_chicago_express_5_3_wabash_is_paid_in_the_dividend_of_its_opening_round() -> None:
    """Chicago Express §3.2 / §5.3: Ann's build into Chicago fills the build gauge (develop is
    full): Chicago dividend PRR 14 to Ann, then the Wabash auction (Bob $1), then the general
    dividend in which the Wabash pays Bob ceil(1 / 1) = $1; then Detroit rises, round 2."""
    game = opened(2)
    s = state(game)
    put(s, "PRR", "B2")
    s.gauges["develop"], s.gauges["build"] = 4, 4
    to_step(game, "build")
    do(game, "Ann", "choose_company", company="PRR")
    do(game, "Ann", "place_train", company="PRR", hex="A2")
    do(game, "Ann", "end_build", company="PRR")
    assert s.round == 1 and s.cash[ANN] == 34 + 14  # the Chicago dividend only, so far
    do(game, "Ann", "pass_bid", company="Wabash")
    do(game, "Bob", "bid", company="Wabash", amount=1)
    assert s.round == 2 and s.track["E0"] == 2
    assert s.cash[BOB] == 60 - 1 + 1
    assert s.cash[ANN] == 34 + 14 + 14 + 6 + 5 + 8
    assert game.acting == ("Bob",)


def test_chicago_express_6_nothing_is_played_after_the_final_dividend() -> None:
    """Chicago Express §6: the game ends after the dividend; no move is listed or accepted."""
    game = opened(2)
    s = state(game)
    s.round = 8
    s.gauges["develop"], s.gauges["build"] = 4, 4
    to_step(game, "build")
    do(game, "Ann", "null_action")
    assert game.finished and game.end_reason == "round_limit"
    assert list(game.legal_actions()) == [] and game.acting == ()
    with pytest.raises(IllegalAction, match=r"game is over \(Chicago Express §6\)"):
        do(game, "Bob", "choose_gauge", gauge="build")
