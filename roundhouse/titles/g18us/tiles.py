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

import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from roundhouse.core.datafile import Amount, Invalid, Table, limit, load
from roundhouse.core.tables.tiles import TilesFile, UpgradesTable, select, standard_tiles
from roundhouse.core.tiles import Colour, TileSet
from roundhouse.core.track import LayReach
from roundhouse.core.upgrade import UpgradeRules

HERE = Path(__file__).parent

LAY_REACH = LayReach.EXTENDS_ROUTE
"""§6.2.1: "the new track created must extend a route of any length for the operating company.
In the case of City tiles, the upgrade must extend or increase the dividend of a route"."""

PLAIN_YELLOW = ("7", "8", "9")
JUNCTION_TOWNS = ("141", "142", "143", "144")


@dataclasses.dataclass(frozen=True, kw_only=True)
class ManifestRow(Table):
    """A §12 "Tile Manifest" row as the rulebook text prints it."""

    hex: str
    """The hex or tile it is about."""
    count: str
    """The count column ("map": printed on the map)."""
    upgrades: tuple[str, ...]
    """Its legal upgrades."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class CityRow(Table):
    """A §10.3 "The Cities" row; the key is the hex."""

    name: str
    """The city."""
    tiles: tuple[str, str, str, str]
    """Its yellow, green, brown and gray tiles ("printed": the map's; "-": none)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class MissingFact(Table):
    """What the text says of a title tile whose face is not transcribed."""

    color: Colour
    """Its colour."""
    hex: str
    """The hex it is laid on."""
    cities: Amount | None = None
    """Its number of cities, where the text gives it."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class MissingTable(Table):
    """``[missing]``: title tiles the upgrade table names without faces."""

    tiles: tuple[str, ...]
    """The tiles."""
    facts: Mapping[str, MissingFact]
    """What the text says of each."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if set(self.facts) != set(self.tiles):
            raise Invalid("every missing tile needs its facts, and only they", "facts")


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsTiles(TilesFile):
    """18US tiles.toml: the tiles the rulebook names, their counts as far as the text goes,
    its manifest and city rows, and the upgrade table; every tile of ``[tiles]`` needs a
    count."""

    manifest_rows: tuple[ManifestRow, ...]
    """§12 as printed."""
    cities: Mapping[str, CityRow]
    """§10.3 rows kept in the text."""
    counts: Mapping[str, Amount | Literal["unlimited", "unknown"]]
    """Every tile in play: its count, "unlimited", or "unknown" (cut from the text)."""
    missing: MissingTable
    """Title tiles without faces."""
    upgrades: UpgradesTable = dataclasses.field()

    def __post_init__(self) -> None:
        super().__post_init__()
        for tile in self.tiles:
            if tile not in self.counts:
                raise Invalid(f"tile {tile!r} has no entry in [counts]", "tiles", tile)


@functools.cache
def data() -> UsTiles:
    """tiles.toml, read and checked once."""
    return load(HERE / "tiles.toml", UsTiles)


def unknown_counts() -> frozenset[str]:
    """Tiles in play whose count the rulebook text does not give."""
    return frozenset(t for t, n in data().counts.items() if n == "unknown")


def missing_tiles() -> tuple[str, ...]:
    """Title tiles the upgrade table names whose track and values are not transcribed."""
    return data().missing.tiles


def missing_facts() -> dict[str, MissingFact]:
    """What the text says of each missing tile: colour, hex and (green ones) two cities."""
    return dict(data().missing.facts)


@functools.cache
def tile_set() -> TileSet:
    """The tiles in play; None (unlimited) for #7-#9 and for unknown counts.  The Junction
    Towns (#3, #141-#147) are this title's own copies of the standard faces with token slots
    (§6.2.2); the rest are the standard tiles."""
    doc = data()
    counts = {t: limit(n) if n != "unknown" else None for t, n in doc.counts.items()}
    own = doc.tile_set()
    standard = select(
        standard_tiles(), {t: n for t, n in counts.items() if t not in own.tiles}, doc, "counts"
    )
    return standard.merged(TileSet(own.tiles, {t: counts[t] for t in own.tiles}))


def manifest_rows() -> tuple[ManifestRow, ...]:
    """§12 "Tile Manifest" rows as the rulebook text prints them."""
    return data().manifest_rows


def city_rows() -> dict[str, CityRow]:
    """§10.3 "The Cities" rows kept in the text (hex -> name, yellow/green/brown/gray tile)."""
    return dict(data().cities)


@functools.cache
def upgrade_rules() -> UpgradeRules:
    """§6.2.1 and §12: the listed hexes and tiles take only the listed tiles; §6.2.2 plain
    yellow track becomes a Junction Town (its stops change), which founds the laying
    company's station there."""
    pairs = frozenset((a, b) for a in PLAIN_YELLOW for b in JUNCTION_TOWNS)
    return dataclasses.replace(data().upgrades.rules(), free_stops=pairs, founds_station=pairs)
