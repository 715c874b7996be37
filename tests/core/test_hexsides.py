"""Edges, directions and hexsides on flat and pointy boards, for all four 18xx titles' printed
coordinates and Chicago Express's staggered numbering.

Edges are numbered clockwise as 18xx.games numbers them (flat: 0 S; pointy: 0 SW), so a tile
rotation means the same thing in our logs and theirs.
"""

from __future__ import annotations

import pytest

from roundhouse.core.hexgrid import EDGE_NAMES, CoordinateSystem, HexGrid, Layout, opposite, rotate

ROYAL_GORGE = CoordinateSystem(layout=Layout.FLAT, letter_axis="x")
USA = CoordinateSystem(layout=Layout.POINTY, letter_axis="y")
US = CoordinateSystem(layout=Layout.POINTY, letter_axis="y")
WEST = CoordinateSystem(layout=Layout.POINTY, letter_axis="y")
CHICAGO_EXPRESS = CoordinateSystem(
    layout=Layout.FLAT, letter_axis="x", first_number=0, stagger="odd"
)


def test_flat_edges_run_clockwise_from_south() -> None:
    """18RoyalGorge (flat, lettered columns): C11 Salida's neighbours by edge."""
    assert EDGE_NAMES[Layout.FLAT] == ("S", "SW", "NW", "N", "NE", "SE")
    assert ROYAL_GORGE.neighbour_names("C11") == {
        0: "C13",
        1: "B12",
        2: "B10",
        3: "C9",
        4: "D10",
        5: "D12",
    }


def test_pointy_edges_run_clockwise_from_south_west() -> None:
    """18US (pointy, lettered rows): D25 New York / Philadelphia lies north-east of E24
    Baltimore (§10.3), E26 east of it."""
    assert EDGE_NAMES[Layout.POINTY] == ("SW", "W", "NW", "NE", "E", "SE")
    names = US.neighbour_names("E24")
    assert names[3] == "D25" and names[4] == "E26" and names[1] == "E22"
    assert names[0] == "F23" and names[5] == "F25" and names[2] == "D23"


@pytest.mark.parametrize(
    ("coords", "names"),
    [
        (ROYAL_GORGE, ["C11", "C13", "D12", "B12", "E13", "D14"]),
        (USA, ["D20", "D22", "E21", "E19", "C21", "F20"]),
        (US, ["D25", "E24", "E26", "D23", "C24"]),
        (WEST, ["F27", "G26", "G28", "E26", "F25", "H25", "G24"]),
        (CHICAGO_EXPRESS, ["B3", "A3", "A4", "B2", "B4", "C3", "C4"]),
    ],
    ids=["18RoyalGorge", "18USA", "18US", "18West", "ChicagoExpress"],
)
def test_every_hexside_has_one_key_seen_from_both_hexes(
    coords: CoordinateSystem, names: list[str]
) -> None:
    grid = HexGrid(coords, names)
    sides = set()
    for a in names:
        for edge, b in grid.neighbours(a).items():
            assert grid.hexside(a, edge) == grid.hexside(b, opposite(edge))
            assert grid.edge_towards(b, a) == opposite(edge)
            assert grid.distance(a, b) == 1
            sides.add(grid.hexside(a, edge))
    shared = sum(len(grid.neighbours(a)) for a in names)
    assert len(sides) * 2 == shared


def test_rotation_and_opposite_edges() -> None:
    assert [rotate(e, 1) for e in range(6)] == [1, 2, 3, 4, 5, 0]
    assert rotate(4, 5) == 3 and rotate(2, 12) == 2
    assert [opposite(e) for e in range(6)] == [3, 4, 5, 0, 1, 2]


def test_distance_across_the_board() -> None:
    """18West: Seattle (A4) to Chicago (F27); 18RoyalGorge: Leadville (A3) to Cañon City (H12)."""
    west = HexGrid(WEST, ["A4", "F27", "B3"])
    assert west.distance("A4", "B3") == 1
    assert west.distance("A4", "F27") == 14  # five steps SE to F9, then nine E
    gorge = HexGrid(ROYAL_GORGE, ["A3", "H12"])
    assert gorge.distance("A3", "H12") == 8  # seven steps SE to H10, then one S
