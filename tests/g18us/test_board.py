"""18US board: every map fact the rulebook states holds on the reconstructed board
(roundhouse/titles/g18us/map.toml; /work/shared/briefs/18US-board-brief.md collects them), and
the reconstruction keeps what the rules need of it (the reserved hexes' wall, §7.3)."""

from __future__ import annotations

import re
from collections import deque

import pytest

from roundhouse.core.board import Board
from roundhouse.core.tiles import Colour, StopKind
from roundhouse.titles.g18us.board import (
    board,
    bonus_tokens,
    circle,
    coast,
    data,
    doubling_spaces,
    gateways,
    home_stations,
    land_grants,
    printed_board,
    reserved_hexes,
)
from roundhouse.titles.g18us.tiles import (
    city_rows,
    play_tile_set,
    play_upgrade_rules,
    upgrade_rules,
)
from tests.shared_files import shared_file

NAMED = {
    "A2": ["Seattle"],
    "B17": ["Minneapolis"],
    "B25": ["Montreal"],
    "C20": ["Detroit"],
    "C24": ["Albany"],
    "C26": ["Boston"],
    "D19": ["Chicago"],
    "D25": ["New York", "Philadelphia"],
    "E2": ["Oakland", "San Francisco"],
    "E10": ["Denver"],
    "E18": ["St. Louis"],
    "E24": ["Baltimore"],
    "G4": ["Los Angeles"],
    "G22": ["Charleston"],
    "H17": ["New Orleans", "Shreveport"],
}
"""The hexes the rulebook names with their Cities (§6.4.1, §6.5, §10.1-§10.3); B19 and B23
are unnamed Junction Towns (§6.2.2)."""

RULEBOOK_HEXES = {*NAMED, "B19", "B23"}

TWO_CITY = {"D25": ("n", "s"), "E2": ("n", "s"), "H17": ("e", "w")}
"""§6.5: "New Orleans (H17-E) to Shreveport (H17-W) ... New York (D25-N) to Philadelphia
(D25-S) or Oakland (E2-N) to San Francisco (E2-S)"."""


@pytest.fixture(scope="module")
def printed() -> Board:
    return printed_board()


def _rulebook() -> str:
    return shared_file(
        "rules",
        "18US.txt",
        feature="18US's reconstructed board held to its rulebook facts",
        issue="#19",
    ).read_text(encoding="utf-8")


def test_18us_every_hex_id_the_rulebook_uses_is_on_the_board() -> None:
    """The rulebook names exactly these 17 hexes (brief §A1)."""
    found = set(re.findall(r"\b([A-H]\d{1,2})\b(?:-[NSEW])?", _rulebook()))
    assert found == RULEBOOK_HEXES
    assert set(printed_board().hexes) >= RULEBOOK_HEXES


@pytest.mark.parametrize("hex_id", sorted(NAMED))
def test_18us_named_hexes_at_their_coordinates(printed: Board, hex_id: str) -> None:
    """Each named City (or Denver) is where the rulebook puts it."""
    where = printed[hex_id].printed.location
    for name in NAMED[hex_id]:
        assert name in where, (hex_id, where)
    for other, names in NAMED.items():
        if other != hex_id:
            assert not any(n in where for n in names)


def test_18us_coordinates_pointy_rows_a_to_i_doubled_columns(printed: Board) -> None:
    """Brief §A: letters are rows (north to south), numbers columns (west to east), rows A C E
    G I even and B D F H odd; within columns 1-27."""
    assert data().board.layout.value == "pointy" and data().board.letter_axis == "y"
    for name in printed.hexes:
        row, col = name[0], int(name[1:])
        assert row in "ABCDEFGHI" and 1 <= col <= 27, name
        assert col % 2 == (ord(row) - ord("A")) % 2, name
    west_to_east = [printed.grid.point(h)[0] for h in ("A2", "E10", "D19", "C26")]
    assert west_to_east == sorted(west_to_east)


def test_18us_11_4_corridors_are_neighbour_chains(printed: Board) -> None:
    """§11.4: the Northeast (Boston-New York/Philadelphia-Baltimore) and Midwest (St. Louis-
    Chicago-Detroit) corridors, where 1H/2H trains reach their neighbours."""
    grid = printed.grid
    for a, b in (("C26", "D25"), ("D25", "E24"), ("E18", "D19"), ("D19", "C20")):
        assert grid.edge_towards(a, b) is not None, (a, b)


