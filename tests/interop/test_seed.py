"""The seed of an 18xx.games game (facts sheet docs/facts/18xx-games-format.md §7.1)."""

from __future__ import annotations

import pytest

from roundhouse.core.rng import Rng
from roundhouse.interop.document import parse_document, read_document
from roundhouse.interop.seed import game_seed, seed_from_id
from tests.interop.documents import FIXTURE_NAMES, fixture_path, toy_doc


def _doc(game_id: object, seed: object) -> int:
    data = toy_doc()
    data["id"] = game_id
    if seed is None:
        del data["settings"]["seed"]
    else:
        data["settings"]["seed"] = seed
    return game_seed(parse_document(data))


def test_interop_7_1_settings_seed_wins_over_the_id() -> None:
    """The hotseat id's digits are not the seed when settings.seed is given."""
    assert _doc("hs_gbhlnehv_1759541873", 1759541195) == 1759541195
    assert _doc(186573, 0) == 0


def test_interop_7_1_missing_or_empty_seed_falls_back_to_the_ids_first_digits() -> None:
    assert _doc("hs_gbhlnehv_1759541873", None) == 1759541873
    assert _doc("hs_ab12cd_345", "") == 12
    assert _doc(186573, None) == 186573
    assert _doc("hotseat", None) == 0
    assert seed_from_id("007") == 7


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_interop_7_1_fixtures_use_their_settings_seed(name: str) -> None:
    doc = read_document(fixture_path(name))
    assert game_seed(doc) == doc.settings_seed


@pytest.mark.parametrize(
    ("name", "draws"),
    [
        (
            "18RoyalGorge/post_boston.json",
            (1462901576, 1180024289, 258119430, 1805799879, 267494388, 747591453),
        ),
        (
            "18RoyalGorge/18RoyalGorge_game_end_bankrupt.json",
            (1793237170, 186701827, 337580928, 506232249, 492180990, 953086303),
        ),
    ],
)
def test_interop_7_1_seed_gives_the_sites_first_draws(name: str, draws: tuple[int, ...]) -> None:
    """The facts sheet's test vectors: the first six draws from the derived seed."""
    rng = Rng(game_seed(read_document(fixture_path(name))))
    assert tuple(rng.next() for _ in range(6)) == draws
