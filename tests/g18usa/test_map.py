"""18USA's printed board (map.toml): hexes, red areas, metropolises, terrain, and track
building on it (§2.4-§2.6, §4, §12.2, §12.4.1, §13, appendix)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from roundhouse.core.board import Board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.graph import Graph
from roundhouse.core.tiles import Colour, StopKind
from roundhouse.core.track import Allowance, TrackRules, tile_lays
from roundhouse.titles.g18usa.board import (
    board,
    bridge_cities,
    great_northern_hexes,
    metropolis_candidates,
    new_york,
    red_area_tokens,
    red_areas,
    resource_hexes,
    stubs,
    subsidy_hexes,
)
from roundhouse.titles.g18usa.tiles import LAY_REACH, tile_set, upgrade_rules
from tests.shared_files import shared_file

YELLOW = TrackRules(upgrades=upgrade_rules(), colours=frozenset({Colour.YELLOW}), reach=LAY_REACH)
GREEN = TrackRules(
    upgrades=upgrade_rules(), colours=frozenset({Colour.YELLOW, Colour.GREEN}), reach=LAY_REACH
)
PHASES = (Colour.YELLOW, Colour.GREEN, Colour.BROWN, Colour.GRAY)


def _rulebook() -> str:
    return shared_file(
        "rules", "18USA.txt", feature="18USA's map read against its rulebook", issue="#17"
    ).read_text(encoding="utf-8")


def _sentence_list(text: str, lead: str) -> set[str]:
    """The names listed after ``lead`` up to the full stop, without asides in brackets:
    "a, b (x), and also c and d." -> {a, b, c, d}."""
    start = text.index(lead) + len(lead)
    body = re.sub(r"\s*\([^)]*\)", "", text[start : text.index(".", start)])
    parts = re.split(r",\s*(?:and\s+)?(?:also\s+)?|\s+and\s+", body)
    return {p.strip() for p in parts if p.strip()}


def _where(b: Board, location: str) -> list[str]:
    return [h.printed.name for h in b if h.printed.location == location]


def _lays(b: Board, company: str, rules: TrackRules) -> list[tuple[str, str, int, int]]:
    found = tile_lays(b, Graph(b), company, Allowance(cash=1000), rules)
    return [(lay.hex, lay.tile, lay.rotation, lay.cost) for lay in found]


# --- the board as a whole ------------------------------------------------------------------


def test_18usa_4_hex_counts_by_colour() -> None:
    """114 hexes: 95 light (white), New York yellow, Detroit, Toronto and B30 gray, two Great
    Lakes and the Atlantic hex blue, 12 red (the seven red areas, Mexico six hexes)."""
    b = board()
    assert len(b.hexes) == 114
    colours = Counter(h.tile.colour for h in b)
    assert colours == {
        Colour.WHITE: 95,
        Colour.YELLOW: 1,
        Colour.GRAY: 3,
        Colour.BLUE: 3,
        Colour.RED: 12,
    }
    assert sorted(h.printed.name for h in b if h.tile.colour is Colour.GRAY) == [
        "B30",
        "C23",
        "C25",
    ]


def test_18usa_4_cities_have_one_slot_and_new_york_two_stations() -> None:
    """§4: "at the start of the game Boston has only one station with a single token slot,
    whereas New York has two stations, each with one token slot"."""
    b = board()
    cities = [h for h in b if h.tile.cities]
    assert len(cities) == 31
    assert [(c.name, c.slots) for c in b["C29"].tile.cities] == [("c", 1)]
    ny = b[new_york()]
    assert ny.printed.location == "New York City" and ny.printed.name == "D28"
    assert [(c.name, c.slots, c.revenue) for c in ny.tile.cities] == [
        ("c1", 1, 40),
        ("c2", 1, 40),
    ]
    assert all(
        [(c.slots, c.revenue) for c in h.tile.cities] == [(1, 0)]
        for h in cities
        if h.tile.colour is Colour.WHITE
    )