def test_18us_6_5_two_city_hexes(printed: Board) -> None:
    """§6.5: D25, E2 and H17 hold two City circles, named by their suffixes; no other hex
    does."""
    for name, here in printed.hexes.items():
        cities = sorted(s.name for s in here.tile.cities)
        if name in TWO_CITY:
            assert cities == sorted(TWO_CITY[name]), name
        else:
            assert len(cities) <= 1, name
    assert circle("D25-N") == ("D25", "n") and circle("H17-W") == ("H17", "w")


def test_18us_6_5_2_coast_cities() -> None:
    """§6.5.2: "W" Seattle, San Francisco, Los Angeles; "E" Montreal, Boston, New York/
    Philadelphia, Baltimore, Charleston."""
    assert coast().west == {"A2", "E2", "G4"}
    assert coast().east == {"B25", "C26", "D25", "E24", "G22"}


def test_18us_6_4_1_gateways_and_doubling_spaces() -> None:
    """§6.4.1: the Gateways each hold two Eastern x2 tokens and one from the NP or SP; the West
    Coast Cities two from the ATSF, GN, TP and UP."""
    assert gateways() == {"B17", "D19", "E18", "H17"}
    spaces = doubling_spaces()
    assert set(spaces) == gateways() | coast().west
    for h in gateways():
        assert (spaces[h].eastern, spaces[h].land_grant) == (2, 1)
        assert spaces[h].land_grant_companies == {"NP", "SP"}
    for h in coast().west:
        assert (spaces[h].eastern, spaces[h].land_grant) == (0, 2)
        assert spaces[h].land_grant_companies == {"ATSF", "GN", "TP", "UP"}


def test_18us_10_bonus_token_sites() -> None:
    """§10.1.1 Erie Canal +10, §10.1.2 Customs House +10, §10.2.1 Mississippi River Bridge
    +20, §10.2.2 Great Lakes Ferry +20, at the Cities each lists (New Orleans: H17-E only)."""
    got = {p: (b.value, set(b.sites)) for p, b in bonus_tokens().items()}
    assert got == {
        "P1": (10, {("B25", None), ("C24", None), ("C20", None)}),
        "P2": (10, {("C26", None), ("E24", None), ("G22", None), ("H17", "e")}),
        "P7": (20, {("E18", None), ("H17", "e")}),
        "P8": (20, {("B17", None), ("C20", None), ("D19", None)}),
    }


def test_18us_6_2_2_printed_junction_towns(printed: Board) -> None:
    """§6.2.2, §6.5: B23 a non-upgradeable #142, B19 a non-upgradeable #3, E10 an upgradeable
    #142 holding the DRG's token (§10.2.4); §11.6: no other printed towns."""
    assert (printed["B23"].tile.id, printed["B23"].fixed) == ("142", True)
    assert (printed["B19"].tile.id, printed["B19"].fixed) == ("3", True)
    assert (printed["E10"].tile.id, printed["E10"].fixed) == ("142", False)
    assert board()["E10"].tokens == {"t": ["DRG"]}
    towns = {
        n for n, h in printed.hexes.items() if any(s.kind is StopKind.TOWN for s in h.tile.stops)
    }
    assert towns == {"B19", "B23", "E10"}


def test_18us_6_2_stubs_lead_west_from_chicago_and_st_louis(printed: Board) -> None:
    """§6.2: "the track stubs leading west from Chicago and St. Louis", which every tile there
    must keep (§10.3 †); the West neighbour is a reserved hex (brief §E.5 T4)."""
    stubbed = {n: h.printed.stubs for n, h in printed.hexes.items() if h.printed.stubs}
    assert stubbed == {"D19": frozenset({1}), "E18": frozenset({1})}
    for name in stubbed:
        west = printed.grid.neighbour(name, 1)
        assert west in reserved_hexes()


def test_18us_printed_cities_and_their_upgrade_keys(printed: Board) -> None:
    """§12 and §10.3: printed yellow NY-F takes 242, SF-O takes 243, Baltimore 207, one more
    printed yellow City 405; light-green hexes take 7/8/9, 5/6/57 or 401/447."""
    table = upgrade_rules().table
    assert printed["D25"].label == "NY-F" and table[printed["D25"].tile.id] == {"242"}
    assert printed["E2"].label == "SF-O" and table[printed["E2"].tile.id] == {"243"}
    assert table[printed["E24"].tile.id] == {"207"}
    yellow = {n for n, h in printed.hexes.items() if h.tile.colour is Colour.YELLOW}
    cities = {n for n in yellow if printed[n].tile.cities}
    assert cities == {"D25", "E2", "E24", "H17"}
    assert table[printed["H17"].tile.id] == {"405"}
    for here in printed:
        if here.tile.colour is Colour.WHITE:
            assert here.tile.id in table, here.printed.name
            kinds = {"plain": {"7", "8", "9"}, "city": {"5", "6", "57"}, "T": {"401", "447"}}
            assert table[here.tile.id] == kinds[here.tile.id]


