"""Route construction (Chicago Express §4.2).

Positions start from ``opened(2)``: Ann holds one share of each eastern company and has the
first turn; treasuries PRR $7, B&O $6, C&O $5, NYC $8.  ``put`` places locomotives without a
build to set up a position.
"""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.titles.chicago_express import build
from tests.chicago_express.script import do, grant, new, opened, put, state, to_step


def _refused(game: Game, rule: str, message: str, player: str, kind: str, **fields: object) -> None:
    """The move raises IllegalAction with this rule and message and changes nothing."""
    before = game.state_hash()
    with pytest.raises(IllegalAction, match=message) as e:
        do(game, player, kind, **fields)
    assert e.value.rule == rule
    assert game.state_hash() == before


def _building(company: str = "PRR", **options: object) -> Game:
    game = opened(2, **options)
    to_step(game, "build")
    do(game, "Ann", "choose_company", company=company)
    return game


def test_chicago_express_4_2_builder_must_hold_a_share() -> None:
    game = opened(2)
    to_step(game, "develop")
    do(game, "Ann", "null_action")
    to_step(game, "build")
    assert [a.kind for a in game.legal_actions()] == ["null_action"]
    _refused(
        game,
        "build.shareholder",
        r"Bob holds no share of PRR \(Chicago Express §4\.2\)",
        "Bob",
        "choose_company",
        company="PRR",
    )


def test_chicago_express_4_2_chain_of_three_each_next_to_the_last() -> None:
    """Chicago Express §4.2: each locomotive must be next to one of the company's, including
    those just placed: R4 (next to R5), then Q4 (next only to R4), then P4 (next only to Q4).
    Costs 1 + 2 + 1 from the treasury; plains and forests add no income; the third ends it."""
    game = _building()
    s = state(game)
    _refused(
        game,
        "build.adjacent",
        "PRR cannot enter Q4: no PRR locomotive next to it",
        "Ann",
        "place_train",
        company="PRR",
        hex="Q4",
    )
    for h in ("R4", "Q4", "P4"):
        do(game, "Ann", "place_train", company="PRR", hex=h)
    prr = s.companies["PRR"]
    assert prr.hexes == ["R5", "R4", "Q4", "P4"]
    assert (prr.treasury, prr.income, prr.locos_left) == (7 - 4, 7, 16)
    assert s.building is None and game.acting == ("Bob",)


def test_chicago_express_4_2_shared_plain_costs_printed_times_one_plus_present() -> None:
    """Chicago Express §4.2 / §8 #5: a plain with one company already costs 2 × printed, with two
    companies 3 × printed."""
    game = _building()
    s = state(game)
    put(s, "NYC", "S4", "R4")
    do(game, "Ann", "place_train", company="PRR", hex="R4")
    assert s.companies["PRR"].treasury == 7 - 2
    put(s, "NYC", "R6")
    put(s, "B&O", "R6")
    do(game, "Ann", "place_train", company="PRR", hex="R6")
    assert s.companies["PRR"].treasury == 7 - 2 - 3


def test_chicago_express_8_5_option_present_multiplies_by_companies_there() -> None:
    """The literal summary reading (option ``shared_hex_cost="present"``): one company there
    → × 1, two → × 2."""
    game = _building(shared_hex_cost="present")
    s = state(game)
    put(s, "NYC", "S4", "R4", "R6")
    put(s, "B&O", "R6")
    do(game, "Ann", "place_train", company="PRR", hex="R4")
    do(game, "Ann", "place_train", company="PRR", hex="R6")
    assert s.companies["PRR"].treasury == 7 - 1 - 2


def test_chicago_express_4_2_developed_city_gives_train_plus_development_and_doubles() -> None:
    """Chicago Express §4.2: entering a developed city adds train + development value; with one
    company there the cost doubles. Q3: cost 2, train 1, development 1 → PRR pays 4, +2."""
    game = _building()
    s = state(game)
    put(s, "NYC", "S4", "R3", "Q3")
    s.developed.add("Q3")
    s.companies["NYC"].income += 1  # NYC was there when Q3 was developed
    do(game, "Ann", "place_train", company="PRR", hex="R4")
    grant(s, "PRR", 10)
    do(game, "Ann", "place_train", company="PRR", hex="Q4")
    do(game, "Ann", "place_train", company="PRR", hex="Q3")
    prr = s.companies["PRR"]
    assert prr.treasury == 17 - 1 - 2 - 4
    assert prr.income == 7 + 2
    assert s.invariant_violations() == []


def test_chicago_express_4_2_mountain_and_industrial_city_raise_income() -> None:
    """Chicago Express §4.2: a mountain adds its train value (1); Pittsburgh adds its current
    Industrial City track value (4) and costs 4."""
    game = _building("C&O")
    s = state(game)
    put(s, "C&O", "L5")
    grant(s, "C&O", 10)
    do(game, "Ann", "place_train", company="C&O", hex="L4")  # mountain, cost 3
    do(game, "Ann", "place_train", company="C&O", hex="K4")  # Pittsburgh, cost 4
    c = s.companies["C&O"]
    assert c.income == 5 + 1 + 1 + 4  # L5 and L4 mountains, Pittsburgh
    assert c.treasury == 15 - 3 - 4