def test_18usa_4_small_cities_take_no_tokens() -> None:
    """§4: six small cities, "always open; no station tokens may be placed there": San
    Francisco, Seattle, Winnipeg, Florida (red) and Detroit, Toronto (gray)."""
    b = board()
    named = _sentence_list(_rulebook(), "There are also six small cities: ")
    assert named == {
        "San Francisco",
        "Seattle",
        "Winnipeg",
        "Florida",
        "Detroit",
        "Toronto",
    }
    small = {h.printed.location: h for h in b if any(s.kind is StopKind.TOWN for s in h.tile.stops)}
    assert set(small) == {"San Francisco", "Seattle", "Winnipeg", "Florida", "Detroit", "Toronto"}
    for here in small.values():
        with pytest.raises(IllegalAction) as err:
            b.place_token(here.printed.name, here.tile.stops[0].name, "UP")
        assert err.value.rule == "token.no_city"
    detroit, toronto = b["C23"].tile.stops[0], b["C25"].tile.stops[0]
    assert [detroit.revenue_in(c) for c in PHASES] == [30, 40, 50, 60]
    assert [toronto.revenue_in(c) for c in PHASES] == [20, 30, 40, 40]


# --- red areas ------------------------------------------------------------------------------


def test_18usa_4_seven_red_areas() -> None:
    """§4 names the seven red areas; Mexico covers six hexes; Montreal, Mexico and the Port
    of New Orleans end routes (off-boards), the four small cities are passed through."""
    assert set(red_areas()) == _sentence_list(_rulebook(), "There are seven red areas on the map: ")
    b = board()
    areas = red_areas()
    assert areas["Mexico"].hexes == ("I5", "I7", "I9", "I11", "J12", "K13")
    assert sorted(h for a in areas.values() for h in a.hexes) == sorted(
        h.printed.name for h in b if h.tile.colour is Colour.RED
    )
    for area in areas.values():
        kinds = {b[h].tile.stops[0].kind for h in area.hexes}
        assert kinds == {StopKind.TOWN if area.small_city else StopKind.OFFBOARD}, area.name
        assert {b[h].printed.location for h in area.hexes} == {area.name}
        # §12.1: "A route may not include a single city or red area more than once"
        assert {b[h].printed.area for h in area.hexes} == {
            "Mexico" if len(area.hexes) > 1 else None
        }
    assert sorted(a.name for a in areas.values() if not a.small_city) == [
        "Mexico",
        "Montreal",
        "Port of New Orleans",
    ]


def test_18usa_2_6_red_areas_print_no_value() -> None:
    """§2.6: the values are tokens placed at set-up, so the printed red areas are blank."""
    b = board()
    for area in red_areas().values():
        for h in area.hexes:
            assert [b[h].tile.stops[0].revenue_in(c) for c in PHASES] == [0, 0, 0, 0]


def test_18usa_12_4_1_red_area_value_by_phase() -> None:
    """§12.4.1: a token's four values hold in phases 2, 3-4, 5-6 and 7-8 (yellow, green,
    brown, gray); all six Mexico hexes show Mexico's one token."""
    b = board(
        {"Mexico": (20, 30, 60, 90), "Montreal": (40, 50, 40, 40), "Seattle": (20, 40, 50, 80)}
    )
    for h in red_areas()["Mexico"].hexes:
        assert [b[h].tile.stops[0].revenue_in(c) for c in PHASES] == [20, 30, 60, 90], h
    montreal = b["A27"].tile.stops[0]
    assert montreal.kind is StopKind.OFFBOARD
    assert [montreal.revenue_in(c) for c in PHASES] == [40, 50, 40, 40]
    assert [b["B2"].tile.stops[0].revenue_in(c) for c in PHASES] == [20, 40, 50, 80]
    assert b["J24"].tile.stops[0].revenue_in(Colour.GRAY) == 0  # Florida: no token given
    assert board()["A27"].tile.stops[0].revenue_in(Colour.GREEN) == 0  # a fresh board
    with pytest.raises(ValueError, match="no red area Texas"):
        board({"Texas": (20, 30, 40, 50)})


