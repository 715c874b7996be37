"""18RoyalGorge set-up draw against the 18xx.games fixtures ("Setting Up the Game"; draw
procedure in docs/facts/18xx-games-format.md §7.4)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from roundhouse.titles.g18royalgorge.company import railroads
from roundhouse.titles.g18royalgorge.setup_draw import draw_setup, seed_of_document
from tests.g18royalgorge.shared import fixture_names, fixtures_dir

CARD_IDS = {f"{c}{i}" for c in "YGB" for i in range(1, 9)}


def _fixture(name: str) -> dict[str, Any]:
    path = fixtures_dir() / name
    if not path.exists():
        pytest.skip(
            f"missing feature here: drawing 18RoyalGorge's set-up as 18xx.games does, issue #14; "
            f"the recorded game {path} is not found (set ROUNDHOUSE_SHARED to the shared folder)"
        )
    with path.open(encoding="utf-8") as fh:
        doc: dict[str, Any] = json.load(fh)
    return doc


def _named(doc: dict[str, Any], keys: tuple[str, ...]) -> list[str]:
    """Entity ids named by the actions under these keys, in first-seen order."""
    seen: list[str] = []
    for action in doc["actions"]:
        for key in keys:
            value = action.get(key)
            if isinstance(value, str) and value not in seen:
                seen.append(value)
    return seen


FIXTURES = fixture_names() or ["(no fixtures found)"]


@pytest.mark.parametrize("name", FIXTURES)
def test_18royalgorge_setting_up_draw_matches_fixture(name: str) -> None:
    """The seeded draw deals exactly the privates the fixture auctions, in auction order, and
    every railroad the fixture uses is in play.  Dealt cards that no action names were removed
    in the auction (every player passed), which shows as a bid on the next card straight
    after passes."""
    doc = _fixture(name)
    setup = draw_setup(seed_of_document(doc))
    used = [c for c in _named(doc, ("company", "entity")) if c in CARD_IDS]
    assert set(used) <= set(setup.privates)
    bid_order = [a["company"] for a in doc["actions"] if a["type"] == "bid"]
    first_bids = list(dict.fromkeys(bid_order))
    assert first_bids == [c for c in setup.privates if c in first_bids]
    table = railroads()
    used_rr = [c for c in _named(doc, ("corporation", "entity")) if c in table]
    assert set(used_rr) <= set(setup.railroads)
    assert {"RG", "SF"} <= set(setup.railroads) and len(setup.railroads) == 5


EXPECTED = {
    # seed: (privates in auction order, railroads by year) - facts sheet §7.4, verified there
    1309045437: (("Y3", "Y2", "G6", "G1", "B2"), ("KP", "RG", "SF", "NO", "FCC")),
    1759541195: (("Y3", "Y2", "G6", "G3", "B6"), ("RG", "PAV", "SF", "CM", "S")),
    566196971: (("Y3", "Y2", "G2", "G1", "B1"), ("RG", "SF", "NO", "CM", "CSCC")),
    156205547: (("Y3", "Y5", "G6", "G1", "B5"), ("KP", "RG", "SPP", "SF", "FCC")),
}


@pytest.mark.parametrize("seed", sorted(EXPECTED))
def test_18royalgorge_setting_up_draw_known_seeds(seed: int) -> None:
    """The four fixture seeds give the sets recorded in the facts sheet; the five railroads are
    in tranches Yellow, Yellow, Green, Green, Brown by year."""
    setup = draw_setup(seed)
    assert (setup.privates, setup.railroads) == EXPECTED[seed]
    assert list(setup.tranches.values()) == ["Yellow", "Yellow", "Green", "Green", "Brown"]


def test_18royalgorge_setting_up_worked_example_draws() -> None:
    """Facts sheet worked example (seed 1309045437): the yellow draws sort Y2, Y3, Y5, Y4, Y6,
    Y1, so Y2 and Y3 are dealt and auctioned cheapest first: Y3 ($40), Y2 ($45)."""
    assert draw_setup(1309045437).privates[:2] == ("Y3", "Y2")


def test_18royalgorge_setting_up_seed_of_document() -> None:
    """settings.seed wins; otherwise the first digits of the game id; otherwise 0."""
    assert (
        seed_of_document({"id": "hs_gbhlnehv_1759541873", "settings": {"seed": 1759541195}})
        == 1759541195
    )
    assert (
        seed_of_document({"id": "hs_gbhlnehv_1759541873", "settings": {"seed": ""}}) == 1759541873
    )
    assert seed_of_document({"id": 186573}) == 186573
    assert seed_of_document({"id": "hotseat"}) == 0


def test_18royalgorge_setting_up_draw_is_deterministic_and_varied() -> None:
    """Same seed, same set-up; over many seeds every optional railroad and card turns up."""
    assert draw_setup(7) == draw_setup(7)
    seen_rr: set[str] = set()
    seen_cards: set[str] = set()
    for seed in range(200):
        s = draw_setup(seed)
        seen_rr.update(s.railroads)
        seen_cards.update(s.privates)
    assert seen_rr == set(railroads())
    assert len(seen_cards) == 18
