"""18West's tiles and upgrade rules, read once from ``tiles.toml``.

The rulebook lists no tile counts, so the supply is 18xx.games's (``tiles.toml`` header), with
#8 and #9 unlimited (§7.1.2: "this is not a hard limit").  The upgrade table is §7.1.2's for
plain and Town hexes; the city rows of §14.5 are cut from the text copy, so cities follow the
common rule (same label, same stops, next colour), except the two-city cities that merge into
one city.  No source gives the green and brown "D" tiles or the green "LA" tile: they are
reconstructed (``[reconstructed]``, :func:`reconstructed_tiles`; docs/18West-data.md R19-R21)
so that Denver, Dallas-Fort Worth, Houston and Los Angeles upgrade.

>>> ts = tile_set()
>>> ts.counts["9"], ts.counts["252"], ts["254"].label, sorted(reconstructed_tiles())
(None, 2, 'StL', ['D-b', 'D-g', 'LA-g'])
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path

from roundhouse.core.datafile import TOML_KEY, Table, limit, load
from roundhouse.core.tables.tiles import Count, TilesFile, UpgradesTable, select, standard_tiles
from roundhouse.core.tiles import TileSet
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
class MissingTable(Table):
    """``[missing]``: what no source gives."""

    city_rows_cut_after: str
    """The last §14.5 row the text copy keeps."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class Reconstruction(TilesFile):
    """``[reconstructed]``: tiles no source gives, with the upgrade pairs they need
    (``tiles.toml`` explains each face)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class WestTiles(TilesFile):
    """18West tiles.toml: the title tiles (with 18xx.games's counts), the numbered tiles'
    counts, the upgrade table, what is missing and what is reconstructed."""

    manifest: WestManifest
    """Counts of the numbered tiles."""
    unlimited: UnlimitedTiles
    """Tiles that never run out."""
    upgrades: WestUpgrades = dataclasses.field()
    missing: MissingTable
    """What no source gives."""
    reconstructed: Reconstruction
    """The faces reconstructed for play."""


@functools.cache
def data() -> WestTiles:
    """tiles.toml, read and checked once."""
    return load(HERE / "tiles.toml", WestTiles)


def manifest() -> dict[str, int | None]:
    """Every tile in play with its count (18xx.games's; the reconstructed tiles' own)."""
    doc = data()
    counts = {t: row.count for t, row in {**doc.tiles, **doc.reconstructed.tiles}.items()}
    return {t: limit(n) for t, n in {**doc.manifest.eighteen_xx_games, **counts}.items()}


def reconstructed_tiles() -> frozenset[str]:
    """The tiles no source gives (green and brown D, green LA)."""
    return frozenset(data().reconstructed.tiles)


def unlimited() -> frozenset[str]:
    return frozenset(data().unlimited.tiles)


@functools.cache
def tile_set() -> TileSet:
    """Every tile in play with its supply (None: unlimited)."""
    doc = data()
    own = doc.tile_set().merged(doc.reconstructed.tile_set())
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
    """§7.1.2: plain and Town hexes take only the listed tiles; only cities go past green;
    the two-city cities join into one (given and reconstructed pairs)."""
    doc = data()
    rules = doc.upgrades.rules()
    extra = doc.reconstructed.upgrades
    if extra is None:
        return rules
    return dataclasses.replace(rules, free_stops=rules.free_stops | frozenset(extra.free_stops))


def city_rows_cut_after() -> str:
    """The last §14.5 row the text copy keeps: every later row's tiles are unknown."""
    return data().missing.city_rows_cut_after


def city_rows() -> dict[str, CityRow]:
    """The §14.5 "The Cities" rows the rulebook text keeps (hex -> name and tiles)."""
    return dict(data().upgrades.cities)
