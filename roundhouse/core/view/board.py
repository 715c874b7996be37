"""The board as a client sees it: every hex with its terrain, tile, stops and who is there.

One record type serves both kinds of map: 18xx boards of track tiles (a hex's ``tile`` and
``rotation``, its ``stops`` with station tokens and home reservations, hexside ``borders``)
and area maps where companies spread over hexes (Chicago Express: a hex's ``companies``
present, what entering costs and earns, its development).  Fields a map does not use keep
their defaults.  Hexes sit at doubled coordinates ``x``, ``y`` (:mod:`roundhouse.core.hexgrid`)
on a ``flat`` or ``pointy`` grid, so a client can place them without knowing the title.

A hex's tile is named by id; the drawing of each tile (its code in the grammar of
:mod:`roundhouse.core.tiles`) is in the game's tile catalogue (:mod:`.tile`), which never
changes during a game.

>>> from roundhouse.core.board_format import load_board
>>> from roundhouse.core.tables.tiles import standard_tiles
>>> board = load_board(
...     {"board": {"layout": "pointy", "letter_axis": "y"},
...      "hexes": {"A1 A3": {}, "B2": {"code": "city c", "location": "Hub", "cost": 20,
...                                     "terrain": "water"}}},
...     source="example", tiles=standard_tiles())
>>> board.lay("B2", "57", 1, {"c": "c"})
[]
>>> board.place_token("B2", "c", "PRR")
>>> view = board_view(board)
>>> view.layout, [h.id for h in view.hexes]
('pointy', ['A1', 'A3', 'B2'])
>>> hub = view.hex("B2")
>>> hub.tile, hub.printed, hub.rotation, hub.location, hub.cost
('57', False, 1, 'Hub', 20)
>>> hub.stop("c").tokens, hub.stop("c").revenue, hub.stop("c").route_id
(('PRR',), 20, 'B2-0')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.board import Board
from roundhouse.core.tiles import Colour
from roundhouse.core.view.part import Part

VIEW_VERSION = 1
"""Bumped when a field of a board record is removed, renamed or changes meaning or type."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StopView(Part):
    """A city, town, off-board area or junction on a hex's tile."""

    name: str
    """The stop's name on its tile ("c"), as station placements name it."""
    kind: str
    """``city``, ``town``, ``offboard`` or ``junction``."""
    revenue: int = 0
    """What it pays a train now (phase-dependent revenues at the current phase)."""
    slots: int = 0
    tokens: tuple[str, ...] = ()
    """Companies with a station token here, in the order placed."""
    reserved: str | None = None
    """The company whose home this city is while its token is not yet placed."""
    route_id: str | None = None
    """The stop in route notation ("E11-0"); None for junctions."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HexView(Part):
    """One hex as printed and as it stands now."""

    id: str
    """The printed coordinate ("E11")."""
    x: int
    y: int
    terrain: str = ""
    """Printed terrain ("mountain", "water", "forest"); empty for plain ground."""
    cost: int = 0
    """Printed build cost (18xx: the terrain cost of the first tile)."""
    location: str = ""
    """Place name printed in the hex."""
    label: str | None = None
    """Tile or hex label that restricts upgrades ("NY", "R")."""
    tile: str | None = None
    """Id of the tile in the hex (the printed hex's own id while ``printed``); None on maps
    without tiles."""
    printed: bool = True
    """The printed tile is still there (nothing laid yet)."""
    colour: str = "white"
    """Colour of the tile in the hex (``white`` for an empty or printed plain hex)."""
    rotation: int = 0
    stops: tuple[StopView, ...] = ()
    markers: tuple[str, ...] = ()
    """Markers on the hex ("mine", "gold", "ghost_town")."""
    stubs: tuple[int, ...] = ()
    """Edges of a track stub the next tile here must continue."""
    reserved_for: str | None = None
    """The company that alone may build here while its reservation lasts."""
    area: str | None = None
    """A revenue area of several hexes this hex belongs to."""
    settlement: str = ""
    """Area maps: the kind of place (``city``, ``industrial``, ``capital``, ``start``)."""
    companies: tuple[str, ...] = ()
    """Area maps: companies present in the hex, in order of arrival."""
    entry_cost: int | None = None
    """Area maps: what entering costs a company now; None where no company may enter."""
    income: int = 0
    """Area maps: the hex's printed income (an industrial city's current track value)."""
    entry_income: int = 0
    """Area maps: what entering adds to a company's income now (development included)."""
    development: int = 0
    """Area maps: the printed development value (0: the hex cannot be developed)."""
    developed: bool = False
    home: str | None = None
    """The company whose start or home hex this is."""

    def stop(self, name: str) -> StopView:
        for s in self.stops:
            if s.name == name:
                return s
        raise KeyError(f"{self.id} has no stop {name!r}")


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BorderView(Part):
    """A hexside feature: an impassable edge, a river or ridge with its crossing cost."""

    hex: str
    edge: int
    kind: str
    cost: int = 0


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BoardView(Part):
    """The whole map."""

    layout: str
    """``flat`` (edge 0 south) or ``pointy`` (edge 0 south-west)."""
    letter_axis: str = "x"
    """The doubled axis the printed letters count along (``x`` across, ``y`` down)."""
    first_number: int = 1
    stagger: str | None = None
    """How printed names map to coordinates (:class:`~roundhouse.core.hexgrid.CoordinateSystem`)."""
    phase_colour: str = "yellow"
    """The tile colour whose revenues count now (phase-dependent revenues)."""
    hexes: tuple[HexView, ...] = ()
    borders: tuple[BorderView, ...] = ()
    supply: Mapping[str, int | None] = dataclasses.field(default_factory=dict)
    """Tile id -> tiles of it left to lay (None: unlimited)."""

    def hex(self, hex_id: str) -> HexView:
        for h in self.hexes:
            if h.id == hex_id:
                return h
        raise KeyError(f"no hex {hex_id!r} on the board")


