"""18West's tiles and upgrade rules, read once from ``tiles.toml``.

The rulebook lists no tile counts, so the supply is 18xx.games's (``tiles.toml`` header), with
#8 and #9 unlimited (§7.1.2: "this is not a hard limit").  The upgrade table is §7.1.2's for
plain and Town hexes; the city rows of §14.5 are cut from the text copy, so cities follow the
common rule (same label, same stops, next colour), except the two-city cities that merge into
one brown city.  No source gives the green and brown "D" tiles or the green "LA" tile:
:func:`missing_tiles` lists them, so Denver, Dallas-Fort Worth, Houston and Los Angeles cannot
be upgraded from their printed yellow until they are found.

>>> ts = tile_set()
>>> ts.counts["9"], ts.counts["252"], ts["254"].label
(None, 2, 'StL')
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path

from roundhouse.core.datafile import TOML_KEY, Table, limit, load
from roundhouse.core.tables.tiles import Count, TilesFile, UpgradesTable, select, standard_tiles
from roundhouse.core.tiles import Colour, TileSet
from roundhouse.core.track import LayReach
from roundhouse.core.upgrade import UpgradeRules

HERE = Path(__file__).parent

LAY_REACH = LayReach.EXTENDS_ROUTE
"""§7.1.2: "either some part of the new track created must form part of a route of the
Company, or the value of a City on a route of the Company must be increased"."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class WestManifest(Table):
    """``[manifest]``: counts of the standard numbered tiles."""

    eighteen_xx_games: Mapping[str, Count] = dataclasses.field(metadata={TOML_KEY: "18xx_games"})
    """18xx.games's counts (the rulebook gives none)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class UnlimitedTiles(Table):
    """``[unlimited]``: §7.1.2, #8 and #9 are "not a hard limit"."""

    tiles: tuple[str, ...]
    """The tiles that never run out."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class CityRow(Table):
    """A §14.5 "The Cities" row the rulebook text keeps; the key is the hex."""

    name: str
    """The city."""
    yellow: str
    """Its yellow tile ("printed": the map's)."""
    green: tuple[str, ...] = ()
    """Its green tiles."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class WestUpgrades(UpgradesTable):
    """The §7.1.2 upgrade table and the §14.5 city rows."""

    cities: Mapping[str, CityRow] = dataclasses.field(default_factory=dict)
    """The §14.5 rows the text keeps (not fed into the table)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class MissingTileRow(Table):
    """A tile the map needs whose face no source gives."""

    label: str
    """Its label."""
    color: Colour
    """Its colour."""
    hexes: tuple[str, ...]
    """The hexes that need it."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class MissingTable(Table):
    """``[missing]``: what no source gives."""

    tiles: tuple[MissingTileRow, ...]
    """The missing tiles."""
    city_rows_cut_after: str
    """The last §14.5 row the text copy keeps."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class WestTiles(TilesFile):
    """18West tiles.toml: the title tiles (with 18xx.games's counts), the numbered tiles'
    counts, the upgrade table and what is missing."""

    manifest: WestManifest
    """Counts of the numbered tiles."""
    unlimited: UnlimitedTiles
    """Tiles that never run out."""
    upgrades: WestUpgrades = dataclasses.field()
    missing: MissingTable
    """What no source gives."""


@functools.cache
def data() -> WestTiles:
    """tiles.toml, read and checked once."""
    return load(HERE / "tiles.toml", WestTiles)


def manifest() -> dict[str, int | None]:
    """Every tile in play with the count 18xx.games gives it."""
    doc = data()
    counts = {t: row.count for t, row in doc.tiles.items()}
    return {t: limit(n) for t, n in {**doc.manifest.eighteen_xx_games, **counts}.items()}


def unlimited() -> frozenset[str]:
    return frozenset(data().unlimited.tiles)


@functools.cache
def tile_set() -> TileSet:
    """Every tile in play with its supply (None: unlimited)."""
    doc = data()
    own = doc.tile_set()
    free = unlimited()
    counts: dict[str, int | None] = {t: None if t in free else n for t, n in manifest().items()}
    numbered = select(
        standard_tiles(),
        {t: c for t, c in counts.items() if t not in own},
        doc.manifest,
        "18xx_games",
    )
    return numbered.merged(TileSet(own.tiles, {t: counts[t] for t in own.tiles}))


@functools.cache
def upgrade_rules() -> UpgradeRules:
    """§7.1.2: plain and Town hexes take only the listed tiles; only cities go past green."""
    return data().upgrades.rules()


@dataclasses.dataclass(frozen=True)
class MissingTile:
    """A tile the map needs whose face (track, value, slots, count) no source gives."""

    label: str
    colour: Colour
    hexes: tuple[str, ...]


def missing_tiles() -> tuple[MissingTile, ...]:
    """The green "LA" and green and brown "D" tiles (§8.5 upgrades Los Angeles and
    Dallas-Fort Worth to green; gray #259 needs a brown D before it)."""
    return tuple(MissingTile(row.label, row.color, row.hexes) for row in data().missing.tiles)


def city_rows_cut_after() -> str:
    """The last §14.5 row the text copy keeps: every later row's tiles are unknown."""
    return data().missing.city_rows_cut_after


def city_rows() -> dict[str, CityRow]:
    """The §14.5 "The Cities" rows the rulebook text keeps (hex -> name and tiles)."""
    return dict(data().upgrades.cities)
