"""The 18USA translator's pieces (issue #17): registration, options, names, end reasons and a
clear refusal of what it cannot read.  Whole games: ``test_fixtures.py``."""

from __future__ import annotations

import pytest

from roundhouse.core.game import Game
from roundhouse.core.title import REGISTRY
from roundhouse.interop.translate import TRANSLATORS, SiteAction, UnknownActionType
from roundhouse.titles.g18usa.interop.names import SiteTile, site_tile
from roundhouse.titles.g18usa.interop.translator import TRANSLATOR


def test_interop_18usa_translator_is_registered_with_the_sites_options() -> None:
    assert TRANSLATORS.get("18USA") is TRANSLATOR
    assert TRANSLATOR.options([]) == {"compat_18xx_games": True, "seventeen_trains": False}
    assert TRANSLATOR.options(["seventeen_trains"])["seventeen_trains"] is True
    assert TRANSLATOR.optional_rules({"seventeen_trains": True}) == ["seventeen_trains"]
    assert TRANSLATOR.optional_rules({"compat_18xx_games": True}) == []


def test_interop_18usa_end_reasons_in_the_sites_words() -> None:
    """§16's first 8-train is the site's ``final_phase``; the others keep their names."""
    assert TRANSLATOR.end_reason("final_train") == "final_phase"
    assert TRANSLATOR.end_reason("bankrupt") == "bankrupt"
    assert TRANSLATOR.end_reason(None) is None


@pytest.mark.parametrize(
    ("text", "tile"),
    [
        ("57-3", SiteTile("57", "", "3")),
        ("7ore10-0", SiteTile("7", "ore", "0")),
        ("9ore20-1", SiteTile("9", "ore20", "1")),
        ("82coal-0", SiteTile("82", "coal", "0")),
        ("83oil-0", SiteTile("83", "oil", "0")),
        ("X04s-0", SiteTile("X04", "", "0")),
        ("X17", SiteTile("X17", "", "")),
    ],
)
def test_interop_18usa_site_tiles_are_our_tile_and_its_resource(text: str, tile: SiteTile) -> None:
    """The site bakes a resource token into the tile name; §13 puts it on our tile."""
    assert site_tile(text) == tile


def test_interop_18usa_unknown_action_types_are_refused_by_name_and_place() -> None:
    game = Game(REGISTRY.get("18USA"), ["1", "2", "3"], seed=1, options={"compat_18xx_games": True})
    action = SiteAction({"type": "buy_company", "entity": 1, "entity_type": "player"}, 4, 5)
    with pytest.raises(UnknownActionType, match=r"'buy_company' at action index 4 \(id 5\)"):
        list(TRANSLATOR.read(action, game))
