"""SVG of a map without track tiles, where companies spread over hexes (Chicago Express).

Each hex shows what its board prints: the terrain as its fill and a symbol, the build cost in
red, the income a company gains on entering next to a train symbol, the development value in a
house (filled once developed), the place name on a plate along the bottom, and a locomotive in
the colour of every company present.  It is drawn like the printed board it stands for: the
map on a sheet of card, the land's edge outlined, each hex lightly shaded, forests and
mountains drawn as groves and ranges, cities as white discs, and the title's scenery
(:class:`Scenery`): rivers painted into the land under each hex's symbols, lakes on the card
beside it.  The caller describes the hexes as :class:`AreaHex` records (:func:`area_board_svg`
makes them from a board view) and passes the company colours and scenery from the title's
data.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Mapping, Sequence
from html import escape

from roundhouse.core.hexgrid import CoordinateSystem, Layout
from roundhouse.core.view.board import BoardView, HexView
from roundhouse.render import icon
from roundhouse.render.frame import LegendEntry, document
from roundhouse.render.geometry import (
    XY,
    R,
    centre,
    corners,
    half_width_at,
    num,
    polygon_points,
    scale,
)
from roundhouse.render.map import BAND, coordinates
from roundhouse.render.palette import COST_RED, TERRAIN_FILL, paint

SETTLEMENTS = ("city", "industrial", "capital", "start")
"""Kinds of place: an ordinary city, an industrial city, the goal city, a company's start."""

INDUSTRIAL_FILL = "#d8d0c8"
CAPITAL_FILL = "#f4e7b0"
SHEET = "#efe4c8"
"""The card the map is printed on."""
EDGE = "#4a3b28"
"""The land's outline, drawn under the hexes so only the outer edge shows."""
SHADE = (
    '<defs><radialGradient id="area-shade" cx="50%" cy="42%" r="62%">'
    '<stop offset="0%" stop-color="#ffffff" stop-opacity="0.28"/>'
    '<stop offset="70%" stop-color="#ffffff" stop-opacity="0"/>'
    '<stop offset="100%" stop-color="#000000" stop-opacity="0.13"/>'
    "</radialGradient></defs>"
)
"""Each hex lit from its middle and darker at its rim, as on a printed board."""
WATER = "#8fc1e8"
"""Rivers and lakes."""
BANK = "#3f78ad"
"""The dark line along a river's banks and a lake's shore."""
RIVER_WIDTH = {True: 6.5, False: 4.0}
"""A main river and a tributary, in SVG units (a hex is 80 across)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class River:
    """A river painted across the map: scenery, never a rule."""

    name: str
    course: tuple[tuple[float, float], ...]
    """Points along it in doubled hex-grid coordinates (:mod:`roundhouse.core.hexgrid`),
    fractional; the drawing is a smooth curve through them."""
    major: bool = True


@dataclasses.dataclass(frozen=True, kw_only=True)
class Lake:
    """A lake over grid cells off the board, its name written on it."""

    name: str
    cells: tuple[str, ...]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Scenery:
    """What a printed board shows besides its hexes' contents."""

    rivers: tuple[River, ...] = ()
    lakes: tuple[Lake, ...] = ()


@dataclasses.dataclass(frozen=True, kw_only=True)
class AreaHex:
    """One hex as printed, plus who is there now."""

    name: str
    terrain: str = "plain"
    settlement: str = ""
    location: str = ""
    cost: int = 0
    income: int = 0
    development: str = ""
    """Text in the house symbol ("2", "$2"); empty when the hex cannot be developed."""
    developed: bool = False
    companies: tuple[str, ...] = ()
    home: str | None = None
    """The company that starts here (its start hex is ringed in its colour)."""


def _fill(area: AreaHex) -> str:
    if area.settlement == "industrial":
        return INDUSTRIAL_FILL
    if area.settlement == "capital":
        return CAPITAL_FILL
    return TERRAIN_FILL.get(area.terrain, TERRAIN_FILL["plain"])


def _settlement(area: AreaHex, paint_of: Mapping[str, str]) -> str:
    kind = area.settlement
    if kind == "city":
        return '<circle cx="0" cy="-2" r="8.5" fill="#ffffff" stroke="#111111" stroke-width="2.2"/>'
    if kind == "capital":
        return (
            '<circle cx="0" cy="-2" r="12" fill="#ffffff" stroke="#111111" stroke-width="2.5"/>'
            '<circle cx="0" cy="-2" r="8" fill="none" stroke="#b8860b" stroke-width="2"/>'
            '<circle cx="0" cy="-2" r="4.5" fill="#111111"/>'
        )
    if kind == "industrial":
        return (
            '<path d="M-9,4 L-9,-4 L-4,-8 L-4,-4 L1,-8 L1,-4 L5,-4 L5,-12 L9,-12 L9,4 Z" '
            'fill="#555555" stroke="#111111" stroke-width="1"/>'
        )
    if kind == "start":
        ring = paint_of.get(area.home or "", "#111111")
        return (
            f'<circle cx="0" cy="-2" r="9" fill="#ffffff" stroke="{ring}" stroke-width="4"/>'
            '<circle cx="0" cy="-2" r="9" fill="none" stroke="#111111" stroke-width="0.8"/>'
        )
    return ""


