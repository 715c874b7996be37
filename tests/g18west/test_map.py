"""18West's printed board (roundhouse/titles/g18west/map.toml) against the rulebook: hex counts,
off-map values, home circles (§3.1, §14.3, §14.4, §14.5), terrain (§7.1), prohibited sides
(§7.1.1), labels, row F track (§7.1.2), neighbours the rules name, first tile lays, and the
§7.9 "UP earns $130" example on the whole map."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest

from roundhouse.core.board import Board
from roundhouse.core.graph import Graph
from roundhouse.core.hexgrid import opposite
from roundhouse.core.routes.run import optimal_run
from roundhouse.core.tiles import Colour, StopKind
from roundhouse.core.track import Allowance, TrackRules, tile_lays
from roundhouse.core.upgrade import legal_rotations
from roundhouse.titles.g18west import board as west
from roundhouse.titles.g18west.board import board, coast, doubling_tokens, home_stations, homes_of
from roundhouse.titles.g18west.tiles import LAY_REACH, tile_set, upgrade_rules
from tests.core.routes import test_18west_examples as fragment
from tests.shared_files import shared_file

START = board()
ALL = frozenset({Colour.YELLOW, Colour.GREEN, Colour.BROWN, Colour.GRAY})
YELLOW = TrackRules(upgrades=upgrade_rules(), colours=frozenset({Colour.YELLOW}), reach=LAY_REACH)
GREEN = TrackRules(
    upgrades=upgrade_rules(), colours=frozenset({Colour.YELLOW, Colour.GREEN}), reach=LAY_REACH
)
COMPANIES = {"CBQ", "CMStPP", "CNW", "CRIP", "MKT", "MP", "SLSF", "SSW",
             "ATSF", "KP", "NP", "SP", "TP", "DRG", "GN", "UP"}  # fmt: skip
"""§2.2: "sixteen Companies": the eight Granger Roads (§2.2.1), the five Land Grant Companies
(§2.2.2) and the DRG, GN and UP (§2.2.3)."""


def _rulebook() -> str:
    return shared_file(
        "rules", "18West.txt", feature="18West's map read against its rulebook", issue="#18"
    ).read_text(encoding="utf-8")


def _section(text: str, start: str, end: str) -> list[list[str]]:
    """The tab-separated rows between two headings (the last ``start``: the table of contents
    names them too; no ``end``: to the end of the text)."""
    first = text.rindex(start) + len(start)
    body = text[first : text.index(end, first)] if end else text[first:]
    return [line.split("\t") for line in body.splitlines() if "\t" in line]


def _values(b: Board, name: str) -> list[int]:
    stop = b[name].tile.stops[0]
    return [stop.revenue_in(c) for c in (Colour.YELLOW, Colour.GREEN, Colour.BROWN, Colour.GRAY)]


def test_18west_map_counts_hexes_by_colour() -> None:
    fresh = board()
    assert len(fresh.hexes) == 133
    colours = Counter(h.tile.colour for h in fresh)
    assert colours == {
        Colour.WHITE: 100,
        Colour.YELLOW: 23,  # 15 cities, row F's 6 printed #9 and 2 printed towns
        Colour.GREEN: 1,
        Colour.GRAY: 4,
        Colour.RED: 5,
    }
    white = [h for h in fresh if h.tile.colour is Colour.WHITE]
    kinds = Counter(tuple(s.kind for s in h.tile.stops) for h in white)
    assert kinds == {(): 88, (StopKind.TOWN,): 9, (StopKind.CITY,): 3}


def test_18west_7_1_terrain_costs() -> None:
    """§7.1: "$20 in a blue triangle for swamp hexes or $40 in a brown triangle for mountain
    hexes", paid with the first tile."""
    costs = {h.printed.name: (h.printed.terrain, h.printed.cost) for h in START if h.printed.cost}
    assert Counter(costs.values()) == {("mountain", 40): 41, ("swamp", 20): 3}
    assert {n for n, (t, _) in costs.items() if t == "swamp"} == {"L23", "J25", "K24"}
    nine = START.tiles["9"]
    assert START.lay_cost("G12", nine, 0) == 40
    assert START.lay_cost("L23", nine, 1) == 20
    assert START.lay_cost("G16", nine, 1) == 0
    assert START.lay_cost("D7", START.tiles["4"], 0) == 40  # Boise: mountain town


