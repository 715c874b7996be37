"""Cities that merge when a tile is upgraded: two cities become one, and their station tokens
must fit the one city together, not each on its own.

18West §6.4: a company "may retain two tokens in non-adjacent City circles in Chicago (F27) or
St. Louis (H25) until the tile upgrades to brown" - the green tiles have two cities, the brown
one (18xx.games tiles 251 -> 255, 254 -> 258).  18USA §12.2.2: "If the upgraded tile has one or
more station tokens on it these are replaced on the new tile in the same position as before"
(New York's two green cities become one brown city, X12 -> X16).
"""

from __future__ import annotations

import pytest

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.graph import Graph
from roundhouse.core.tiles import Colour, TileSet, parse_tile
from roundhouse.core.track import Allowance, TrackRules, check_lay, tile_lays
from roundhouse.core.upgrade import UpgradeRules, check_upgrade, path_fit, tokens_fit

ALL = frozenset(Colour)

GREEN = parse_tile(
    "G2C", "green", "city a revenue=60; city b revenue=60; track 0-a 2-a 3-b 5-b; label Chi"
)
"""Two one-slot cities (the shape of 18West #251, Chicago)."""
BROWN_TWO = parse_tile(
    "B2S", "brown", "city c revenue=80 slots=2; track 0-c 1-c 2-c 3-c 4-c; label Chi"
)
"""One city with two slots: room for both tokens."""
BROWN_ONE = parse_tile("B1S", "brown", "city c revenue=80; track 0-c 1-c 2-c 3-c 4-c; label Chi")
"""One city with one slot: a token per old city fits, both together do not."""
TWO_PLUS_ONE = parse_tile(
    "NY2", "green", "city a revenue=60 slots=2; city b revenue=60; track 0-a 3-a 1-b 2-b; label NY"
)
"""New York's green shape (18USA X12): a two-slot and a one-slot city."""
NY_TWO = parse_tile("NYB", "brown", "city c revenue=80 slots=2; track 0-c 1-c 2-c 3-c; label NY")

MERGES = UpgradeRules(
    free_stops=frozenset({("G2C", "B2S"), ("G2C", "B1S"), ("NY2", "NYB")}),
)


def test_18west_6_4_two_full_cities_merge_into_a_two_slot_city() -> None:
    mapping = check_upgrade(
        GREEN, 0, BROWN_TWO, 2, rules=MERGES, colours=ALL, tokens={"a": 1, "b": 1}
    )
    assert mapping == {"a": "c", "b": "c"}


def test_18west_6_4_merged_city_needs_room_for_the_tokens_together() -> None:
    """Each old city's single token would fit the one-slot brown city on its own; both may not
    share it.  The check counts the merged total (a per-city check let this through)."""
    assert path_fit(GREEN, 0, BROWN_ONE, 2, True) is None
    with pytest.raises(IllegalAction) as err:
        check_upgrade(GREEN, 0, BROWN_ONE, 2, rules=MERGES, colours=ALL, tokens={"a": 1, "b": 1})
    assert err.value.rule == "track.keep_paths"
    assert "station slots" in str(err.value)


def test_18usa_12_2_2_new_york_tokens_pool_in_the_brown_city() -> None:
    """Three tokens in the green New York (two in one city, one in the other) do not fit a
    brown city of two slots, though each old city's tokens would."""
    assert not tokens_fit(NY_TWO, {"a": "c", "b": "c"}, {"a": 2, "b": 1})
    assert tokens_fit(NY_TWO, {"a": "c", "b": "c"}, {"a": 1, "b": 1})
    assert tokens_fit(NY_TWO, {"a": "c", "b": "c"}, {"a": 2, "b": 0})
    assert not tokens_fit(NY_TWO, {"a": "c"}, {"a": 1, "b": 1})  # a city with nowhere to go


def _board() -> Board:
    """F27 holds the green two-city tile; every side of it leads to a hex on the map."""
    tiles = TileSet(
        {t.id: t for t in (GREEN, BROWN_TWO, BROWN_ONE)},
        {"G2C": 1, "B2S": 1, "B1S": 1},
    )
    doc: dict[str, object] = {
        "board": {"layout": "pointy", "letter_axis": "y"},
        "hexes": {"E26 E28 F25 F29 G26 G28": {}, "F27": {"tile": "G2C", "location": "Chicago"}},
    }
    return load_board(doc, source="merge fixture", tiles=tiles)


def test_18west_6_4_lays_enumerate_only_the_merge_with_room() -> None:
    board = _board()
    board.place_token("F27", "a", "CNW")
    board.place_token("F27", "b", "CBQ")
    graph = Graph(board)
    rules = TrackRules(upgrades=MERGES, colours=ALL)
    allowance = Allowance(cash=0)
    lays = tile_lays(board, graph, "CNW", allowance, rules)
    assert {(lay.tile, lay.rotation) for lay in lays} == {("B2S", 2), ("B2S", 5)}
    with pytest.raises(IllegalAction) as err:
        check_lay(board, graph, "CNW", ("F27", "B1S", 2), allowance, rules)
    assert err.value.rule == "track.keep_paths"
    _, moves = check_lay(board, graph, "CNW", ("F27", "B2S", 2), allowance, rules)
    board.lay("F27", "B2S", 2, moves)
    assert board["F27"].tokens == {"c": ["CNW", "CBQ"]}
