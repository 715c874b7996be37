"""Small symbols drawn inside hexes: terrain marks, markers, tokens, locomotives, houses, text.

Each function returns one SVG fragment placed at ``(x, y)`` (its centre unless it says
otherwise).  Widths of text are estimated from the font size, which is close enough to keep
labels inside their hexes without measuring glyphs.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from html import escape

from roundhouse.core.tiles import Colour
from roundhouse.render.geometry import num
from roundhouse.render.palette import MARKER_FILL, PHASE_FILL, TERRAIN_MARK, ink

CHAR_WIDTH = 0.6
"""Average sans-serif glyph width as a fraction of the font size (digits and capitals)."""


_memo = functools.lru_cache(maxsize=8192)
"""Symbols repeat across hexes (same value, same spot), so each distinct one is built once."""


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    return len(text) * size * (CHAR_WIDTH + (0.1 if bold else 0.0))


@_memo
def text(
    x: float,
    y: float,
    body: str,
    size: float,
    *,
    anchor: str = "middle",
    fill: str = "#000000",
    bold: bool = False,
    extra: str = "",
) -> str:
    """Text whose vertical centre is ``y`` (SVG puts the baseline there; shift by ~0.35 em)."""
    weight = ' font-weight="bold"' if bold else ""
    colour = "" if fill == "#000000" else f' fill="{fill}"'
    return (
        f'<text x="{num(x)}" y="{num(y + size * 0.35)}" font-size="{num(size)}" '
        f'text-anchor="{anchor}"{weight}{colour}{extra}>{escape(body)}</text>'
    )


@_memo
def fit_size(
    body: str, width: float, size: float, smallest: float = 4.5, *, bold: bool = False
) -> float:
    """The largest font size up to ``size`` at which ``body`` fits in ``width``."""
    need = text_width(body, size, bold=bold)
    if need <= width:
        return size
    return max(smallest, size * width / need)


@_memo
def mountain(x: float, y: float, s: float, fill: str = TERRAIN_MARK["mountain"]) -> str:
    """A peak with a snow cap, ``s`` wide."""
    h = s * 0.8
    return (
        f'<path d="M{num(x - s / 2)},{num(y + h / 2)} L{num(x)},{num(y - h / 2)} '
        f'L{num(x + s / 2)},{num(y + h / 2)} Z" fill="{fill}"/>'
        f'<path d="M{num(x - s * 0.14)},{num(y - h * 0.22)} L{num(x)},{num(y - h / 2)} '
        f'L{num(x + s * 0.14)},{num(y - h * 0.22)} Z" fill="#ffffff"/>'
    )


@_memo
def trees(x: float, y: float, s: float, fill: str = TERRAIN_MARK["forest"]) -> str:
    """Two fir trees, ``s`` wide."""
    out = []
    for dx, k in ((-0.22, 0.8), (0.22, 1.0)):
        cx, h = x + dx * s, s * 0.9 * k
        base = y + s * 0.35
        out.append(
            f'<path d="M{num(cx - s * 0.22)},{num(base - h * 0.15)} L{num(cx)},'
            f'{num(base - h)} L{num(cx + s * 0.22)},{num(base - h * 0.15)} Z" fill="{fill}"/>'
            f'<rect x="{num(cx - s * 0.04)}" y="{num(base - h * 0.15)}" width="{num(s * 0.08)}" '
            f'height="{num(h * 0.15)}" fill="#5a3a1a"/>'
        )
    return "".join(out)


@_memo
def waves(x: float, y: float, s: float, stroke: str = TERRAIN_MARK["water"]) -> str:
    """Two wavy lines, ``s`` wide."""
    out = []
    for dy in (-s * 0.15, s * 0.15):
        y0 = y + dy
        q = s / 4
        out.append(
            f'<path d="M{num(x - s / 2)},{num(y0)} q{num(q / 2)},{num(-q / 2)} {num(q)},0 '
            f't{num(q)},0 t{num(q)},0 t{num(q)},0" stroke="{stroke}" stroke-width="1.5" '
            'fill="none"/>'
        )
    return "".join(out)


@_memo
def terrain_mark(terrain: str, x: float, y: float, s: float) -> str:
    """The symbol for a kind of terrain; other kinds get a small dot in a neutral colour."""
    if terrain in ("mountain", "hill"):
        return mountain(x, y, s, TERRAIN_MARK[terrain])
    if terrain in ("forest", "swamp"):
        return trees(x, y, s, TERRAIN_MARK[terrain])
    if terrain in ("water", "river", "lake"):
        return waves(x, y, s, TERRAIN_MARK[terrain])
    return f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(s / 4)}" fill="#666666"/>'


@_memo
def marker(kind: str, x: float, y: float, s: float) -> str:
    """A bonus or other marker: a mine is a gold nugget with a pick, others a lettered badge."""
    fill = MARKER_FILL.get(kind)
    if kind in ("mine", "gold"):
        r = s / 2
        return (
            f'<path d="M{num(x - r)},{num(y)} L{num(x - r * 0.4)},{num(y - r * 0.8)} '
            f"L{num(x + r * 0.5)},{num(y - r * 0.7)} L{num(x + r)},{num(y + r * 0.1)} "
            f'L{num(x + r * 0.3)},{num(y + r * 0.8)} L{num(x - r * 0.6)},{num(y + r * 0.6)} Z" '
            f'fill="{fill}" stroke="#6a4a00" stroke-width="0.8"/>'
            f'<path d="M{num(x - r * 0.5)},{num(y + r * 0.4)} L{num(x + r * 0.45)},'
            f'{num(y - r * 0.45)}" stroke="#4a3000" stroke-width="1"/>'
        )
    badge = fill or "#ffffff"
    letters = kind[:2].upper()
    return (
        f'<rect x="{num(x - s / 2)}" y="{num(y - s / 2)}" width="{num(s)}" height="{num(s)}" '
        f'rx="{num(s / 4)}" fill="{badge}" stroke="#333333" stroke-width="0.8"/>'
        + text(x, y, letters, s * 0.55, fill=ink(badge), bold=True)
    )


@_memo
def token(x: float, y: float, r: float, company: str, fill: str) -> str:
    """A station token: a disc in the company's colour carrying its id."""
    size = fit_size(company, r * 1.6, r * 0.9, 3.0, bold=True)
    return (
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{fill}" stroke="#222222" '
        'stroke-width="1.5"/>' + text(x, y, company, size, fill=ink(fill), bold=True)
    )