def test_18west_7_1_1_prohibited_hexsides() -> None:
    """§7.1.1: "any blank hexside of an Off-Map Area (red), or any blank hexside of a grey
    area" is prohibited; H1/H3 is (the sea, off the board here), F1/G2 is not.  New York's
    three hexes are one area: the sides between them are closed.  No side costs money."""
    assert all(not b.cost for b in START.borders.values())
    closed = {side for side, b in START.borders.items() if b.impassable}
    assert closed == {START.grid.hexside("F29", 0), START.grid.hexside("G28", 0)}
    assert START.exit_blocked("H3", 1)
    assert not START.exit_blocked("F1", 5) and START.grid.neighbour("F1", 5) == "G2"
    assert START.exit_blocked("G26", 4)  # into New York's G28 by a side without track
    assert not START.exit_blocked("F27", 4) and not START.exit_blocked("F27", 5)
    assert START.exit_blocked("B21", 2) and not START.exit_blocked("B21", 4)  # Mesabi B23
    assert START.exit_blocked("G26", 5)  # H27 has track on its SW and W sides only
    assert not START.exit_blocked("H25", 4) and not START.exit_blocked("I26", 3)


def test_18west_off_map_values_by_phase() -> None:
    """§2.1: "the leftmost values of the Off-Map Areas" at start; the values move at Phase 5
    (brown) and 4D (gray) as 18xx.games prints them."""
    for name in ("F29", "G28", "H27"):
        assert _values(START, name) == [30, 30, 50, 80]
        assert START[name].printed.location == "New York"
        assert START[name].printed.area == "New York"  # §7.5: a route uses it once
    assert _values(START, "L25") == [40, 40, 50, 60]
    assert _values(START, "A4") == [20, 20, 40, 60]
    assert START["A4"].tile.stops[0].kind is StopKind.CITY  # §7.4.2: Bypass tokens in Seattle
    assert west.offboard_groups()["NY"].hexes == ("F29", "G28", "H27")
    offboards = {h.printed.name for h in START if h.tile.colour is Colour.RED}
    assert offboards == {"A4", "F29", "G28", "H27", "L25"}


def test_18west_7_5_1_and_7_5_2_mesabi_and_cmd() -> None:
    """§7.5.1: Mesabi (B23) is a Town "that does not upgrade", entered from B21, C22 and C24;
    §7.5.2: the CMD (H13) likewise from all six neighbours."""
    mesabi, cmd = START["B23"], START["H13"]
    assert mesabi.fixed and cmd.fixed
    assert {START.grid.neighbour("B23", e) for e in mesabi.tile.exits(0)} == {"B21", "C22", "C24"}
    assert {START.grid.neighbour("H13", e) for e in cmd.tile.exits(0)} == {
        "G12", "G14", "H11", "H15", "I12", "I14"
    }  # fmt: skip
    assert _values(START, "B23") == [10, 10, 40, 50]
    assert _values(START, "H13") == [30, 30, 10, 0]
    towns = {h.printed.location for h in START if h.tile.colour is Colour.GRAY}
    assert towns == {"Mesabi Range", "CMD", "Corpus Christi", "Galveston"}  # §7.5 Towns


def test_18west_labels() -> None:
    labels = {h.printed.name: h.label for h in START if h.label is not None}
    assert labels == {
        "G2": "SF", "F27": "Chi", "D23": "M-K", "G22": "M-K", "H25": "StL",
        "I4": "LA", "J5": "SD", "G14": "D", "K20": "D", "L21": "D",
    }  # fmt: skip
    # every labelled City has a green tile of its label (the D and LA ones reconstructed)
    greens = [t for t in START.tiles.tiles.values() if t.colour is Colour.GREEN]
    for name, label in labels.items():
        here = START[name]
        fits = [
            t.id for t in greens if legal_rotations(here.tile, 0, t, upgrade_rules(), ALL, label)
        ]
        assert fits and all(START.tiles[t].label == label for t in fits), name


