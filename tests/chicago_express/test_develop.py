"""Development (Chicago Express §4.3).

Positions start from ``opened(2)`` (Ann to act, treasuries PRR $7, B&O $6, C&O $5, NYC $8);
``put`` places locomotives without a build.
"""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.game import Game
from tests.chicago_express.script import do, opened, put, state, to_step


def _develop(game: Game, hex_id: str) -> None:
    if state(game).phase == "gauge":
        to_step(game, "develop")
    do(game, game.acting[0], "develop", hex=hex_id)


def _refused(game: Game, hex_id: str, rule: str, message: str) -> None:
    if state(game).phase == "gauge":
        to_step(game, "develop")
    before = game.state_hash()
    with pytest.raises(IllegalAction, match=message) as e:
        do(game, game.acting[0], "develop", hex=hex_id)
    assert e.value.rule == rule
    assert game.state_hash() == before
    assert hex_id not in {getattr(a, "hex", None) for a in game.legal_actions()}


def test_chicago_express_4_3_city_development_raises_every_present_company() -> None:
    """Chicago Express §4.3: a house on a developed city raises each company there by the
    development value (Q3: 1); it takes one house from the supply of 20."""
    game = opened(2)
    s = state(game)
    put(s, "PRR", "R4", "R3", "Q3")
    put(s, "NYC", "Q3")
    _develop(game, "Q3")
    assert (s.companies["PRR"].income, s.companies["NYC"].income) == (7 + 1 + 1, 8 + 1 + 1)
    assert s.houses == 19 and "Q3" in s.developed
    assert s.invariant_violations() == []


def test_chicago_express_4_3_mountain_development_adds_two() -> None:
    game = opened(2)
    s = state(game)
    put(s, "C&O", "L5")
    _develop(game, "L5")
    assert s.companies["C&O"].income == 5 + 1 + 2


def test_chicago_express_4_3_forest_pays_two_dollars_from_the_bank() -> None:
    """Chicago Express §4.3: developing a forest pays $2 from the bank into the treasury of the
    company there; its income does not change."""
    game = opened(2)
    s = state(game)
    put(s, "PRR", "R4", "R3")
    _develop(game, "R3")
    assert (s.companies["PRR"].treasury, s.companies["PRR"].income) == (7 + 2, 7)
    assert s.conserved_money() == 120 and s.houses == 19


def test_chicago_express_4_3_pittsburgh_steps_two_up_to_eight_without_a_house() -> None:
    """Chicago Express §4.3 / §8 #8-9: Pittsburgh's track moves 4 → 6 → 8 and stops there; each
    company in Pittsburgh gains the increase; no supply house is used by default."""
    game = opened(2)
    s = state(game)
    put(s, "C&O", "K4")
    assert s.companies["C&O"].income == 5 + 4
    _develop(game, "K4")
    _develop(game, "K4")
    assert s.track["K4"] == 8 and s.companies["C&O"].income == 5 + 8
    assert s.houses == 20
    _refused(game, "K4", "develop.track_full", r"top of its track \(\$8\)")


def test_chicago_express_4_3_wheeling_steps_one_up_to_six() -> None:
    game = opened(2)
    s = state(game)
    put(s, "B&O", "I6")
    for _ in range(3):
        _develop(game, "I6")
    assert s.track["I6"] == 6 and s.companies["B&O"].income == 6 + 6
    _refused(game, "I6", "develop.track_full", "Wheeling is already at the top")


def test_chicago_express_8_9_option_industrial_development_uses_a_house() -> None:
    game = opened(2, industrial_uses_house=True)
    s = state(game)
    put(s, "B&O", "I6")
    _develop(game, "I6")
    assert s.houses == 19


def test_chicago_express_4_3_detroit_cannot_be_developed_by_players() -> None:
    game = opened(2)
    put(state(game), "NYC", "E0")
    _refused(game, "E0", "develop.detroit", r"Detroit develops by itself.*§4\.3")


def test_chicago_express_4_3_plains_chicago_and_developed_hexes_are_refused() -> None:
    game = opened(2)
    s = state(game)
    put(s, "PRR", "R4", "R3", "Q3", "A2")
    _refused(game, "R4", "develop.target", "R4 is a plain hex")
    _refused(game, "A2", "develop.target", "A2 is Chicago")
    _develop(game, "Q3")
    _refused(game, "Q3", "develop.already", "already developed")


def test_chicago_express_8_6_presence_required_by_default() -> None:
    """Chicago Express §8 #6: a hex without a locomotive cannot be developed (default); at the
    start no start hex is developable, so only the null action is offered."""
    game = opened(2)
    to_step(game, "develop")
    assert [a.kind for a in game.legal_actions()] == ["null_action"]
    do(game, "Ann", "null_action")
    _refused(game, "Q3", "develop.presence", "no locomotive in it")


def test_chicago_express_8_6_option_develop_empty_hex_later_entrant_gains_both() -> None:
    """With ``develop_requires_presence`` off an empty city can be developed; a company that
    enters later gains train + development value (Chicago Express §4.3)."""
    game = opened(2, develop_requires_presence=False)
    s = state(game)
    _develop(game, "Q3")
    assert s.houses == 19
    put(s, "PRR", "R4", "R3", "Q3")
    assert s.companies["PRR"].income == 7 + 2


def test_chicago_express_4_3_no_house_left_no_development() -> None:
    game = opened(2)
    s = state(game)
    put(s, "PRR", "R4", "R3")
    s.houses = 0
    _refused(game, "R3", "develop.supply", "no houses are left")
