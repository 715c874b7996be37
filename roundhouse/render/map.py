"""SVG of an 18xx board, so map data can be checked by eye against a rulebook.

It draws from the board's view (:class:`~roundhouse.core.view.board.BoardView`: each hex's
tile, rotation, tokens, reservations, markers, borders) and the game's tile catalogue
(:class:`~roundhouse.core.view.tile.TileCatalogue`: each tile's track and stops), never from
a game's state; a core :class:`~roundhouse.core.board.Board` (a title's starting board) is
turned into both first.

Each hex is drawn in three zones: the tile in the middle (track, stops, revenues), a *name
band* along the top or bottom edge, whichever has less track, and the opposite band for the
terrain cost and markers.  Hexside borders go on a layer above every hex so no neighbour hides
them; coordinates are printed on the board's edges and a key explains the symbols used.

Colours of companies come from the caller (:class:`MapStyle`), never from here: core and the
renderer do not know any title.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.board import Board
from roundhouse.core.hexgrid import CoordinateSystem, HexGrid, Layout
from roundhouse.core.tiles import Colour, StopKind, Tile
from roundhouse.core.view.board import BoardView, BorderView, HexView, board_view
from roundhouse.core.view.tile import TileCatalogue, tile_catalogue
from roundhouse.render import icon
from roundhouse.render.frame import LegendEntry, document
from roundhouse.render.geometry import (
    XY,
    R,
    centre,
    edge_corners,
    edge_mid,
    half_width_at,
    num,
)
from roundhouse.render.palette import BORDER_STROKE, COST_RED, PHASE_FILL, TILE_FILL, paint
from roundhouse.render.tile import hexagon, label_svg, tile_body

BAND = {Layout.FLAT: R * 0.7, Layout.POINTY: R * 0.62}
"""Distance of the name band and the cost band from the hex centre."""
NAME_SIZE = 8.0
CLOSE = {Layout.FLAT: R * 0.55, Layout.POINTY: R * 0.5}
"""The cost band moves this close to the centre when its symbols need the room."""
COST_SIZE = 8.5
MARK = 10.0
"""Width of a terrain or marker symbol."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class MapStyle:
    """What the board alone does not say: company colours and title switches for drawing.

    ``colours``: company id -> colour word or ``#rrggbb`` (from the title's data).
    ``terrain_on_upgrade``: the title charges terrain costs on upgrades too, so keep showing
    them once a tile is laid (otherwise they are hidden: they no longer apply).
    ``caption``: a line under the key that must be read with the map (the title's
    ``drawing`` part's ``CAPTION``; 18US: the board is reconstructed).
    """

    colours: Mapping[str, str] = dataclasses.field(default_factory=dict)
    phase: Colour = Colour.YELLOW
    terrain_on_upgrade: bool = False
    coordinates: bool = True
    legend: bool = True
    caption: str = ""


def _name_band(layout: Layout, exits: frozenset[int], walls: frozenset[int]) -> float:
    """Below (+) or above (-) the centre: the side with less track leaving it (an edge straight
    above or below counts double), a drawn hexside border breaking ties."""

    def weight(edges: frozenset[int], sign: int) -> int:
        total = 0
        for e in edges:
            y = edge_mid(layout, e)[1] * sign
            if y > 1:
                total += 2 if y > R * 0.6 else 1
        return total

    up, down = 2 * weight(exits, -1), 2 * weight(exits, 1)
    up += 1 if weight(walls, -1) > 1 else 0
    down += 1 if weight(walls, 1) > 1 else 0
    return -BAND[layout] if down > up else BAND[layout]