def test_chicago_express_4_2_forest_and_mountain_take_one_company_ever() -> None:
    game = _building()
    s = state(game)
    put(s, "NYC", "S4", "R3")
    put(s, "B&O", "Q6", "Q5")  # B&O next to R4 too
    do(game, "Ann", "place_train", company="PRR", hex="R4")
    _refused(
        game,
        "build.exclusive_terrain",
        r"PRR cannot enter R3: forest already taken by NYC \(Chicago Express §4\.2\)",
        "Ann",
        "place_train",
        company="PRR",
        hex="R3",
    )
    assert "R3" not in {getattr(a, "hex", None) for a in game.legal_actions()}


def test_chicago_express_4_2_other_companies_start_hexes_are_closed() -> None:
    game = _building()
    do(game, "Ann", "place_train", company="PRR", hex="R6")
    _refused(
        game,
        "build.start_hex",
        "PRR cannot enter Q7: it is the start hex of B&O",
        "Ann",
        "place_train",
        company="PRR",
        hex="Q7",
    )


def test_chicago_express_4_2_no_second_locomotive_of_a_company_in_a_hex() -> None:
    game = _building()
    do(game, "Ann", "place_train", company="PRR", hex="R6")
    _refused(
        game,
        "build.same_hex",
        "already has a locomotive there",
        "Ann",
        "place_train",
        company="PRR",
        hex="R6",
    )


def test_chicago_express_4_2_treasury_pays_and_cannot_go_below_zero() -> None:
    game = _building()
    s = state(game)
    grant(s, "PRR", -6)  # PRR $1
    put(s, "NYC", "S4", "R4")
    _refused(
        game,
        "build.treasury",
        "PRR cannot pay \\$2 to enter R4: its treasury holds \\$1",
        "Ann",
        "place_train",
        company="PRR",
        hex="R4",
    )
    do(game, "Ann", "place_train", company="PRR", hex="Q5")
    assert s.companies["PRR"].treasury == 0
    assert [a.kind for a in game.legal_actions()] == ["end_build"]


def test_chicago_express_4_2_company_without_money_or_hex_cannot_be_chosen() -> None:
    game = opened(2)
    s = state(game)
    grant(s, "PRR", -7)
    to_step(game, "build")
    assert "PRR" not in {getattr(a, "company", None) for a in game.legal_actions()}
    _refused(game, "build.nowhere", "no hex it can enter", "Ann", "choose_company", company="PRR")


def test_chicago_express_4_2_build_needs_at_least_one_locomotive() -> None:
    game = _building()
    assert "end_build" not in game.legal_actions().kinds()
    _refused(game, "build.limit", "at least one", "Ann", "end_build", company="PRR")
    do(game, "Ann", "place_train", company="PRR", hex="R6")
    do(game, "Ann", "end_build", company="PRR")
    assert game.acting == ("Bob",)


def test_chicago_express_4_2_trains_run_out() -> None:
    """Chicago Express §4.2: locomotives come from the charter; with one left, one is placed
    and the build can only end."""
    game = _building()
    s = state(game)
    s.companies["PRR"].locos_left = 1
    do(game, "Ann", "place_train", company="PRR", hex="R6")
    assert [a.kind for a in game.legal_actions()] == ["end_build"]
    _refused(
        game, "build.trains", "no locomotives left", "Ann", "place_train", company="PRR", hex="Q6"
    )


def test_chicago_express_8_11_fort_wayne_open_by_default_closed_by_option() -> None:
    for open_, ok in ((True, True), (False, False)):
        game = _building(fort_wayne_open=open_)
        s = state(game)
        put(s, "PRR", "D2")
        assert ("D3" in build.placements(s, "PRR")) == ok  # the listing as the check
        if ok:
            do(game, "Ann", "place_train", company="PRR", hex="D3")
            assert s.companies["PRR"].income == 7 + 1
        else:
            _refused(
                game,
                "build.fort_wayne",
                "reserved for the Wabash",
                "Ann",
                "place_train",
                company="PRR",
                hex="D3",
            )


@pytest.mark.parametrize(
    "options",
    [{}, {"fort_wayne_open": False, "shared_hex_cost": "present", "auctioneer_may_pass": False}],
)
def test_chicago_express_4_2_listed_hexes_are_those_the_placement_rules_allow(
    options: dict[str, object],
) -> None:
    """Move listing reads the occupancy and cost rules from tables (a start hex of another
    company, Fort Wayne under §8 #11, a held forest or mountain, the §8 #5 cost of a shared
    hex, the treasury); it lists exactly the hexes :func:`build.placement_rule` allows, for
    every company at every position of random games."""
    picker = Rng(7)
    checked = 0
    for seed in range(6):
        game = new(2 + seed % 5, seed, **options)
        while not game.finished:
            s = state(game)
            for company in s.companies:
                allowed = [h for h in s.board.hexes if build.placement_rule(s, company, h) is None]
                assert build.placements(s, company) == allowed, (seed, len(game.log), company)
                assert build.can_place(s, company) == bool(allowed)
                checked += bool(allowed)
            moves = game.legal_actions()
            game.apply(moves[picker.below(len(moves))])
    assert checked > 1000
