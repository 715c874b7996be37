"""The frame around a drawn map: coordinate labels on the edges, a legend, and the SVG
document whose viewBox holds all of it.

Printed boards letter one axis and number the other along their edges ("E11": column E, row
11 on a flat board); :func:`coordinate_labels` writes each letter and number once on both
sides, next to the outermost hex that carries it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from html import escape

from roundhouse.core.hexgrid import CoordinateSystem
from roundhouse.render import icon
from roundhouse.render.geometry import XY, half_extent, num

LABEL_GAP = 12.0
"""Distance from the outermost hex edge to a coordinate label's centre."""
MARGIN = 24.0
"""Space left around the hexes for the coordinate labels."""
LEGEND_ROW = 22.0
CAPTION_LINE = 20.0
"""Height of the caption's line under the key."""

_NAME = re.compile(r"^([A-Z]+)(-?[0-9]+)$")


@dataclasses.dataclass(frozen=True)
class LegendEntry:
    """One key item: a symbol drawn centred on (0, 0) within about 16 units, and its caption."""

    symbol: str
    caption: str


@dataclasses.dataclass(frozen=True)
class Bounds:
    left: float
    top: float
    right: float
    bottom: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top


def hex_bounds(coords: CoordinateSystem, centres: Mapping[str, XY]) -> Bounds:
    """The box around every hex (not just the centres)."""
    hx, hy = half_extent(coords.layout)
    xs = [c[0] for c in centres.values()] or [0.0]
    ys = [c[1] for c in centres.values()] or [0.0]
    return Bounds(min(xs) - hx, min(ys) - hy, max(xs) + hx, max(ys) + hy)


def coordinate_labels(
    coords: CoordinateSystem, centres: Mapping[str, XY], bounds: Bounds
) -> list[str]:
    """Letters and numbers as printed, on all four edges of the board."""
    across: dict[str, list[float]] = {}  # label -> x positions (labels along top/bottom)
    down: dict[str, list[XY]] = {}  # label -> centres (labels along left/right)
    for name, (x, y) in centres.items():
        m = _NAME.match(name)
        if m is None:
            continue
        letter, number = m.group(1), m.group(2)
        col, row = (letter, number) if coords.letter_axis == "x" else (number, letter)
        across.setdefault(col, []).append(x)
        down.setdefault(row, []).append((x, y))
    out: list[str] = []
    for label, xs in across.items():
        x = sum(xs) / len(xs)
        out.append(icon.text(x, bounds.top - LABEL_GAP, label, 11, fill="#555555", bold=True))
        out.append(icon.text(x, bounds.bottom + LABEL_GAP, label, 11, fill="#555555", bold=True))
    for label, points in down.items():
        left = min(points)
        right = max(points)
        out.append(
            icon.text(bounds.left - LABEL_GAP, left[1], label, 11, fill="#555555", bold=True)
        )
        out.append(
            icon.text(bounds.right + LABEL_GAP, right[1], label, 11, fill="#555555", bold=True)
        )
    return out


def legend(
    entries: Sequence[LegendEntry], left: float, top: float, width: float
) -> tuple[list[str], float]:
    """The key laid out in rows under the board; returns its parts and its height."""
    if not entries:
        return [], 0.0
    out = [icon.text(left, top + 8, "Key", 11, anchor="start", bold=True)]
    x, y = left, top + 8 + LEGEND_ROW
    for entry in entries:
        need = 22 + icon.text_width(entry.caption, 9) + 16
        if x > left and x + need > left + width:
            x, y = left, y + LEGEND_ROW
        out.append(f'<g transform="translate({num(x + 9)},{num(y)})">{entry.symbol}</g>')
        out.append(icon.text(x + 22, y, entry.caption, 9, anchor="start"))
        x += need
    return out, y - top + LEGEND_ROW / 2


def document(
    body: Sequence[str],
    coords: CoordinateSystem,
    centres: Mapping[str, XY],
    entries: Sequence[LegendEntry] = (),
    *,
    labels: bool = True,
    background: str = "#ffffff",
    under: Sequence[str] = (),
    caption: str = "",
) -> str:
    """A standalone SVG: the hexes, the coordinate labels and the key, nothing clipped.

    ``background`` fills the sheet; ``under`` is drawn on it before everything else (an
    area map's landmass edge and its shading definitions); ``caption``, a line under the key
    that must be read with the map (18US: the board is reconstructed)."""
    bounds = hex_bounds(coords, centres)
    parts = list(body)
    pad = MARGIN if labels else 6.0
    if labels:
        parts.extend(coordinate_labels(coords, centres, bounds))
    left, top = bounds.left - pad, bounds.top - pad
    width = bounds.width + 2 * pad
    key, key_height = legend(entries, left + 6, bounds.bottom + pad, max(width - 12, 320))
    parts.extend(key)
    height = bounds.height + 2 * pad + key_height
    if caption:
        height += CAPTION_LINE
        parts.append(
            f'<text class="caption" x="{num(left + 8)}" y="{num(top + height - 6)}" '
            f'font-size="12" font-weight="bold" fill="#8a1c1c">{escape(caption)}</text>'
        )
    width = max(width, 332.0) if entries else width
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="{num(left)} {num(top)} {num(width)} {num(height)}" font-family="sans-serif">'
        f'<rect x="{num(left)}" y="{num(top)}" width="{num(width)}" height="{num(height)}" '
        f'fill="{background}"/>' + "".join(under) + "".join(parts) + "</svg>"
    )
