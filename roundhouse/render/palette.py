"""Colours: tile colours, terrain, hexside features, and the colour words titles' data use.

Titles name company colours in their data ("red", "purple", "gold", "#123456"); :func:`paint`
turns such a word into an SVG colour and :func:`ink` picks black or white text to go on it.
"""

from __future__ import annotations

from collections.abc import Mapping

from roundhouse.core.tiles import Colour

TILE_FILL: Mapping[Colour, str] = {
    Colour.WHITE: "#eef2d8",
    Colour.YELLOW: "#f6e05e",
    Colour.GREEN: "#7bc47f",
    Colour.BROWN: "#c08a55",
    Colour.GRAY: "#b8b8b8",
    Colour.RED: "#e06060",
    Colour.BLUE: "#8ec5ec",
}

PHASE_FILL: Mapping[Colour, str] = {
    Colour.WHITE: "#ffffff",
    Colour.YELLOW: "#f6e05e",
    Colour.GREEN: "#5fb865",
    Colour.BROWN: "#b07840",
    Colour.GRAY: "#a8a8a8",
    Colour.RED: "#e06060",
    Colour.BLUE: "#8ec5ec",
}
"""Boxes of phase-dependent revenues: a little stronger than tile fills so they read on red."""

TERRAIN_FILL: Mapping[str, str] = {
    "plain": "#eef2d8",
    "forest": "#6fae5c",
    "mountain": "#b09a80",
    "hill": "#cdb896",
    "water": "#bcd9f0",
    "river": "#bcd9f0",
    "lake": "#9cc8ec",
    "swamp": "#a7c3a0",
    "desert": "#f0dca0",
}
"""Background of a blank hex by terrain; hexes with tiles keep the tile colour."""

TERRAIN_MARK: Mapping[str, str] = {
    "mountain": "#7a5230",
    "hill": "#a0764a",
    "forest": "#2f6b2a",
    "water": "#2f74c8",
    "river": "#2f74c8",
    "lake": "#2f74c8",
    "swamp": "#4d7a46",
    "desert": "#c09040",
}
"""Colour of the small terrain symbol drawn next to a terrain cost."""

BORDER_STROKE: Mapping[str, str] = {
    "impassable": "#c01818",
    "ridge": "#7a4a1c",
    "mountain": "#7a4a1c",
    "river": "#2a6fd6",
    "water": "#2a6fd6",
}

MARKER_FILL: Mapping[str, str] = {
    "mine": "#e0b020",
    "gold": "#e0b020",
    "coal": "#303030",
    "oil": "#202060",
    "ore": "#a0522d",
    "ghost": "#909090",
    "x2": "#c0392b",
}

COST_RED = "#c8161d"
"""Printed build costs are red on the boards."""

_WORDS: Mapping[str, str] = {
    "black": "#222222",
    "white": "#ffffff",
    "gray": "#8a8a8a",
    "grey": "#8a8a8a",
    "silver": "#c0c0c0",
    "red": "#d02020",
    "darkred": "#8b1010",
    "maroon": "#800000",
    "orange": "#f08020",
    "yellow": "#f2d21b",
    "gold": "#d4a017",
    "green": "#1f8a3a",
    "lightgreen": "#7ccc6a",
    "darkgreen": "#0b5a22",
    "blue": "#1f5fc8",
    "lightblue": "#6cb4ee",
    "navy": "#1a2a6c",
    "purple": "#7a2f9a",
    "violet": "#a050c0",
    "pink": "#e878a8",
    "brown": "#7a4a1c",
    "tan": "#c8a878",
    "teal": "#138080",
    "cyan": "#20b0c8",
}


def paint(word: str) -> str:
    """An SVG colour for a data colour word; ``#rgb``/``#rrggbb`` pass through."""
    key = word.strip().lower()
    if key.startswith("#"):
        return key
    return _WORDS.get(key.replace(" ", "").replace("_", ""), "#666666")


def ink(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (a ``#rrggbb`` colour)."""
    code = fill.lstrip("#")
    if len(code) == 3:
        code = "".join(c * 2 for c in code)
    try:
        r, g, b = (int(code[i : i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return "#000000"
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"
