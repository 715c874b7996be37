"""Starting boards to draw for ``roundhouse render TITLE --out map.svg``.

Each title draws its own board in its folder's ``drawing`` part (``starting_map()``, from its
own data: map, company colours), found by :meth:`roundhouse.core.title.Registry.part`, so no
module here names a title.  ``demo`` is a small board built here in code that shows every
feature drawn.
"""

from __future__ import annotations

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.core.title import REGISTRY, normalise_title_id
from roundhouse.render.map import MapStyle, board_svg

DEMO: dict[str, object] = {
    "board": {"layout": "pointy", "letter_axis": "y"},
    "hexes": {
        "A1 A3 A7 B2 B6 C1 C3 C7 D4": {},
        "D8": {"build_reserved": "NYC", "stubs": [1]},
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
        "B8": {"borders": ["1 ridge 20", "2 impassable"], "code": "town t revenue=10 slots=2"},
        "C5": {"code": "city c", "location": "Junction", "terrain": "water", "cost": 20},
        "C9": {"tile": "57", "rotation": 1},
        "D2": {"terrain": "water", "cost": 20},
        "D6": {"color": "gray", "code": "city c revenue=50 slots=3; track 0-c 1-c 3-c 4-c"},
        "D10": {"code": "city c", "reserved": "NYC", "location": "Harbour"},
    },
}
DEMO_COLOURS = {"PRR": "red", "B&O": "blue", "NYC": "green"}


def demo_board() -> Board:
    """A small board showing every feature the renderer draws."""
    board = load_board(DEMO, source="demo", tiles=standard_tiles())
    board.place_token("B4", "w", "PRR")
    board.lay("C5", "57", 1, {"c": "c"})
    board.place_token("C5", "c", "B&O")
    board.add_marker("A7", "mine")
    board.place_token("B8", "t", "NYC")
    return board


def _draw_demo() -> str:
    return board_svg(demo_board(), MapStyle(colours=DEMO_COLOURS))


def render_title(title: str) -> str:
    """SVG of a title's starting board, or of the ``demo`` board that shows every feature the
    renderer draws.  ValueError for a title without map data (no ``drawing`` part in its
    folder), naming the titles that have one."""
    key = normalise_title_id(title)
    if key == "demo":
        return _draw_demo()
    part = REGISTRY.part(key, "drawing")
    if part is None:
        maps = [k for k in REGISTRY.folders() if REGISTRY.part(k, "drawing") is not None]
        raise ValueError(f"no map data for {title!r}; maps: {', '.join(sorted([*maps, 'demo']))}")
    svg: str = part.starting_map()
    return svg
