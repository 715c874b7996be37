"""18US §10.1.3, the Army Corps of Engineers (Eastern): "reduces the terrain costs of a single
company by up to $40 each Operating Round during the tile placement step of that company's
turn ... (not necessarily the same company each Operating Round).  The Concession can absorb
the costs of Mountains, Ridges, and Rivers."  A player owns the card and uses it for a company
they preside (18US §3.3).  On the small board of tests/core/board_fixture: B4's east side is a
$20 ridge, B6 a $40 mountain.
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.ability import Who
from roundhouse.core.engine18xx import Engine
from roundhouse.core.entities import CorporationSpec, PrivateSpec
from roundhouse.core.rng import Rng
from roundhouse.core.routes.kinds import n_train
from roundhouse.core.track import TileLay
from roundhouse.titles.g18us.ability import TerrainDiscount
from roundhouse.titles.g18us.card_board import CardBoardMap
from tests.core.board_fixture import small_board
from tests.core.flow.synthetic import CONFIG, DATA
from tests.core.flow.test_board_map import make

ENGINEERS = PrivateSpec(
    id="P3",
    value=50,
    abilities=(
        TerrainDiscount(
            terrain=frozenset({"mountain", "ridge", "river"}),
            amount=40,
            per_round=1,
            who=Who.PRESIDED_COMPANY,
        ),
    ),
)
CORPS = (
    CorporationSpec(id="PRR", tokens=(0, 40), home=("A3", "c")),
    CorporationSpec(id="NYC", tokens=(0, 40), home=("C5", "c")),
)
RIDGE = TileLay("B4", "8", 2, 20, False)
"""#8 from A3's track across B4's $20 ridge."""


def _engine(owner: str) -> Engine:
    data = dataclasses.replace(DATA, corporations=CORPS, privates=(ENGINEERS,))
    board = CardBoardMap(small_board(), kinds={"2": n_train(2)})
    g = Engine(("Ann", "Bob"), Rng(1), data=data, config=CONFIG, board=board)
    g.start_company("Ann", "PRR", 65)
    g.ledger.transfer("Ann", "PRR", 200)
    g.privates["P3"].owner = owner
    return g


def _cost(g: Engine, corp: str, hex_name: str, tile: str, rotation: int) -> int:
    lays = g.map.tile_lays(g, corp)
    return next(x.cost for x in lays if (x.hex, x.tile, x.rotation) == (hex_name, tile, rotation))


def test_18us_10_1_3_a_players_card_absorbs_the_ridge_for_the_company_they_preside() -> None:
    assert _cost(_engine("Bob"), "PRR", "B4", "8", 2) == 20  # Bob is not PRR's president
    assert _cost(_engine("Ann"), "PRR", "B4", "8", 2) == 0


def test_18us_10_1_3_up_to_40_dollars_in_one_operating_round() -> None:
    """The ridge took $20 of the $40; the $40 mountain next door costs the other $20."""
    g = _engine("Ann")
    g.map.lay_tile(g, "PRR", RIDGE)
    assert _cost(g, "PRR", "B6", "9", 1) == 20
    g.or_in_set += 1  # the next operating round: $40 again
    assert _cost(g, "PRR", "B6", "9", 1) == 0


def test_18us_10_1_3_one_company_each_operating_round() -> None:
    """Once the card has served PRR in this round, no other company of Ann's gets it; in the
    next round it may serve another ("not necessarily the same company")."""
    g = _engine("Ann")
    g.map.lay_tile(g, "PRR", RIDGE)
    other = g.map.terrain_cards(g, "PRR")
    assert [left for _, _, left in other] == [20]
    assert isinstance(g.map, CardBoardMap)
    g.start_company("Ann", "NYC", 65)
    assert g.map.terrain_cards(g, "NYC") == []
    g.or_in_set += 1
    assert [left for _, _, left in g.map.terrain_cards(g, "NYC")] == [40]


MOUNTAIN_CREW = PrivateSpec(
    id="MC", value=20, abilities=(TerrainDiscount(terrain=frozenset({"mountain"})),)
)


def test_terrain_discount_private_removes_the_mountain_cost() -> None:
    """TerrainDiscount without a budget: a company owning it builds in its terrain for free
    (on tests/core/flow/test_board_map.py's board)."""
    plain, helped = make(board_map=CardBoardMap), make((MOUNTAIN_CREW,), CardBoardMap)
    helped.privates["MC"].owner = "PRR"
    for g in (plain, helped):
        g.ledger.transfer("Ann", "PRR", 200)
        g.map.lay_tile(g, "PRR", TileLay("B4", "8", 2, 20, False))
    b6 = {(x.tile, x.rotation): x.cost for x in plain.map.tile_lays(plain, "PRR") if x.hex == "B6"}
    b6_helped = {
        (x.tile, x.rotation): x.cost for x in helped.map.tile_lays(helped, "PRR") if x.hex == "B6"
    }
    assert b6[("9", 1)] == 40
    assert b6_helped[("9", 1)] == 0
