"""Board features the rulebooks price or mark: river hexsides, terrain, markers.

18US §6.2: "Mississippi River hexsides (medium blue) cost an additional $10 to place or upgrade
a tile that completes a route across the River"; "Mountains (small brown triangles) cost an
additional $20 per hex".  18USA §12.2.1: a hex's printed cost "must be paid when laying a tile
in the hex"; §12.2.2: "Terrain costs are not paid when upgrading track".
"""

from __future__ import annotations

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.graph import Graph
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.core.tiles import Colour
from roundhouse.core.track import Allowance, TrackRules, tile_lays


def _river_board() -> Board:
    """Pointy rows: B4 has the Mississippi on its east side (edge 4, towards B6) and a $20
    mountain; a company's token sits west of it in B2."""
    tiles = standard_tiles().select({"7": None, "8": None, "9": None, "80": 1, "81": 1, "82": 1})
    doc: dict[str, object] = {
        "board": {"layout": "pointy", "letter_axis": "y"},
        "hexes": {
            "A1 A3 A5 A7 B8 C1 C3 C5 C7": {},
            "B2": {"code": "city c revenue=20; track 4-c", "color": "yellow", "location": "West"},
            "B4": {"terrain": "mountain", "cost": 20, "borders": ["4 river 10"]},
            "B6": {},
        },
    }
    board = load_board(doc, source="river fixture", tiles=tiles)
    board.place_token("B2", "c", "UP")
    return board


def test_18us_6_2_river_costs_10_when_new_track_crosses_it() -> None:
    board = _river_board()
    tiles = board.tiles
    assert board.border("B4", 4) == board.border("B6", 1)
    assert board.lay_cost("B4", tiles["9"], 1) == 20 + 10  # W-E straight: mountain and river
    assert board.lay_cost("B4", tiles["8"], 1) == 20  # W to NE: stays this side of the river
    assert board.lay_cost("B6", tiles["9"], 1) == 10  # the same hexside from the other hex


def test_18us_6_2_an_upgrade_that_newly_crosses_the_river_pays_it_but_no_terrain() -> None:
    board = _river_board()
    tiles = board.tiles
    board.lay("B4", "7", 1, {})  # sharp curve W (1) to NW (2): no river
    assert board.lay_cost("B4", tiles["80"], 1) == 0  # #80 keeps W-NW and adds only NE
    crossing = [r for r in tiles["82"].rotations if 4 in tiles["82"].exits(r)]
    keeping = [r for r in crossing if {1, 2} <= tiles["82"].exits(r)]
    assert keeping
    assert board.lay_cost("B4", tiles["82"], keeping[0]) == 10


def test_18us_6_2_lays_list_the_river_and_mountain_in_their_cost() -> None:
    board = _river_board()
    rules = TrackRules(colours=frozenset({Colour.YELLOW}))
    costs = {
        (lay.tile, lay.rotation): lay.cost
        for lay in tile_lays(board, Graph(board), "UP", Allowance(cash=100), rules)
        if lay.hex == "B4"
    }
    assert costs[("9", 1)] == 30
    assert costs[("8", 1)] == 20
    poor = tile_lays(board, Graph(board), "UP", Allowance(cash=25), rules)
    assert ("9", 1) not in {(lay.tile, lay.rotation) for lay in poor if lay.hex == "B4"}


def test_markers_printed_and_placed_stay_through_upgrades() -> None:
    """Bonus and other markers (18USA §13 coal, 18RoyalGorge mines) sit on the hex, not the
    tile: laying and upgrading leave them, and placing one changes the board's version."""
    tiles = standard_tiles().select({"8": None, "80": 1})
    doc: dict[str, object] = {
        "board": {"layout": "pointy", "letter_axis": "y"},
        "hexes": {"A1 A3": {}, "B2": {"markers": ["coal"]}},
    }
    board = load_board(doc, source="marker fixture", tiles=tiles)
    assert board["B2"].markers == ["coal"]
    version = board.version
    board.add_marker("B2", "bonus")
    assert board.version > version
    board.lay("B2", "8", 0, {})
    board.lay("B2", "80", 0, {})
    assert board["B2"].markers == ["coal", "bonus"]
    assert board["B2"].printed.markers == ("coal",)
