"""map.toml: a board's pre-printed hexes (``[board]``, ``[hexes]``).

A title describes its board in TOML::

    [board]
    layout = "pointy"          # or "flat"
    letter_axis = "y"          # letters count rows ("y") or columns ("x")

    [hexes."B2 B4 C3"]         # several hexes may share one entry: plain, empty hexes

    [hexes.E11]
    location = "Denver"
    code = "city c revenue=30; track 0-c"   # tile code (core/tiles.py); no code: blank hex
    color = "yellow"           # default white: nothing laid yet, the hex takes yellow
    terrain = "mountain"
    cost = 40
    borders = ["0 impassable", "1 ridge 20"]
    reserved = "DRG"           # home station (or a table: city -> company)

    [hexes.H1]
    tile = "142"               # a catalogue tile printed on the map, with its rotation
    rotation = 2

Off-boards are red hexes (``color = "red"`` with ``offboard`` stops); gray pre-printed track is
``color = "gray"``.  An ``impassable`` border, the board's edge, and any red or gray hex side
without track may never be built to (18US §6.2.1, 18West §7.1.1, 18RoyalGorge Rule 2).

A title's own tables after ``[hexes]`` go in a subclass of :class:`MapFile`;
:func:`build_board` makes the :class:`~roundhouse.core.board.Board`.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import ClassVar, Literal

from roundhouse.core.board import Board, Border, PrintedHex
from roundhouse.core.datafile import Amount, Edge, Invalid, Table
from roundhouse.core.hexgrid import CoordinateSystem, HexGrid, Layout
from roundhouse.core.tiles import Colour, Tile, TileError, TileSet, parse_tile


@dataclasses.dataclass(frozen=True)
class HexBorder:
    """A hexside feature written ``"EDGE KIND [COST]"``: ``"2 river 10"``, ``"5 impassable"``."""

    edge: int
    kind: str
    cost: int = 0

    toml_form: ClassVar[str] = '"EDGE KIND [COST]" ("2 river 10", "5 impassable")'

    @classmethod
    def parse(cls, text: str) -> HexBorder:
        bits = text.split()
        try:
            edge = int(bits[0])
            cost = int(bits[2]) if len(bits) > 2 else 0
        except (ValueError, IndexError):
            raise Invalid(f"border {text!r} is not 'EDGE KIND [COST]'") from None
        if not 0 <= edge <= 5 or len(bits) not in (2, 3) or cost < 0:
            raise Invalid(f"border {text!r} is not 'EDGE KIND [COST]' with EDGE 0-5")
        return cls(edge, bits[1], cost)


@dataclasses.dataclass(frozen=True, kw_only=True)
class BoardTable(Table):
    """``[board]``: how the board prints hex names (core
    :class:`~roundhouse.core.hexgrid.CoordinateSystem`)."""

    layout: Layout
    """Flat-topped or pointy-topped hexes."""
    letter_axis: Literal["x", "y"] = "x"
    """Whether the letters count columns ("x") or rows ("y")."""
    first_number: int = 1
    """The number printed first on the numbered axis."""
    stagger: Literal["odd", "even"] | None = None
    """For boards that number every row (or column): which lettered lines sit half a hex
    further along; none: names are already doubled (every other number)."""

    def coordinates(self) -> CoordinateSystem:
        return CoordinateSystem(
            layout=self.layout,
            letter_axis=self.letter_axis,
            first_number=self.first_number,
            stagger=self.stagger,
        )


@dataclasses.dataclass(frozen=True, kw_only=True)
class HexRow(Table):
    """``[hexes."A1 B2"]``: what the board prints in a hex, or in several alike (the key lists
    them, separated by spaces)."""

    code: str = ""
    """Its stops and track in tile code (core/tiles.py); empty: a blank hex."""
    color: Colour = Colour.WHITE
    """The colour printed: white (nothing laid yet), yellow, green, brown, gray, red (off-board)."""
    id: str | None = None
    """Tile id for upgrade tables; none: the hex's name."""
    tile: str | None = None
    """A catalogue tile printed here instead of ``code``."""
    rotation: Edge = 0
    """The printed tile's rotation."""
    location: str = ""
    """Place name."""
    terrain: str = ""
    """What is drawn: mountain, water, swamp, hill, lake ..."""
    cost: Amount = 0
    """Paid when a tile is first laid here."""
    label: str | None = None
    """Printed label the tiles laid here must carry."""
    borders: tuple[HexBorder, ...] = ()
    """Hexside features: impassable edges, rivers and ridges with their costs."""
    reserved: str | Mapping[str, str] = dataclasses.field(default_factory=dict)
    """Home stations: the company whose home the hex's city is, or a table city -> company."""
    build_reserved: str | None = None
    """The company that alone may build here until it lets others."""
    stubs: tuple[Edge, ...] = ()
    """Edges of printed track stubs: the first tile laid here must use them."""
    area: str | None = None
    """A revenue area printed over several hexes, which a route visits once."""
    upgradeable: bool = True
    """Whether the printed tile may ever be replaced."""
    markers: tuple[str, ...] = ()
    """Markers printed or placed at set-up ("mine", "gold")."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.tile is not None and self.code:
            raise Invalid("give 'tile' or 'code', not both", "tile")
        try:
            parse_tile("", self.color, self.code)
        except TileError as exc:
            raise Invalid(exc.problem, "code") from None


@dataclasses.dataclass(frozen=True, kw_only=True)
class MapFile(Table):
    """map.toml with only the common tables."""

    board: BoardTable
    """How hexes are named."""
    hexes: Mapping[str, HexRow]
    """Every hex of the board as printed, keyed by its coordinate (or several, with spaces)."""


def build_board(doc: MapFile, tiles: TileSet) -> Board:
    """The board a map file describes, drawing printed tiles from ``tiles``; errors name the
    file, line and key."""
    coords = doc.board.coordinates()
    printed: dict[str, PrintedHex] = {}
    sides: dict[tuple[str, int], Border] = {}
    for key, row in doc.hexes.items():
        for name in key.split():
            if name in printed:
                raise doc.fail(f"hex {name} is listed twice", "hexes", key)
            with doc.located("hexes", key):
                coords.point(name)
            printed[name] = printed_hex(name, row, tiles)
            for border in row.borders:
                sides[(name, border.edge)] = Border(border.kind, border.cost)
    with doc.located("hexes"):
        grid = HexGrid(coords, printed)
    parities = {sum(grid.point(n)) % 2: n for n in grid}
    if coords.stagger is None and len(parities) > 1:
        a, b = sorted(parities.values())
        raise doc.fail(f"{a} and {b} cannot both be hexes of one doubled-coordinate map", "hexes")
    borders = {grid.hexside(n, e): b for (n, e), b in sides.items()}
    return Board(grid, printed, tiles, borders)


@functools.cache
def printed_tile(tile_id: str, colour: Colour, code: str) -> Tile:
    """A hex's printed tile, parsed once per process: a tile never changes (it is
    :class:`~roundhouse.core.static.Static`), so every game of a title shares its printed
    hexes' tiles and the per-rotation data they work out (an 18RoyalGorge game parsed
    about 265 KB of them anew)."""
    return parse_tile(tile_id, colour, code)


def printed_hex(name: str, row: HexRow, tiles: TileSet) -> PrintedHex:
    """One hex of a :class:`HexRow` (several hexes may share the row)."""
    if row.tile is not None:
        if row.tile not in tiles:
            raise row.fail(f"no tile {row.tile!r} in the tile set", "tile")
        tile = tiles[row.tile]
    else:
        with row.located("code"):
            tile = printed_tile(row.id or name, row.color, row.code)
    cities = [c.name for c in tile.stations]
    if isinstance(row.reserved, str):
        if len(cities) != 1:
            raise row.fail(
                "name the city when the hex has several: reserved = { c = ... }", "reserved"
            )
        reserved = {cities[0]: row.reserved}
    else:
        reserved = dict(row.reserved)
        for city in reserved:
            if city not in cities:
                raise row.fail(f"city {city!r} is not on the hex", "reserved", city)
    return PrintedHex(
        name=name,
        tile=tile,
        rotation=row.rotation,
        location=row.location,
        terrain=row.terrain,
        cost=row.cost,
        label=row.label,
        reserved=reserved,
        upgradeable=row.upgradeable,
        markers=row.markers,
        build_reserved=row.build_reserved,
        stubs=frozenset(row.stubs),
        area=row.area,
    )