def name_svg(layout: Layout, name: str, band: float) -> str:
    """A place name inside its band, shrunk to the hex's width there, on two lines if long."""
    edge_side = band + (3 if band > 0 else -3)
    width = 2 * half_width_at(layout, edge_side) - 4
    size = icon.fit_size(name, width, NAME_SIZE, 1.0)
    if size >= 5.5 or " " not in name:
        return icon.text(0, band, name, max(size, 4.0), extra=' class="name"')
    words = name.split(" ")
    best = min(
        range(1, len(words)),
        key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))),
    )
    lines = [" ".join(words[:best]), " ".join(words[best:])]
    # the pair sits inside the band: the outer line must clear the hex edge
    ys = (band - 7.5, band + 1.0) if band > 0 else (band - 1.0, band + 7.5)
    out = []
    for line, y in zip(lines, ys, strict=True):
        w = 2 * half_width_at(layout, abs(y) + 3) - 4
        out.append(
            icon.text(
                0, y, line, min(icon.fit_size(line, w, NAME_SIZE, 4.0), 7.0), extra=' class="name"'
            )
        )
    return "".join(out)


def herald(x: float, y: float, company: str, fill: str) -> str:
    """A company's name in a dashed box: the mark of a hex reserved for its building."""
    w = icon.text_width(company, 8) + 6
    return (
        f'<g class="build-reserved"><rect x="{num(x - w / 2)}" y="{num(y - 6)}" '
        f'width="{num(w)}" height="12" rx="3" fill="{fill}" stroke="#222222" '
        'stroke-dasharray="3 2"/>' + icon.text(x, y, company, 8, bold=True) + "</g>"
    )


def coordinates(board: BoardView) -> CoordinateSystem:
    """How the board's hex names map to doubled coordinates."""
    return CoordinateSystem(
        layout=Layout(board.layout),
        letter_axis="y" if board.letter_axis == "y" else "x",
        first_number=board.first_number,
        stagger="odd" if board.stagger == "odd" else "even" if board.stagger == "even" else None,
    )


