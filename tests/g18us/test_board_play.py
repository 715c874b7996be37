"""18US board in play: companies build on it with the core track rules and the reconstructed
tiles, as the rulebook needs (§6.2, §7.3): a Gateway Land Grant company crosses the West to the
coast, an Eastern company reaches a Gateway, and together their track runs coast to coast
(§6.5.2)."""

from __future__ import annotations

import pytest

from roundhouse.core.board import Board
from roundhouse.core.graph import Graph
from roundhouse.core.tiles import Colour
from roundhouse.core.track import Allowance, TileLay, TrackRules, tile_lays
from roundhouse.core.upgrade import check_upgrade, legal_rotations
from roundhouse.titles.g18us.board import board, coast, land_grants, reserved_hexes
from roundhouse.titles.g18us.tiles import LAY_REACH, play_upgrade_rules

YELLOW = TrackRules(
    colours=frozenset({Colour.YELLOW, Colour.GREEN}), upgrades=play_upgrade_rules(), reach=LAY_REACH
)
CASH = Allowance(cash=10_000, upgrade_colours=frozenset({Colour.GREEN}))


def build(
    b: Board, company: str, path: list[str], *, towards: str | None = None
) -> dict[str, TileLay]:
    """Lay, one legal tile at a time (the first :func:`tile_lays` offers that fits), track
    along ``path``, which starts at one of the company's stations; with ``towards`` the last
    tile also points at that hex.  Returns the lays by hex."""
    grid = b.grid
    done: dict[str, TileLay] = {}
    path = [*path, towards] if towards else path
    for i, name in enumerate(path[: len(path) - bool(towards)]):
        ends = [path[j] for j in (i - 1, i + 1) if 0 <= j < len(path)]
        need = {e for e in (grid.edge_towards(name, o) for o in ends) if e is not None}
        here = b[name]
        if need <= here.tile.exits(here.rotation):
            continue
        lays = [
            lay
            for lay in tile_lays(b, Graph(b), company, CASH, YELLOW)
            if lay.hex == name and need <= b.tiles[lay.tile].exits(lay.rotation)
        ]
        assert lays, f"{company} cannot build {name} towards {sorted(need)}"
        lay = lays[0]
        tokens = {c: len(t) for c, t in here.tokens.items()}
        moves = check_upgrade(
            here.tile,
            here.rotation,
            b.tiles[lay.tile],
            lay.rotation,
            rules=YELLOW.upgrades,
            colours=YELLOW.colours,
            label=here.printed.label,
            tokens=tokens,
        )
        b.lay(name, lay.tile, lay.rotation, moves)
        done[name] = lay
    return done


UP_WEST = ["D19", "D17", "D15", "D13", "D11", "D9", "D7", "D5", "D3", "E2"]
"""Chicago over Omaha, the Wyoming basin and Salt Lake City to Oakland: the first
transcontinental line (Promontory, §7.3.3, lies in D7)."""

PRR_WEST = ["D25", "D23", "D21", "E20", "D19"]
"""Philadelphia over Pittsburgh, Cleveland and Cincinnati to Chicago."""


def test_18us_7_3_up_builds_across_the_west_to_the_coast() -> None:
    """§7.3.1: a Gateway-based Land Grant company (the UP, Chicago) can build its Land Grant
    to a West Coast City through its own reserved hexes."""
    b = board()
    build(b, "UP", UP_WEST)
    reach = Graph(b).reach("UP")
    assert ("E2", "n") in reach.stops and ("D15", "c") in reach.stops


def test_18us_7_3_eastern_company_kept_out_of_reserved_hexes() -> None:
    """§7.3: no Eastern company lays in a reserved hex until its Land Grant company floats;
    once the reservations end it may."""
    b = board()
    done = build(b, "B&O", ["E24", "E22", "E20", "F19"], towards="F17")  # to Nashville
    lays = tile_lays(b, Graph(b), "B&O", CASH, YELLOW)
    assert lays and not {lay.hex for lay in lays} & set(reserved_hexes())
    b.release_builds("ATSF")
    lays = [lay for lay in tile_lays(b, Graph(b), "B&O", CASH, YELLOW) if lay.hex == "F17"]
    assert lays
    # §6.2: the Mississippi ($10) was paid by Nashville's tile pointing at F17; the way west
    # paid West Virginia's mountain ($20) and the Ridge at least once ($20)
    assert done["F19"].cost == 10
    assert sum(lay.cost for lay in done.values()) >= 50


