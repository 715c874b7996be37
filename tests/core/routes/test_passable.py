"""A right of way through a full city (``StopExtras.passable_for``): the company may run
through although other companies' stations fill every slot, and it has no station there.

18RoyalGorge, Hanging Bridge Lease (G3): the lessee "may run through the gorge" past Rio
Grande's stations, but the lease "does not allow for token placement beyond the gorge" and
gives no station (a route must still include one of the company's own, "3. Run Trains"
Rule 1).  The general rule it lifts: a route may end at a city full of other companies'
tokens but not pass through it (18USA §12.1, 18RoyalGorge "Don't forget").
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.board import Board
from roundhouse.core.routes.adapter import StopExtras, route_graph
from tests.core.routes.test_adapter import YELLOW, make_board


@dataclasses.dataclass(frozen=True)
class RightOfWay:
    hex: str
    company: str

    def __call__(self, board: Board, hex_name: str, stop: str) -> StopExtras | None:
        if hex_name != self.hex:
            return None
        return StopExtras(passable_for=frozenset({self.company}))


def _line() -> Board:
    """A1 (city, SF's station) - A3 (city, full with RG) - A5 (city), west to east."""
    board = make_board()
    for name in ("A1", "A3", "A5"):
        board.lay(name, "57", 1, {})
    board.place_token("A1", "c", "SF")
    board.place_token("A3", "c", "RG")
    return board


def test_18royalgorge_dont_forget_a_full_city_blocks_without_a_right_of_way() -> None:
    graph = route_graph(_line(), YELLOW)
    a3, a5 = graph.stop_index["A3-0"], graph.stop_index["A5-0"]
    reach = graph.reachable("SF")
    assert reach[a3] and not reach[a5]
    assert graph.stop("A3-0").blocks("SF")


def test_18royalgorge_g3_lessee_runs_through_the_full_city_without_a_station() -> None:
    graph = route_graph(_line(), YELLOW, decorate=RightOfWay("A3", "SF"))
    stop = graph.stop("A3-0")
    assert not stop.blocks("SF") and stop.blocks("CM")
    assert not stop.has_token("SF")  # no station: it counts for nothing that needs one
    assert graph.reachable("SF")[graph.stop_index["A5-0"]]
