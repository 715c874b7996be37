"""Enumeration of legal tile lays and token placements."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.graph import Graph
from roundhouse.core.station import token_placements
from roundhouse.core.tiles import Colour
from roundhouse.core.track import Allowance, TrackRules, check_lay, tile_lays
from tests.core.board_fixture import small_board

YELLOW = TrackRules(colours=frozenset({Colour.YELLOW}))
GREEN = TrackRules(colours=frozenset({Colour.YELLOW, Colour.GREEN}))


def _started():  # type: ignore[no-untyped-def]
    board = small_board()
    board.place_token("A3", "c", "PRR")
    return board, Graph(board)


def test_18usa_12_2_1_first_lays_extend_the_home_track() -> None:
    """18USA §12.2.1: the new track must extend a route of the company.  From A3's stub into
    B4's NW side, plain track may leave B4 by any other side; the E side crosses the ridge."""
    board, graph = _started()
    lays = tile_lays(board, graph, "PRR", Allowance(cash=100), YELLOW)
    assert {lay.hex for lay in lays} == {"B4"}
    by_exit = {(lay.tile, lay.rotation): lay.cost for lay in lays}
    # every lay in B4 uses edge 2 (NW); #9 NW-SE is free, #8 NW-E pays the $20 ridge.
    assert by_exit[("9", 2)] == 0
    assert by_exit[("8", 2)] == 20
    assert all(2 in board.tiles[lay.tile].exits(lay.rotation) for lay in lays)
    assert len(lays) == 5  # #7: NW-W, NW-NE; #8: NW-SW, NW-E; #9: NW-SE


def test_18us_6_2_cannot_afford_the_ridge() -> None:
    """18US §6.2: a company may only build track with costs it can pay."""
    board, graph = _started()
    lays = tile_lays(board, graph, "PRR", Allowance(cash=10), YELLOW)
    assert ("8", 2) not in {(lay.tile, lay.rotation) for lay in lays}
    with pytest.raises(IllegalAction) as err:
        check_lay(board, graph, "PRR", ("B4", "8", 2), Allowance(cash=10), YELLOW)
    assert err.value.rule == "track.cash"


def test_check_lay_rules() -> None:
    board, graph = _started()
    allow = Allowance(cash=100)
    cases = {
        ("B6", "9", 1): "track.no_route",
        ("B8", "9", 0): "track.fixed",
        ("B4", "57", 2): "track.stops",
        ("B4", "14", 2): "track.phase_colour",
        ("B4", "9", 0): "track.no_route",
    }
    for lay, rule in cases.items():
        with pytest.raises(IllegalAction) as err:
            check_lay(board, graph, "PRR", lay, allow, YELLOW)
        assert err.value.rule == rule, lay
    assert check_lay(board, graph, "PRR", ("B4", "9", 2), allow, YELLOW) == (0, {})
    with pytest.raises(IllegalAction) as err:
        check_lay(
            board,
            graph,
            "PRR",
            ("B4", "9", 2),
            Allowance(cash=9, skip_hexes=frozenset({"B4"})),
            YELLOW,
        )
    assert err.value.rule == "track.one_per_hex"


def test_upgrades_listed_only_with_the_allowance_and_phase() -> None:
    """18US §6.2: which colours a company may upgrade to depends on its type."""
    board, graph = _started()
    board.lay("B4", "8", 2, {})
    green = {
        (lay.hex, lay.tile) for lay in tile_lays(board, graph, "PRR", Allowance(cash=100), GREEN)
    }
    assert ("B4", "80") in green and ("A3", "15") in green
    assert ("A3", "14") not in green  # every #14 turn runs off the map north of A3
    none = tile_lays(board, graph, "PRR", Allowance(cash=100, upgrade_colours=frozenset()), GREEN)
    assert all(not lay.upgrade for lay in none)
    assert all(lay.tile != "14" for lay in none)


def test_18west_7_1_1_no_track_off_the_map() -> None:
    """18West §7.1.1: track may not run off the map edge."""
    board, graph = _started()
    board.lay("B4", "9", 2, {})
    # C5 city, entered from NW; its SW side is impassable and its SE side is the map's edge.
    lays = tile_lays(board, graph, "PRR", Allowance(cash=100), YELLOW)
    c5 = {(lay.tile, lay.rotation) for lay in lays if lay.hex == "C5"}
    assert c5 == {("5", 1), ("5", 2), ("6", 2)}


def test_token_placements_with_cost() -> None:
    board, graph = _started()
    board.lay("B4", "9", 2, {})
    board.lay("C5", "57", 2, {})
    board.lay("A3", "15", 4, {"c": "c"})
    assert token_placements(board, graph, "PRR", cash=100, cost=40) == []
    board.place_token("C5", "c", "NYC")
    places = token_placements(board, graph, "NYC", cash=100, cost=lambda h, c: 40)
    assert [(p.hex, p.city, p.cost) for p in places] == [("A3", "c", 40)]
    assert token_placements(board, graph, "NYC", cash=39, cost=40) == []
