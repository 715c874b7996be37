"""A small pointy board (lettered rows, as 18USA and 18West) shared by the core tests.

Row A: A1 A3 A5 A7; row B: B2 B4 B6 B8; row C: C1 C3 C5 C7.  Pointy edges: 0 SW, 1 W,
2 NW, 3 NE, 4 E, 5 SE.
"""

from __future__ import annotations

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.tables.tiles import standard_tiles

DOC: dict[str, object] = {
    "board": {"layout": "pointy", "letter_axis": "y"},
    "hexes": {
        "A1 A5 A7 B2 C1 C3 C7": {},
        "A3": {
            "location": "Home",
            "code": "city c revenue=20; track 5-c",
            "color": "yellow",
            "reserved": "PRR",
        },
        "B4": {"borders": ["4 ridge 20"]},
        "B6": {"terrain": "mountain", "cost": 40},
        "B8": {
            "location": "West",
            "code": "offboard o revenue=yellow:20/brown:40; track 1-o",
            "color": "red",
        },
        "C5": {"code": "city c revenue=20", "reserved": "NYC", "borders": ["0 impassable"]},
    },
}


def small_board() -> Board:
    tiles = standard_tiles().select(
        {"7": 2, "8": 2, "9": None, "5": 1, "6": 1, "57": 2, "80": 1, "81": 1, "14": 1, "15": 1}
    )
    return load_board(DOC, source="fixture", tiles=tiles)
