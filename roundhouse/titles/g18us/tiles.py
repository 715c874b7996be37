"""18US's tiles and upgrade table, read once from ``tiles.toml``.

18US is not on 18xx.games: the rulebook is the only source, and its text copy is cut short in
§10.3 and §12.  So this module offers what the text gives and says what it lacks:
:func:`tile_set` holds the standard tiles the rulebook names, unlimited where it says so (#7,
#8, #9, §6.2.1) and *also* unlimited where the count is unknown (:func:`unknown_counts`);
the title tiles 242, 243, 245 and 247 are named by the upgrade table but have no faces
(:func:`missing_tiles`).  New track must extend a route (§6.2.1): :data:`LAY_REACH`.

To play, the gaps are filled by a *reconstruction* kept apart in ``[reconstructed]``
(docs/18US-board.md): faces for 242-245 and 247, every count, and the green, brown and gray
upgrades of the City hexes.  :func:`play_tile_set` and :func:`play_upgrade_rules` are the
rulebook's tiles and rules with the reconstruction added; they never change what the
rulebook gives.

>>> sorted(unknown_counts())[:3], tile_set().counts["3"], missing_tiles()
(['141', '142', '143'], 0, ('242', '243', '245', '247'))
>>> play_tile_set()["242"].label, sorted(play_upgrade_rules().table["57"])
('NY-F', ['14', '15', '619'])
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from roundhouse.core.datafile import Amount, Invalid, Table, Unlimited, limit, load
from roundhouse.core.tables.tiles import (
    TileRow,
    TilesFile,
    UpgradesTable,
    select,
    standard_tiles,
)
from roundhouse.core.tiles import Colour, TileSet, parse_tile
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
class Reconstruction(Table):
    """``[reconstructed]``: what the text lacks, filled in for play (docs/18US-board.md); it
    adds to the rulebook's tables and never overrides them."""

    counts: Mapping[str, Amount | Unlimited]
    """Every tile in play: its count ("unlimited" for #7-#9, 0 for the printed-only #3)."""
    tiles: Mapping[str, TileRow]
    """Faces the text and the standard catalogue lack (counts go in ``counts``)."""
    upgrades: UpgradesTable
    """Upgrade table entries and stop-changing pairs the text lacks."""


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
    reconstructed: Reconstruction
    """The reconstruction that makes the tiles playable."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for tile in self.tiles:
            if tile not in self.counts:
                raise Invalid(f"tile {tile!r} has no entry in [counts]", "tiles", tile)
        extra = self.reconstructed
        for tile in (*self.counts, *extra.tiles):
            if tile not in extra.counts:
                raise Invalid(f"tile {tile!r} has no count", "reconstructed", "counts")
        for tile in self.missing.tiles:
            if tile not in extra.tiles:
                raise Invalid(f"no face for {tile!r}", "reconstructed", "tiles")
        assert self.upgrades is not None
        for old in extra.upgrades.table:
            if old in self.upgrades.table:
                raise Invalid(
                    f"{old!r} is in the rulebook's table", "reconstructed", "upgrades", old
                )


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


@functools.cache
def play_tile_set() -> TileSet:
    """The tiles a game is played with: the rulebook's (:func:`tile_set`) and the
    reconstructed faces, every one with its reconstructed count."""
    doc = data()
    extra = doc.reconstructed
    faces = {}
    for tile_id, row in extra.tiles.items():
        with row.located("code"):
            faces[tile_id] = parse_tile(tile_id, row.color, row.code)
    ts = tile_set().merged(TileSet(faces, {t: None for t in faces}))
    counts = {t: limit(n) for t, n in extra.counts.items()}
    standard = select(
        standard_tiles(),
        {t: n for t, n in counts.items() if t not in ts.tiles},
        extra,
        "counts",
    )
    merged = ts.merged(standard)
    return TileSet(merged.tiles, {t: counts[t] for t in merged.tiles})


@functools.cache
def play_upgrade_rules() -> UpgradeRules:
    """:func:`upgrade_rules` with the reconstructed upgrades added (§6.2.1: "Certain hexes ...
    may only have specific ... tiles"; the City rows of §10.3 that say which are cut)."""
    base = upgrade_rules()
    extra = data().reconstructed.upgrades.rules()
    return dataclasses.replace(
        base,
        table={**base.table, **extra.table},
        free_stops=base.free_stops | extra.free_stops,
        free_label=base.free_label | extra.free_label,
    )
