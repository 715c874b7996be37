"""Towns that take station tokens, and lays that found a station: 18US §6.2.2 Junction Towns.

"A company may upgrade a plain yellow track tile (#7, #8, or #9) to a green Junction Town
tile ... Creating a Junction Town requires the company to place a station token on the newly
formed Junction Town: a company that has no station tokens it can place, or lacks the funds to
do so, may not perform a Junction Town upgrade.  Creating a Junction Town thus consumes both a
tile upgrade step and a token placement step. ... Once the Junction Town upgrades to brown, a
second company may (but is not required to) place a station token there.  Station tokens on
Junction Town tiles do not block, and function as normal railheads."

The board is a strip of a pointy map (lettered rows): NYC's home B2 faces B4 from the west
(edge 4, E), PRR's home A5 faces B4 from the north-east (A5's edge 0, SW), and B4 holds a
plain straight #9 running west-east.  J is a green Junction Town over plain track (the faces
of 18US #142, one slot), JJ its brown upgrade (the faces of #145, two slots).
"""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.engine18xx import Engine
from roundhouse.core.entities import CorporationSpec
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.map_steps import TokenStep
from roundhouse.core.graph import Graph
from roundhouse.core.rng import Rng
from roundhouse.core.routes.kinds import n_train
from roundhouse.core.tables.tiles import load_tiles, standard_tiles
from roundhouse.core.tiles import Colour, TileError, parse_tile
from roundhouse.core.track import Allowance, TrackRules, check_lay, tile_lays
from roundhouse.core.upgrade import UpgradeRules
from tests.core.flow.synthetic import CONFIG, DATA

DOC: dict[str, object] = {
    "board": {"layout": "pointy", "letter_axis": "y"},
    "hexes": {
        "A1 A3 A7 B8 C1 C3 C5 C7": {},
        "B6": {"code": "city c revenue=20; track 1-c", "color": "yellow"},
        "A5": {"code": "city c revenue=20; track 0-c", "color": "yellow", "reserved": "PRR"},
        "B2": {"code": "city c revenue=30; track 4-c", "color": "yellow", "reserved": "NYC"},
        "B4": {},
    },
}
TILES = {
    "tiles": {
        "J": {"color": "green", "code": "town t revenue=10 slots=1; track 0-t 5-t 3-t"},
        "JJ": {"color": "brown", "code": "town t revenue=20 slots=2; track 0-t 1-t 3-t 4-t"},
    }
}
UPGRADES = UpgradeRules(free_stops=frozenset({("9", "J")}), founds_station=frozenset({("9", "J")}))
RULES = TrackRules(
    upgrades=UPGRADES, colours=frozenset({Colour.YELLOW, Colour.GREEN, Colour.BROWN})
)
ALL = Allowance(cash=1000)


def strip() -> Board:
    tiles = standard_tiles().select({"9": None}).merged(load_tiles(TILES, source="test"))
    board = load_board(DOC, source="test", tiles=tiles)
    board.lay("B4", "9", 1, {})  # plain straight, W (1) - E (4)
    board.place_token("A5", "c", "PRR")
    board.place_token("B2", "c", "NYC")
    return board


def founded() -> Board:
    board = strip()
    board.lay("B4", "J", 4, {})  # exits 4 E, 1 W, 3 NE (to A5)
    board.place_token("B4", "t", "PRR")
    return board


def test_tile_code_town_slots_make_it_a_station() -> None:
    junction = parse_tile("J", "green", "town t revenue=10 slots=1; track 0-t 3-t")
    assert [s.name for s in junction.stations] == ["t"]
    assert junction.stop("t").slots == 1
    assert standard_tiles()["142"].stations == ()  # an ordinary town takes no token
    with pytest.raises(TileError, match="only cities and towns have slots"):
        parse_tile("X", "red", "offboard o revenue=20 slots=1; track 0-o")


def test_18us_6_2_2_upgrade_to_a_junction_town_names_its_station() -> None:
    board = strip()
    lays = [lay for lay in tile_lays(board, Graph(board), "PRR", ALL, RULES) if lay.tile == "J"]
    assert {(lay.hex, lay.rotation) for lay in lays} == {("B4", 4)}
    assert lays[0].station == "t" and lays[0].upgrade
    assert "with a station token" in str(lays[0])
    cost, moves = check_lay(board, Graph(board), "PRR", ("B4", "J", 4), ALL, RULES)
    assert (cost, dict(moves)) == (0, {})


def test_18us_6_2_2_pair_without_a_new_station_is_refused() -> None:
    """A pair listed as founding a station must lead to a tile with exactly one new station."""
    board = strip()
    plain = load_tiles(
        {"tiles": {"P": {"color": "green", "code": "town t revenue=10; track 0-t 5-t 3-t"}}},
        source="test",
    )
    board.tiles = board.tiles.merged(plain)
    board.supply["P"] = 1
    rules = TrackRules(
        upgrades=UpgradeRules(
            free_stops=frozenset({("9", "P")}), founds_station=frozenset({("9", "P")})
        ),
        colours=RULES.colours,
    )
    assert not [lay for lay in tile_lays(board, Graph(board), "PRR", ALL, rules)]
    with pytest.raises(IllegalAction) as err:
        check_lay(board, Graph(board), "PRR", ("B4", "P", 4), ALL, rules)
    assert err.value.rule == "track.no_station"