def _locomotives(
    layout: Layout, companies: Sequence[str], paint_of: Mapping[str, str]
) -> list[str]:
    """One locomotive per company present, in a row below the centre."""
    if not companies:
        return []
    y = R * 0.38
    room = 2 * half_width_at(layout, y + 5) - 4
    size = min(18.0, room / len(companies))
    left = -size * len(companies) / 2
    width = size * len(companies) + 2
    out = [
        f'<rect x="{num(left - 1)}" y="{num(y - size * 0.3)}" width="{num(width)}" '
        f'height="{num(size * 0.6)}" rx="2" fill="#ffffff" fill-opacity="0.7"/>'
    ]
    for i, company in enumerate(companies):
        fill = paint_of.get(company, "#ffffff")
        out.append(
            f'<g class="loco" data-company="{escape(company)}">'
            f"{icon.locomotive(left + size * (i + 0.5), y, size * 0.9, fill)}</g>"
        )
    return out


def _hex(
    area: AreaHex,
    coords: CoordinateSystem,
    paint_of: Mapping[str, str],
    river: str = "",
) -> list[str]:
    layout = coords.layout
    points = polygon_points(layout)
    out = [
        f'<polygon points="{points}" fill="{_fill(area)}" stroke="#6f6856" stroke-width="0.8" '
        f'class="terrain-{area.terrain}"/>',
        f'<polygon points="{points}" fill="url(#area-shade)" pointer-events="none"/>',
        river,
    ]
    if area.terrain in ("forest", "mountain", "hill", "swamp") and not area.settlement:
        out.append(_landscape(area.terrain))
    out.append(_settlement(area, paint_of))
    if area.cost:
        out.append(
            icon.text(
                -R * 0.56, 0, str(area.cost), 11, fill=COST_RED, bold=True, extra=' class="cost"'
            )
        )
    if area.income:
        out.append(icon.locomotive(-R * 0.14, -R * 0.6, 11, "#ffffff"))
        out.append(
            icon.text(
                R * 0.08,
                -R * 0.6,
                str(area.income),
                9,
                anchor="start",
                bold=True,
                extra=' class="income"',
            )
        )
    if area.development:
        house = icon.house(R * 0.56, 0, 12, area.development, filled=area.developed)
        out.append(f'<g class="development">{house}</g>')
    out.extend(_locomotives(layout, area.companies, paint_of))
    if area.location:
        out.append(_name_plate(layout, area.location))
    return out


def _landscape(terrain: str) -> str:
    """A grove of trees or a range of peaks filling the hex's middle, as a board draws them."""
    if terrain in ("mountain", "hill"):
        return (
            icon.terrain_mark(terrain, -7, 0, 17)
            + icon.terrain_mark(terrain, 7, 1, 14)
            + icon.terrain_mark(terrain, 0, -5, 20)
        )
    return icon.terrain_mark(terrain, -6, -4, 17) + icon.terrain_mark(terrain, 7, 1, 15)


def _name_plate(layout: Layout, name: str) -> str:
    """The place name on a small white plate along the hex's foot."""
    band = BAND[layout]
    size = icon.fit_size(name, 2 * half_width_at(layout, band + 4) - 8, 8.0, 5.0, bold=True)
    width = icon.text_width(name, size, bold=True) + 6
    return (
        f'<rect x="{num(-width / 2)}" y="{num(band - size * 0.75)}" width="{num(width)}" '
        f'height="{num(size * 1.5)}" rx="2" fill="#ffffff" fill-opacity="0.88" '
        'stroke="#5a5040" stroke-width="0.5"/>'
        + icon.text(0, band, name, size, bold=True, extra=' class="name"')
    )


def _point(layout: Layout, point: tuple[float, float]) -> XY:
    sx, sy = scale(layout)
    return point[0] * sx, point[1] * sy


