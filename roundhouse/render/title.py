"""Starting boards to draw for ``roundhouse render TITLE --out map.svg``.

This is where titles meet the renderer: it reads a title's own data (map, company colours)
and hands the generic drawing code plain records, so :mod:`.map` and :mod:`.area` never name a
title.  ``demo`` is a small board built here in code that shows every feature drawn.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.tiles import standard_tiles
from roundhouse.core.view.board import BoardView
from roundhouse.render.area import area_board_svg
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


# --- Chicago Express -----------------------------------------------------------------------


def chicago_express_svg(
    board: BoardView | None = None, colours: Mapping[str, str] | None = None
) -> str:
    """The Chicago Express map from a game's board view (default: a new game, locomotives on
    their start hexes), in its companies' colours (default: the charters')."""
    if board is None or colours is None:
        import roundhouse

        game = roundhouse.new_game("ChicagoExpress", players=["A", "B", "C"], seed=0)
        board = board if board is not None else game.board()
        colours = (
            colours if colours is not None else {c.id: c.colour for c in game.table().companies}
        )
    assert board is not None
    return area_board_svg(board, colours)


# --- 18RoyalGorge --------------------------------------------------------------------------


def royal_gorge_style() -> MapStyle:
    """Railroad colours from 18RoyalGorge's companies.toml; terrain costs apply to the first
    tile only (rulebook "Terrain Costs" names no upgrade charge)."""
    from roundhouse.titles.g18royalgorge.company import railroads

    return MapStyle(colours={rid: r.colour for rid, r in railroads().items()})


def royal_gorge_board() -> Board:
    """18RoyalGorge's board with every railroad in play, so every home shows as reserved."""
    from roundhouse.titles.g18royalgorge.company import railroads
    from roundhouse.titles.g18royalgorge.data import board

    return board(tuple(railroads()))


# --- 18USA and 18West ------------------------------------------------------------------


def usa_board() -> Board:
    """18USA's printed board, before the set-up draws (§2.3-§2.6: red-area values,
    metropolises, subsidies and resources are drawn onto it when a game starts)."""
    from roundhouse.titles.g18usa.board import board

    return board()


def west_board() -> Board:
    """18West's board as set up (§3.1): every home token, and the UP's x2 token, in place."""
    from roundhouse.titles.g18west.board import board

    return board()


def _drawings() -> dict[str, Callable[[], str]]:
    """Title key (lower case, letters and digits only) -> what draws its starting board."""
    return {
        "chicagoexpress": chicago_express_svg,
        "18royalgorge": lambda: board_svg(royal_gorge_board(), royal_gorge_style()),
        "18usa": lambda: board_svg(usa_board()),
        "18west": lambda: board_svg(west_board()),
        "demo": lambda: board_svg(demo_board(), MapStyle(colours=DEMO_COLOURS)),
    }


def render_title(title: str) -> str:
    """SVG of a title's starting board, or of the ``demo`` board that shows every feature the
    renderer draws.  ValueError for a title without map data (18US: the rulebook copy has no
    map, and 18US is not on 18xx.games), naming the titles that have one."""
    key = re.sub(r"[^a-z0-9]", "", title.lower())
    drawings = _drawings()
    draw = drawings.get(key)
    if draw is None:
        raise ValueError(f"no map data for {title!r}; maps: {', '.join(sorted(drawings))}")
    return draw()
