"""Audit: what a player reads when a move is refused or made (Chicago Express §3.2, §4.1, §4.2).

A refusal must say why in the table's words and cite the rule; the log must let a player follow
a build (what it cost, what it earned) without recomputing it.

Positions start from ``opened(2)``: Ann holds one share of each eastern company and acts first.
"""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.titles.chicago_express.actions import ChooseGauge
from tests.chicago_express.script import do, new, opened, state, to_step


def test_chicago_express_3_2_gauge_step_reads_as_english() -> None:
    assert str(ChooseGauge(player="Ann", gauge="auction")) == "Ann takes an auction step"  # type: ignore[arg-type]
    assert str(ChooseGauge(player="Ann", gauge="build")) == "Ann takes a build step"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("gauge", "doc", "hint"),
    [
        (
            "build",
            {"kind": "place_train", "company": "PRR", "hex": "Q5"},
            "choose the company to build for first",
        ),
        ("build", {"kind": "develop", "hex": "Q3"}, "choose the company to build for"),
        ("auction", {"kind": "bid", "company": "PRR", "amount": 4}, "choose the company"),
        ("develop", {"kind": "choose_company", "company": "PRR"}, "choose the hex to develop"),
    ],
)
def test_chicago_express_3_2_out_of_step_refusal_says_what_the_step_allows(
    gauge: str, doc: dict[str, object], hint: str
) -> None:
    """Chicago Express §3.2: after taking a step the player either does that gauge's action or
    nothing; a move of another kind is refused with what the step allows instead."""
    game = opened(2)
    to_step(game, gauge)
    with pytest.raises(IllegalAction, match=r"\(Chicago Express §3\.2\)") as e:
        game.apply({"player": "Ann", **doc})
    assert hint in str(e.value) and "or do nothing" in str(e.value)


def test_chicago_express_4_1_min_bid_refusal_shows_the_formula() -> None:
    """Chicago Express §4.1: min bid = ceil(income / (shares out + 1)); PRR at income 7 with
    one share out: ceil(7 / 2) = $4.  A bid of $3 is refused with that arithmetic."""
    game = opened(2)
    to_step(game, "auction")
    do(game, "Ann", "start_auction", company="PRR")
    with pytest.raises(IllegalAction) as e:
        do(game, "Ann", "bid", company="PRR", amount=3)
    assert e.value.rule == "auction.min_bid"
    assert "minimum bid is $4" in str(e.value)
    assert "income $7 / 2 shares, rounded up" in str(e.value)
    assert str(e.value).endswith("(Chicago Express §4.1)")


def test_chicago_express_4_1_initial_min_bid_refusal_names_one_share() -> None:
    game = new(2)
    with pytest.raises(IllegalAction, match=r"income \$7 / 1 share, rounded up"):
        do(game, "Ann", "bid", company="PRR", amount=6)


def test_chicago_express_4_2_build_log_line_gives_cost_and_income() -> None:
    """Chicago Express §4.2: NYC builds R3 (forest, $2, +0) and Q3 (city, $2, +1): the log says
    the build cost $4 of the treasury and raised the income from $8 to $9."""
    game = opened(2)
    to_step(game, "build")
    do(game, "Ann", "choose_company", company="NYC")
    do(game, "Ann", "place_train", company="NYC", hex="R3")
    do(game, "Ann", "place_train", company="NYC", hex="Q3")
    do(game, "Ann", "end_build", company="NYC")
    s = state(game)
    assert s.companies["NYC"].treasury == 8 - 4 and s.companies["NYC"].income == 9
    told = [e.text for e in game.events(len(game.log) - 1)[0]]
    assert told == ["NYC builds to R3, Q3 for $4: income $8 → $9"]
