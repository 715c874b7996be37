"""Reach counts only legal routes: no track twice, no hairpin, no stop twice.

18RoyalGorge "Routes for track laying": the company must "be able to trace a route back to one
of their station tokens from the newly placed track"; Routes Rule 3: "A route may not reuse
track (no backtracking) ... may not double back on any segment, no matter how small"; Rule 2:
"a single train may not enter the same city more than once"; Lay/Upgrade Rule 4: the company
"must theoretically be able to run a train route on at least one portion of the new track".
18USA §12.4 / 18US §6.5 ("A train may not use the same track more than once").

The board is a lollipop on the pointy grid: Denver (A1, the token) -> stem A3 -> junction B4,
which forks onto a ring of six hexes around C5 (B4 B6 C7 D6 D4 C3).  A train can run round
the ring either way, but it can come back up the stem only by crossing the B4/A3 hexside a
second time, so A3 is entered only from the west (edge 1), never from B4 (edge 5).
Pointy edges: 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE.
"""

from __future__ import annotations

import pytest

from roundhouse.core import graph as graph_module
from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.graph import Graph, compute_reach
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.core.tiles import Colour, TileSet, parse_tile
from roundhouse.core.track import Allowance, LayReach, TrackRules, check_lay, tile_lays

NEW_TRACK = TrackRules(colours=frozenset(Colour), reach=LayReach.EXTENDS_ROUTE)
FREE = Allowance(cash=0)

RING: dict[str, str] = {
    "B4": "track 2-4; track 2-0",  # junction: the stem (NW) forks east and south-west
    "B6": "track 1-5",
    "C7": "track 2-0",
    "D6": "track 3-1",
    "D4": "track 4-2",
    "C3": "track 5-3",
}


def _lollipop(stem: str | None = None) -> Board:
    """The stem hex A3 holds yellow Y1 (W to SE) unless ``stem`` gives printed code for it."""
    tiles = {
        t.id: t
        for t in (
            parse_tile("Y1", "yellow", "track 1-5"),
            parse_tile("GA", "green", "track 1-5; track 5-0"),  # sharp curve at the B4 end
            parse_tile("GB", "green", "track 1-5; track 1-0"),  # sharp curve at Denver's end
        )
    }
    hexes: dict[str, object] = {
        "A5 A7 B2 B8 C1 C5 C9 D2 D8 E1 E3 E5 E7": {},
        "A1": {"location": "Denver", "code": "city c revenue=30; track 4-c", "color": "yellow"},
        "A3": {} if stem is None else {"code": stem, "color": "yellow"},
    }
    for name, code in RING.items():
        hexes[name] = {"code": code, "color": "yellow"}
    doc: dict[str, object] = {"board": {"layout": "pointy", "letter_axis": "y"}, "hexes": hexes}
    board = load_board(doc, source="lollipop", tiles=TileSet(tiles, {t: 1 for t in tiles}))
    if stem is None:
        board.lay("A3", "Y1", 0, {})
    board.place_token("A1", "c", "C&S")
    return board


def test_18royalgorge_routes_rule_3_the_stem_is_entered_only_from_the_token() -> None:
    """Round the ring either way is a legal route; back up the stem is not (it reuses the
    B4/A3 hexside), so A3 is entered by edge 1 only."""
    reach = compute_reach(_lollipop(), "C&S")
    assert reach.exact
    assert reach.entries["A3"] == {1}
    assert reach.entries["B4"] == {2, 0, 4}  # from the stem, and from the ring both ways
    assert reach.entries["C7"] == {2, 0}
    assert reach.entries["C3"] == {3, 5}
    assert reach.edges["A3"] == {1, 5}


def test_18royalgorge_rule_4_sharp_curve_reachable_only_by_reusing_the_stem_is_refused() -> None:
    """GA adds a sharp curve at A3's B4 end: a train reaches it only by running round the
    ring and back over the B4/A3 hexside it already used."""
    board = _lollipop()
    lays = {
        (lay.hex, lay.tile, lay.rotation)
        for lay in tile_lays(board, Graph(board), "C&S", FREE, NEW_TRACK)
    }
    assert ("A3", "GA", 0) not in lays
    with pytest.raises(IllegalAction) as err:
        check_lay(board, Graph(board), "C&S", ("A3", "GA", 0), FREE, NEW_TRACK)
    assert err.value.rule == "track.extend_route"


def test_18royalgorge_rule_4_sharp_curve_where_the_route_enters_is_accepted() -> None:
    """GB adds its sharp curve at Denver's end, where trains from the token come in."""
    board = _lollipop()
    lays = {
        (lay.hex, lay.tile, lay.rotation)
        for lay in tile_lays(board, Graph(board), "C&S", FREE, NEW_TRACK)
    }
    assert ("A3", "GB", 0) in lays
    cost, _ = check_lay(board, Graph(board), "C&S", ("A3", "GB", 0), FREE, NEW_TRACK)
    assert cost == 0


def test_18us_6_3_token_needs_a_route_that_does_not_reuse_track() -> None:
    """A city on a spur off A3's B4 end is reached only by coming back up the stem: no
    legal route reaches it, so no token may go there (18US §6.3, 18West §7.4)."""
    board = _lollipop("city q revenue=10; track 1-5; track 5-q")
    graph = Graph(board)
    assert ("A3", "q") not in graph.reach("C&S").stops
    assert not graph.can_token("C&S", "A3", "q")


def test_18us_6_3_token_reached_round_the_loop_is_allowed() -> None:
    """The same spur facing Denver (joined to edge 1) is on a legal route."""
    board = _lollipop("city q revenue=10; track 1-5; track 1-q")
    graph = Graph(board)
    assert graph.can_token("C&S", "A3", "q")


def _triangle_behind_the_token() -> Board:
    """B4's token city leads only west into B2's dead-end city; B4's triangle of paths (SW, W,
    NW) and A3's city beyond it are reached only by coming back over the B4/B2 hexside."""
    doc: dict[str, object] = {
        "board": {"layout": "pointy", "letter_axis": "y"},
        "hexes": {
            "A1 A5 B6 C1 C3 C5": {},
            "A3": {"code": "city c revenue=10; track 5-c", "color": "yellow"},
            "B2": {"code": "city c revenue=10; track 4-c", "color": "yellow"},
            "B4": {
                "code": "city c revenue=10; track 1-c; track 0-1; track 0-2; track 1-2",
                "color": "yellow",
            },
        },
    }
    board = load_board(doc, source="triangle", tiles=standard_tiles().select({"9": 1}))
    board.place_token("B4", "c", "ME")
    return board


def test_18royalgorge_routes_rule_3_track_behind_the_token_needs_the_same_hexside_twice() -> None:
    reach = compute_reach(_triangle_behind_the_token(), "ME")
    assert reach.exact
    assert reach.stops == {("B4", "c"), ("B2", "c")}
    assert reach.entries == {"B2": {4}}


def test_reach_that_cannot_be_settled_within_budget_keeps_the_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When the route search runs out of steps, the positions it could not settle count as
    reached (a legal lay is never refused) and the reach says it is not exact."""
    monkeypatch.setattr(graph_module, "_TRAIL_BUDGET", 0)
    reach = compute_reach(_triangle_behind_the_token(), "ME")
    assert not reach.exact
    assert ("A3", "c") in reach.stops
    assert reach.entries["B4"] == {1, 2}