def test_18west_7_1_2_row_f_track_is_ordinary_9_tiles() -> None:
    """§7.1.2: "Treat the printed plain track tiles in row F as ordinary #9 tiles that
    companies may upgrade to #82 or #83"; the printed towns there take the Town row."""
    track = [h for h in START if h.printed.tile.id == "9"]
    assert sorted(h.printed.name for h in track) == ["F11", "F13", "F17", "F19", "F5", "F7"]
    for here in track:
        assert here.tile.exits(here.rotation) == {1, 4}  # W-E along the row
        greens = {
            t
            for t in ("80", "81", "82", "83", "14", "15")
            if legal_rotations(here.tile, here.rotation, START.tiles[t], upgrade_rules(), ALL)
        }
        assert greens == {"82", "83"}
    for name in ("F9", "F15"):
        here = START[name]
        assert here.tile.id == "4" and here.tile.exits(here.rotation) == {1, 4}
        assert legal_rotations(here.tile, here.rotation, START.tiles["141"], upgrade_rules(), ALL)


def test_18west_row_f_links_oakland_to_omaha() -> None:
    """§7.9's line: San Francisco's northern circle (G2-N) - Sacramento F3 - row F - Omaha F21,
    each hex's track meeting the next one's across their common side."""
    line = ["G2", "F3", "F5", "F7", "F9", "F11", "F13", "F15", "F17", "F19", "F21"]
    for a, b in itertools.pairwise(line):
        edge = START.grid.edge_towards(a, b)
        assert edge is not None, (a, b)
        assert edge in START[a].tile.exits(START[a].rotation)
        assert opposite(edge) in START[b].tile.exits(START[b].rotation)
    assert START["G2"].tile.links(0) >= {(3, "n"), (5, "s")}


def test_18west_14_3_and_14_4_home_circles_match_the_rulebook() -> None:
    """Every "Starting city" the text keeps, hex and N/S circle, is a reserved circle of that
    company, except the MKT's "Houston (M22)": M22 is the Galveston town on the map (no
    circle), Houston is L21 (header of map.toml)."""
    text = _rulebook()
    rows = _section(text, "14.3 The Granger Roads", "14.4 ")
    rows += _section(text, "14.4 The Land Grant", "14.5 ")
    checked = set()
    for row in rows:
        abbr = next((c for c in row if c in COMPANIES), None)
        if abbr is None:
            continue
        start = next(c for c in row if "(" in c and re.search(r"\([A-Z]+\d+", c))
        wanted = set()
        for hex_name, side in re.findall(r"\(([A-Z]+\d+)(?:-([NS]))?\)", start):
            if abbr == "MKT":
                assert (hex_name, start.split(" (")[0]) == ("M22", "Houston")
                hex_name = "L21"
            cities = [c.name for c in START[hex_name].tile.cities]
            wanted.add((hex_name, side.lower() if side else cities[0]))
            assert side or len(cities) == 1
        assert {(h.hex, h.city) for h in homes_of(abbr)} == wanted, abbr
        checked.add(abbr)
    assert checked == {"CBQ", "CMStPP", "CNW", "CRIP", "MKT", "MP", "ATSF", "DRG", "GN", "KP", "NP"}
    assert START["M22"].printed.location == "Galveston" and not START["M22"].tile.cities
    assert START["L21"].printed.location == "Houston"


def test_18west_homes_the_text_cuts_are_18xx_games() -> None:
    """§14.3 is cut before SLSF and SSW, §14.4 before SP, TP and UP: 18xx.games entities.rb."""
    found = {(h.company, h.hex, h.city) for h in home_stations()}
    assert {("SLSF", "H25", "s"), ("SSW", "I26", "c"), ("SP", "G2", "s")} <= found
    assert {("TP", "K20", "c"), ("UP", "F21", "c")} <= found
    assert {h.company for h in home_stations()} == COMPANIES
    # GN, NP and UP have two each (§3.1); the UP's second, Sacramento F3, is reconstructed
    # (docs/18West-data.md R3: the one city giving §7.9's $130)
    assert len(home_stations()) == 19
    assert ("UP", "F3", "c") in found