def board_view(board: Board, phase: Colour = Colour.YELLOW) -> BoardView:
    """The view of a core :class:`~roundhouse.core.board.Board` (18xx maps of tiles)."""
    coords = board.grid.coords
    hexes: list[HexView] = []
    for here in board:
        printed = here.printed
        name = printed.name
        x, y = board.grid.point(name)
        stops: list[StopView] = []
        index = 0
        for stop in here.tile.stops:
            route_id = None
            if stop.counts_as_stop:
                route_id = f"{name}-{index}"
                index += 1
            held = tuple(here.tokens.get(stop.name, ()))
            owner = here.reservations.get(stop.name)
            stops.append(
                StopView(
                    name=stop.name,
                    kind=stop.kind.value,
                    revenue=stop.revenue_in(phase),
                    slots=stop.slots,
                    tokens=held,
                    reserved=owner if owner is not None and owner not in held else None,
                    route_id=route_id,
                )
            )
        builder = printed.build_reserved
        hexes.append(
            HexView(
                id=name,
                x=x,
                y=y,
                terrain=printed.terrain,
                cost=printed.cost,
                location=printed.location,
                label=here.label,
                tile=here.tile.id,
                printed=here.tile is printed.tile,
                colour=here.tile.colour.label,
                rotation=here.rotation,
                stops=tuple(stops),
                markers=tuple(here.markers),
                stubs=tuple(sorted(board.stubs.get(name, ()))),
                reserved_for=builder if builder not in board.released else None,
                area=printed.area,
            )
        )
    borders = tuple(
        BorderView(hex=side[0], edge=side[1], kind=border.kind, cost=border.cost)
        for side, border in board.borders.items()
    )
    return BoardView(
        layout=coords.layout.value,
        letter_axis=coords.letter_axis,
        first_number=coords.first_number,
        stagger=coords.stagger,
        phase_colour=phase.label,
        hexes=tuple(hexes),
        borders=borders,
        supply=dict(board.supply),
    )
