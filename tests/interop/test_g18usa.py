"""The 18USA translator's pieces (issue #17): registration, options, names, end reasons and a
clear refusal of what it cannot read.  Whole games: ``test_fixtures.py``."""

from __future__ import annotations

import pytest

from roundhouse.core.game import Game
from roundhouse.core.title import REGISTRY
from roundhouse.interop.translate import TRANSLATORS, SiteAction, UnknownActionType
from roundhouse.titles.g18usa.interop.names import SiteTile, engine, site_tile
from roundhouse.titles.g18usa.interop.translator import TRANSLATOR
from roundhouse.titles.g18usa.state import UsaGame


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


def test_interop_18usa_translator_takes_only_an_18usa_game() -> None:
    """The translator gets 18USA's state where the public game enters it (``names.engine``),
    once, typed; another title's game is refused there by name, not deep in a rule."""
    usa = Game(REGISTRY.get("18USA"), ["1", "2", "3"], seed=1)
    assert engine(usa) is usa.state
    gorge = Game(REGISTRY.get("18RoyalGorge"), ["1", "2", "3"], seed=1)
    with pytest.raises(TypeError, match="given a RoyalGorgeGame, not an 18USA game"):
        engine(gorge)


SITE_SETUPS = {
    # seed, players: privates, metropolises, subsidies, red areas' values (18xx.games's own
    # set-up of the two 18USA fixtures, read from its engine at action 0)
    (109372, 4): (
        "P1 P2 P3 P4 P5 P8 P11 P15 P16 P18 P21 P22 P24 P27 P30",
        ("H22", "D20", "I19"),
        "B8 S3 B14 S12 C3 S13 D6 S11 D14 S9 E3 S5 E7 S6 E23 S8 G7 S2 G11 S14 G27 S16 H8 S10 "
        "I13 S4 I25 S1",
        {"Montreal": (30, 50, 60, 80), "Port of New Orleans": (30, 40, 40, 50)},
    ),
    (906101963, 7): (
        "P1 P2 P3 P4 P6 P8 P10 P11 P13 P15 P18 P19 P22 P26 P27 P29",
        ("D20", "E11", "G3"),
        "B8 S13 B14 S6 C3 S2 D6 S14 D14 S4 E3 S8 E7 S1 E23 S3 G7 S7 G11 S10 G27 S16 H8 S5 "
        "I13 S11 I25 S15",
        {"Montreal": (40, 50, 40, 40), "Mexico": (30, 50, 60, 80)},
    ),
}


@pytest.mark.parametrize(("seed", "players"), list(SITE_SETUPS))
def test_interop_18usa_setup_draws_what_the_site_drew(seed: int, players: int) -> None:
    """§2.3-§2.6 drawn from the game's seed as 18xx.games draws it (``compat_18xx_games``:
    the site's pool of red-area tokens)."""
    privates, metros, subsidies, red = SITE_SETUPS[(seed, players)]
    seats = [str(n) for n in range(players)]
    game = Game(REGISTRY.get("18USA"), seats, seed=seed, options={"compat_18xx_games": True})
    g = game.state
    assert isinstance(g, UsaGame)
    assert sorted(g.privates, key=lambda p: int(p[1:])) == privates.split()
    assert g.metropolises == metros
    pairs = subsidies.split()
    assert {h: s.id for h, s in g.subsidies.items()} == dict(
        zip(pairs[::2], pairs[1::2], strict=True)
    )
    assert {name: g.red_values[name] for name in red} == red