class _Drawing:
    """One board being drawn; collects what the key must explain."""

    def __init__(self, board: BoardView, tiles: TileCatalogue, style: MapStyle) -> None:
        self.board = board
        self.tiles = tiles
        self.style = style
        self.coords = coordinates(board)
        self.layout = self.coords.layout
        self.grid = HexGrid(self.coords, [h.id for h in board.hexes])
        self.borders_at: dict[tuple[str, int], BorderView] = {
            (b.hex, b.edge): b for b in board.borders
        }
        self.used: set[str] = set()
        self.terrains: dict[str, None] = {}
        self.markers: dict[str, None] = {}
        self.borders: dict[str, None] = {}

    def painter(self, company: str) -> str:
        word = self.style.colours.get(company)
        return "#ffffff" if word is None else paint(word)

    def tile(self, here: HexView) -> Tile:
        assert here.tile is not None, f"{here.id} has no tile to draw"
        return self.tiles.tile(here.id if here.printed else here.tile, printed=here.printed)

    def border(self, name: str, edge: int) -> BorderView | None:
        return self.borders_at.get(self.grid.hexside(name, edge))

    def hex_svg(self, here: HexView) -> list[str]:
        layout = self.layout
        tile = self.tile(here)
        exits = tile.exits(here.rotation)
        walls = frozenset(e for e in range(6) if self.border(here.id, e) is not None)
        band = _name_band(layout, exits, walls)
        out = [hexagon(layout, TILE_FILL[tile.colour])]
        out.extend(self._stubs(here))
        out.extend(
            tile_body(
                tile,
                here.rotation,
                layout,
                tokens={s.name: list(s.tokens) for s in here.stops},
                reserved={s.name: s.reserved for s in here.stops if s.reserved is not None},
                phase=Colour.parse(self.board.phase_colour),
                painter=self.painter,
                name_below=band > 0,
            )
        )
        self._note_stops(here, tile)
        if here.label and not tile.label:
            out.append(label_svg(here.label))
        out.extend(self._builder(here))
        out.extend(self._cost_band(here, -band))
        if here.location:
            out.append(name_svg(layout, here.location, band))
        return out

    def _stubs(self, here: HexView) -> list[str]:
        """Track stubs drawn as track from the edge a third of the way in, dashed where they
        are not yet track (18West §8.2's Doubling token, printed stubs)."""
        out: list[str] = []
        for edge in here.stubs:
            x, y = edge_mid(self.layout, edge)
            self.used.add("stub")
            out.append(
                f'<line x1="{num(x)}" y1="{num(y)}" x2="{num(x * 0.35)}" y2="{num(y * 0.35)}" '
                'stroke="#222222" stroke-width="8" stroke-dasharray="4 2" class="stub"/>'
            )
        return out

    def _builder(self, here: HexView) -> list[str]:
        """The herald of the company a hex is reserved for while it still is (18US §7.3:
        "These are marked with the company's herald")."""
        owner = here.reserved_for
        if owner is None:
            return []
        self.used.add("build_reserved")
        return [herald(R * 0.4, -R * 0.45, owner, self.painter(owner))]

    def _note_stops(self, here: HexView, tile: Tile) -> None:
        shown = {s.name: s for s in here.stops}
        for stop in tile.stops:
            if stop.phase_revenue:
                self.used.add("phases")
            if (stop.kind is StopKind.CITY or stop.slots) and stop.name in shown:
                if shown[stop.name].tokens:
                    self.used.add("token")
                if shown[stop.name].reserved is not None:
                    self.used.add("reserved")

    def _cost_band(self, here: HexView, band: float) -> list[str]:
        """Markers, then the terrain cost while it still applies, centred as one group."""
        show_cost = here.cost > 0 and (here.printed or self.style.terrain_on_upgrade)
        markers = here.markers
        step = MARK + 1
        label = f"${here.cost}"
        cost_width = MARK + 1 + icon.text_width(label, COST_SIZE) if show_cost else 0.0
        gap = 2.0 if show_cost and markers else 0.0
        total = step * len(markers) + gap + cost_width
        room = 2 * half_width_at(self.layout, abs(band) + MARK / 2) - 2
        if total > room:
            band = band * (CLOSE[self.layout] / BAND[self.layout])
        x = -total / 2
        out: list[str] = []
        for marker in markers:
            kind = marker_kind(marker)
            self.markers[kind] = None
            out.append(f'<g class="marker">{icon.marker(kind, x + step / 2, band, MARK)}</g>')
            x += step
        if show_cost:
            terrain = here.terrain or "cost"
            self.terrains[terrain] = None
            x += gap
            out.append(icon.terrain_mark(terrain, x + MARK / 2, band, MARK))
            out.append(
                icon.text(
                    x + MARK + 1,
                    band,
                    label,
                    COST_SIZE,
                    anchor="start",
                    fill=COST_RED,
                    bold=True,
                    extra=' class="terrain-cost"',
                )
            )
        return out

    def borders_svg(self) -> list[str]:
        """Every hexside feature, on top of the hexes: impassable thick red, others in their
        colour with the crossing cost."""
        out: list[str] = []
        for border in self.board.borders:
            name, edge = border.hex, border.edge
            cx, cy = centre(self.layout, self.grid.point(name))
            (x1, y1), (x2, y2) = edge_corners(self.layout, edge)
            self.borders[border.kind] = None
            impassable = border.kind == "impassable"
            width = 6 if impassable else 5
            out.append(
                f'<line x1="{num(cx + x1)}" y1="{num(cy + y1)}" x2="{num(cx + x2)}" '
                f'y2="{num(cy + y2)}" stroke="{BORDER_STROKE.get(border.kind, "#993333")}" '
                f'stroke-width="{width}" stroke-linecap="round" class="border {border.kind}"/>'
            )
            if border.cost:
                stroke = BORDER_STROKE.get(border.kind, "#993333")
                mx, my = cx + (x1 + x2) / 2, cy + (y1 + y2) / 2
                label = f"${border.cost}"
                w = icon.text_width(label, 8) + 4
                out.append(
                    f'<rect x="{num(mx - w / 2)}" y="{num(my - 5.5)}" width="{num(w)}" '
                    f'height="11" rx="2" fill="#ffffff" stroke="{stroke}"/>'
                    + icon.text(mx, my, label, 8, fill=COST_RED, bold=True)
                )
        return out

    def legend(self) -> list[LegendEntry]:
        out: list[LegendEntry] = []
        for terrain in self.terrains:
            caption = "build cost" if terrain == "cost" else f"{terrain}: build cost"
            out.append(LegendEntry(icon.terrain_mark(terrain, 0, 0, 14), caption))
        for kind in self.borders:
            stroke = BORDER_STROKE.get(kind, "#993333")
            caption = "impassable hexside" if kind == "impassable" else f"{kind}: crossing cost"
            out.append(
                LegendEntry(
                    f'<line x1="-8" y1="0" x2="8" y2="0" stroke="{stroke}" stroke-width="5"/>',
                    caption,
                )
            )
        if "token" in self.used:
            out.append(LegendEntry(icon.token(0, 0, 8, "ID", "#dddddd"), "station token"))
        if "reserved" in self.used:
            out.append(LegendEntry(icon.reserved(0, 0, 8, "ID"), "reserved station (home)"))
        if "stub" in self.used:
            out.append(
                LegendEntry(
                    '<line x1="-8" y1="0" x2="8" y2="0" stroke="#222222" stroke-width="6" '
                    'stroke-dasharray="4 2"/>',
                    "track stub: the next tile here must continue it",
                )
            )
        if "build_reserved" in self.used:
            out.append(
                LegendEntry(herald(0, 0, "ID", "#dddddd"), "hex reserved for a company's track")
            )
        if "phases" in self.used:
            phases = ((Colour.YELLOW, 0), (Colour.GREEN, 0), (Colour.BROWN, 0), (Colour.GRAY, 0))
            out.append(
                LegendEntry(
                    "".join(
                        f'<rect x="{num(-8 + 4 * i)}" y="-5" width="4" height="10" '
                        f'fill="{PHASE_FILL[c]}" stroke="#222222" stroke-width="0.5"/>'
                        for i, (c, _) in enumerate(phases)
                    ),
                    "revenue by phase colour",
                )
            )
        for kind in self.markers:
            # "ghost town marker", not the engine's "ghost_town".
            words = kind.replace("_", " ")
            out.append(LegendEntry(icon.marker(kind, 0, 0, 12), f"{words} marker"))
        return out


