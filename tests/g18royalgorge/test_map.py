"""18RoyalGorge map data against the rulebook and docs/facts/18royalgorge.md §4."""

from __future__ import annotations

from collections import Counter

import pytest

from roundhouse.core.tiles import Colour, StopKind
from roundhouse.titles.g18royalgorge.data import (
    Source,
    board,
    city_ids_18xx_games,
    letter_hexes,
    offboard_groups,
    royal_gorge,
)

OFFBOARDS = {
    # group: (hexes, yellow, green, brown, silver) - facts sheet §4.3
    "Leadville": ({"A3", "B2"}, 30, 50, 70, 90),
    "Denver": ({"J2", "K1", "L2"}, 30, 40, 60, 90),
    "KitCarson": ({"O3", "O5"}, 30, 40, 60, 90),
    "LaJunta": ({"O15", "O17"}, 30, 50, 70, 90),
    "Silverton": ({"C15", "C17"}, 70, 60, 50, 40),
}


def test_18royalgorge_map_hex_counts() -> None:
    """The board has 105 hexes: 84 white, the 3 yellow gorge hexes, 7 gray walls, 11 red."""
    b = board()
    assert len(b.hexes) == 105
    colours = Counter(h.tile.colour for h in b)
    assert colours == {Colour.WHITE: 84, Colour.YELLOW: 3, Colour.GRAY: 7, Colour.RED: 11}


def test_18royalgorge_special_rules_gold_mine_symbols() -> None:
    """Gold Mine Spaces: 19 mine symbols on 17 hexes, two at Buena Vista and Cripple Creek."""
    mines = {h.printed.name: h.markers.count("mine") for h in board() if "mine" in h.markers}
    assert sum(mines.values()) == 19
    assert len(mines) == 17
    assert {n for n, k in mines.items() if k == 2} == {"B6", "I7"}


@pytest.mark.parametrize("group", sorted(OFFBOARDS))
def test_18royalgorge_offboards_phase_revenues(group: str) -> None:
    """ "Off-Boards": revenue rises with the phases (Silverton falls), same on every hex of a
    destination."""
    hexes, *values = OFFBOARDS[group]
    assert set(offboard_groups()[group].hexes) == hexes
    b = board()
    for name in hexes:
        here = b[name]
        assert here.tile.colour is Colour.RED
        (stop,) = here.tile.stops
        got = [stop.revenue_in(c) for c in (Colour.YELLOW, Colour.GREEN, Colour.BROWN, Colour.GRAY)]
        assert got == values, name


def test_18royalgorge_offboards_group_sides_impassable() -> None:
    """A destination's hexes are one place: no track between them (18xx.games borders)."""
    b = board()
    for group in offboard_groups().values():
        for a in group.hexes:
            for edge, other in b.grid.neighbours(a).items():
                if other in group.hexes:
                    border = b.border(a, edge)
                    assert border is not None and border.impassable, (a, other)


def test_18royalgorge_offboards_red_homes_are_one_slot_cities() -> None:
    """Red cities take one station (homes of CM, CS, RG, KP, SF, S)."""
    b = board()
    for name in ("B2", "J2", "K1", "L2", "O5", "O15", "C17"):
        (city,) = b[name].tile.cities
        assert city.slots == 1
    for name in ("A3", "O3", "O17", "C15"):
        assert b[name].tile.stops[0].kind is StopKind.OFFBOARD


def test_18royalgorge_1_lay_track_home_towns_depend_on_companies() -> None:
    """Rule 1 exception: Florence (FCC) and Fountain (NO) are cities only when their railroad
    is in play, otherwise towns for the whole game."""
    without = board(["RG", "SF", "KP", "CM", "S"])
    with_both = board(["RG", "SF", "FCC", "NO", "KP"])
    for name in ("I13", "L8"):
        assert [s.kind for s in without[name].tile.stops] == [StopKind.TOWN]
        assert [s.kind for s in with_both[name].tile.stops] == [StopKind.CITY]
    assert with_both["I13"].printed.cost == 20 and with_both["I13"].printed.terrain == "water"