def test_18usa_appendix_red_area_tokens() -> None:
    """Appendix: eleven tokens, ten drawn and the 30/40/50/80 reserved for P6; 18xx.games's
    pool of eleven has 20/30/50/60 twice and no P6 token."""
    text = _rulebook()
    lead = "The 11 red area value tokens, each showing yellow/green/brown/gray values, are: "
    listed = text[text.index(lead) + len(lead) :].split(", and the ")[0].split(", ")
    tokens = red_area_tokens()
    assert ["/".join(map(str, t)) for t in tokens.rulebook] == listed
    assert len(tokens.rulebook) == 10
    assert tokens.import_export_hub == (30, 40, 50, 80)
    assert len(tokens.site_pool) == 11
    assert Counter(tokens.site_pool) - Counter(tokens.rulebook) == Counter({(20, 30, 50, 60): 1})
    assert sorted(a.site_draw for a in red_areas().values()) == list(range(1, 8))
    assert red_areas()["Montreal"].site_draw == 1 and red_areas()["Mexico"].site_draw == 3


# --- metropolises, subsidies, resources, bridges ------------------------------------------


def test_18usa_2_4_potential_metropolises() -> None:
    """§2.4: Atlanta, Chicago, Dallas-Fort Worth, Denver, Los Angeles and New Orleans, each an
    empty one-slot city with its own yellow M tile; New York is always one."""
    b = board()
    found = {b[h].printed.location: m for h, m in metropolis_candidates().items()}
    assert set(found) == _sentence_list(_rulebook(), "The potential metropolis cities are ")
    labels = {loc: tile_set()[m.tile].label for loc, m in found.items()}
    assert labels == {
        "Atlanta": "ATL",
        "Chicago": "CHI",
        "Dallas-Fort Worth": "DFW",
        "Denver": "DEN",
        "Los Angeles": "LA",
        "New Orleans": "NO",
    }
    assert {loc: m.hex for loc, m in found.items()} == {
        "Atlanta": "H22",
        "Chicago": "D20",
        "Dallas-Fort Worth": "H14",
        "Denver": "E11",
        "Los Angeles": "G3",
        "New Orleans": "I19",
    }
    assert found["Denver"].rotation is None  # §12.2.3: its orientation is chosen
    assert new_york() == "D28" and b["D28"].label == "NY"


def test_18usa_2_4_metropolis_tiles_fit_their_hexes() -> None:
    """Each M tile, turned as set-up lays it, has no track off the map or into a fixed hex;
    Los Angeles's unturned tile would run off the west edge."""
    b = board()
    for m in metropolis_candidates().values():
        tile = tile_set()[m.tile]
        for rotation in [m.rotation] if m.rotation is not None else list(range(6)):
            exits = tile.exits(rotation)
            assert not any(b.exit_blocked(m.hex, e) for e in exits), (m.hex, rotation)
    assert b.exit_blocked("G3", 1)  # X05 unturned has edge 1 (W): G1 is off the map
    assert 1 in tile_set()["X05"].exits(0)


def test_18usa_labels_only_new_york() -> None:
    """The board prints New York's NY tile; the M labels come with the set-up tiles, so no
    other hex carries a label (a non-metropolis candidate takes plain city tiles)."""
    b = board()
    assert {h.printed.name: h.label for h in b if h.label is not None} == {"D28": "NY"}


def test_18usa_appendix_subsidy_cities() -> None:
    """Appendix "Subsidy city": the 14 orange cities by name."""
    text = _rulebook()
    lead = "One of the 14 cities with orange colored station circles. "
    names = _sentence_list(text, lead)
    b = board()
    hexes = subsidy_hexes()
    assert len(hexes) == 14 == len(set(hexes))
    assert {b[h].printed.location for h in hexes} == names
    assert all(b[h].tile.cities and b[h].tile.colour is Colour.WHITE for h in hexes)


def test_18usa_13_resource_hexes() -> None:
    """§13: resource icons on plain hexes; "Two hexes, B10 and B12, have two resource types".
    Coal and ore save "$15 terrain costs" (§13.1, §13.3): no resource hex has another cost."""
    b = board()
    res = resource_hexes()
    assert {k: len(v) for k, v in res.items()} == {"coal": 14, "ore": 8, "oil": 7}
    counts = Counter(h for hexes in res.values() for h in hexes)
    assert sorted(h for h, n in counts.items() if n > 1) == ["B10", "B12"]
    assert res["coal"] & res["ore"] == {"B10"} and res["coal"] & res["oil"] == {"B12"}
    for h in counts:
        here = b[h]
        assert here.tile.colour is Colour.WHITE and not here.tile.stops, h
        assert (here.printed.terrain, here.printed.cost) in {("", 0), ("mountain", 15)}, h
    assert sorted(h for h in res["coal"] if b[h].printed.cost == 15) == [
        "B6", "C9", "D10", "D26", "D8", "E25", "F10", "F22", "F24", "F8",
    ]  # fmt: skip


