"""Rotations that lay the same track are one lay: enumerated once, accepted either way.

A straight (#9) laid at rotation 0 or 3 is the same track; so is 18West's green Chicago (#251,
two $60 cities joined to opposite pairs of sides) turned half way round, where the two cities
only trade places.  Legal-move lists give the first such rotation (18xx.games offers one too);
a lay named by the other, as an imported 18xx.games log may do, is the same move and is
accepted with the same cost and the same tokens in the same places.
"""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.graph import Graph
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.core.tiles import Colour, Link, Tile, TileSet, parse_tile
from roundhouse.core.track import Allowance, TrackRules, check_lay, tile_lays
from roundhouse.titles.g18usa.tiles import tile_set as usa_tiles
from roundhouse.titles.g18west.tiles import tile_set as west_tiles
from roundhouse.titles.g18west.tiles import upgrade_rules as west_rules

WEST = west_tiles()
EVERY_TILE: list[Tile] = [
    *standard_tiles().tiles.values(),
    *WEST.tiles.values(),
    *usa_tiles().tiles.values(),
]


def _renamed(paths: tuple[Link, ...], names: dict[str, str]) -> set[frozenset[object]]:
    return {frozenset(names.get(e, e) if isinstance(e, str) else e for e in p) for p in paths}


def test_18west_green_chicago_half_turn_swaps_its_cities() -> None:
    chi = WEST["251"]
    assert chi.rotations == (0, 1, 2)
    assert chi.canonical_rotation(3) == 0 and chi.canonical_rotation(5) == 2
    assert dict(chi.canonical_stops(3)) == {"c1": "c2", "c2": "c1"}
    assert dict(chi.canonical_stops(1)) == {"c1": "c1", "c2": "c2"}


def test_unlike_cities_never_trade_places() -> None:
    """Cities that differ (value, slots) are told apart: a half turn is a new lay."""
    uneven = parse_tile("U", "green", "city a revenue=60; city b revenue=50; track 0-a 3-b")
    slots = parse_tile("S", "green", "city a revenue=60 slots=2; city b revenue=60; track 0-a 3-b")
    assert uneven.rotations == (0, 1, 2, 3, 4, 5)
    assert slots.rotations == (0, 1, 2, 3, 4, 5)
    even = parse_tile("E", "green", "city a revenue=60; city b revenue=60; track 0-a 3-b")
    assert even.rotations == (0, 1, 2)


@given(st.sampled_from(EVERY_TILE), st.integers(0, 5))
def test_canonical_rotation_lays_the_same_track(tile: Tile, rotation: int) -> None:
    """Property: the canonical rotation is enumerated, is no later than the given one, and its
    track is the given rotation's with like stops renamed."""
    first = tile.canonical_rotation(rotation)
    names = dict(tile.canonical_stops(rotation))
    assert first in tile.rotations and first <= rotation
    assert _renamed(tile.rotated_paths(rotation), names) == _renamed(tile.rotated_paths(first), {})
    for old, new in names.items():
        a, b = tile.stop(old), tile.stop(new)
        assert (a.kind, a.revenue, a.slots) == (b.kind, b.revenue, b.slots)
    assert sorted(names.values()) == sorted(names)


def test_distinct_rotations_lay_different_track() -> None:
    for tile in EVERY_TILE:
        for a, b in itertools.combinations(tile.rotations, 2):
            assert tile.canonical_rotation(b) == b != tile.canonical_rotation(a), (tile, a, b)


def _chicago() -> Board:
    """18xx.games's printed yellow Chicago (F27: two $40 cities, to sides 1 and 2), with every
    neighbour on the map."""
    printed = parse_tile(
        "F27", "yellow", "city c1 revenue=40; city c2 revenue=40; track 1-c1 2-c2; label Chi"
    )
    tiles = TileSet({"251": WEST["251"], "9": WEST["9"]}, {"251": 1, "9": None})
    doc: dict[str, object] = {
        "board": {"layout": "pointy", "letter_axis": "y"},
        "hexes": {
            "E26 E28 F25 F29 G26 G28": {},
            "F27": {"code": printed.code, "color": "yellow", "location": "Chicago"},
        },
    }
    board = load_board(doc, source="rotation fixture", tiles=tiles)
    board.place_token("F27", "c1", "CNW")
    board.place_token("F27", "c2", "CBQ")
    return board


def _token_sides(board: Board) -> dict[str, frozenset[int]]:
    here = board["F27"]
    return {
        held[0]: here.tile.stop_edges(city, here.rotation)
        for city, held in here.tokens.items()
        if held
    }


def test_18west_equivalent_rotation_is_the_same_lay() -> None:
    """The upgrade to #251 is listed once (rotation 2); rotation 5 is accepted as the same
    move, costs the same and leaves each company's token on the same sides."""
    rules = TrackRules(upgrades=west_rules(), colours=frozenset({Colour.YELLOW, Colour.GREEN}))
    allowance = Allowance(cash=0)
    first, second = _chicago(), _chicago()
    lays = [lay for lay in tile_lays(first, Graph(first), "CNW", allowance, rules)]
    assert [(lay.hex, lay.tile, lay.rotation) for lay in lays if lay.tile == "251"] == [
        ("F27", "251", 2)
    ]
    cost_a, moves_a = check_lay(first, Graph(first), "CNW", ("F27", "251", 2), allowance, rules)
    cost_b, moves_b = check_lay(second, Graph(second), "CNW", ("F27", "251", 5), allowance, rules)
    assert cost_a == cost_b == 0
    assert WEST["251"].canonical_rotation(5) == 2
    first.lay("F27", "251", 2, moves_a)
    second.lay("F27", "251", 5, moves_b)
    assert (
        _token_sides(first)
        == _token_sides(second)
        == {
            "CNW": frozenset({1, 5}),  # printed at side 1
            "CBQ": frozenset({2, 4}),  # printed at side 2
        }
    )
