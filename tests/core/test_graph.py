"""Connectivity from station tokens, blocking by full cities, token legality."""

from __future__ import annotations

from roundhouse.core.graph import Graph, joined_positions
from tests.core.board_fixture import small_board


def test_18usa_12_1_reach_starts_at_the_companys_tokens() -> None:
    """18USA §12.1: routes start from a station token; A3's track points SE into B4."""
    board = small_board()
    graph = Graph(board)
    assert graph.reach("PRR").hexes == frozenset()
    board.place_token("A3", "c", "PRR")
    reach = graph.reach("PRR")
    assert ("A3", "c") in reach.stops
    assert reach.edges["B4"] == {2}
    assert reach.hexes == {"A3", "B4"}


def test_reach_follows_track_and_is_recomputed_when_the_board_changes() -> None:
    board = small_board()
    board.place_token("A3", "c", "PRR")
    graph = Graph(board)
    before = graph.reach("PRR")
    assert graph.reach("PRR") is before  # cached
    board.lay("B6", "9", 1, {})  # W-E straight, not yet connected
    assert graph.reach("PRR") is before  # a hex the search never read: the same answer
    assert "B6" not in graph.reach("PRR").hexes
    board.lay("B4", "8", 2, {})  # #8 at rotation 2: NW (from A3) to E (into B6)
    reach = graph.reach("PRR")
    assert 4 in reach.edges["B4"]
    assert reach.edges["B6"] >= {1, 4}
    assert ("B8", "o") in reach.stops


def test_18west_7_1_1_a_full_city_of_other_companies_blocks_routes() -> None:
    """18West §7.1.1: a route may end at a city full of other companies' tokens but not
    continue past it.  18US §6.3: tokens go only where the company has a route."""
    board = small_board()
    board.place_token("A3", "c", "PRR")
    board.lay("B4", "9", 2, {})  # A3 (NW) to C5 (SE)
    board.lay("C5", "57", 2, {})  # C5 city joined NW (2) and SE (5)
    graph = Graph(board)
    reach = graph.reach("PRR")
    assert ("C5", "c") in reach.stops
    assert 5 in reach.edges["C5"]  # open slot (reserved for NYC, but empty): passes
    assert not graph.can_token("PRR", "C5", "c")  # the only slot is NYC's home
    board.place_token("C5", "c", "NYC")
    reach = graph.reach("PRR")
    assert ("C5", "c") in reach.stops  # may end there
    assert 5 not in reach.edges.get("C5", frozenset())  # but not pass through
    nyc = graph.reach("NYC")
    assert 5 in nyc.edges["C5"] and 2 in nyc.edges["C5"]  # its own token: passes


def test_18us_6_3_token_needs_route_open_slot_and_no_token_in_the_hex() -> None:
    """18US §6.3: an open city circle the company has a route to, in a hex where it has no
    station token yet."""
    board = small_board()
    board.place_token("A3", "c", "PRR")
    board.lay("B4", "9", 2, {})
    board.lay("C5", "57", 2, {})
    graph = Graph(board)
    assert not graph.can_token("PRR", "A3", "c")  # already there
    assert not graph.can_token("NYC", "A3", "c")  # PRR's token fills the slot
    board.lay("A3", "15", 4, {"c": "c"})
    assert graph.can_token("NYC", "A3", "c") is False  # no route: NYC has no token at all
    board.place_token("C5", "c", "NYC")
    assert graph.can_token("NYC", "A3", "c")  # route C5 -> B4 -> A3, second slot open


def test_joined_positions_is_connection_alone_and_stops_at_a_full_city() -> None:
    """A route needs two revenue centres joined to a station (18USA §12.1); the walk that
    judges it goes wherever the track leads, back along a path too, but, as a route may end
    at a city full of other companies' tokens and not pass it (18West §7.1.1), not on from
    there.  Positions are (hex, stop) or (hex, the edge the walk leaves by)."""
    board = small_board()
    board.place_token("A3", "c", "PRR")
    assert joined_positions(board, "PRR", ("A3", "c")) == {("A3", "c"), ("A3", 5)}
    board.lay("B4", "9", 2, {})
    board.lay("C5", "57", 2, {})
    joined = joined_positions(board, "PRR", ("A3", "c"))
    assert ("C5", "c") in joined
    assert {("C5", 2), ("B4", 2)} <= joined  # back from C5 towards A3
    assert ("C5", 5) in joined  # on past C5's open slot
    board.place_token("C5", "c", "NYC")
    assert joined_positions(board, "PRR", ("A3", "c")) == {
        ("A3", "c"),
        ("A3", 5),
        ("B4", 5),
        ("C5", "c"),
    }
    assert ("C5", 5) in joined_positions(board, "NYC", ("C5", "c"))  # its own token: passes
