"""The game's tile catalogue: every tile that may be laid, and each hex's printed tile.

It never changes during a game, so a client fetches it once and draws any hex of the board view
(:mod:`.board`) from it: a tile is its id, colour and code in the tile grammar of
:mod:`roundhouse.core.tiles` (stops, track, label), which :meth:`TileCatalogue.tile` reads back.

>>> from roundhouse.core.tables.tiles import standard_tiles
>>> entry = TileEntry.of(standard_tiles()["57"], count=4)
>>> entry.to_json()
{'id': '57', 'colour': 'yellow', 'code': 'city c revenue=20; track 0-c 3-c', 'count': 4}
>>> catalogue = TileCatalogue(layout="flat", tiles=(entry,))
>>> catalogue.tile("57").exits(1)
frozenset({1, 4})
"""

from __future__ import annotations

import dataclasses
import functools

from roundhouse.core.board import Board
from roundhouse.core.tiles import Tile, parse_tile
from roundhouse.core.view.part import Part

VIEW_VERSION = 1
"""Bumped when a field of the catalogue is removed, renamed or changes meaning or type."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TileEntry(Part):
    """One tile design."""

    id: str
    """The tile's number ("57"), or for a printed tile the hex it is printed in."""
    colour: str
    code: str
    """The tile in the tile grammar (:mod:`roundhouse.core.tiles`)."""
    count: int | None = None
    """How many the game has (None: unlimited, or a printed tile)."""

    @classmethod
    def of(cls, tile: Tile, count: int | None = None) -> TileEntry:
        return cls(id=tile.id, colour=tile.colour.label, code=tile.code, count=count)


@functools.lru_cache(maxsize=4096)
def _parsed(tile_id: str, colour: str, code: str) -> Tile:
    return parse_tile(tile_id, colour, code, source=f"tile catalogue entry {tile_id}")


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TileCatalogue(Part):
    """The tiles of one game."""

    layout: str
    """``flat`` or ``pointy``: how the tiles' edges are numbered."""
    tiles: tuple[TileEntry, ...] = ()
    """The tile manifest: every tile that may be laid."""
    printed: tuple[TileEntry, ...] = ()
    """Each hex's printed tile, under the hex's id."""

    def entry(self, tile_id: str, *, printed: bool = False) -> TileEntry | None:
        for entry in self.printed if printed else self.tiles:
            if entry.id == tile_id:
                return entry
        return None

    def tile(self, tile_id: str, *, printed: bool = False) -> Tile:
        """The tile ``tile_id`` (with ``printed``: the tile printed in hex ``tile_id``)."""
        entry = self.entry(tile_id, printed=printed)
        if entry is None:
            raise KeyError(f"no {'printed ' if printed else ''}tile {tile_id!r} in the catalogue")
        return _parsed(entry.id, entry.colour, entry.code)


def tile_catalogue(board: Board) -> TileCatalogue:
    """The catalogue of a core board: its tile set and every hex's printed tile."""
    counts = board.tiles.counts
    tiles = tuple(TileEntry.of(tile, counts.get(tid)) for tid, tile in board.tiles.tiles.items())
    printed = tuple(
        dataclasses.replace(TileEntry.of(here.printed.tile), id=here.printed.name) for here in board
    )
    return TileCatalogue(layout=board.grid.coords.layout.value, tiles=tiles, printed=printed)