def test_18usa_13_4_bridge_icons_on_river_cities() -> None:
    """§4, §13.4: "City hexes on a river have a bridge icon"."""
    b = board()
    river_cities = {h.printed.name for h in b if h.tile.cities and h.printed.terrain == "river"}
    assert bridge_cities() == river_cities
    assert {b[h].printed.location for h in river_cities} == {
        "Portland",
        "Minneapolis",
        "Omaha",
        "Kansas City",
        "St. Louis",
        "Louisville",
        "Memphis",
        "New Orleans",
    }


def test_great_northern_hexes_along_the_northern_border() -> None:
    """18xx.games's P17 icons: plain or city hexes, none fixed, all in the two top land rows
    except Minneapolis's neighbour C19 and Chicago D20."""
    b = board()
    gnr = great_northern_hexes()
    assert len(gnr) == 10
    assert all(not b[h].fixed for h in gnr)
    assert sorted(h for h in gnr if not h.startswith("B")) == ["C19", "D20"]


# --- terrain, borders, neighbours -------------------------------------------------------------


def test_18usa_12_2_1_terrain_costs() -> None:
    """§12.2.1: "most hexes with mountains or rivers are labeled with a cost"; mountains $15
    (P5 "$15 difficult terrain costs on mountain tiles"), rivers $10 (P2 "$10 difficult
    terrain penalties to lay track on river tiles"); the Lake hex B22 $20 (18xx.games)."""
    b = board()
    by_terrain: dict[tuple[str, int], list[str]] = {}
    for h in b:
        if h.printed.terrain or h.printed.cost:
            by_terrain.setdefault((h.printed.terrain, h.printed.cost), []).append(h.printed.name)
    assert {k: len(v) for k, v in by_terrain.items()} == {
        ("mountain", 15): 18,
        ("river", 10): 13,
        ("lake", 20): 1,
    }
    assert by_terrain[("lake", 20)] == ["B22"]
    assert sorted(by_terrain[("river", 10)]) == sorted(
        ["B4", "D18", "E21", "F18", "H18", "I19", "C3", "C17", "D14", "E15", "E17", "F20", "G17"]
    )
    nine = b.tiles["9"]
    assert b.lay_cost("C27", nine, 0) == 15
    assert b.lay_cost("D18", nine, 0) == 10
    assert b.lay_cost("B22", nine, 1) == 20
    assert b.lay_cost("D12", nine, 0) == 0


def test_18usa_12_2_2_no_terrain_cost_on_upgrade() -> None:
    """§12.2.2: "Terrain costs are not paid when upgrading track"."""
    b = board()
    b.lay("C27", "9", 0, {})
    assert b.lay_cost("C27", b.tiles["82"], 0) == 0


def test_18usa_12_2_1_no_printed_hexside_borders() -> None:
    """The board has no ridges or walls; water and fixed hexes block by themselves (§12.2.1:
    "Track laid may not run off the hex grid, into the blank side of a red area or gray hex,
    or into water")."""
    b = board()
    assert b.borders == {}
    assert b.exit_blocked("B22", 4)  # into Lake Huron's blue B24
    assert b.exit_blocked("I21", 0)  # the Port of New Orleans's blank NE side
    assert not b.exit_blocked("I19", 5)  # New Orleans to its port
    assert b.exit_blocked("C3", 1)  # Portland's west side is off the map
    assert not b.exit_blocked("C3", 2)  # Seattle's track reaches Portland
    assert not b.exit_blocked("G27", 3)  # Norfolk to the Atlantic stub (18xx.games)
    assert b.exit_blocked("C29", 5)  # Boston's SE side is off the map
    assert not b.exit_blocked("C29", 3)  # B30's gray track ends on Boston's NE side


