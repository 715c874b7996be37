"""18RoyalGorge railroads and private assets against the rulebook's components and the private
asset reference tables."""

from __future__ import annotations

import re

import pytest

from roundhouse.core.ability import Closes, Income, Who
from roundhouse.titles.g18royalgorge.company import metal_companies, privates, railroads
from roundhouse.titles.g18royalgorge.data import Source, board
from tests.g18royalgorge.shared import rulebook

TOKEN_NAMES = {
    "Rio Grande": "RG",
    "Santa Fe": "SF",
    "Florence & Cripple Creek": "FCC",
    "Pueblo & Arkansas Valley": "PAV",
    "Denver South Park": "SPP",
    "Colorado Midland": "CM",
    "Kansas Pacific": "KP",
    "Colorado & Southern": "CS",
    "Denver & New Orleans": "NO",
    "Colorado Springs & Cripple Creek": "CSCC",
    "Silverton Railroad": "S",
}
"""How "Components" names each railroad's tokens."""

MARKERS = 2
"""Each railroad's share-price marker and charter marker are tokens too."""


def test_18royalgorge_components_railroad_tokens() -> None:
    """ "7 Rio Grande Tokens", "6 Santa Fe Tokens", ...: every railroad's box count, which is its
    charter stations plus the two markers (plus Rio Grande's two gorge tokens)."""
    text = rulebook()
    counted = {
        TOKEN_NAMES[name]: int(n)
        for n, name in re.findall(r"^- (\d+) (.+?) Tokens$", text, re.M)
        if name in TOKEN_NAMES
    }
    assert len(counted) == 11
    table = railroads()
    assert {r: table[r].wooden_tokens for r in table} == counted
    for rid, rr in table.items():
        assert len(rr.spec.tokens) + MARKERS + rr.gorge_tokens == rr.wooden_tokens, rid


def test_18royalgorge_2_build_station_costs_in_order() -> None:
    """Stations are used left to right, the home one free: $0, $40, $60, $80."""
    assert railroads()["KP"].spec.tokens == (0, 40, 60, 80)
    assert railroads()["RG"].spec.tokens == (0, 40, 60)
    assert railroads()["CS"].spec.tokens == (0, 40)
    assert railroads()["RG"].returned_token_prices == (80, 60, 40)


def test_18royalgorge_setting_up_railroads_by_year() -> None:
    """Eleven railroads with distinct years; every home hex is a city on the board when the
    railroad plays."""
    table = railroads()
    assert len(table) == 11 and len({r.year for r in table.values()}) == 11
    b = board(list(table))
    for rid, rr in table.items():
        home, city = rr.spec.home
        assert b.reserved_for(home, city) == rid


def test_18royalgorge_components_nine_shares_each() -> None:
    """ "9 Share Cards for each of the 11 Companies": a 20% president's share and eight 10%;
    CF&I and VGC ten 10% shares each."""
    for rr in railroads().values():
        assert (rr.spec.size, rr.spec.president_shares) == (10, 2)
    assert set(metal_companies()) == {"CF&I", "VGC"}


def test_18royalgorge_private_assets_six_per_colour() -> None:
    """18 base-game cards: Y1-Y6, G1-G6, B1-B6 (the expansion cards are not dealt)."""
    cards = privates()
    for colour, letter in (("yellow", "Y"), ("green", "G"), ("brown", "B")):
        assert sorted(c for c, card in cards.items() if card.colour == colour) == [
            f"{letter}{i}" for i in range(1, 7)
        ]


def _reference() -> dict[str, tuple[str, str]]:
    """Card id -> (income line, closes line) from the private reference tables."""
    text = rulebook()
    out: dict[str, tuple[str, str]] = {}
    for block in re.split(r"\n(?=[^\n]*\([YGB]\d\)\n)", text):
        head = re.match(r"[^\n]*\(([YGB]\d)\)\n", block)
        income = re.search(r"^- Income: (.*)$", block, re.M)
        closes = re.search(r"^- Closes: (.*)$", block, re.M)
        if head and income and closes:
            out[head.group(1)] = (income.group(1), closes.group(1))
    return out


