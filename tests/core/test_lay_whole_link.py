"""New track a route can run from end to end (:attr:`LayReach.WHOLE_LINK`).

18RoyalGorge Lay/Upgrade Rule 4 asks that the company "theoretically be able to run a train
route on at least one portion of the new track segments": a route that reaches one end of a
new path and stops there is enough (:attr:`LayReach.EXTENDS_ROUTE`).  18xx.games asks for a
path its route walk runs whole ("Must use new track or change city value",
``Step::Tracker#check_track_restrictions!``; the walk never uses a hexside twice), which
``compat_18xx_games`` follows.

The board is a lollipop on the pointy grid: Denver (A1, the token) -> stem A3 -> junction B4,
which forks east and south-west onto a ring of six hexes around C5.  A new path in B4 from
its east edge to its south-west edge is reached at either end only by a route that left B4
by the other end: it is never run whole.
Pointy edges: 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE.
"""

from __future__ import annotations

import pytest

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.graph import Graph
from roundhouse.core.tiles import Colour, TileSet, parse_tile
from roundhouse.core.track import Allowance, LayReach, TrackRules, check_lay, tile_lays

FREE = Allowance(cash=0)
PORTION = TrackRules(colours=frozenset(Colour), reach=LayReach.EXTENDS_ROUTE)
WHOLE = TrackRules(colours=frozenset(Colour), reach=LayReach.WHOLE_LINK)
CLOSE_THE_FORK = ("B4", "GC", 0)
"""B4's junction with a third path, east to south-west, closing the fork."""
NEW_SPUR = ("B4", "GD", 0)
"""B4's junction with a third path from the stem to the south-east: a route runs it whole."""


def _lollipop() -> Board:
    tiles = {
        t.id: t
        for t in (
            parse_tile("Y1", "yellow", "track 1-5"),
            parse_tile("GC", "green", "track 2-4; track 2-0; track 0-4"),
            parse_tile("GD", "green", "track 2-4; track 2-0; track 2-5"),
        )
    }
    hexes: dict[str, object] = {
        "A5 A7 B2 B8 C1 C5 C9 D2 D8 E1 E3 E5 E7": {},
        "A1": {"location": "Denver", "code": "city c revenue=30; track 4-c", "color": "yellow"},
        "A3": {},
        "B4": {"code": "track 2-4; track 2-0", "color": "yellow"},
        "B6": {"code": "track 1-5", "color": "yellow"},
        "C7": {"code": "track 2-0", "color": "yellow"},
        "D6": {"code": "track 3-1", "color": "yellow"},
        "D4": {"code": "track 4-2", "color": "yellow"},
        "C3": {"code": "track 5-3", "color": "yellow"},
    }
    doc: dict[str, object] = {"board": {"layout": "pointy", "letter_axis": "y"}, "hexes": hexes}
    board = load_board(doc, source="lollipop", tiles=TileSet(tiles, {t: 1 for t in tiles}))
    board.lay("A3", "Y1", 0, {})
    board.place_token("A1", "c", "C&S")
    return board


def _lays(rules: TrackRules) -> set[tuple[str, str, int]]:
    board = _lollipop()
    return {
        (lay.hex, lay.tile, lay.rotation)
        for lay in tile_lays(board, Graph(board), "C&S", FREE, rules)
    }


def test_rule_4_a_path_reached_at_one_end_is_new_track_by_the_rulebook() -> None:
    """Round the ring, a route comes back into B4 at either end of the new path: "at least
    one portion" of it is on a route."""
    assert CLOSE_THE_FORK in _lays(PORTION)


def test_18xx_games_asks_for_new_track_a_route_runs_whole() -> None:
    """Each end of the closing path is reached only by a route that left B4 by the other
    end, so no route runs it: refused, listed and checked alike; a spur a route runs whole
    is still accepted."""
    lays = _lays(WHOLE)
    assert CLOSE_THE_FORK not in lays
    assert NEW_SPUR in lays
    board = _lollipop()
    with pytest.raises(IllegalAction) as err:
        check_lay(board, Graph(board), "C&S", CLOSE_THE_FORK, FREE, WHOLE)
    assert err.value.rule == "track.extend_route"
    cost, _ = check_lay(board, Graph(board), "C&S", NEW_SPUR, FREE, WHOLE)
    assert cost == 0
