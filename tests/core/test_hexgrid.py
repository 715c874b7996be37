"""Printed coordinates of the four 18xx boards, neighbours and hexsides.

Layouts and axes are the ones 18xx.games uses (each title's map.rb LAYOUT, default AXES:
flat boards letter their columns, pointy boards their rows); 18US is not on 18xx.games, and
its rulebook's hex names fit a pointy board with lettered rows (D25 New York/Philadelphia
sits north-east of E24 Baltimore)."""

from __future__ import annotations

import pytest

from roundhouse.core.hexgrid import CoordinateSystem, HexGrid, Layout

ROYAL_GORGE = CoordinateSystem(layout=Layout.FLAT, letter_axis="x")
USA = CoordinateSystem(layout=Layout.POINTY, letter_axis="y")
US = CoordinateSystem(layout=Layout.POINTY, letter_axis="y")
WEST = CoordinateSystem(layout=Layout.POINTY, letter_axis="y")


def _one_grid(coords: CoordinateSystem, names: list[str]) -> HexGrid:
    for name in names:
        assert coords.name(coords.point(name)) == name
    assert len({sum(coords.point(n)) % 2 for n in names}) == 1, "mixed parities"
    return HexGrid(coords, names)


def test_18royalgorge_hex_names() -> None:
    """Salida C11, the Royal Gorge E13, Cañon City H12, Leadville A3 (18xx.games map)."""
    _one_grid(ROYAL_GORGE, ["A3", "B6", "C11", "E13", "F16", "H12", "I13", "I17"])
    assert ROYAL_GORGE.neighbour_names("H12")[5] == "I13"  # Florence lies SE of Cañon City


def test_18usa_hex_names() -> None:
    """The six potential metropolises (18USA §2.4): Los Angeles G3, Denver E11, Dallas-Fort
    Worth H14, Atlanta H22, New Orleans I19, Chicago D20 (18xx.games map)."""
    _one_grid(USA, ["G3", "E11", "H14", "H22", "I19", "D20"])


def test_18us_hex_names() -> None:
    """18US §6.2.1, §6.5, §10.3: D25, E24, H17, E2, B23, B19, E10."""
    grid = _one_grid(US, ["D25", "E24", "H17", "E2", "B23", "B19", "E10"])
    assert grid.edge_towards("D25", "E24") == 0  # Baltimore is SW of New York/Philadelphia


def test_18west_8_mesabi_and_cmd_neighbours() -> None:
    """18West §8: the Mesabi Range (B23) borders B21, C22 and C24; the Colorado Mining
    District (H13) borders G12, G14, H11, H15, I12 and I14."""
    assert {"B21", "C22", "C24"} <= set(WEST.neighbour_names("B23").values())
    assert set(WEST.neighbour_names("H13").values()) == {"G12", "G14", "H11", "H15", "I12", "I14"}
    _one_grid(WEST, ["A4", "B3", "D23", "F27", "G14", "G22", "H3", "K18", "K8"])


@pytest.mark.parametrize("coords", [ROYAL_GORGE, USA])
def test_hexside_is_the_same_from_both_sides(coords: CoordinateSystem) -> None:
    names = ["C11", "D12", "E11"] if coords is ROYAL_GORGE else ["D20", "D22", "E21"]
    grid = HexGrid(coords, names)
    for a in names:
        for edge, b in grid.neighbours(a).items():
            assert grid.hexside(a, edge) == grid.hexside(b, (edge + 3) % 6)
            assert grid.edge_towards(b, a) == (edge + 3) % 6
