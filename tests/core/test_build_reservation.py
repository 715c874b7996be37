"""Hexes reserved for one company's building: 18US §7.3 Land Grant companies.

"Each of the four Land Grant companies that start in a Gateway City has two hexes to the west
of its base City reserved. ... Until such a Land Grant company floats, other companies may not
build in those hexes. ... Once such a Land Grant company floats, its President may allow other
companies to place specific tiles in its reserved hexes.  Once such a Land Grant company has
operated, there are no longer any restrictions on building in its reserved hexes."

The small core board (tests/core/board_fixture.py) with B4, the hex PRR's home track runs
into, reserved for NP.
"""

from __future__ import annotations

import copy

import pytest

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.datafile import DataError
from roundhouse.core.errors import IllegalAction
from roundhouse.core.graph import Graph
from roundhouse.core.tiles import Colour
from roundhouse.core.track import Allowance, TrackRules, check_lay, tile_lays
from tests.core.board_fixture import DOC, small_board

YELLOW = TrackRules(colours=frozenset({Colour.YELLOW}))
CASH = Allowance(cash=100)


def reserved(home: str = "PRR") -> Board:
    """The board with ``home``'s token in A3, whose track runs into B4."""
    doc = copy.deepcopy(DOC)
    hexes = doc["hexes"]
    assert isinstance(hexes, dict)
    hexes["B4"] = {**hexes["B4"], "build_reserved": "NP"}
    hexes["A3"] = {**hexes["A3"], "reserved": home}
    board = load_board(doc, source="test", tiles=small_board().tiles)
    board.place_token("A3", "c", home)
    return board


def _in_b4(board: Board, company: str) -> set[tuple[str, int]]:
    lays = tile_lays(board, Graph(board), company, CASH, YELLOW)
    return {(lay.tile, lay.rotation) for lay in lays if lay.hex == "B4"}


def test_18us_7_3_others_may_not_build_in_a_reserved_hex() -> None:
    board = reserved()
    assert board["B4"].printed.build_reserved == "NP"
    assert _in_b4(board, "PRR") == set()
    with pytest.raises(IllegalAction) as err:
        check_lay(board, Graph(board), "PRR", ("B4", "9", 2), CASH, YELLOW)
    assert err.value.rule == "track.reserved_hex"
    assert "reserved for NP" in str(err.value)


def test_18us_7_3_the_owner_builds_there() -> None:
    assert len(_in_b4(reserved("NP"), "NP")) == 5


def test_18us_7_3_a_permit_lets_one_company_lay_one_tile_once() -> None:
    board = reserved()
    board.permit_build("B4", "PRR", "9")
    assert _in_b4(board, "PRR") == {("9", 2)}
    cost, _ = check_lay(board, Graph(board), "PRR", ("B4", "9", 2), CASH, YELLOW)
    assert cost == 0
    with pytest.raises(IllegalAction) as err:
        check_lay(board, Graph(board), "PRR", ("B4", "8", 2), CASH, YELLOW)
    assert err.value.rule == "track.reserved_hex"
    board.lay("B4", "9", 2, {})
    assert board.permits == {}  # spent with the lay


def test_18us_7_3_released_hexes_are_open_to_all() -> None:
    board = reserved()
    board.permit_build("B4", "PRR", "9")
    board.release_builds("NP")
    assert board.permits == {}
    assert len(_in_b4(board, "PRR")) == 5  # the five lays of the unreserved board
    with pytest.raises(IllegalAction) as err:
        board.permit_build("B4", "PRR", "8")
    assert err.value.rule == "track.not_reserved"


def test_18us_7_3_permits_and_releases_are_state() -> None:
    """Both change the board version (caches of legal lays recompute) and survive copies."""
    board = reserved()
    version = board.version
    board.permit_build("B4", "PRR", "9")
    assert board.version > version
    twin = copy.deepcopy(board)
    twin.release_builds("NP")
    assert board.released == set() and twin.released == {"NP"}
    with pytest.raises(IllegalAction, match="no tile 99"):
        board.permit_build("B4", "PRR", "99")
    with pytest.raises(IllegalAction, match="not a reserved hex"):
        board.permit_build("B6", "PRR", "9")


def test_build_reserved_must_name_a_company() -> None:
    doc = copy.deepcopy(DOC)
    hexes = doc["hexes"]
    assert isinstance(hexes, dict)
    hexes["B4"] = {"build_reserved": 3}
    with pytest.raises(DataError, match=r"\[hexes\.B4\], key 'build_reserved': expected a string"):
        load_board(doc, source="test", tiles=small_board().tiles)