def _curve(points: Sequence[XY]) -> list[XY]:
    """Points close together (a few units apart) along the smooth curve through ``points``
    (Catmull-Rom, as cubic Béziers)."""
    ends = [points[0], *points, points[-1]]
    out: list[XY] = [points[0]]
    for i in range(1, len(ends) - 2):
        p0, p1, p2, p3 = ends[i - 1], ends[i], ends[i + 1], ends[i + 2]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        steps = max(2, math.ceil(math.dist(p1, p2) / 4))
        for k in range(1, steps + 1):
            t = k / steps
            u = 1 - t
            out.append(
                (
                    u**3 * p1[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t**3 * p2[0],
                    u**3 * p1[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t**3 * p2[1],
                )
            )
    return out


def _clip(a: XY, b: XY, hexagon: Sequence[XY]) -> tuple[float, float] | None:
    """The stretch ``t0..t1`` of segment a→b inside a convex polygon (Cyrus-Beck), or None."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = len(hexagon)
    for i in range(n):
        (x1, y1), (x2, y2) = hexagon[i], hexagon[(i + 1) % n]
        # inward normal of a counter-clockwise or clockwise polygon: test against the centre
        nx, ny = y1 - y2, x2 - x1
        if nx * (0 - x1) + ny * (0 - y1) < 0:
            nx, ny = -nx, -ny
        num_ = nx * (a[0] - x1) + ny * (a[1] - y1)
        den = nx * dx + ny * dy
        if abs(den) < 1e-12:
            if num_ < 0:
                return None
            continue
        t = -num_ / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return t0, t1


def _pieces(line: Sequence[XY], hexagon: Sequence[XY]) -> list[list[XY]]:
    """The runs of ``line`` (hex-local coordinates) inside the hexagon."""
    runs: list[list[XY]] = []
    current: list[XY] = []
    for a, b in itertools.pairwise(line):
        span = _clip(a, b, hexagon)
        if span is None:
            if current:
                runs.append(current)
                current = []
            continue
        t0, t1 = span
        start = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        stop = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        if not current:
            current = [start]
        current.append(stop)
        if t1 < 1.0:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return [r for r in runs if len(r) > 1]


def _rivers(layout: Layout, rivers: Sequence[River], centres: Mapping[str, XY]) -> dict[str, str]:
    """Each crossed hex's stretch of river, drawn in the hex's own coordinates and clipped to
    it (so the hex's outline, focus ring and click box stay its own): every bank first, then
    the water, so a tributary joins its river without a seam."""
    hexagon = corners(layout)
    lines = [(river, _curve([_point(layout, p) for p in river.course])) for river in rivers]
    out: dict[str, str] = {}
    for name, (cx, cy) in centres.items():
        banks: list[str] = []
        water: list[str] = []
        for river, line in lines:
            if not any(abs(x - cx) < R and abs(y - cy) < R for x, y in line):
                continue
            local = [(x - cx, y - cy) for x, y in line]
            width = RIVER_WIDTH[river.major]
            for run in _pieces(local, hexagon):
                points = " ".join(f"{num(x)},{num(y)}" for x, y in run)
                banks.append(f'<polyline points="{points}" stroke-width="{num(width + 2.4)}"/>')
                water.append(
                    f'<polyline points="{points}" stroke-width="{num(width)}" '
                    f'data-river="{escape(river.name)}"/>'
                )
        if water:
            out[name] = (
                '<g class="river" clip-path="url(#area-clip)" pointer-events="none" '
                'fill="none" stroke-linecap="round" stroke-linejoin="round">'
                f'<g stroke="{BANK}">{"".join(banks)}</g>'
                f'<g stroke="{WATER}">{"".join(water)}</g></g>'
            )
    return out


def _clip_path(layout: Layout) -> str:
    """A hex just inside its outline, so the grid line shows over the water as printed."""
    clip = " ".join(f"{num(x * 0.985)},{num(y * 0.985)}" for x, y in corners(layout))
    return f'<defs><clipPath id="area-clip"><polygon points="{clip}"/></clipPath></defs>'


def _lakes(coords: CoordinateSystem, lakes: Sequence[Lake]) -> list[str]:
    """Lakes on the card beside the land: the cells merged into one shape with a shore line,
    the name across them."""
    points = polygon_points(coords.layout)
    out: list[str] = []
    for lake in lakes:
        where = [centre(coords.layout, coords.point(c)) for c in lake.cells]
        shape = "".join(
            f'<polygon points="{points}" transform="translate({num(x)},{num(y)})"/>'
            for x, y in where
        )
        out.append(
            f'<g class="lake" stroke-linejoin="round"><title>{escape(lake.name)}</title>'
            f'<g fill="{BANK}" stroke="{BANK}" stroke-width="14">{shape}</g>'
            f'<g fill="{WATER}" stroke="{WATER}" stroke-width="10">{shape}</g>'
        )
        xs = [x for x, _ in where]
        x = sum(xs) / len(where)
        y = sum(y for _, y in where) / len(where)
        size = icon.fit_size(lake.name, max(xs) - min(xs) + R, 13.0, 7.0)
        out.append(
            icon.text(x, y, lake.name, size, fill=BANK, extra=' font-style="italic"') + "</g>"
        )
    return out


def area_map_svg(
    coords: CoordinateSystem,
    hexes: Sequence[AreaHex],
    colours: Mapping[str, str],
    *,
    legend: bool = True,
    scenery: Scenery | None = None,
) -> str:
    """The whole map as a standalone SVG document; the same hexes give the same bytes."""
    scenery = scenery or Scenery()
    paint_of = {company: paint(word) for company, word in colours.items()}
    centres = {area.name: centre(coords.layout, coords.point(area.name)) for area in hexes}
    rivers = _rivers(coords.layout, scenery.rivers, centres)
    groups: list[str] = []
    points = polygon_points(coords.layout)
    clip = _clip_path(coords.layout) if rivers else ""
    edge: list[str] = [SHADE, clip, *_lakes(coords, scenery.lakes), '<g class="land-edge">']
    for area in hexes:
        cx, cy = centres[area.name]
        body = "".join(_hex(area, coords, paint_of, rivers.get(area.name, "")))
        groups.append(
            f'<g id="hex-{area.name}" transform="translate({num(cx)},{num(cy)})">{body}</g>'
        )
        edge.append(
            f'<polygon points="{points}" transform="translate({num(cx)},{num(cy)})" '
            f'fill="{EDGE}" stroke="{EDGE}" stroke-width="9" stroke-linejoin="round"/>'
        )
    edge.append("</g>")
    entries = _legend(hexes, paint_of, scenery) if legend else []
    return document(groups, coords, centres, entries, background=SHEET, under=edge)


def _swatch(fill: str, inner: str = "") -> str:
    return f'<rect x="-8" y="-7" width="16" height="14" fill="{fill}" stroke="#555555"/>{inner}'


def _legend(
    hexes: Sequence[AreaHex], paint_of: Mapping[str, str], scenery: Scenery
) -> list[LegendEntry]:
    terrains = dict.fromkeys(a.terrain for a in hexes if not a.settlement)
    settlements = {a.settlement for a in hexes}
    out: list[LegendEntry] = []
    for terrain in terrains:
        mark = icon.terrain_mark(terrain, 0, 0, 12) if terrain != "plain" else ""
        out.append(LegendEntry(_swatch(TERRAIN_FILL.get(terrain, "#eeeeee"), mark), terrain))
    captions = {
        "city": "city",
        "industrial": "industrial city",
        "capital": "goal city",
        "start": "start hex (ring: company)",
    }
    fake = AreaHex(name="A1", settlement="", home=None)
    for kind in SETTLEMENTS:
        if kind in settlements:
            symbol = _settlement(dataclasses.replace(fake, settlement=kind), paint_of)
            fill = _fill(dataclasses.replace(fake, settlement=kind))
            out.append(
                LegendEntry(
                    _swatch(fill, f'<g transform="translate(0,2) scale(0.6)">{symbol}</g>'),
                    captions[kind],
                )
            )
    out.append(LegendEntry(icon.text(0, 0, "3", 11, fill=COST_RED, bold=True), "build cost"))
    out.append(LegendEntry(icon.locomotive(0, 0, 13, "#ffffff"), "income gained on entering"))
    out.append(LegendEntry(icon.house(0, 0, 12, "2"), "development value"))
    out.append(LegendEntry(icon.house(0, 0, 12, "2", filled=True), "developed"))
    if scenery.rivers or scenery.lakes:
        wave = (
            f'<path d="M-8,3 C-4,-5 0,7 8,-3" fill="none" stroke="{BANK}" stroke-width="5.5" '
            f'stroke-linecap="round"/><path d="M-8,3 C-4,-5 0,7 8,-3" fill="none" '
            f'stroke="{WATER}" stroke-width="3.5" stroke-linecap="round"/>'
        )
        out.append(LegendEntry(wave, "river, lake (scenery: no cost)"))
    for company, fill in paint_of.items():
        out.append(LegendEntry(icon.locomotive(0, 0, 14, fill), company))
    return out


def area_hex(here: HexView) -> AreaHex:
    """A board view's hex as an area: a forest's development pays dollars, the rest raise
    income (Chicago Express §4.3)."""
    dev = here.development
    forest = here.terrain == "forest"
    return AreaHex(
        name=here.id,
        terrain=here.terrain or "plain",
        settlement=here.settlement,
        location=here.location,
        cost=here.cost,
        income=here.income,
        development="" if dev == 0 else f"${dev}" if forest else str(dev),
        developed=here.developed,
        companies=here.companies,
        home=here.home,
    )


def area_board_svg(
    board: BoardView,
    colours: Mapping[str, str],
    *,
    legend: bool = True,
    scenery: Scenery | None = None,
) -> str:
    """An area map's board view as a standalone SVG document."""
    return area_map_svg(
        coordinates(board),
        [area_hex(h) for h in board.hexes],
        colours,
        legend=legend,
        scenery=scenery,
    )
