"""One tile's drawing: track, cities with their slots, tokens and reservations, towns,
revenues (fixed in a disc, phase-dependent as a row of coloured boxes) and its label.

Used for a single tile (:func:`tile_svg`) and for each hex of a board (:mod:`.map`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from roundhouse.core.hexgrid import Layout
from roundhouse.core.tiles import Colour, Stop, StopKind, Tile
from roundhouse.render import icon
from roundhouse.render.geometry import XY, R, edge_mid, num, polygon_points
from roundhouse.render.palette import TILE_FILL

SLOT_R = R * 0.2
BOX = R * 0.26
"""Height of one phase revenue box."""

REVENUE_GAP = {Layout.FLAT: R * 0.42, Layout.POINTY: R * 0.38}
"""How far above or below its stop a phase revenue row sits (clear of the name band)."""

Painter = Callable[[str], str]
"""Company id -> its SVG colour."""


def stop_positions(tile: Tile, rotation: int, layout: Layout) -> dict[str, XY]:
    """Where each stop sits: a lone stop in the centre, several pulled toward their edges."""
    stops = [s for s in tile.stops if s.kind is not StopKind.JUNCTION]
    out: dict[str, XY] = {s.name: (0.0, 0.0) for s in tile.stops}
    if len(stops) <= 1:
        return out
    for i, stop in enumerate(stops):
        edges = tile.stop_edges(stop.name, rotation)
        if edges:
            mids = [edge_mid(layout, e) for e in sorted(edges)]
            x = sum(m[0] for m in mids) / len(mids)
            y = sum(m[1] for m in mids) / len(mids)
            norm = math.hypot(x, y) or 1.0
            out[stop.name] = (x / norm * R * 0.42, y / norm * R * 0.42)
        else:
            angle = 2 * math.pi * i / len(stops) - math.pi / 2
            out[stop.name] = (R * 0.4 * math.cos(angle), R * 0.4 * math.sin(angle))
    return out


def track(tile: Tile, rotation: int, layout: Layout, pos: Mapping[str, XY]) -> list[str]:
    """Track as thick lines: edge to edge curves through the centre, edge to stop straight."""

    def at(end: int | str) -> XY:
        return edge_mid(layout, end) if isinstance(end, int) else pos[end]

    out = []
    for a, b in tile.rotated_paths(rotation):
        (x1, y1), (x2, y2) = at(a), at(b)
        if isinstance(a, int) and isinstance(b, int):
            d = f"M{num(x1)},{num(y1)} Q0,0 {num(x2)},{num(y2)}"
        else:
            d = f"M{num(x1)},{num(y1)} L{num(x2)},{num(y2)}"
        out.append(f'<path d="{d}" stroke="#222222" stroke-width="8" fill="none"/>')
    return out


def _revenue_spot(
    x: float, y: float, layout: Layout, exits: frozenset[int], name_below: bool
) -> XY:
    """Where a stop's revenue goes: above or below it, on the side with less track, else
    away from the place name."""
    up = sum(1 for e in exits if edge_mid(layout, e)[1] < -1)
    down = sum(1 for e in exits if edge_mid(layout, e)[1] > 1)
    tie = (y < 0) if y else not name_below
    gap = REVENUE_GAP[layout]
    dy = gap if (up > down if up != down else tie) else -gap
    return x, y + dy


def stop_svg(
    stop: Stop,
    x: float,
    y: float,
    *,
    held: list[str],
    reserved_for: str | None,
    phase: Colour,
    layout: Layout,
    exits: frozenset[int],
    painter: Painter,
    name_below: bool = True,
) -> list[str]:
    """A city's slots (tokens, then a greyed reservation), a town's dot, and the revenue.
    A town with slots (18US §6.2.2 Junction Towns) draws its slots dashed: its tokens never
    block."""
    out: list[str] = []
    if stop.kind is StopKind.CITY or stop.slots:
        n = max(stop.slots, 1)
        dash = "" if stop.kind is StopKind.CITY else ' stroke-dasharray="3 2"'
        waiting = reserved_for if reserved_for is not None and reserved_for not in held else None
        for i in range(n):
            cx = x + (i - (n - 1) / 2) * 2 * SLOT_R
            if i < len(held):
                out.append(icon.token(cx, y, SLOT_R, held[i], painter(held[i])))
            elif waiting is not None:
                out.append(icon.reserved(cx, y, SLOT_R, waiting))
                waiting = None
            else:
                out.append(
                    f'<circle cx="{num(cx)}" cy="{num(y)}" r="{num(SLOT_R)}" fill="#ffffff" '
                    f'stroke="#222222" stroke-width="1.5"{dash}/>'
                )
    elif stop.kind is StopKind.TOWN:
        out.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(R * 0.12)}" fill="#111111"/>')
    if stop.kind is StopKind.JUNCTION:
        return out
    if stop.phase_revenue:
        rx, ry = _revenue_spot(x, y, layout, exits, name_below)
        half = icon.phase_boxes_width(len(stop.phase_revenue), BOX) / 2
        rx = max(-R * 0.78 + half, min(R * 0.78 - half, rx))
        out.append(icon.phase_boxes(rx, ry, stop.phase_revenue, BOX))
    elif stop.revenue_in(phase):
        stationed = stop.kind is StopKind.CITY or stop.slots > 0
        reach = SLOT_R * max(stop.slots, 1) if stationed else R * 0.12
        out.append(icon.revenue_disc(x + reach + 6, y - R * 0.3, stop.revenue_in(phase)))
    return out


def tile_body(
    tile: Tile,
    rotation: int,
    layout: Layout,
    *,
    tokens: Mapping[str, list[str]] | None = None,
    reserved: Mapping[str, str] | None = None,
    phase: Colour = Colour.YELLOW,
    painter: Painter = lambda _: "#ffffff",
    name_below: bool = True,
) -> list[str]:
    """Everything on a tile except its hexagon; ``name_below`` says where the hex's place
    name goes, so revenues keep clear of it."""
    pos = stop_positions(tile, rotation, layout)
    parts = track(tile, rotation, layout, pos)
    exits = tile.exits(rotation)
    for stop in tile.stops:
        x, y = pos[stop.name]
        parts.extend(
            stop_svg(
                stop,
                x,
                y,
                held=list((tokens or {}).get(stop.name, [])),
                reserved_for=(reserved or {}).get(stop.name),
                phase=phase,
                layout=layout,
                exits=exits,
                painter=painter,
                name_below=name_below,
            )
        )
    if tile.label:
        parts.append(label_svg(tile.label))
    return parts


def label_svg(label: str) -> str:
    """A tile or hex label ("NY", "S") in the upper left, where printed boards put it."""
    return icon.text(-R * 0.55, -R * 0.4, label, 12, bold=True)


def hexagon(layout: Layout, fill: str, stroke: str = "#555555") -> str:
    return f'<polygon points="{polygon_points(layout)}" fill="{fill}" stroke="{stroke}"/>'


def tile_svg(tile: Tile, rotation: int = 0, layout: Layout = Layout.FLAT) -> str:
    """One tile at a rotation, as a standalone SVG document."""
    body = [hexagon(layout, TILE_FILL[tile.colour]), *tile_body(tile, rotation, layout)]
    body.append(icon.text(R * 0.45, R * 0.62, tile.id, 8, fill="#333333"))
    size = 2 * R + 4
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size:.0f}" height="{size:.0f}" '
        f'viewBox="{num(-size / 2)} {num(-size / 2)} {num(size)} {num(size)}" '
        f'font-family="sans-serif">' + "".join(body) + "</svg>"
    )
