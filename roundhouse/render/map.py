"""SVG drawings of tiles and boards, so map data can be checked by eye against a rulebook.

Plain SVG text, no dependencies.  Hex centres come from the doubled coordinates of
:mod:`roundhouse.core.hexgrid`: the pixel vector to a neighbour is the doubled offset scaled
per axis, so the midpoint of an edge is half of it.
"""

from __future__ import annotations

import math
from html import escape

from roundhouse.core.board import Board, HexState
from roundhouse.core.hexgrid import DIRECTIONS, Layout
from roundhouse.core.tiles import Colour, Stop, StopKind, Tile

R = 40.0
"""Hex radius in SVG units."""

FILL = {
    Colour.WHITE: "#eef2d8",
    Colour.YELLOW: "#f6e05e",
    Colour.GREEN: "#7bc47f",
    Colour.BROWN: "#c08a55",
    Colour.GRAY: "#b8b8b8",
    Colour.RED: "#e06060",
    Colour.BLUE: "#8ec5ec",
}
TERRAIN = {"mountain": "#8b5a2b", "hill": "#a0764a", "water": "#3b7dd8", "river": "#3b7dd8"}
BORDER = {"impassable": "#111", "ridge": "#6b3d12", "river": "#2a6fd6", "water": "#2a6fd6"}


def _scale(layout: Layout) -> tuple[float, float]:
    if layout is Layout.FLAT:
        return 1.5 * R, math.sqrt(3) / 2 * R
    return math.sqrt(3) / 2 * R, 1.5 * R


def _edge_mid(layout: Layout, edge: int) -> tuple[float, float]:
    sx, sy = _scale(layout)
    dx, dy = DIRECTIONS[layout][edge]
    return dx * sx / 2, dy * sy / 2


def _corners(layout: Layout) -> list[tuple[float, float]]:
    start = 0 if layout is Layout.FLAT else 30
    return [
        (R * math.cos(math.radians(start + 60 * i)), R * math.sin(math.radians(start + 60 * i)))
        for i in range(6)
    ]


def _edge_corners(layout: Layout, edge: int) -> tuple[tuple[float, float], tuple[float, float]]:
    mx, my = _edge_mid(layout, edge)
    angle = math.atan2(my, mx)
    a, b = angle - math.radians(30), angle + math.radians(30)
    return (R * math.cos(a), R * math.sin(a)), (R * math.cos(b), R * math.sin(b))


def _stop_positions(tile: Tile, rotation: int, layout: Layout) -> dict[str, tuple[float, float]]:
    stops = [s for s in tile.stops if s.kind is not StopKind.JUNCTION]
    out: dict[str, tuple[float, float]] = {s.name: (0.0, 0.0) for s in tile.stops}
    if len(stops) <= 1:
        return out
    for i, stop in enumerate(stops):
        edges = tile.stop_edges(stop.name, rotation)
        if edges:
            mids = [_edge_mid(layout, e) for e in edges]
            x = sum(m[0] for m in mids) / len(mids)
            y = sum(m[1] for m in mids) / len(mids)
            norm = math.hypot(x, y) or 1.0
            out[stop.name] = (x / norm * R * 0.42, y / norm * R * 0.42)
        else:
            angle = 2 * math.pi * i / len(stops) - math.pi / 2
            out[stop.name] = (R * 0.4 * math.cos(angle), R * 0.4 * math.sin(angle))
    return out


def _tile_body(
    tile: Tile,
    rotation: int,
    layout: Layout,
    tokens: dict[str, list[str]] | None = None,
    phase: Colour = Colour.YELLOW,
) -> list[str]:
    parts: list[str] = []
    pos = _stop_positions(tile, rotation, layout)

    def at(end: int | str) -> tuple[float, float]:
        return _edge_mid(layout, end) if isinstance(end, int) else pos[end]

    for a, b in tile.rotated_paths(rotation):
        (x1, y1), (x2, y2) = at(a), at(b)
        if isinstance(a, int) and isinstance(b, int):
            d = f"M{x1:.1f},{y1:.1f} Q0,0 {x2:.1f},{y2:.1f}"
        else:
            d = f"M{x1:.1f},{y1:.1f} L{x2:.1f},{y2:.1f}"
        parts.append(f'<path d="{d}" stroke="#222" stroke-width="8" fill="none"/>')
    for stop in tile.stops:
        x, y = pos[stop.name]
        parts.extend(_stop_svg(stop, x, y, (tokens or {}).get(stop.name, []), phase))
    if tile.label:
        parts.append(
            f'<text x="{-R * 0.55:.1f}" y="{-R * 0.35:.1f}" font-size="12" '
            f'font-weight="bold">{escape(tile.label)}</text>'
        )
    return parts


