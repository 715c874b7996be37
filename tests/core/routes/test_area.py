"""A revenue area printed over several hexes is one place for a route (board format ``area``).

18USA §12.1: "A route may not include a single city or red area more than once" (Mexico is one
red area over six hexes); 18West §7.5: "A route may not use any track segment, City, Off-Map
Area, or Town more than once" (New York is one Off-Map Area over three hexes).

Board as in ``test_adapter`` (pointy, edges 0 SW ... 5 SE): a red hex at each end of row A,
A1 and A9, both running east-west into X's city A5 (tile 57) through straights.
"""

from __future__ import annotations

import pytest

from roundhouse.core.board import Board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes import Train, n_train
from roundhouse.core.routes.run import check_run, optimal_run
from tests.core.routes.test_adapter import YELLOW, make_board

THREE = Train("3-0", n_train(3))
WEST = {"code": "offboard o revenue=30; track 4-o", "color": "red"}
EAST = {"code": "offboard o revenue=30; track 1-o", "color": "red"}


def row(area: str | None) -> Board:
    ends = [WEST, EAST] if area is None else [{**WEST, "area": area}, {**EAST, "area": area}]
    board = make_board({"A1": ends[0], "A9": ends[1]})
    board.lay("A3", "9", 1, {})
    board.lay("A5", "57", 1, {})
    board.lay("A7", "9", 1, {})
    board.place_token("A5", "c", "X")
    return board


def test_two_red_hexes_of_one_area_are_one_place() -> None:
    apart, together = row(None), row("Mexico")
    assert together["A1"].printed.area == "Mexico"
    route = [("3-0", "A1-0", "A5-0", "A9-0")]
    assert check_run(apart, "X", [THREE], route, YELLOW).total == 80  # 30 + 20 + 30
    assert optimal_run(apart, "X", [THREE], YELLOW).total == 80
    with pytest.raises(IllegalAction) as err:
        check_run(together, "X", [THREE], route, YELLOW)
    assert err.value.rule == "route.revisit"
    best = optimal_run(together, "X", [THREE], YELLOW)
    assert best.total == 50  # one end of Mexico and the city