@_memo
def reserved(x: float, y: float, r: float, company: str) -> str:
    """An empty station slot kept for a company (home station): its id, greyed."""
    size = fit_size(company, r * 1.6, r * 0.9, 3.0, bold=True)
    return (
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="#ffffff" stroke="#222222" '
        'stroke-width="1.5"/>' + text(x, y, company, size, fill="#9a9a9a", bold=True)
    )


@_memo
def locomotive(x: float, y: float, s: float, fill: str, stroke: str = "#111111") -> str:
    """A side-on locomotive, ``s`` wide, facing left: boiler, cab, chimney, wheels."""
    h = s * 0.5
    top = y - h / 2
    wheel = s * 0.11
    return (
        f'<g stroke="{stroke}" stroke-width="0.7">'
        f'<rect x="{num(x - s / 2)}" y="{num(top + h * 0.3)}" width="{num(s * 0.65)}" '
        f'height="{num(h * 0.45)}" fill="{fill}"/>'
        f'<rect x="{num(x + s * 0.15)}" y="{num(top)}" width="{num(s * 0.35)}" '
        f'height="{num(h * 0.75)}" fill="{fill}"/>'
        f'<rect x="{num(x - s * 0.4)}" y="{num(top + h * 0.05)}" width="{num(s * 0.1)}" '
        f'height="{num(h * 0.25)}" fill="{fill}"/>'
        f'<circle cx="{num(x - s * 0.3)}" cy="{num(top + h * 0.85)}" r="{num(wheel)}" '
        f'fill="{stroke}"/>'
        f'<circle cx="{num(x)}" cy="{num(top + h * 0.85)}" r="{num(wheel)}" fill="{stroke}"/>'
        f'<circle cx="{num(x + s * 0.3)}" cy="{num(top + h * 0.85)}" r="{num(wheel)}" '
        f'fill="{stroke}"/>'
        "</g>"
    )


@_memo
def house(x: float, y: float, s: float, label: str, *, filled: bool = False) -> str:
    """A house outline ``s`` wide holding ``label``; ``filled`` when a house stands there."""
    h = s
    fill, colour = ("#7a2a10", "#ffffff") if filled else ("#ffffff", "#000000")
    pts = [
        (x - s / 2, y + h / 2),
        (x - s / 2, y - h * 0.1),
        (x, y - h / 2),
        (x + s / 2, y - h * 0.1),
        (x + s / 2, y + h / 2),
    ]
    d = " ".join(f"{num(px)},{num(py)}" for px, py in pts)
    return f'<polygon points="{d}" fill="{fill}" stroke="#333333" stroke-width="1"/>' + text(
        x, y + h * 0.15, label, fit_size(label, s * 0.95, s * 0.6), fill=colour, bold=True
    )


@_memo
def phase_boxes(x: float, y: float, values: Sequence[tuple[Colour, int]], box: float) -> str:
    """A row of boxes centred on ``(x, y)``, one per phase colour, each holding its revenue."""
    width = box * 1.25
    left = x - width * len(values) / 2
    out = []
    for i, (colour, amount) in enumerate(values):
        fill = PHASE_FILL[colour]
        bx = left + i * width
        label = str(amount)
        out.append(
            f'<rect x="{num(bx)}" y="{num(y - box / 2)}" width="{num(width)}" height="{num(box)}" '
            f'fill="{fill}" stroke="#222222" stroke-width="0.8"/>'
            + text(bx + width / 2, y, label, fit_size(label, width * 0.9, box * 0.75), bold=True)
        )
    return "".join(out)


def phase_boxes_width(count: int, box: float) -> float:
    return box * 1.25 * count


@_memo
def revenue_disc(x: float, y: float, value: int, r: float = 8.0) -> str:
    """A fixed revenue in a white disc."""
    return (
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="#ffffff" stroke="#222222"/>'
        + text(x, y, str(value), fit_size(str(value), r * 1.7, r * 1.1))
    )