def marker_kind(marker: str) -> str:
    """What a hex marker is, for its badge and the key: the marker itself, or the part before
    its first ``:`` where a title keeps details in it (18US: ``revenue:city:amount:company``)."""
    return marker.partition(":")[0]


def board_svg(
    board: BoardView | Board,
    style: MapStyle | None = None,
    tiles: TileCatalogue | None = None,
) -> str:
    """The whole board as a standalone SVG document; the same board gives the same bytes.

    ``board`` is a board view drawn with the tile catalogue ``tiles``, or a core board (a
    title's starting board), whose view and catalogue are taken from it."""
    if isinstance(board, Board):
        tiles = tile_catalogue(board)
        board = board_view(board, (style or MapStyle()).phase)
    if tiles is None:
        raise ValueError("drawing a board view needs the game's tile catalogue")
    drawing = _Drawing(board, tiles, style or MapStyle())
    centres: dict[str, XY] = {}
    groups: list[str] = []
    for here in board.hexes:
        cx, cy = centre(drawing.layout, (here.x, here.y))
        centres[here.id] = (cx, cy)
        body = "".join(drawing.hex_svg(here))
        groups.append(
            f'<g id="hex-{here.id}" transform="translate({num(cx)},{num(cy)})">{body}</g>'
        )
    groups.extend(drawing.borders_svg())
    entries = drawing.legend() if drawing.style.legend else []
    return document(
        groups,
        drawing.coords,
        centres,
        entries,
        labels=drawing.style.coordinates,
        caption=drawing.style.caption,
    )