def test_18us_6_5_2_track_runs_coast_to_coast() -> None:
    """§6.5.2: with the PRR's track to Chicago and the UP's from Chicago to Oakland, a route of
    the UP joins an East Coast City to a West Coast City through its Chicago station."""
    b = board()
    build(b, "PRR", PRR_WEST)
    build(b, "UP", UP_WEST)
    chicago = b["D19"]
    assert {1, 5} <= chicago.tile.exits(chicago.rotation)
    reach = Graph(b).reach("UP")
    hexes = {h for h, _ in reach.stops}
    assert hexes & coast().east and hexes & coast().west


def test_18us_gateway_reached_from_every_east_coast_home() -> None:
    """§3.5: every Eastern company can reach a Gateway City (here: Erie and B&O to Chicago
    or St. Louis by the Appalachian routes, the Southern Railway to New Orleans)."""
    paths = {
        "Erie": ["D25", "C24", "C22", "D21", "D19"],
        "B&O": ["E24", "E22", "E20", "E18"],
        "SR": ["G22", "G20", "G18", "H17"],
    }
    for company, path in paths.items():
        b = board()
        build(b, company, path)
        assert path[-1] in {h for h, _ in Graph(b).reach(company).stops}, company


LAND_GRANT_ROUTES = {
    "GN": ["B17", "B15", "B13", "B11", "B9", "B7", "B5", "A4", "A2"],
    "ATSF": ["E18", "E16", "E14", "E12", "F11", "G10", "G8", "G6", "G4"],
    "TP": ["H17", "H15", "H13", "H11", "H9", "H7", "G6", "G4"],
    "NP": ["A2", "B3", "B5", "B7", "B9", "B11", "B13", "B15", "B17"],
    "SP": ["E2", "D3", "D5", "D7", "D9", "D11", "E10", "E12", "E14", "E16", "E18"],
}
"""A Land Grant for each company: Great Northern over Montana to Seattle, Santa Fe over Raton
to Los Angeles, Texas & Pacific over El Paso, Northern Pacific from Seattle to Minneapolis,
Southern Pacific from Oakland over Salt Lake City and Denver to St. Louis."""


@pytest.mark.parametrize("company", sorted(LAND_GRANT_ROUTES))
def test_18us_7_3_1_every_land_grant_can_be_built(company: str) -> None:
    """§7.3.1: each Land Grant company can build from its base to a qualifying City (the
    West Coast ones once the Gateway companies' reserved hexes are open, §7.3)."""
    b = board()
    for owner in ("GN", "UP", "ATSF", "TP"):
        if owner != company:
            b.release_builds(owner)
    path = LAND_GRANT_ROUTES[company]
    build(b, company, path)
    grant = land_grants()[company]
    assert path[0] == grant.base[0] and path[-1] in grant.qualifying
    assert path[-1] in {h for h, _ in Graph(b).reach(company).stops}


CHAINS = {
    "D25": ("242", "245", "247"),
    "E2": ("243", "244"),
    "E24": ("207",),
    "H17": ("405", "497", "494"),
    "B25": ("401", "405", "497", "494"),
    "C20": ("447", "405", "497", "494"),
    "D19": ("57", "14", "63"),
    "E18": ("6", "619", "611"),
}
"""Each printed or labelled City hex's upgrades, yellow (or printed) to the last colour."""


@pytest.mark.parametrize("hex_id", sorted(CHAINS))
def test_18us_6_2_1_city_upgrade_chains_are_legal_on_the_board(hex_id: str) -> None:
    """§6.2.1: each City hex takes its specific tiles in colour order, keeping its track
    (Chicago's and St. Louis's stubs west, §6.2) and its two Cities while §6.5 says so."""
    b = board(home_tokens=False)
    rules, colours = play_upgrade_rules(), frozenset(Colour) - {Colour.WHITE}
    for tile_id in CHAINS[hex_id]:
        here = b[hex_id]
        new = b.tiles[tile_id]
        rotations = legal_rotations(
            here.tile, here.rotation, new, rules, colours, label=here.printed.label
        )
        stubs = b.stubs.get(hex_id, frozenset())
        rotations = [r for r in rotations if stubs <= new.exits(r)]
        assert rotations, (hex_id, tile_id)
        moves = check_upgrade(
            here.tile,
            here.rotation,
            new,
            rotations[0],
            rules=rules,
            colours=colours,
            label=here.printed.label,
        )
        b.lay(hex_id, tile_id, rotations[0], moves)
        if hex_id in ("D19", "E18"):
            assert 1 in b[hex_id].tile.exits(b[hex_id].rotation)
    cities = len(b[hex_id].tile.cities)
    assert cities == 1