def _income(card_id: str) -> tuple[int, str | None]:
    incomes = [a for a in privates()[card_id].spec.abilities if isinstance(a, Income)]
    if not incomes:
        return 0, None
    (income,) = incomes
    return income.amount, income.from_phase


@pytest.mark.parametrize("card_id", [f"{c}{i}" for c in "YGB" for i in range(1, 7)])
def test_18royalgorge_privates_reference_income(card_id: str) -> None:
    """Each card pays what its reference row says, from the phase it names."""
    line = _reference()[card_id][0]
    if line == "Provides no income":
        assert _income(card_id) == (0, None)
        return
    m = re.match(r"Provides \$(\d+) of income (?:beginning|starting) in (?:the )?(\w+) phase", line)
    assert m, line
    amount, phase = int(m.group(1)), m.group(2).capitalize()
    assert _income(card_id) == (amount, None if phase == "Yellow" else phase)


@pytest.mark.parametrize("card_id", [f"{c}{i}" for c in "YGB" for i in range(1, 7)])
def test_18royalgorge_privates_reference_closing(card_id: str) -> None:
    """Each card closes as its reference row says: the first 5(+) train, never, after use, or
    (Doc Holliday) once Santa Fe has paid both debt tokens."""
    line = _reference()[card_id][1].lower()
    (closes,) = [a for a in privates()[card_id].spec.abilities if isinstance(a, Closes)]
    if "5" in line:
        assert closes.on_train == "5+"
    elif "debt" in line:
        assert closes.on_event == "debt_paid"
    elif "after used" in line:
        assert closes.after_use
    elif card_id == "B2":
        # "Closes: Never", but its power is to close it to make Sulphur Springs a city.
        assert closes.after_use
    else:
        assert line == "never" and closes.never


def test_18royalgorge_buy_private_assets_train_symbol() -> None:
    """Only cards with the train symbol go to railroads; Doc Holliday "can't be acquired by a
    company"."""
    may_buy = {c for c, card in privates().items() if card.spec.company_may_buy}
    assert "G1" not in may_buy
    assert may_buy == {"Y1", "Y2", "Y3", "Y5", "G2", "G3", "G6", "B1", "B2", "B3", "B5"}


def test_18royalgorge_certificate_limits_privates_count_except_gold_miner() -> None:
    """Personally owned private cards are certificates; the Gold Miner (B4) is not."""
    assert {c for c, card in privates().items() if not card.spec.counts_as_cert} == {"B4"}


def test_18royalgorge_privates_powers_parameters() -> None:
    """The numbers the rules will need: Coal Depot cubes per $10 (won for $95: 9 cubes), Gold
    Nugget $130, Gold Miner two ghost shares, Steel Depot 5 cubes / 2 per OR, William Palmer's
    free shares, railroad-only powers."""
    cards = privates()
    per_cube = cards["G6"].power.params["dollars_per_cube"]
    assert isinstance(per_cube, int) and 95 // per_cube == 9
    assert cards["G2"].power.params["ship_bonus"] == 130
    assert cards["B4"].power.params["shares"] == 2
    assert (cards["B3"].power.params["cubes"], cards["B3"].power.params["per_round"]) == (5, 2)
    assert cards["Y4"].power.params["shares"] == ("RG_1", "CF&I_1")
    assert cards["Y5"].power.who is Who.OWNING_COMPANY and cards["G5"].power.who is Who.OWNER


def test_18royalgorge_metals_investor_income_18xx_games() -> None:
    """G5 pays $5 from Green by the rulebook, from the start on 18xx.games."""
    site = [
        a for a in privates(Source.EIGHTEEN_XX_GAMES)["G5"].spec.abilities if isinstance(a, Income)
    ]
    assert [(a.amount, a.from_phase) for a in site] == [(5, None)]
