"""Track stubs: a hex whose next tile must continue a stub of track already pointing out of it.

18West §8.2: "a hex containing a Doubling token is treated as if it contained a small
extension of the Company's existing track".  §8.5's example: the SP has track up to K10, the
TP's Doubling token sits in K12 pointing at the TP's track in K14, so "the only legal tile the
SP may lay in K12 is a #9 tile connecting to the TP's track"; had the SP left its own token
there instead, "the TP on its turn would have to lay a #9 tile in K12".

The fragment is row K of a pointy board with lettered rows (edges 0 SW, 1 W, 2 NW, 3 NE, 4 E,
5 SE): the SP's station in K8 and its straight in K10, the TP's straight in K14 and its
station in K16, blank hexes around K12.
"""

from __future__ import annotations

import copy

import pytest

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.datafile import DataError
from roundhouse.core.errors import IllegalAction
from roundhouse.core.graph import Graph
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.core.tiles import Colour
from roundhouse.core.track import Allowance, TrackRules, check_lay, tile_lays

DOC: dict[str, object] = {
    "board": {"layout": "pointy", "letter_axis": "y"},
    "hexes": {
        "J9 J11 J13 J15 K10 K12 K14 L9 L11 L13 L15": {},
        "K8": {"code": "city c revenue=20; track 4-c", "color": "yellow"},
        "K16": {"code": "city c revenue=20; track 1-c", "color": "yellow"},
    },
}
YELLOW = TrackRules(colours=frozenset({Colour.YELLOW}))
CASH = Allowance(cash=100)


def section_8_5(doc: dict[str, object] = DOC) -> Board:
    tiles = standard_tiles().select({"7": None, "8": None, "9": None})
    board = load_board(doc, source="18West §8.5", tiles=tiles)
    board.place_token("K8", "c", "SP")
    board.place_token("K16", "c", "TP")
    board.lay("K10", "9", 1, {})  # W-E
    board.lay("K14", "9", 1, {})
    return board


def _k12(board: Board, company: str) -> set[tuple[str, int]]:
    lays = tile_lays(board, Graph(board), company, CASH, YELLOW)
    return {(lay.tile, lay.rotation) for lay in lays if lay.hex == "K12"}


def test_18west_8_5_without_a_stub_the_sp_may_turn_anywhere() -> None:
    assert _k12(section_8_5(), "SP") == {("7", 0), ("7", 1), ("8", 1), ("8", 5), ("9", 1)}


def test_18west_8_5_the_tp_doubling_token_leaves_only_the_straight() -> None:
    board = section_8_5()
    board.set_stubs("K12", frozenset({4}))
    assert _k12(board, "SP") == {("9", 1)}
    assert all(4 in standard_tiles()[t].exits(r) for t, r in _k12(board, "TP"))
    with pytest.raises(IllegalAction) as err:
        check_lay(board, Graph(board), "SP", ("K12", "8", 1), CASH, YELLOW)
    assert err.value.rule == "track.stub"
    assert check_lay(board, Graph(board), "SP", ("K12", "9", 1), CASH, YELLOW)[0] == 0


def test_18west_8_5_the_sp_doubling_token_leaves_the_tp_only_the_straight() -> None:
    """ "If for some reason the SP chose not to lay that second tile, then it would place its
    Doubling token in K12 and the TP on its turn would have to lay a #9 tile in K12"."""
    board = section_8_5()
    board.set_stubs("K12", frozenset({1}))
    assert _k12(board, "TP") == {("9", 1)}


def test_a_waived_stub_leaves_the_lay_to_the_title() -> None:
    """18West §8.2: "If track is being laid in an unimproved hex and a connection would require
    a tight curve, that connection is not possible with a single tile and so may be
    disregarded": a company whose :attr:`Allowance.stub_waived` names the hex lays there as
    if it had no stub (the title's lay rules decide the rest); others still continue it."""
    board = section_8_5()
    board.set_stubs("K12", frozenset({0}))
    assert _k12(board, "SP") == {("7", 0)}  # only the tight curve joins side 1 to side 0
    waived = Allowance(cash=100, stub_waived=frozenset({"K12"}))
    lays = tile_lays(board, Graph(board), "SP", waived, YELLOW)
    assert {(x.tile, x.rotation) for x in lays if x.hex == "K12"} == _k12(section_8_5(), "SP")
    assert check_lay(board, Graph(board), "SP", ("K12", "9", 1), waived, YELLOW)[0] == 0
    assert _k12(board, "SP") == {("7", 0)}  # the memo keeps the two apart


def test_a_lay_uses_the_stub_up() -> None:
    board = section_8_5()
    board.set_stubs("K12", frozenset({4}))
    version = board.version
    board.lay("K12", "9", 1, {})
    assert "K12" not in board.stubs and board.version > version
    board.set_stubs("J13", frozenset({0}))
    board.set_stubs("J13", frozenset())
    assert board.stubs == {}
    with pytest.raises(ValueError, match="0-5"):
        board.set_stubs("J13", frozenset({6}))


def test_printed_stubs_load_from_the_map() -> None:
    """A stub printed on the map (board format key ``stubs``) binds the first tile."""
    doc = copy.deepcopy(DOC)
    hexes = doc["hexes"]
    assert isinstance(hexes, dict)
    hexes["K12"] = {"stubs": [4]}
    hexes["J9 J11 J13 J15 K10 K14 L9 L11 L13 L15"] = hexes.pop(
        "J9 J11 J13 J15 K10 K12 K14 L9 L11 L13 L15"
    )
    board = section_8_5(doc)
    assert board["K12"].printed.stubs == frozenset({4})
    assert _k12(board, "SP") == {("9", 1)}
    hexes["K12"] = {"stubs": [7]}
    with pytest.raises(DataError, match=r"key 'stubs', item 1: expected a whole number 0-5"):
        section_8_5(doc)
