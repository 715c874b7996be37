"""Issue 7 "Export": what we write is what 18xx.games itself would have recorded - no passes
the site makes by itself, steel choices in the site's ``"<column>-<price>"`` form - checked
against the site's own fixture documents."""

from __future__ import annotations

import pytest

from roundhouse.core.actions import Json
from roundhouse.core.game import Game
from roundhouse.interop import export_18xx_games, import_18xx_games, read_document
from roundhouse.interop.g18royalgorge import our_steel_choice, site_steel_choice
from roundhouse.interop.undo import resolve
from roundhouse.titles.g18royalgorge import TITLE
from tests.interop.documents import FIXTURE_NAMES, fixture_path

RG_NAMES = tuple(n for n in FIXTURE_NAMES if n.startswith("18RoyalGorge/"))


def key(action: dict[str, Json]) -> str:
    return f"{action['type']} {action.get('entity')} {action.get('choice', '')}".strip()


@pytest.mark.slow
@pytest.mark.parametrize("name", RG_NAMES)
def test_interop_export_player_moves_are_the_sites_own(name: str) -> None:
    """Every player's move we write is one the site recorded, in the same order, and none is
    missing: the stock-round passes the site makes itself (a player who can neither buy nor
    sell) are left out, its programmed passes kept; steel and gold choices read as written."""
    doc = read_document(fixture_path(name))
    recorded: list[str] = []
    for entry in resolve(doc.actions).effective:
        autos = entry.action.get("auto_actions") or []
        assert isinstance(autos, list)
        for site in [dict(entry.action), *autos]:
            if not isinstance(site, dict) or site.get("entity_type") != "player":
                continue
            if str(site["type"]).startswith("program_") or site["type"] in ("message", "log"):
                continue
            recorded.append(key(site))
    written = export_18xx_games(import_18xx_games(doc))["actions"]
    assert isinstance(written, list)
    ours = [key(a) for a in written if isinstance(a, dict) and a.get("entity_type") == "player"]
    assert ours == recorded


def test_interop_export_steel_choice_names_the_cube_as_the_site_does() -> None:
    """18RoyalGorge "Buying Steel from CF&I": our bare column takes its cheapest cube; the
    site names the cube, ``"A-0"`` (its track step takes exactly the cube named).  Reading
    back, the cheapest cube is our bare column again; another cube stays as the site wrote
    it."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=1, options={"compat_18xx_games": True})
    g = game.state
    assert site_steel_choice(g, "A") == "A-0"  # type: ignore[arg-type]
    assert site_steel_choice(g, "E") == "E-20"  # type: ignore[arg-type]
    assert site_steel_choice(g, "B6") == "B6"  # type: ignore[arg-type]
    assert our_steel_choice(g, "A-0") == "A"  # type: ignore[arg-type]
    assert our_steel_choice(g, "A-20") == "A-20"  # type: ignore[arg-type]
