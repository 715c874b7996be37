"""The board adapter: real tiles on a real board compile into the stops and track trains use.

Boards are pointy with lettered rows (as 18USA and 18West): row A is A1 A3 A5 A7 A9, row B is
B2 B4 B6 B8, row C is C1 C3 C5 C7 C9.  Pointy edges: 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE, so
tile 9 (track 0-3) at rotation 1 runs west-east and tile 57 at rotation 1 is a city on it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.phases import Phase
from roundhouse.core.routes import StopKind
from roundhouse.core.routes.adapter import (
    GraphOptions,
    StopExtras,
    TerminalPolicy,
    compile_board,
    id_of_stop,
    route_graph,
    stop_of,
)
from roundhouse.core.tables.tiles import standard_tiles

ROWS = {"A": (1, 3, 5, 7, 9), "B": (2, 4, 6, 8), "C": (1, 3, 5, 7, 9)}
YELLOW = Phase(name="2", tiles=("yellow",))
BROWN = Phase(name="5", tiles=("yellow", "green", "brown"))


def make_board(special: Mapping[str, Mapping[str, object]] | None = None) -> Board:
    """The test board: blank hexes, plus ``special`` pre-printed entries; every standard tile
    in unlimited supply."""
    hexes: dict[str, object] = {}
    special = special or {}
    for row, numbers in ROWS.items():
        for n in numbers:
            name = f"{row}{n}"
            hexes[name] = special.get(name, {})
    tiles = standard_tiles().select({t: None for t in standard_tiles().tiles})
    return load_board(
        {"board": {"layout": "pointy", "letter_axis": "y"}, "hexes": hexes},
        source="test board",
        tiles=tiles,
    )


def straight_line(board: Board) -> None:
    """A1 (city, 57) - A3 (9) - A5 (9) - A7 (city, 57), all west-east."""
    board.lay("A1", "57", 1, {})
    board.lay("A3", "9", 1, {})
    board.lay("A5", "9", 1, {})
    board.lay("A7", "57", 1, {})


def test_adapter_two_cities_joined_by_straights_compile_to_stops_and_segments() -> None:
    """18USA §12.1: cities are revenue locations joined by the track printed on the tiles."""
    board = make_board()
    straight_line(board)
    board.place_token("A1", "c", "X")
    graph = compile_board(board, YELLOW)
    assert [s.id for s in graph.stops] == ["A1-0", "A7-0"]
    a1 = graph.stop("A1-0")
    assert (a1.kind, a1.revenue, a1.slots, a1.slot_tokens) == (StopKind.CITY, 20, 1, ("X",))
    assert graph.stop("A7-0").slot_tokens == ()
    assert sorted(s.id for s in graph.segments) == [
        ("A1", 0),
        ("A1", 1),
        ("A3", 0),
        ("A5", 0),
        ("A7", 0),
        ("A7", 1),
    ]
    # the A1/A3 hexside is one node, named as the grid names it, whichever side lays track
    side = board.grid.hexside("A1", 4)
    assert side == board.grid.hexside("A3", 1)
    assert graph.segment(("A1", 1)).b == side or graph.segment(("A1", 1)).a == side
    assert side in (graph.segment(("A3", 0)).a, graph.segment(("A3", 0)).b)
    # reduction: one chain from A1 to A7 through both straights; the paths out of A1's west
    # and A7's east side run off the track and lead nowhere
    assert len(graph.chains) == 1
    chain = [graph.segments[i].id for i in graph.chains[0].segments]
    assert chain == [("A1", 1), ("A3", 0), ("A5", 0), ("A7", 0)]


def test_adapter_offboards_are_terminal_and_valued_by_phase_colour() -> None:
    """18US §6.5: off-boards end routes; their value follows the phase colour printed."""
    red = {"code": "offboard o revenue=yellow:20/brown:40; track 1-o", "color": "red"}
    board = make_board({"A9": red})
    assert compile_board(board, YELLOW).stop("A9-0").revenue == 20
    assert compile_board(board, BROWN).stop("A9-0").revenue == 40
    green = Phase(name="3", tiles=("yellow", "green"))
    assert compile_board(board, green).stop("A9-0").revenue == 20
    graph = compile_board(board, YELLOW)
    assert graph.stop("A9-0").terminal
    assert graph.stop("A9-0").kind is StopKind.OFFBOARD
    assert graph.phase == "2"
    open_ = compile_board(board, YELLOW, GraphOptions(terminal_policy=TerminalPolicy.PASS_THROUGH))
    assert not open_.stop("A9-0").terminal


def test_adapter_junction_tile_is_a_branch_point_not_a_stop() -> None:
    """Junctions only join track (core/tiles.py): tile 81 adds no stop, one shared node."""
    board = make_board()
    board.lay("B4", "81", 0, {})
    graph = compile_board(board, YELLOW)
    assert graph.stops == ()
    assert {graph.segment(("B4", i)).b for i in range(3)} == {"B4:j"}


def test_adapter_two_slot_city_keeps_both_tokens_in_its_slots() -> None:
    board = make_board()
    board.lay("A3", "14", 0, {})
    board.place_token("A3", "c", "Y")
    board.place_token("A3", "c", "Z")
    stop = compile_board(board, YELLOW).stop("A3-0")
    assert (stop.slots, stop.slot_tokens) == (2, ("Y", "Z"))
    assert stop.blocks("X") and not stop.blocks("Y")


def test_adapter_tags_markers_and_visit_groups() -> None:
    """Coast tags by hex or stop id; hex markers become hex tags; 18West §7.1.1: cities on
    one hex share a visit group."""
    two = {"code": "city a revenue=20; city b revenue=30; track 1-a 4-b", "color": "yellow"}
    board = make_board({"A5": two, "C1": {"markers": ["gold"]}})
    board.lay("A1", "57", 1, {})
    options = GraphOptions(
        tags={"A1": frozenset({"W"}), "A5-1": frozenset({"E"})}, one_city_per_hex=True
    )
    graph = compile_board(board, YELLOW, options)
    assert graph.stop("A1-0").tags == {"W"}
    assert graph.stop("A5-0").tags == frozenset()
    assert graph.stop("A5-1").tags == {"E"}
    assert graph.stop("A5-0").visit_group == graph.stop("A5-1").visit_group == "A5"
    assert graph.stop("A1-0").visit_group is None
    assert graph.hex_tags == {"C1": {"gold"}}
    assert compile_board(board, YELLOW).stop("A5-0").visit_group is None
    assert stop_of(board, "A5-1") == ("A5", "b")
    assert id_of_stop(board, "A5", "b") == "A5-1"


@dataclasses.dataclass(frozen=True)
class DoubleFor:
    """A title's x2 token: doubles one hex's stops for one company."""

    hex: str
    company: str

    def __call__(self, board: Board, hex_name: str, stop: str) -> StopExtras | None:
        if hex_name != self.hex:
            return None
        return StopExtras(doubled_for=frozenset({self.company}), extra_tokens=(self.company,))


def test_adapter_decorator_adds_slot_free_and_doubling_tokens() -> None:
    """18US §6.5 / §6.4.2: tokens that take no slot and x2 tokens come from the title."""
    board = make_board()
    straight_line(board)
    graph = route_graph(board, YELLOW, decorate=DoubleFor("A7", "X"))
    stop = graph.stop("A7-0")
    assert stop.extra_tokens == ("X",) and stop.doubled_for == {"X"}
    assert stop.slot_tokens == () and stop.has_token("X")
    again = route_graph(board, YELLOW, decorate=DoubleFor("A7", "Y"))
    assert again is not graph and again.stop("A7-0").doubled_for == {"Y"}


def test_adapter_cache_rebuilds_only_when_the_board_changes() -> None:
    """One graph per board version and phase; after a lay, unchanged hexes are reused."""
    board = make_board()
    straight_line(board)
    first = route_graph(board, YELLOW)
    assert route_graph(board, YELLOW) is first
    assert route_graph(board, BROWN) is not first
    brown = route_graph(board, BROWN)
    board.place_token("A7", "c", "X")
    after = route_graph(board, BROWN)
    assert after is not brown
    assert after.stop("A7-0").slot_tokens == ("X",)
    assert after.stop("A1-0") is brown.stop("A1-0")  # incremental: A1 was not recompiled
    assert after.segment(("A3", 0)) is brown.segment(("A3", 0))
    board.lay("A9", "57", 1, {})
    assert route_graph(board, BROWN).stop("A9-0").revenue == 20