def test_18west_14_5_seattle_and_portland_rows() -> None:
    """§14.5 rows A4 (West, NP base, yellow "Off-Map Area"), B3 (West, GN base, NP
    destination, yellow "Printed", green 15) and what is left of D23 (base stations)."""
    rows = {r[0]: r for r in _section(_rulebook(), "14.5 The Cities", "")}
    assert rows["A4"][1:6] == ["Seattle", "West", "NP", "-", "Off-Map Area"]
    assert START["A4"].tile.colour is Colour.RED and homes_of("NP")[-1].hex == "A4"
    assert rows["B3"][1:6] == ["Portland", "West", "GN", "NP", "Printed"]
    portland = START["B3"]
    assert portland.tile.colour is Colour.YELLOW and portland.reservations == {"c": "GN"}
    assert legal_rotations(portland.tile, 0, START.tiles["15"], upgrade_rules(), ALL)
    assert {"A4", "B3"} <= coast().west
    assert rows["D23"][3] == "NP (N), GN (S)"  # the row the text cuts after its base stations
    assert START["D23"].reservations == {"n": "NP", "s": "GN"}


def test_18west_3_1_home_tokens_and_reserved_circles() -> None:
    """§3.1: one token per company (two for the GN and NP; the UP's x2 in G2-N) stands on the
    map at the start; a home circle is closed to everyone else."""
    held = Counter(c for h in START for held in h.tokens.values() for c in held)
    assert set(held) == COMPANIES
    # the UP: Omaha, Sacramento (reconstructed, docs/18West-data.md R3) and its x2 in G2-N
    assert held["GN"] == held["NP"] == 2 and held["UP"] == 3 and sum(held.values()) == 20
    assert START["G2"].tokens == {"n": ["UP"], "s": ["SP"]}
    empty = board(home_tokens=False)
    assert empty.open_slots("F27", "s", "CNW") == 0 and empty.open_slots("F27", "s", "CBQ") == 1
    assert empty.open_slots("G2", "n", "DRG") == 1 and empty.open_slots("I26", "c", "DRG") == 1
    assert empty.open_slots("I26", "c", "SSW") == 2


def test_18west_3_1_doubling_tokens_start_beside_their_homes() -> None:
    """§3.1: x2 tokens "in the unimproved hexes indicated by the small arrow ...: B5 and C22
    (NP), G20 (KP), H21 (ATSF), H3 (SP), and K18 (TP)"; each arrow faces a track of its
    company's home circle (§8.2 "a small extension of the Company's existing track")."""
    arrows = {(t.company, t.hex) for t in doubling_tokens() if t.city is None}
    assert arrows == {("NP", "B5"), ("NP", "C22"), ("KP", "G20"), ("ATSF", "H21"),
                      ("SP", "H3"), ("TP", "K18")}  # fmt: skip
    for token in doubling_tokens():
        if token.edge is None:
            continue
        here = START[token.hex]
        assert here.tile.colour is Colour.WHITE and not here.tile.stops
        home_hex = START.grid.neighbour(token.hex, token.edge)
        assert home_hex is not None, token
        homes = [h for h in homes_of(token.company) if h.hex == home_hex]
        assert len(homes) == 1, token
        there = START[home_hex]
        assert (opposite(token.edge), homes[0].city) in there.tile.links(there.rotation)
        assert START.stubs[token.hex] == frozenset({token.edge})  # §8.2: track extension
    assert START["B5"].printed.cost == 40
    assert len(START.stubs) == 6


def test_18west_first_yellow_lays_from_a_home_token() -> None:
    """§7.1.2 from Denver (DRG, G14): out of its east side into G16, and through the CMD
    (H13) into its five other neighbours, four of them $40 mountains and Santa Fe a $40
    mountain town.  Row F's printed track takes no yellow tile."""
    graph = Graph(START)
    lays = tile_lays(START, graph, "DRG", Allowance(cash=1000), YELLOW)
    assert {(lay.hex, lay.cost) for lay in lays} == {
        ("G16", 0), ("G12", 40), ("H11", 40), ("H15", 40), ("I12", 40), ("I14", 40)
    }  # fmt: skip
    assert {lay.tile for lay in lays if lay.hex == "I14"} == {"4", "58"}  # the Town row
    assert {lay.tile for lay in lays if lay.hex == "G16"} <= {"8", "9"}
    poor = tile_lays(START, graph, "DRG", Allowance(cash=39), YELLOW)
    assert {lay.hex for lay in poor} == {"G16"}
    np_lays = tile_lays(START, graph, "NP", Allowance(cash=1000), YELLOW)
    assert {(lay.hex, lay.cost) for lay in np_lays} == {("B5", 40), ("C22", 0)}
    assert not tile_lays(START, graph, "UP", Allowance(cash=1000), YELLOW)


