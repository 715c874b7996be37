"""18US's tiles and upgrade table, read once from ``tiles.toml``.

18US is not on 18xx.games: the rulebook is the only source, and its text copy is cut short in
§10.3 and §12.  So this module offers what the text gives and says what it lacks:
:func:`tile_set` holds the standard tiles the rulebook names, unlimited where it says so (#7,
#8, #9, §6.2.1) and *also* unlimited where the count is unknown (:func:`unknown_counts`);
the title tiles 242, 243, 245 and 247 are named by the upgrade table but have no faces
(:func:`missing_tiles`).  New track must extend a route (§6.2.1): :data:`LAY_REACH`.

>>> sorted(unknown_counts())[:3], tile_set().counts["3"], missing_tiles()
(['141', '142', '143'], 0, ('242', '243', '245', '247'))
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path
from typing import cast

from roundhouse.core.tiles import TileSet, load_tiles, standard_tiles
from roundhouse.core.track import LayReach
from roundhouse.core.upgrade import UpgradeRules

HERE = Path(__file__).parent

LAY_REACH = LayReach.EXTENDS_ROUTE
"""§6.2.1: "the new track created must extend a route of any length for the operating company.
In the case of City tiles, the upgrade must extend or increase the dividend of a route"."""

PLAIN_YELLOW = ("7", "8", "9")
JUNCTION_TOWNS = ("141", "142", "143", "144")


@functools.cache
def data() -> dict[str, object]:
    """The parsed ``tiles.toml``, shared: callers must not change it."""
    with (HERE / "tiles.toml").open("rb") as fh:
        return tomllib.load(fh)


def _counts() -> dict[str, object]:
    return cast(dict[str, object], data()["counts"])


def unknown_counts() -> frozenset[str]:
    """Tiles in play whose count the rulebook text does not give."""
    return frozenset(t for t, n in _counts().items() if n == "unknown")


def missing_tiles() -> tuple[str, ...]:
    """Title tiles the upgrade table names whose track and values are not transcribed."""
    return tuple(cast(list[str], cast(dict[str, object], data()["missing"])["tiles"]))


def missing_facts() -> dict[str, dict[str, object]]:
    """What the text says of each missing tile: colour, hex and (green ones) two cities."""
    return cast(dict[str, dict[str, object]], cast(dict[str, object], data()["missing"])["facts"])


@functools.cache
def tile_set() -> TileSet:
    """The tiles in play; None (unlimited) for #7-#9 and for unknown counts.  The Junction
    Towns (#3, #141-#147) are this title's own copies of the standard faces with token slots
    (§6.2.2); the rest are the standard tiles."""
    counts = {t: n if isinstance(n, int) else None for t, n in _counts().items()}
    own = load_tiles({"tiles": data()["tiles"]}, source=str(HERE / "tiles.toml"))
    standard = standard_tiles().select({t: n for t, n in counts.items() if t not in own.tiles})
    return standard.merged(TileSet(own.tiles, {t: counts[t] for t in own.tiles}))


def manifest_rows() -> list[dict[str, object]]:
    """§12 "Tile Manifest" rows as the rulebook text prints them."""
    return cast(list[dict[str, object]], data()["manifest_rows"])


def city_rows() -> dict[str, dict[str, object]]:
    """§10.3 "The Cities" rows kept in the text (hex -> name, yellow/green/brown/gray tile)."""
    return cast(dict[str, dict[str, object]], data()["cities"])


@functools.cache
def upgrade_rules() -> UpgradeRules:
    """§6.2.1 and §12: the listed hexes and tiles take only the listed tiles; §6.2.2 plain
    yellow track becomes a Junction Town (its stops change), which founds the laying
    company's station there."""
    table = cast(dict[str, list[str]], cast(dict[str, object], data()["upgrades"])["table"])
    return UpgradeRules(
        table={old: frozenset(new) for old, new in table.items()},
        free_stops=frozenset((a, b) for a in PLAIN_YELLOW for b in JUNCTION_TOWNS),
        founds_station=frozenset((a, b) for a in PLAIN_YELLOW for b in JUNCTION_TOWNS),
    )