def test_18us_3_1_homes(printed: Board) -> None:
    """§10.3: Erie New York (D25-N), PRR Philadelphia (D25-S), B&O Baltimore; §10.2.4 DRG in
    Denver; §7.3 Land Grant bases in the four Gateways and in Seattle and Oakland; §3.1 every
    home token is on the map at set-up."""
    homes = {(h.company, h.hex, h.city) for h in home_stations()}
    assert {("Erie", "D25", "n"), ("PRR", "D25", "s"), ("B&O", "E24", "c")} <= homes
    assert ("DRG", "E10", "t") in homes
    bases = {g.company: g.base for g in land_grants().values()}
    assert {b[0] for c, b in bases.items() if land_grants()[c].reserved} == gateways()
    assert {b for c, b in bases.items() if not land_grants()[c].reserved} == {
        ("A2", None),
        ("E2", "n"),
    }
    started = board()
    for company, hex_id, city in homes:
        assert company in started[hex_id].tokens[city]
    for company, (base, circle_name) in bases.items():
        held = started[base].tokens
        assert company in (held[circle_name] if circle_name else next(iter(held.values())))


def test_18us_7_3_two_reserved_hexes_west_of_each_gateway_base(printed: Board) -> None:
    """§7.3: each Gateway-based Land Grant company has "two hexes to the west of its base City
    reserved", marked with its herald; no other company builds there until it floats."""
    grid = printed.grid
    assert len(reserved_hexes()) == 8
    for grant in land_grants().values():
        if grant.base[0] not in gateways():
            assert not grant.reserved
            continue
        assert len(grant.reserved) == 2
        base_x = grid.point(grant.base[0])[0]
        for h in grant.reserved:
            assert grid.point(h)[0] < base_x, (grant.company, h)
            assert printed[h].printed.build_reserved == grant.company
            assert not printed.may_build(h, "PRR", "8")
            assert printed.may_build(h, grant.company, "8")
        assert any(grid.edge_towards(grant.base[0], h) is not None for h in grant.reserved)


def test_18us_7_3_1_land_grant_destinations() -> None:
    """§7.3.1: Gateway-based companies must reach a West Coast City; West Coast-based ones a
    Gateway."""
    for grant in land_grants().values():
        want = coast().west if grant.base[0] in gateways() else gateways()
        assert grant.qualifying <= want and grant.qualifying


def _passable(board: Board, blocked: frozenset[str]) -> dict[str, set[str]]:
    """Hex -> the neighbours a tile could ever join it to: not across the map's edge or an
    impassable hexside, and into a fixed hex only along its track."""
    out: dict[str, set[str]] = {}
    for name in board.hexes:
        if name in blocked:
            continue
        out[name] = set()
        here = board[name]
        for edge, other in board.grid.neighbours(name).items():
            if other in blocked or board.exit_blocked(name, edge):
                continue
            if here.fixed and edge not in here.tile.exits(here.rotation):
                continue
            out[name].add(other)
    return out