def test_18west_green_lays_upgrade_printed_hexes() -> None:
    """In green (§7.1.2) the UP may upgrade row F (#82/#83), its towns (#141/#142: the
    straight ones), Sacramento and Omaha, and San Francisco to #243."""
    lays = tile_lays(START, Graph(START), "UP", Allowance(cash=1000), GREEN)
    by_hex: dict[str, set[str]] = {}
    for lay in lays:
        assert lay.upgrade and lay.cost == 0
        by_hex.setdefault(lay.hex, set()).add(lay.tile)
    row_f = {"F5", "F7", "F11", "F13", "F17", "F19"}
    assert {h for h, t in by_hex.items() if t == {"82", "83"}} == row_f
    assert by_hex["F9"] == by_hex["F15"] == {"141", "142"}
    assert by_hex["G2"] == {"243"} and by_hex["F3"] == by_hex["F21"] == {"14", "15"}
    assert set(by_hex) == row_f | {"F9", "F15", "G2", "F3", "F21"}


def test_18west_san_diego_takes_its_green_tile() -> None:
    """J5's printed track is the city's own (map.toml header: 18xx.games's extra 2-4 track
    is left out), so the green SD tile #253 fits it."""
    here = START["J5"]
    assert here.tile.links(0) == {(2, "c"), (4, "c")}
    assert legal_rotations(here.tile, 0, tile_set()["253"], upgrade_rules(), ALL, "SD") == [4]


def test_18west_land_grants_the_text_keeps() -> None:
    """§14.4: ATSF "H5-H11, H13-21, I6-I20", KP "G16-G20, H15-H19" (rows step by two)."""
    rows = _section(_rulebook(), "14.4 The Land Grant", "14.5 ")
    grants = {r[1]: r[3] for r in rows if len(r) > 3 and r[1] in {"ATSF", "KP"}}
    for company, cell in grants.items():
        parts = [re.sub(r"^([A-Z]+)(\d+)-(\d+)$", r"\1\2-\1\3", p) for p in cell.split(", ")]
        assert [str(r) for r in west.data().land_grants[company]] == parts
    atsf, kp = west.land_grants()["ATSF"], west.land_grants()["KP"]
    assert len(atsf) == 17 and len(kp) == 6 and atsf & kp == {"H15", "H17", "H19"}
    assert all(h in START.hexes for h in atsf | kp)
    assert {"G20", "H21"} <= kp | atsf  # the KP and ATSF arrow hexes lie in their grants


def test_18west_7_9_fragment_agrees_with_the_map() -> None:
    """tests/core/routes' §7.9 fragment prints the same hexes as the whole map: same track
    ends, stops and values (stop names aside)."""
    for name, entry in fragment.PRINTED.items():
        mine = START[name]
        theirs = fragment.start_board(None)[name]
        assert mine.tile.exits(mine.rotation) == theirs.tile.exits(theirs.rotation), name
        assert [(s.kind, s.revenue) for s in mine.tile.stops] == [
            (s.kind, s.revenue) for s in theirs.tile.stops
        ], name
        assert mine.tile.colour is theirs.tile.colour, entry


def test_18west_7_9_up_earns_130_on_the_whole_map() -> None:
    """§7.9: "Even with no President, it will normally earn $130 in its first Operating
    Round": on the full starting board, every home token in place."""
    best = optimal_run(START, "UP", fragment.UP_TRAINS, fragment.FIRST_OR, options=fragment.OPTIONS)
    assert best.total == 130 and best.proven_optimal
    assert sorted(run.revenue for run in best.revenue.runs) == [50, 80]


@pytest.mark.parametrize("name", ["G2", "F27", "H25", "D23", "G22"])
def test_18west_two_city_hexes_name_their_circles_north_and_south(name: str) -> None:
    """The rulebook names circles "G2-N", "F27-S", "H25-N" ...: the map uses n and s."""
    assert set(START[name].tokens) == {"n", "s"}