def test_18us_6_2_2_junction_town_tokens_do_not_block() -> None:
    """NYC runs through PRR's Junction Town to B6 (a full city would stop it), yet may not
    place a token in the green Junction Town's only slot."""
    board = founded()
    graph = Graph(board)
    nyc = graph.reach("NYC")
    assert ("B4", "t") in nyc.through
    assert "B6" in nyc.hexes
    assert not graph.can_token("NYC", "B4", "t")
    with pytest.raises(IllegalAction, match="no free slot"):
        board.place_token("B4", "t", "NYC")


def test_18us_6_2_2_junction_town_token_is_a_railhead() -> None:
    """With its home token gone, PRR still reaches from the Junction Town both ways."""
    board = founded()
    board.remove_token("A5", "c", "PRR")
    reach = Graph(board).reach("PRR")
    assert {"B2", "B6", "A5"} <= reach.hexes
    assert board.tokens_of("PRR") == [("B4", "t")]


def test_18us_6_2_2_brown_junction_town_takes_a_second_company() -> None:
    board = founded()
    board.lay("B4", "JJ", 0, {"t": "t"})
    assert board["B4"].tokens == {"t": ["PRR"]}
    assert Graph(board).can_token("NYC", "B4", "t")
    board.place_token("B4", "t", "NYC")
    assert board["B4"].tokens == {"t": ["PRR", "NYC"]}


def test_junction_town_may_not_lose_its_slot() -> None:
    """A tokened Junction Town cannot become a town without slots (the upgrade rule's "no
    city loses slots" holds for every station)."""
    board = founded()
    tokenless = load_tiles(
        {"tiles": {"T": {"color": "brown", "code": "town t revenue=20; track 0-t 1-t 3-t 4-t"}}},
        source="test",
    )
    board.tiles = board.tiles.merged(tokenless)
    board.supply["T"] = 1
    lays = tile_lays(board, Graph(board), "PRR", ALL, RULES)
    assert {lay.tile for lay in lays if lay.hex == "B4"} == {"JJ"}


# --- the operating round: BoardMap ------------------------------------------------------


class _AllColours(BoardMap):
    def colours(self, g: Engine) -> frozenset[Colour]:
        return RULES.colours


CORPS = (
    CorporationSpec(id="PRR", tokens=(0,), home=("A5", "c")),
    CorporationSpec(id="NYC", tokens=(0, 40), home=("B2", "c")),
)


def engine() -> Engine:
    board = strip()
    for hex_name, corp in (("A5", "PRR"), ("B2", "NYC")):
        board.remove_token(hex_name, "c", corp)
    data = dataclasses.replace(DATA, corporations=CORPS)
    rules = _AllColours(board, kinds={"2": n_train(2)}, upgrades=UPGRADES)
    g = Engine(("Ann", "Bob"), Rng(1), data=data, config=CONFIG, board=rules)
    g.start_company("Ann", "PRR", 65)
    g.start_company("Bob", "NYC", 65)
    return g


def _junction_lays(g: Engine, corp: str) -> list[str]:
    return [
        f"{lay.hex}@{lay.rotation}:{lay.station}"
        for lay in g.map.tile_lays(g, corp)
        if lay.tile == "J"
    ]


def test_18us_6_2_2_founding_pays_the_token_and_takes_the_token_step() -> None:
    g = engine()
    assert isinstance(g.map, BoardMap)
    cash = g.ledger.cash("NYC")
    lay = next(lay for lay in g.map.tile_lays(g, "NYC") if lay.tile == "J")
    assert g.map.station_price(g, "NYC", lay) == 40  # the charter's second token
    assert [(t.hex, t.city) for t in g.map.token_placements(g, "NYC")] == [("B6", "c")]
    assert TokenStep().active(g, "NYC")
    g.map.lay_tile(g, "NYC", lay)
    assert g.ledger.cash("NYC") == cash - 40
    assert g.map.board["B4"].tokens == {"t": ["NYC"]}
    assert g.corps["NYC"].tokens_placed == 2
    assert g.map.token_placements(g, "NYC") == []
    assert not TokenStep().active(g, "NYC")  # the operating round skips its token step


def test_18us_6_2_2_no_founding_without_a_token_or_the_money() -> None:
    g = engine()
    assert _junction_lays(g, "PRR") == []  # its only token is on its home
    assert _junction_lays(g, "NYC") == ["B4@1:t", "B4@4:t"]  # the branch SW or NE
    g.ledger.transfer("NYC", "bank", g.ledger.cash("NYC") - 39)
    assert _junction_lays(g, "NYC") == []


def test_18us_6_2_2_junction_town_token_starts_a_run() -> None:
    """With no other station, NYC's 2-train runs from its Junction Town ($10) to the city in
    B2 ($30), the better of its two neighbours (B6 is $20)."""
    g = engine()
    assert isinstance(g.map, BoardMap)
    lay = next(lay for lay in g.map.tile_lays(g, "NYC") if lay.tile == "J")
    g.map.lay_tile(g, "NYC", lay)
    g.map.board.remove_token("B2", "c", "NYC")
    g.depot.trains["2-0"].owner = "NYC"
    g.depot.upcoming.remove("2-0")
    routes, revenue = g.map.runs(g, "NYC")[0]
    assert revenue == 40
    assert g.map.check_run(g, "NYC", routes) == 40
