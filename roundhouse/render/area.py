"""SVG of a map without track tiles, where companies spread over hexes (Chicago Express).

Each hex shows what its board prints: the terrain as its fill and a symbol, the build cost in
red, the income a company gains on entering next to a train symbol, the development value in a
house (filled once developed), the place name along the bottom, and a locomotive in the
colour of every company present.  The caller describes the hexes as :class:`AreaHex` records
(:func:`area_board_svg` makes them from a board view) and passes the company colours from the
title's data.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from html import escape

from roundhouse.core.hexgrid import CoordinateSystem, Layout
from roundhouse.core.view.board import BoardView, HexView
from roundhouse.render import icon
from roundhouse.render.frame import LegendEntry, document
from roundhouse.render.geometry import XY, R, centre, half_width_at, num, polygon_points
from roundhouse.render.map import BAND, coordinates, name_svg
from roundhouse.render.palette import COST_RED, TERRAIN_FILL, paint

SETTLEMENTS = ("city", "industrial", "capital", "start")
"""Kinds of place: an ordinary city, an industrial city, the goal city, a company's start."""

INDUSTRIAL_FILL = "#d8d0c8"
CAPITAL_FILL = "#f4e7b0"


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
        return '<circle cx="0" cy="-2" r="7" fill="#ffffff" stroke="#111111" stroke-width="2"/>'
    if kind == "capital":
        return (
            '<circle cx="0" cy="-2" r="10" fill="#ffffff" stroke="#111111" stroke-width="2"/>'
            '<circle cx="0" cy="-2" r="5" fill="#111111"/>'
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


def _hex(area: AreaHex, coords: CoordinateSystem, paint_of: Mapping[str, str]) -> list[str]:
    layout = coords.layout
    out = [
        f'<polygon points="{polygon_points(layout)}" fill="{_fill(area)}" stroke="#555555" '
        f'class="terrain-{area.terrain}"/>'
    ]
    if area.terrain in ("forest", "mountain", "hill", "swamp") and not area.settlement:
        out.append(icon.terrain_mark(area.terrain, 0, -2, 22))
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
        out.append(name_svg(layout, area.location, BAND[layout]))
    return out


def area_map_svg(
    coords: CoordinateSystem,
    hexes: Sequence[AreaHex],
    colours: Mapping[str, str],
    *,
    legend: bool = True,
) -> str:
    """The whole map as a standalone SVG document; the same hexes give the same bytes."""
    paint_of = {company: paint(word) for company, word in colours.items()}
    centres: dict[str, XY] = {}
    groups: list[str] = []
    for area in hexes:
        cx, cy = centre(coords.layout, coords.point(area.name))
        centres[area.name] = (cx, cy)
        body = "".join(_hex(area, coords, paint_of))
        groups.append(
            f'<g id="hex-{area.name}" transform="translate({num(cx)},{num(cy)})">{body}</g>'
        )
    entries = _legend(hexes, paint_of) if legend else []
    return document(groups, coords, centres, entries)


def _swatch(fill: str, inner: str = "") -> str:
    return f'<rect x="-8" y="-7" width="16" height="14" fill="{fill}" stroke="#555555"/>{inner}'


def _legend(hexes: Sequence[AreaHex], paint_of: Mapping[str, str]) -> list[LegendEntry]:
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


def area_board_svg(board: BoardView, colours: Mapping[str, str], *, legend: bool = True) -> str:
    """An area map's board view as a standalone SVG document."""
    return area_map_svg(
        coordinates(board), [area_hex(h) for h in board.hexes], colours, legend=legend
    )
