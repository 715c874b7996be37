"""Round end, dividends, Detroit, the end of the game and the winner (Chicago Express §3.3,
§5.1, §6).

Positions start from ``opened(2)``: Ann holds one share of each eastern company ($34), Bob none
($60), Ann to act.  ``_last_turn`` sets the gauges so that the next step fills a second gauge.
"""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.game import Game
from tests.chicago_express.script import do, give_share, opened, put, state, to_step


def _last_turn(game: Game) -> None:
    """Auction full and develop at 3 of 4: the acting player's develop step ends the round."""
    state(game).gauges.update(auction=3, develop=3)
    to_step(game, "develop")
    do(game, game.acting[0], "null_action")


def test_chicago_express_5_1_ceil_rounding_nyc_10_over_3_pays_4() -> None:
    """Chicago Express §5.1 example: NYC income 10 with 3 shares out → $4 per share, $12 in
    total, paid by the bank; treasuries are untouched."""
    game = opened(2)
    s = state(game)
    put(s, "NYC", "S4", "R3", "Q3", "P3", "O4")  # cities Q3 and O4: 8 + 1 + 1 = 10
    assert s.companies["NYC"].income == 10
    give_share(s, "NYC", "Bob")
    give_share(s, "NYC", "Bob")
    treasuries = {c: x.treasury for c, x in s.companies.items()}
    _last_turn(game)
    # Ann: PRR 7 + B&O 6 + C&O 5 + NYC 4; Bob: NYC 2 × 4.
    assert s.cash == {"Ann": 34 + 7 + 6 + 5 + 4, "Bob": 60 + 8}
    assert {c: x.treasury for c, x in s.companies.items()} == treasuries
    told = [e.text for e in game.events(len(game.log) - 1)[0]]
    assert "Dividend 1: NYC pays $4 per share (Ann $4, Bob $8)" in told
    assert s.conserved_money() == 120


def test_chicago_express_3_3_round_ends_when_two_gauges_are_full() -> None:
    """Chicago Express §3.3: the round ends as soon as two gauges are full, with steps left on
    the third; then the gauges reset and the next player clockwise goes on."""
    game = opened(2)
    s = state(game)
    for _ in range(3):
        to_step(game, "auction")
        do(game, game.acting[0], "null_action")
    for _ in range(3):
        to_step(game, "build")
        do(game, game.acting[0], "null_action")
    assert s.round == 1 and game.acting == ("Ann",)
    before = game.state_hash()
    with pytest.raises(IllegalAction, match="auction gauge is full") as e:
        to_step(game, "auction")
    assert e.value.rule == "turn.gauge_full" and game.state_hash() == before
    assert "auction" not in {getattr(a, "gauge", None) for a in game.legal_actions()}
    to_step(game, "build")
    do(game, "Ann", "null_action")
    assert s.round == 1
    to_step(game, "build")
    do(game, "Bob", "null_action")
    assert s.round == 2 and s.gauges == {"auction": 0, "develop": 0, "build": 0}
    assert game.acting == ("Ann",)
    assert s.cash["Ann"] == 34 + 7 + 6 + 5 + 8


def test_chicago_express_4_3_detroit_rises_after_each_dividend_raising_incomes() -> None:
    """Chicago Express §4.3 / §5.1: after each general dividend Detroit's value goes up by 1 and
    every company in Detroit gains 1 income (the dividend itself uses the old value)."""
    game = opened(2)
    s = state(game)
    put(s, "NYC", "E0")
    assert s.companies["NYC"].income == 8 + 1
    _last_turn(game)
    assert s.cash["Ann"] == 34 + 7 + 6 + 5 + 9
    assert s.track["E0"] == 2 and s.companies["NYC"].income == 8 + 2
    assert s.invariant_violations() == []


def test_chicago_express_6_shares_sold_out_ends_after_the_dividend_not_before() -> None:
    """Chicago Express §6: three companies without shares end the game, but only after the
    next general dividend; the round is played out."""
    game = opened(2)
    s = state(game)
    for company, n in (("PRR", 2), ("B&O", 3), ("NYC", 4)):
        for _ in range(n):
            give_share(s, company, "Bob")
    to_step(game, "develop")
    do(game, "Ann", "null_action")
    assert not game.finished and game.acting == ("Bob",)
    _last_turn(game)
    assert game.finished and game.end_reason == "shares_sold_out"
    assert game.acting == () and len(game.legal_actions()) == 0
    # Bob: PRR ceil(7/3)=3 × 2 + B&O ceil(6/4)=2 × 3 + NYC ceil(8/5)=2 × 4 = 20.
    assert game.result == {"Ann": 34 + 3 + 2 + 5 + 2, "Bob": 60 + 20}


def test_chicago_express_6_trains_exhausted() -> None:
    game = opened(2)
    s = state(game)
    for company in ("PRR", "B&O", "C&O"):
        s.companies[company].locos_left = 0  # set-up only
    _last_turn(game)
    assert game.end_reason == "trains_exhausted"


def test_chicago_express_6_houses_three_or_fewer() -> None:
    """Chicago Express §6 / §8 #14: 3 or fewer houses in the supply ends the game; 4 does not."""
    for houses, ends in ((4, False), (3, True)):
        game = opened(2)
        state(game).houses = houses
        _last_turn(game)
        assert game.finished is ends
        assert game.end_reason == ("houses_exhausted" if ends else None)


def test_chicago_express_6_eighth_dividend_ends_the_game() -> None:
    """Chicago Express §6: Detroit's marker leaves its 8th space after the 8th dividend; the 7th
    dividend only brings it to 8."""
    game = opened(2)
    s = state(game)
    s.round = 7
    s.track["E0"] = 7
    _last_turn(game)
    assert not game.finished and s.round == 8 and s.track["E0"] == 8
    _last_turn(game)
    assert game.finished and game.end_reason == "round_limit"
    assert repr(game) == "<Game ChicagoExpress round 8 finished (round_limit)>"


def test_chicago_express_6_most_cash_wins_shares_are_worth_nothing() -> None:
    """Chicago Express §6: the score is cash only. Last dividend: Ann PRR 7 + B&O 6 + C&O
    ceil(5/2) = 3 + NYC 8 → $58; Bob C&O 3 → $63."""
    game = opened(2)
    s = state(game)
    give_share(s, "C&O", "Bob")
    s.round = 8
    _last_turn(game)
    assert game.result == {"Ann": 58, "Bob": 63}
    assert s.winners == ("Bob",)


def test_chicago_express_6_tie_is_a_shared_win() -> None:
    """Chicago Express §6 [RS]: equal cash shares the win. Ann $34 + 7 + 6 + 5 + 8 = $60 after
    the last dividend, Bob never bought anything: $60."""
    game = opened(2)
    s = state(game)
    s.round = 8
    _last_turn(game)
    assert game.result == {"Ann": 60, "Bob": 60}
    assert s.winners == ("Ann", "Bob")
    assert game.events()[-1][-1].text == (
        "Game over (round limit): Ann and Bob share the win with $60"
    )
