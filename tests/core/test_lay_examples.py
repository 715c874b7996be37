"""The rulebooks' worked examples of legal and illegal tile lays, on small boards.

18RoyalGorge "Lay/Upgrade" Rule 4: "Colorado Southern is running from Denver, and wants to
upgrade two yellow tiles to the green tiles shown": "Tile 1: C&S added a straight leg to the
north. this is a legal tile placement because the train station in denver can run to that new
track.  Tile 2: C&S added a sharp turn below the straight track.  This is not a legal
placement, because the trains are not allowed to do a sharp turn."

The picture is not in our text copy, so the example is rebuilt with standard tiles on a flat
board: Denver (C1) above a yellow straight (#9 in C3, north-south); the green #26 keeps the
straight and adds a sharp curve, either at the north side (where the route from Denver enters:
a train can take the curve) or at the south side (a train coming down the straight would have
to reverse onto it).
"""

from __future__ import annotations

import pytest

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.graph import Graph
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.core.tiles import Colour, TileSet, parse_tile
from roundhouse.core.track import Allowance, LayReach, TrackRules, check_lay, tile_lays

NEW_TRACK = TrackRules(colours=frozenset(Colour), reach=LayReach.EXTENDS_ROUTE)
"""Rule 4 asks that the company can run "on at least one portion of the new track segments"."""
ANY_PART = TrackRules(colours=frozenset(Colour), reach=LayReach.ANY_LINK_TOUCHES)
FREE = Allowance(cash=0)


def _denver() -> Board:
    tiles = standard_tiles().select({"9": None, "26": 1})
    doc: dict[str, object] = {
        "board": {"layout": "flat", "letter_axis": "x"},
        "hexes": {
            "B2 B4 B6 C5 C7 D2 D4 D6": {},
            "C1": {"location": "Denver", "code": "city c revenue=30; track 0-c", "color": "yellow"},
            "C3": {},
        },
    }
    board = load_board(doc, source="Rule 4 example", tiles=tiles)
    board.place_token("C1", "c", "C&S")
    board.lay("C3", "9", 0, {})  # north (3) to south (0)
    return board


def test_18royalgorge_rule_4_tile_1_new_leg_where_the_route_enters_is_legal() -> None:
    """#26 at rotation 3: the straight plus a sharp curve from the north side, where trains from
    Denver come in; they can run onto the new curve."""
    board = _denver()
    assert board["C3"].tile.links(0) == {(0, 3)}
    lays = tile_lays(board, Graph(board), "C&S", FREE, NEW_TRACK)
    assert ("C3", "26", 3) in {(lay.hex, lay.tile, lay.rotation) for lay in lays}
    cost, _ = check_lay(board, Graph(board), "C&S", ("C3", "26", 3), FREE, NEW_TRACK)
    assert cost == 0


def test_18royalgorge_rule_4_tile_2_sharp_turn_off_the_route_is_illegal() -> None:
    """#26 at rotation 0: the new sharp curve leaves from the south side, where trains from
    Denver leave the hex; reaching it means turning back at the hexside."""
    board = _denver()
    lays = tile_lays(board, Graph(board), "C&S", FREE, NEW_TRACK)
    assert ("C3", "26", 0) not in {(lay.hex, lay.tile, lay.rotation) for lay in lays}
    with pytest.raises(IllegalAction) as err:
        check_lay(board, Graph(board), "C&S", ("C3", "26", 0), FREE, NEW_TRACK)
    assert err.value.rule == "track.extend_route"


def test_18usa_12_2_2_old_track_on_a_route_is_enough() -> None:
    """18USA §12.2.2: "some part of the track on the new tile (not necessarily a new part)
    must be part of a route": the straight from Denver is, so both #26 lays are legal there."""
    board = _denver()
    lays = {
        (lay.tile, lay.rotation)
        for lay in tile_lays(board, Graph(board), "C&S", FREE, ANY_PART)
        if lay.hex == "C3"
    }
    assert {("26", 0), ("26", 3)} <= lays


def _full_city() -> Board:
    """Denver (C1, C&S) runs south into C3, a yellow city stub whose one slot Rio Grande
    holds: a route of C&S may end there but not go on."""
    stub = parse_tile("S1", "yellow", "city c revenue=20; track 3-c")
    through = parse_tile("S2", "green", "city c revenue=20; track 3-c 0-c")
    tiles = TileSet({t.id: t for t in (stub, through)}, {"S1": 1, "S2": 1})
    doc: dict[str, object] = {
        "board": {"layout": "flat", "letter_axis": "x"},
        "hexes": {
            "B2 B4 B6 C5 C7 D2 D4 D6": {},
            "C1": {"location": "Denver", "code": "city c revenue=30; track 0-c", "color": "yellow"},
            "C3": {"tile": "S1"},
        },
    }
    board = load_board(doc, source="blocked city example", tiles=tiles)
    board.place_token("C1", "c", "C&S")
    board.place_token("C3", "c", "RG")
    return board


def test_18royalgorge_rule_4_new_track_out_of_a_blocked_city_is_not_runnable() -> None:
    """ "Don't forget": a route may end at a city full of other companies' stations but not
    pass it, so the new leg south of Rio Grande's city is no track C&S could run on (Rule 4),
    though the old leg into the city is on its route (enough for 18USA §12.2.2).  The green
    city is worth what the yellow was, so no city gains value either (18US §6.2.1)."""
    board = _full_city()
    with pytest.raises(IllegalAction) as err:
        check_lay(board, Graph(board), "C&S", ("C3", "S2", 0), FREE, NEW_TRACK)
    assert err.value.rule == "track.extend_route"
    assert check_lay(board, Graph(board), "C&S", ("C3", "S2", 0), FREE, ANY_PART)[0] == 0
    board.remove_token("C3", "c", "RG")
    assert check_lay(board, Graph(board), "C&S", ("C3", "S2", 0), FREE, NEW_TRACK)[0] == 0