def _stop_svg(stop: Stop, x: float, y: float, held: list[str], phase: Colour) -> list[str]:
    out: list[str] = []
    if stop.kind is StopKind.CITY:
        r = R * 0.22
        n = max(stop.slots, 1)
        for i in range(n):
            cx = x + (i - (n - 1) / 2) * 2 * r
            out.append(
                f'<circle cx="{cx:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="white" stroke="#222" '
                'stroke-width="2"/>'
            )
            if i < len(held):
                out.append(
                    f'<text x="{cx:.1f}" y="{y + 3:.1f}" font-size="8" text-anchor="middle">'
                    f"{escape(held[i])}</text>"
                )
        out.append(_revenue(stop.revenue_in(phase), x + r * n, y - r * 1.4))
    elif stop.kind is StopKind.TOWN:
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{R * 0.12:.1f}" fill="#111"/>')
        out.append(_revenue(stop.revenue_in(phase), x + R * 0.25, y - R * 0.2))
    elif stop.kind is StopKind.OFFBOARD:
        values = [str(v) for _, v in stop.phase_revenue] or [str(stop.revenue)]
        out.append(
            f'<text x="{x:.1f}" y="{y - R * 0.3:.1f}" font-size="11" text-anchor="middle" '
            f'font-weight="bold">{escape("/".join(values))}</text>'
        )
    return out


def _revenue(value: int, x: float, y: float) -> str:
    if not value:
        return ""
    return (
        f'<g><circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="white" stroke="#222"/>'
        f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="9" text-anchor="middle">{value}</text></g>'
    )


def _polygon(layout: Layout, fill: str) -> str:
    pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in _corners(layout))
    return f'<polygon points="{pts}" fill="{fill}" stroke="#555" stroke-width="1"/>'


def tile_svg(tile: Tile, rotation: int = 0, layout: Layout = Layout.FLAT) -> str:
    """One tile at a rotation, as a standalone SVG document."""
    body = [_polygon(layout, FILL[tile.colour]), *_tile_body(tile, rotation, layout)]
    body.append(
        f'<text x="{R * 0.35:.1f}" y="{R * 0.75:.1f}" font-size="9">{escape(tile.id)}</text>'
    )
    size = 2 * R + 4
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size:.0f}" height="{size:.0f}" '
        f'viewBox="{-size / 2:.1f} {-size / 2:.1f} {size:.1f} {size:.1f}">'
        + "".join(body)
        + "</svg>"
    )


def _hex_svg(board: Board, here: HexState, phase: Colour) -> list[str]:
    layout = board.grid.coords.layout
    name = here.printed.name
    out = [_polygon(layout, FILL[here.tile.colour])]
    terrain = here.printed.terrain
    if terrain or here.printed.cost:
        colour = TERRAIN.get(terrain, "#666")
        out.append(
            f'<path d="M{R * 0.25:.1f},{R * 0.55:.1f} l8,-14 l8,14 z" fill="{colour}"/>'
            f'<text x="{R * 0.45:.1f}" y="{R * 0.75:.1f}" font-size="9" text-anchor="middle">'
            f"{'$' + str(here.printed.cost) if here.printed.cost else escape(terrain)}</text>"
        )
    out.extend(_tile_body(here.tile, here.rotation, layout, here.tokens, phase))
    if here.printed.label and not here.tile.label:
        out.append(
            f'<text x="{-R * 0.55:.1f}" y="{-R * 0.35:.1f}" font-size="12" font-weight="bold">'
            f"{escape(here.printed.label)}</text>"
        )
    for edge in range(6):
        border = board.border(name, edge)
        if border is None or (
            board.grid.hexside(name, edge) != (name, edge)
            and (board.grid.neighbour(name, edge) is not None)
        ):
            continue
        (x1, y1), (x2, y2) = _edge_corners(layout, edge)
        out.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="{BORDER.get(border.kind, "#933")}" stroke-width="5"/>'
        )
        if border.cost:
            out.append(
                f'<text x="{(x1 + x2) / 2 * 0.8:.1f}" y="{(y1 + y2) / 2 * 0.8:.1f}" '
                f'font-size="8" text-anchor="middle">${border.cost}</text>'
            )
    out.append(
        f'<text x="0" y="{-R * 0.68:.1f}" font-size="8" text-anchor="middle" fill="#444">'
        f"{escape(name)}</text>"
    )
    if here.printed.location:
        out.append(
            f'<text x="0" y="{R * 0.8:.1f}" font-size="7" text-anchor="middle">'
            f"{escape(here.printed.location)}</text>"
        )
    if here.markers:
        out.append(
            f'<text x="{-R * 0.6:.1f}" y="{R * 0.45:.1f}" font-size="7">'
            f"{escape(' '.join(here.markers))}</text>"
        )
    return out


def board_svg(board: Board, phase: Colour = Colour.YELLOW) -> str:
    """The whole board as a standalone SVG document."""
    sx, sy = _scale(board.grid.coords.layout)
    groups: list[str] = []
    xs: list[float] = []
    ys: list[float] = []
    for here in board:
        px, py = board.grid.point(here.printed.name)
        cx, cy = px * sx, py * sy
        xs.append(cx)
        ys.append(cy)
        body = "".join(_hex_svg(board, here, phase))
        groups.append(f'<g transform="translate({cx:.1f},{cy:.1f})">{body}</g>')
    if not xs:
        xs, ys = [0.0], [0.0]
    x0, y0 = min(xs) - R - 4, min(ys) - R - 4
    w, h = max(xs) - min(xs) + 2 * R + 8, max(ys) - min(ys) + 2 * R + 8
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
        f'viewBox="{x0:.1f} {y0:.1f} {w:.1f} {h:.1f}" font-family="sans-serif">'
        + "".join(groups)
        + "</svg>"
    )
