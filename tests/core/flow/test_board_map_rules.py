"""BoardMap settings that titles choose: how new track must join a route (``lay_reach``), and
what an upgrade that merges cities does to a company's tokens on its charter.

18RoyalGorge "Lay/Upgrade" Rule 4 (the Colorado Southern example, rebuilt as in
tests/core/test_lay_examples.py): with ``LayReach.EXTENDS_ROUTE`` the sharp curve off the end
a train leaves by is not offered; with 18USA §12.2.2's ``ANY_LINK_TOUCHES`` it is.  18West
§6.4: the extra token of a company in two merged cities "returns to the Company".
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.engine18xx import Engine
from roundhouse.core.entities import CorporationSpec
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.phases import Phase
from roundhouse.core.rng import Rng
from roundhouse.core.routes.kinds import n_train
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.core.tiles import TileSet, parse_tile
from roundhouse.core.track import LayReach, TileLay
from roundhouse.core.upgrade import UpgradeRules
from tests.core.flow.synthetic import CONFIG, DATA

GREEN_PHASE = (Phase(name="2", train_limit={"": 3}, tiles=("yellow", "green", "brown")),)


def _engine(
    board: Board,
    corps: tuple[CorporationSpec, ...],
    *,
    lay_reach: LayReach = LayReach.ANY_LINK_TOUCHES,
    upgrades: UpgradeRules | None = None,
) -> Engine:
    data = dataclasses.replace(DATA, corporations=corps, phases=GREEN_PHASE)
    rules = BoardMap(board, kinds={"2": n_train(2)}, upgrades=upgrades, lay_reach=lay_reach)
    return Engine(("Ann", "Bob"), Rng(1), data=data, config=CONFIG, board=rules)


def _denver() -> Board:
    doc: dict[str, object] = {
        "board": {"layout": "flat", "letter_axis": "x"},
        "hexes": {
            "B2 B4 B6 C5 C7 D2 D4 D6": {},
            "C1": {"location": "Denver", "code": "city c revenue=30; track 0-c", "color": "yellow"},
            "C3": {},
        },
    }
    board = load_board(
        doc, source="Rule 4 example", tiles=standard_tiles().select({"9": None, "26": 1})
    )
    board.lay("C3", "9", 0, {})
    return board


def _offered(mode: LayReach) -> set[tuple[str, int]]:
    g = _engine(
        _denver(), (CorporationSpec(id="C&S", tokens=(0,), home=("C1", "c")),), lay_reach=mode
    )
    g.start_company("Ann", "C&S", 65)
    return {(x.tile, x.rotation) for x in g.map.tile_lays(g, "C&S") if x.hex == "C3"}


def test_18royalgorge_rule_4_boardmap_with_extends_route_drops_the_reversing_curve() -> None:
    assert ("26", 3) in _offered(LayReach.EXTENDS_ROUTE)
    assert ("26", 0) not in _offered(LayReach.EXTENDS_ROUTE)
    assert ("26", 0) in _offered(LayReach.ANY_LINK_TOUCHES)


def test_18west_6_4_merged_city_returns_the_extra_token_to_the_charter() -> None:
    green = parse_tile(
        "G2C", "green", "city a revenue=60; city b revenue=60; track 0-a 2-a 3-b 5-b"
    )
    brown = parse_tile("B2S", "brown", "city c revenue=80 slots=2; track 0-c 1-c 2-c 3-c 4-c")
    doc: dict[str, object] = {
        "board": {"layout": "pointy", "letter_axis": "y"},
        "hexes": {"E26 E28 F25 F29 G26 G28": {}, "F27": {"tile": "G2C", "location": "Chicago"}},
    }
    tiles = TileSet({t.id: t for t in (green, brown)}, {"G2C": 1, "B2S": 1})
    board = load_board(doc, source="18West §6.4 test", tiles=tiles)
    g = _engine(
        board,
        (CorporationSpec(id="CNW", tokens=(0, 40, 100), home=("F27", "a")),),
        upgrades=UpgradeRules(free_stops=frozenset({("G2C", "B2S")})),
    )
    g.start_company("Ann", "CNW", 65)
    board.place_token("F27", "b", "CNW")
    g.corps["CNW"].tokens_placed = 2
    lays = [x for x in g.map.tile_lays(g, "CNW") if x.tile == "B2S"]
    assert lays
    g.map.lay_tile(g, "CNW", TileLay(lays[0].hex, "B2S", lays[0].rotation, 0, True))
    assert board["F27"].tokens == {"c": ["CNW"]}
    assert g.corps["CNW"].tokens_placed == 1
    assert g.corps["CNW"].next_token_cost() == 40