def test_18royalgorge_2_build_station_homes_reserved_for_railroads_in_play() -> None:
    """ "2. Build a Station": home stations of railroads not yet started are reserved; homes of
    railroads not in the game are not."""
    b = board(["RG", "SF", "KP", "NO", "FCC"])
    assert b.open_slots("O5", "c", "SF") == 0
    assert b.open_slots("O5", "c", "KP") == 1
    assert b.reserved_for("K7", "c") is None  # CSCC not in this game
    assert b.open_slots("K7", "c", "SF") == 1


def test_18royalgorge_royal_gorge_tiles_reserved_for_rio_grande() -> None:
    """ "Royal Gorge Tiles": the gorge station spaces are Rio Grande's (the "X")."""
    b = board()
    for name in ("D12", "F12"):
        assert b.open_slots(name, "c", "SF") == 0
        assert b.open_slots(name, "c", "RG") == 1
    assert [c.revenue for c in (b["D12"].tile.cities[0], b["F12"].tile.cities[0])] == [20, 40]
    assert b["E13"].tile.stops == ()


def test_18royalgorge_royal_gorge_closed_until_treaty() -> None:
    """In Yellow the gorge cannot be crossed: the walls D12|E13 and E13|F12 are impassable
    until the Treaty of Boston lays the green gorge tiles, which then open them."""
    gorge = royal_gorge()
    b = board()
    assert set(gorge.walls) == {("D12", 5), ("E13", 4)}
    for name, edge in gorge.walls:
        assert b.exit_blocked(name, edge)
    assert b.exit_blocked("F12", 1) and b.exit_blocked("E13", 2)
    assert gorge.green == {"D12": "RG-A", "E13": "RG-B", "F12": "RG-C"}
    assert gorge.brown == {"D12": "RG-D", "E13": "RG-E", "F12": "RG-F"}
    for name, tile_id in gorge.green.items():
        tile = b.tiles[tile_id]
        old = b[name]
        assert old.tile.exits(0) <= tile.exits(0), "green gorge keeps the printed track"


def test_18royalgorge_1_lay_track_terrain_costs() -> None:
    """ "Terrain Costs": a sample of mountain and water costs as printed."""
    b = board()
    costs = {
        n: (b[n].printed.terrain, b[n].printed.cost)
        for n in ("B10", "C9", "J10", "B4", "H12", "E19")
    }
    assert costs == {
        "B10": ("mountain", 30),
        "C9": ("mountain", 20),
        "J10": ("mountain", 10),
        "B4": ("water", 20),
        "H12": ("water", 20),
        "E19": ("mountain", 10),
    }
    terrain = Counter(h.printed.terrain for h in b if h.printed.cost)
    assert terrain == {"mountain": 17, "water": 11}


def test_18royalgorge_letter_tiles_salida_and_sulphur_springs() -> None:
    """ "Letter Tiles": Salida needs the S tiles; Sulphur Springs takes town tiles until the B2
    private turns it into a city with an R tile."""
    b = board()
    assert b["C11"].label == "S" and b["C11"].printed.location == "Salida"
    assert b["E3"].label is None
    assert letter_hexes()["E3"].letter == "R" and letter_hexes()["E3"].private == "B2"
    assert not letter_hexes()["E3"].required
    assert letter_hexes()["C11"].fallback
    assert not letter_hexes(Source.EIGHTEEN_XX_GAMES)["C11"].fallback


def test_18royalgorge_city_ids_18xx_games_name_every_printed_city() -> None:
    """Every pre-printed city (home towns as cities) has its 18xx.games id."""
    b = board(["RG", "SF", "FCC", "NO"])
    cities = {h.printed.name for h in b if h.tile.cities}
    assert cities == set(city_ids_18xx_games())
    assert city_ids_18xx_games()["K7"] == "K7-1-0" and city_ids_18xx_games()["L14"] == "L14-1-0"
