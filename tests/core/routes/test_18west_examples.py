"""18West §7.9 worked example on the board fragment it needs: "The UP starts the game with a
pair of 2-trains and a Doubling ("x2") token in northern San Francisco. Even with no
President, it will normally earn $130 in its first Operating Round".

The fragment, as the rulebook sets it up (§3.1: the UP's home stations and "the UP Doubling
("x2") token in the northern City circle of San Francisco (actually Oakland) (G2-N)"; §7.1.2:
"Treat the printed plain track tiles in row F as ordinary #9 tiles") with the printed hexes
of 18xx.games's 18West map (tobymao/18xx lib/engine/game/g_18_west/map.rb, facts only):
San Francisco G2 (two $30 cities: the northern one towards Sacramento, the southern one the
SP's home), Sacramento F3 ($20 city), the printed track of row F (F5 F7 F11 F13 F17 F19),
Salt Lake City F9 and Cheyenne F15 ($10 towns) and Omaha F21 ($10 city, the UP's home).

The $130: one 2-train runs Oakland (doubled: $60) - Sacramento ($20) = $80; the other runs
Sacramento - Salt Lake City - Cheyenne - Omaha = $20 + $10 + $10 + $10 = $50, the towns not
counting against its number (§7.5).  Both touch Sacramento on different track (§7.5).
The text does not say where the UP's second home station is; the answer is the same with it
in Sacramento or nowhere on the fragment, so both are tested.
"""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.phases import Phase
from roundhouse.core.routes import Train, plus_train
from roundhouse.core.routes.adapter import GraphOptions, StopExtras, id_of_stop
from roundhouse.core.routes.run import check_run, optimal_run
from roundhouse.titles.g18west.tiles import tile_set

FIRST_OR = Phase(name="2", tiles=("yellow",))
UP_TRAINS = [Train("2-0", plus_train(2, "2")), Train("2-1", plus_train(2, "2"))]
"""§7.5: 18West's 2-trains count Cities and Off-Map Areas; Towns do not count."""

PRINTED = {
    "G2": {
        "code": "city n revenue=30; city s revenue=30; track 3-n 5-s; label SF",
        "color": "yellow",
    },
    "F3": {"code": "city c revenue=20; track 0-c 4-c", "color": "yellow"},
    "F9": {"code": "town t revenue=10; track 1-t 4-t", "color": "yellow"},
    "F15": {"code": "town t revenue=10; track 1-t 4-t", "color": "yellow"},
    "F21": {"code": "city c revenue=10; track 1-c", "color": "yellow"},
    **{h: {"tile": "9", "rotation": 1} for h in ("F5", "F7", "F11", "F13", "F17", "F19")},
}


@dataclasses.dataclass(frozen=True)
class Doubling:
    """§7.4.1: the x2 token "double[s] the value of the City for that Company"; it takes the
    city circle as a station token (placed on the board), this adds the doubling."""

    hex: str
    city: str
    company: str

    def __call__(self, board: Board, hex_name: str, stop: str) -> StopExtras | None:
        if (hex_name, stop) != (self.hex, self.city):
            return None
        return StopExtras(doubled_for=frozenset({self.company}))


OPTIONS = GraphOptions(one_city_per_hex=True, decorate=Doubling("G2", "n", "UP"))
"""§7.1.1: "nor may it use more than one City circle on the same hex"."""


def start_board(second_home: str | None) -> Board:
    hexes: dict[str, object] = {f"F{n}": {} for n in range(1, 23, 2)}
    hexes.update({f"G{n}": {} for n in range(2, 23, 2)})
    hexes.update(PRINTED)
    board = load_board(
        {"board": {"layout": "pointy", "letter_axis": "y"}, "hexes": hexes},
        source="18West §7.9 fragment",
        tiles=tile_set(),
    )
    board.place_token("F21", "c", "UP")
    if second_home is not None:
        board.place_token(second_home, "c", "UP")
    board.place_token("G2", "n", "UP")  # the x2 token takes the northern circle (§7.4.1)
    board.place_token("G2", "s", "SP")
    return board


@pytest.mark.parametrize("second_home", [None, "F3"])
def test_18west_7_9_up_earns_130_in_its_first_operating_round(second_home: str | None) -> None:
    board = start_board(second_home)
    oakland, sacramento = id_of_stop(board, "G2", "n"), id_of_stop(board, "F3", "c")
    slc, cheyenne = id_of_stop(board, "F9", "t"), id_of_stop(board, "F15", "t")
    omaha = id_of_stop(board, "F21", "c")
    best = optimal_run(board, "UP", UP_TRAINS, FIRST_OR, options=OPTIONS)
    assert best.total == 130 and best.proven_optimal
    ran = {min(r.route.stops, r.route.stops[::-1]) for r in best.revenue.runs}
    wanted = [(oakland, sacramento), (sacramento, slc, cheyenne, omaha)]
    assert ran == {min(w, w[::-1]) for w in wanted}
    # the players' notation, stops only: per-stop breakdown as the rulebook adds it up
    routes = [("2-0", oakland, sacramento), ("2-1", sacramento, slc, cheyenne, omaha)]
    exact = check_run(board, "UP", UP_TRAINS, routes, FIRST_OR, options=OPTIONS, revenue=130)
    assert [[s.value for s in run.stops] for run in exact.runs] == [[60, 20], [20, 10, 10, 10]]
    assert [run.revenue for run in exact.runs] == [80, 50]


def test_18west_7_9_without_the_x2_token_the_up_earns_100() -> None:
    """The doubling is what makes $130: Oakland at face value gives $30 + $20 + $50."""
    board = start_board(None)
    plain = GraphOptions(one_city_per_hex=True)
    assert optimal_run(board, "UP", UP_TRAINS, FIRST_OR, options=plain).total == 100


def test_18west_7_9_one_2_train_cannot_run_oakland_to_omaha() -> None:
    """§7.5: the train number is the most Cities on the route: Oakland - Sacramento - Omaha
    is three, too many for a 2-train (the towns between are free)."""
    board = start_board(None)
    oakland, sacramento = id_of_stop(board, "G2", "n"), id_of_stop(board, "F3", "c")
    slc, cheyenne = id_of_stop(board, "F9", "t"), id_of_stop(board, "F15", "t")
    omaha = id_of_stop(board, "F21", "c")
    route = ("2-0", oakland, sacramento, slc, cheyenne, omaha)
    with pytest.raises(IllegalAction) as err:
        check_run(board, "UP", UP_TRAINS, [route], FIRST_OR, options=OPTIONS)
    assert err.value.rule == "route.too_long"
