"""Reading a board's pre-printed hexes: the map format titles write (schema and builder in
:mod:`roundhouse.core.tables.map`, documented in ``docs/data-format.md``).

Errors (:class:`~roundhouse.core.datafile.DataError`) name the source, the line, the hex and
the key.
"""

from __future__ import annotations

from collections.abc import Mapping

from roundhouse.core.board import Board
from roundhouse.core.datafile import read
from roundhouse.core.tables.map import MapFile, build_board
from roundhouse.core.tiles import TileSet


def load_board(data: Mapping[str, object], *, source: str, tiles: TileSet) -> Board:
    """A board from a parsed document with only ``[board]`` and ``[hexes]``."""
    return build_board(read(MapFile, data, source=source), tiles)
