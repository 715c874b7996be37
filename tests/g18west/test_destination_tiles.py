"""18West's reconstructed green and brown "D" tiles and green "LA" tile in play
(docs/18West-data.md R19-R21): Denver and Dallas-Fort Worth upgrade yellow -> green -> brown
with their values and circles, and the x2 token waiting at the edge of the yellow tile takes
the circle the green tile opens (§8.6); Los Angeles's two yellow cities join into the green
one, the ATSF's x2 token with them."""

from __future__ import annotations

import pytest

import roundhouse
from roundhouse.core.errors import IllegalAction
from roundhouse.core.tiles import Colour
from roundhouse.titles.g18west import land_grant
from roundhouse.titles.g18west.state import WestGame


def new() -> WestGame:
    game = roundhouse.new_game("18West", players=["Ann", "Bob", "Cy"], seed=1)
    state = game.state
    assert isinstance(state, WestGame)
    return state


def lay(s: WestGame, corp: str, hex_name: str, tile: str, rotation: int) -> None:
    s.map.lay_tile(s, corp, s.map.find_lay(s, corp, (hex_name, tile, rotation)))


def next_turn(s: WestGame) -> None:
    s.set_count += 1


def city(s: WestGame, hex_name: str) -> tuple[str, int, int, list[str]]:
    """Tile, value, circles and tokens of the hex's one City."""
    here = s.map_board()[hex_name]
    (stop,) = here.tile.stations
    return here.tile.id, stop.revenue_in(Colour.YELLOW), stop.slots, here.tokens[stop.name]


def buy_2_train(s: WestGame, corp: str) -> None:
    s.depot.buy(corp, s.depot.available()[0].id, s.ledger)


def best(s: WestGame, corp: str) -> int:
    return s.map.runs(s, corp)[0][1]


@pytest.mark.parametrize(
    ("destination", "company", "home", "home_price", "rotation"),
    [("G14", "KP", "DRG", 100, 3), ("K20", "SP", "TP", 100, 1)],
    ids=["Denver", "Dallas"],
)
def test_18west_8_6_d_city_green_then_brown_with_the_x2_token(
    destination: str, company: str, home: str, home_price: int, rotation: int
) -> None:
    """§8.6: the KP (Denver) and SP (Dallas) convert while their Destination is yellow and
    its one circle holds the DRG's or TP's base token: the x2 token waits "at the edge of the
    tile"; the green D (Phase 3, §7.1.2) opens a second circle, which the x2 token "immediately
    occupies"; the brown D (Phase 5, Public Companies) keeps both in its two circles."""
    s = new()
    s.start_company("Ann", company, 100)
    land_grant.convert(s, company, abandon=False)
    board = s.map_board()
    assert city(s, destination) == (destination, 10, 1, [home])
    assert board.beside_of(destination, "c") == [company]

    with pytest.raises(IllegalAction):  # green only from Phase 3
        lay(s, company, destination, "D-g", rotation)
    s.depot.phases.advance_to("3")
    lay(s, company, destination, "D-g", rotation)
    assert city(s, destination) == ("D-g", 30, 2, [home, company])
    assert not board.beside
    assert s.x2_stations[company] == [(destination, "c")]

    next_turn(s)
    with pytest.raises(IllegalAction):  # brown from Phase 5
        lay(s, company, destination, "D-b", rotation)
    s.depot.phases.advance_to("5")
    lay(s, company, destination, "D-b", 0)
    assert city(s, destination) == ("D-b", 40, 2, [home, company])
    assert s.x2_stations[company] == [(destination, "c")]
    assert board.supply["D-g"] == 3 and board.supply["D-b"] == 2


def test_18west_7_5_denver_pays_double_to_the_kp_only() -> None:
    """§7.4.1: the x2 token doubles "the value of the City for that Company".  With a
    2-train each, Denver-CMD (H13, "yellow:30/brown:10" in map.toml) is the only run: green
    Denver $30 makes it 30 + 30 for the DRG and 60 + 30 for the KP; brown Denver $40 in
    Phase 5 (CMD $10) makes it 50 and 90."""
    s = new()
    s.start_company("Ann", "KP", 100)
    s.start_company("Bob", "DRG", 100)
    land_grant.convert(s, "KP", abandon=False)
    buy_2_train(s, "KP")
    buy_2_train(s, "DRG")
    assert (best(s, "DRG"), best(s, "KP")) == (10 + 30, 20 + 30)
    s.depot.phases.advance_to("3")
    lay(s, "DRG", "G14", "D-g", 3)
    assert (best(s, "DRG"), best(s, "KP")) == (30 + 30, 60 + 30)
    next_turn(s)
    s.depot.phases.advance_to("5")
    lay(s, "DRG", "G14", "D-b", 0)
    assert (best(s, "DRG"), best(s, "KP")) == (40 + 10, 80 + 10)


def test_18west_8_6_los_angeles_green_joins_the_atsf_circle() -> None:
    """§8.6: the ATSF converting while LA "is still yellow" places its x2 token in one of the
    two City circles; the green LA (one $30 City, two circles) takes it, leaves one circle
    open, and joins LA's side 5 to San Diego (J5) in the same City, so the ATSF's 2-train
    now runs LA-San Diego: 30 x 2 + 10."""
    s = new()
    s.start_company("Ann", "ATSF", 100)
    land_grant.convert(s, "ATSF", abandon=False)
    board = s.map_board()
    assert board["I4"].tokens == {"c1": ["ATSF"], "c2": []}
    buy_2_train(s, "ATSF")
    assert not s.map.runs(s, "ATSF") or best(s, "ATSF") == 0  # c1's side 4 leads nowhere yet
    s.depot.phases.advance_to("3")
    lay(s, "ATSF", "I4", "LA-g", 0)
    assert city(s, "I4") == ("LA-g", 30, 2, ["ATSF"])
    assert s.x2_stations["ATSF"] == [("I4", "c")]
    assert board.open_slots("I4", "c", "DRG") == 1
    assert best(s, "ATSF") == 30 * 2 + 10
    next_turn(s)
    s.depot.phases.advance_to("5")
    lay(s, "ATSF", "I4", "256", 0)
    assert city(s, "I4") == ("256", 50, 2, ["ATSF"])


@pytest.mark.parametrize(
    ("houston_d", "label", "greens"),
    [(True, "D", {"D-g"}), (False, None, {"15"})],
    ids=["D", "unlettered"],
)
def test_18west_7_1_2_houston_upgrades_by_its_label(
    houston_d: bool, label: str | None, greens: set[str]
) -> None:
    """§7.1.2: a lettered hex takes "only ... specific tiles".  Houston L21 carries "D" on
    18xx.games's map (the default): its green is the D tile, and it shares the two gray
    #259 with Denver and Dallas.  The ``houston_d`` option reads that "D" as a slip of the
    map (docs/18West-data.md R22): Houston is then unlettered and its printed yellow City
    takes #15, as §14.5's row gives Portland's."""
    game = roundhouse.new_game(
        "18West", players=["Ann", "Bob", "Cy"], seed=1, options={"houston_d": houston_d}
    )
    s = game.state
    assert isinstance(s, WestGame)
    assert s.map_board()["L21"].printed.label == label
    s.depot.phases.advance_to("3")
    s.start_company("Ann", "MKT", 100)
    assert {x.tile for x in s.map.tile_lays(s, "MKT") if x.hex == "L21"} == greens
    assert s.map_board().tiles["259"].label == "D"