def _joined(links: dict[str, set[str]], starts: set[str], goals: set[str]) -> bool:
    seen, todo = set(starts), deque(starts)
    while todo:
        h = todo.popleft()
        if h in goals:
            return True
        for n in links.get(h, ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return False


def test_18us_7_3_reserved_hexes_keep_the_east_out_of_the_west(printed: Board) -> None:
    """§7.3: "these hexes collectively preclude any Eastern company from laying track in the
    West until at least one such Land Grant company floats": with the eight reserved hexes
    closed no chain of hexes joins an East Coast City to a West Coast City (or to Denver);
    with them open, every coast reaches every other."""
    closed = _passable(printed, frozenset(reserved_hexes()))
    assert not _joined(closed, set(coast().east), set(coast().west) | {"E10"})
    opened = _passable(printed, frozenset())
    for east in coast().east:
        for west in coast().west:
            assert _joined(opened, {east}, {west}), (east, west)


def test_18us_every_hex_is_reachable_from_the_east(printed: Board) -> None:
    """No island: every hex can be joined to New York once the reservations are over."""
    links = _passable(printed, frozenset())
    for name in printed.hexes:
        assert _joined(links, {"D25"}, {name}), name


def test_18us_6_2_terrain_costs(printed: Board) -> None:
    """§6.2: Mountains $20 a hex, Mountain Ridges $20 and Mississippi River $10 a hexside;
    §6.2.1 impassable hexsides (the Great Lakes here)."""
    costs = {(h.printed.terrain, h.printed.cost) for h in printed if h.printed.cost}
    assert costs == {("mountain", 20)}
    kinds = {(b.kind, b.cost) for b in printed.borders.values()}
    assert kinds == {("ridge", 20), ("river", 10), ("impassable", 0)}


def test_18us_11_6_the_west_is_mostly_empty(printed: Board) -> None:
    """§1.1.2 "roughly 2000 miles of the Great American Desert", §11.6 few printed towns:
    west of the reserved hexes few hexes have a City."""
    wall_x = {printed.grid.point(h)[1]: printed.grid.point(h)[0] for h in reserved_hexes()}
    west = [
        h
        for h in printed.hexes
        if printed.grid.point(h)[0] < wall_x.get(printed.grid.point(h)[1], 0)
        and h not in reserved_hexes()
    ]
    with_city = [h for h in west if printed[h].tile.cities]
    assert len(west) >= 40 and len(with_city) <= 8


def test_18us_reconstructed_tiles_keep_the_rulebook_tables() -> None:
    """The reconstruction only adds: every rulebook upgrade stays as it is, and every tile a
    printed hex or an upgrade names has a face and a count."""
    play, text = play_upgrade_rules(), upgrade_rules()
    for old, new in text.table.items():
        assert play.table[old] == new
    ts = play_tile_set()
    for targets in play.table.values():
        for t in targets:
            assert t in ts.tiles and t in ts.counts
    assert ts.counts["7"] is None and ts.counts["3"] == 0
    for t in ("242", "243", "245", "247"):
        assert ts[t].label in ("NY-F", "SF-O")
    assert [ts[t].colour for t in ("242", "245", "247")] == [
        Colour.GREEN,
        Colour.BROWN,
        Colour.GRAY,
    ]
    assert len(ts["242"].cities) == 2 and len(ts["243"].cities) == 2


def _steps(links: dict[str, set[str]], start: str, goals: frozenset[str]) -> int:
    seen, todo = {start: 0}, deque([start])
    while todo:
        h = todo.popleft()
        if h in goals:
            return seen[h]
        for n in links.get(h, ()):
            if n not in seen:
                seen[n] = seen[h] + 1
                todo.append(n)
    raise AssertionError(f"{start} reaches none of {sorted(goals)}")


def test_18us_balance_of_distances(printed: Board) -> None:
    """Reconstruction balance (docs/18US-board.md): every Land Grant is 7-9 hexes long, so
    each takes three Operating Rounds at three tiles a round (§7.3.2); every East Coast City
    is 3-4 hexes from a Gateway (§3.5, the 4-Share company's way to 5 shares)."""
    links = _passable(printed, frozenset())
    for grant in land_grants().values():
        assert 7 <= _steps(links, grant.base[0], frozenset(grant.qualifying)) <= 9, grant
    for east in coast().east:
        assert 3 <= _steps(links, east, frozenset(gateways())) <= 4, east


def test_18us_10_3_city_rows_on_the_board(printed: Board) -> None:
    """§10.3's surviving rows: D25 and E24, region "East Coast", bases Erie (N) / PRR (S) and
    B&O, yellow "Printed": East Coast "E" hexes, printed yellow, with those homes."""
    text = _rulebook()
    rows = {}
    for hex_id in city_rows():
        cells = next(ln for ln in text.splitlines() if ln.startswith(hex_id + "\t")).split("\t")
        rows[hex_id] = (cells[2], cells[3], cells[6])
    assert rows == {
        "D25": ("East Coast", "Erie (N) / PRR (S)", "Printed"),
        "E24": ("East Coast", "B&O", "Printed"),
    }
    assert set(rows) <= coast().east
    assert all(printed[h].tile.colour is Colour.YELLOW for h in rows)
    assert printed["D25"].printed.reserved == {"n": "Erie", "s": "PRR"}
    assert printed["E24"].printed.reserved == {"c": "B&O"}
