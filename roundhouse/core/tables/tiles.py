"""tiles.toml: tile designs (``[tiles.ID]``), tile counts and the upgrade table.

Each tile is one line of tile code (grammar in :mod:`roundhouse.core.tiles`).  The standard
numbered tiles are in ``core/data/tiles.toml`` without counts; a title picks the ones it plays
with a counts table (tile id -> count) and adds its own designs.

>>> from roundhouse.core.datafile import read
>>> doc = read(TilesFile, {"tiles": {"X1": {"color": "yellow", "code": "track 0-3",
...     "count": "unlimited"}}}, source="example")
>>> ts = doc.tile_set()
>>> ts["X1"].exits(0), ts.counts["X1"]
(frozenset({0, 3}), None)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

from roundhouse.core.datafile import Amount, Invalid, Range, Table, Unlimited, limit, load, read
from roundhouse.core.tiles import Colour, TileError, TileSet, parse_tile
from roundhouse.core.upgrade import UpgradeRules

Count = Amount | Unlimited
"""A tile count: how many are in the box, or "unlimited"."""

Pair = tuple[str, str]
"""(old tile, new tile)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class TileRow(Table):
    """``[tiles.ID]``: one tile design; the table's key is the tile's id."""

    color: Colour
    """Its colour: yellow, green, brown, gray; white for a blank hex, red for off-boards."""
    code: str
    """Its stops, track and label in tile code ("city c revenue=30; track 0-c 3-c")."""
    count: Count = 1
    """How many are in the supply."""

    def __post_init__(self) -> None:
        super().__post_init__()
        try:
            parse_tile("", self.color, self.code)
        except TileError as exc:
            raise Invalid(exc.problem, "code") from None


@dataclasses.dataclass(frozen=True, kw_only=True)
class UpgradesTable(Table):
    """``[upgrades]``: where the title departs from the common upgrade rule (same label,
    same stops, next colour, old track kept; core
    :class:`~roundhouse.core.upgrade.UpgradeRules`)."""

    table: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    """Old tile id (or a pre-printed hex's tile id) -> the only tiles that may replace it; a
    tile named here goes nowhere else."""
    free_stops: tuple[Pair, ...] = ()
    """(old, new) pairs that may change the number or kind of stops."""
    free_colour: tuple[Pair, ...] = ()
    """(old, new) pairs exempt from the colour order."""
    free_label: tuple[Pair, ...] = ()
    """(old, new) pairs that may change the label."""
    special: tuple[str, ...] = ()
    """Tiles only a special ability lays."""
    max_colour_step: Annotated[int, Range(1)] = 1
    """How many colours one upgrade may advance."""
    founds_station: tuple[Pair, ...] = ()
    """(old, new) pairs whose lay puts the laying company's token on the new station."""

    def rules(self) -> UpgradeRules:
        return UpgradeRules(
            table={old: frozenset(new) for old, new in self.table.items()},
            free_stops=frozenset(self.free_stops),
            free_colour=frozenset(self.free_colour),
            free_label=frozenset(self.free_label),
            special=frozenset(self.special),
            max_colour_step=self.max_colour_step,
            founds_station=frozenset(self.founds_station),
        )


@dataclasses.dataclass(frozen=True, kw_only=True)
class TilesFile(Table):
    """tiles.toml with only the common tables."""

    tiles: Mapping[str, TileRow] = dataclasses.field(default_factory=dict)
    """Tile designs by id."""
    upgrades: UpgradesTable | None = None
    """The title's upgrade rules."""

    def tile_set(self) -> TileSet:
        """The tiles of ``[tiles]`` with their counts; a tile code error names its line."""
        tiles = {}
        for tile_id, row in self.tiles.items():
            with row.located("code"):
                tiles[tile_id] = parse_tile(tile_id, row.color, row.code)
        return TileSet(tiles, {t: limit(row.count) for t, row in self.tiles.items()})


def select(
    catalogue: TileSet, counts: Mapping[str, int | None], owner: Table, *key: str
) -> TileSet:
    """The catalogue's tiles named in ``counts`` (read from ``owner`` at ``key``), with those
    counts; a tile not in the catalogue is reported at its line."""
    for tile_id in counts:
        if tile_id not in catalogue:
            raise owner.fail(f"no tile {tile_id!r} in the catalogue", *key, tile_id)
    return catalogue.select(counts)


def load_tiles(data: Mapping[str, object], *, source: str) -> TileSet:
    """Tiles from a parsed TOML document with a ``[tiles.ID]`` table per tile (schema:
    :class:`roundhouse.core.tables.tiles.TilesFile`); errors name ``source`` and the key."""
    return read(TilesFile, data, source=source).tile_set()


def load_tile_file(path: Path) -> TileSet:
    """The tiles of a tiles.toml with only the common tables; errors give file and line."""
    return load(path, TilesFile).tile_set()


_STANDARD: TileSet | None = None


def standard_tiles() -> TileSet:
    """The standard numbered tiles shared by the 18xx titles (``core/data/tiles.toml``)."""
    global _STANDARD
    if _STANDARD is None:
        _STANDARD = load_tile_file(Path(__file__).parents[1] / "data" / "tiles.toml")
    return _STANDARD