def test_18usa_neighbours_of_known_hexes() -> None:
    """Pointy hexes, rows lettered: New York, Portland, Denver, New Orleans and their
    neighbours as geography has them (Seattle NW of Portland, the port S of New Orleans)."""
    b = board()
    assert b.grid.neighbours("D28") == {0: "E27", 1: "D26", 2: "C27", 3: "C29"}
    assert b.grid.neighbours("C3") == {0: "D2", 2: "B2", 3: "B4", 4: "C5", 5: "D4"}
    assert b.grid.neighbours("E11") == {
        0: "F10",
        1: "E9",
        2: "D10",
        3: "D12",
        4: "E13",
        5: "F12",
    }
    assert b.grid.neighbours("I19") == {1: "I17", 2: "H18", 3: "H20", 4: "I21", 5: "J20"}
    assert b.grid.neighbours("J20") == {2: "I19", 3: "I21"}
    assert b.grid.neighbours("A27") == {0: "B26", 5: "B28"}
    assert b.grid.neighbours("J24") == {2: "I23", 3: "I25"}
    assert b.grid.neighbours("A15") == {0: "B14", 5: "B16"}
    for h in ("A27", "J20", "J24", "A15", "B2", "E1"):
        here = b[h]
        assert here.tile.exits(here.rotation) == frozenset(b.grid.neighbours(h)) - (
            {3} if h == "J20" else set()
        ), h


def test_stubs_point_at_new_york() -> None:
    """18xx.games's stubs in D26 and E27 face New York's printed track."""
    b = board()
    ny = b["D28"].tile.exits(0)
    for h, edge in stubs().items():
        assert b.grid.neighbour(h, edge) == "D28"
        assert b.grid.edge_towards("D28", h) in ny


# --- building track on the board ---------------------------------------------------------------


def test_18usa_12_2_1_home_city_lays_pay_the_river() -> None:
    """§12.2.1: with no track in its home hex a company lays "any suitable city tile there";
    Portland (C3) is a $10 river city whose west side is off the map: tile 5 in four
    rotations, 6 in four, 57 in two, each $10."""
    b = board()
    b.place_token("C3", "c", "UP")
    lays = _lays(b, "UP", YELLOW)
    assert lays == [
        ("C3", "5", 2, 10),
        ("C3", "5", 3, 10),
        ("C3", "5", 4, 10),
        ("C3", "5", 5, 10),
        ("C3", "6", 0, 10),
        ("C3", "6", 2, 10),
        ("C3", "6", 3, 10),
        ("C3", "6", 4, 10),
        ("C3", "57", 0, 10),
        ("C3", "57", 2, 10),
    ]


def test_18usa_12_2_1_track_extends_the_route() -> None:
    """From Portland's straight 57 (SW-NE): into B4 (river, $10; its NW and NE sides are off
    the map) and D2 (free; NW off the map, San Francisco's track on its SW side)."""
    b = board()
    b.place_token("C3", "c", "UP")
    b.lay("C3", "57", 0, {"c": "c"})
    assert _lays(b, "UP", YELLOW) == [
        ("B4", "7", 0, 10),
        ("B4", "7", 5, 10),
        ("B4", "8", 4, 10),
        ("D2", "7", 3, 0),
        ("D2", "8", 3, 0),
        ("D2", "9", 0, 0),
    ]


def test_18usa_12_2_2_new_york_upgrades_to_x12() -> None:
    """A company in New York's SW-NE station: in green the printed yellow NY upgrades only to
    X12 (keeping both stations' track); yellow goes to Boston (one rotation of each city tile
    fits its corner) and E27 (three tiles through the side facing NY)."""
    b = board()
    b.place_token("D28", "c1", "NYC")
    assert _lays(b, "NYC", GREEN) == [
        ("C29", "5", 0, 0),
        ("C29", "6", 0, 0),
        ("C29", "57", 0, 0),
        ("D28", "X12", 0, 0),
        ("E27", "7", 2, 0),
        ("E27", "8", 1, 0),
        ("E27", "9", 0, 0),
    ]


def test_18usa_norfolk_may_point_at_the_atlantic_stub() -> None:
    """Norfolk (G27) touches land on three sides and F28's printed stub on the fourth: six
    city-tile lays, three of them using the NE side (18xx.games F28)."""
    b = board()
    b.place_token("G27", "c", "N")
    lays = _lays(b, "N", YELLOW)
    assert len(lays) == 6
    assert sum(3 in b.tiles[t].exits(r) for _, t, r, _ in lays) == 3
