"""Starting boards to draw for `roundhouse render TITLE --out map.svg`.

Until the 18xx titles ship their map data this draws a demonstration board built here in
code, or Chicago Express's map (converted from its own hex data: terrain, costs and names).
"""

from __future__ import annotations

import importlib
import re

from roundhouse.core.board import Board, PrintedHex, load_board
from roundhouse.core.hexgrid import HexGrid
from roundhouse.core.tiles import TileSet, parse_tile, standard_tiles
from roundhouse.render.map import board_svg

DEMO: dict[str, object] = {
    "board": {"layout": "pointy", "letter_axis": "y"},
    "hexes": {
        "A1 A3 A7 B2 B6 C1 C3 C7 D4 D8": {},
        "A5": {"terrain": "mountain", "cost": 40},
        "A9": {
            "location": "West",
            "color": "red",
            "code": "offboard o revenue=yellow:20/green:30/brown:40/gray:60; track 1-o 0-o",
        },
        "B4": {
            "location": "Capital",
            "color": "yellow",
            "code": "city w revenue=30; city e revenue=30; track 1-w 4-e",
            "label": "NY",
            "reserved": {"w": "PRR"},
        },
        "B8": {"borders": ["1 ridge 20", "2 impassable"], "code": "town t"},
        "C5": {"code": "city c", "location": "Junction"},
        "C9": {"tile": "57", "rotation": 1},
        "D2": {"terrain": "water", "cost": 20},
        "D6": {"color": "gray", "code": "city c revenue=50 slots=3; track 0-c 1-c 3-c 4-c"},
    },
}


def demo_board() -> Board:
    """A small board showing every feature the renderer draws."""
    board = load_board(DEMO, source="demo", tiles=standard_tiles())
    board.place_token("B4", "w", "PRR")
    board.lay("C5", "57", 1, {"c": "c"})
    board.place_token("C5", "c", "B&O")
    board.add_marker("A7", "gold")
    return board


def chicago_express_board() -> Board | None:
    """Chicago Express's map as a board of blank hexes with its terrain, costs and names."""
    try:
        module = importlib.import_module("roundhouse.titles.chicago_express.board")
    except ImportError:
        return None
    loader = getattr(module, "load_board", None)
    coords = getattr(module, "COORDINATES", None)
    if loader is None or coords is None:
        return None
    source = loader()
    printed: dict[str, PrintedHex] = {}
    for name, info in getattr(source, "hexes", {}).items():
        kind = str(getattr(info, "type", ""))
        code = "city c" if kind in {"city", "industrial", "chicago", "start"} else ""
        printed[name] = PrintedHex(
            name=name,
            tile=parse_tile(name, "white", code),
            location=str(getattr(info, "name", "")),
            terrain=kind,
            cost=int(getattr(info, "cost", 0)),
        )
    return Board(HexGrid(coords, printed), printed, TileSet({}, {}))


def render_title(title: str) -> str:
    """SVG of a title's starting board; the demo board for titles without map data yet."""
    key = re.sub(r"[^a-z0-9]", "", title.lower())
    if key == "chicagoexpress":
        board = chicago_express_board()
        if board is not None:
            return board_svg(board)
    return board_svg(demo_board())
