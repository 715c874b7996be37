"""18USA §14.3 "Acquired Station Tokens" on a real board (the family's TakeoverBoardMap), with
the corporate test title of tests/g18usa/corporate.py: the survivor's tokens replace the
disappearing company's where they stand, a second token in one hex returns to the charter,
more than eight on the map is the president's choice (StationTokenCutStep when the title sets
``TakeoverBoardMap.token_choice``, tests/g18usa/test_token_cut_step.py; without it the merger
stops rather than guess), and a company the bank liquidates leaves the map (§14.2.1)."""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.bank import BANK
from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.engine18xx import Engine
from roundhouse.core.errors import IllegalAction
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.core.routes.kinds import n_train
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.titles.g18usa.family1817.company_sale import SaleKind, merge, sell_company
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from roundhouse.titles.g18usa.family1817.token_board import TakeoverBoardMap
from tests.g18usa.corporate import CONFIG_C, DATA_C, CorporateHooks

ANN, BOB, CY = PlayerId("Ann"), PlayerId("Bob"), PlayerId("Cy")
CITIES = ("A1", "A3", "A5", "A7", "B2", "B4", "B6", "B8", "C1", "C3", "C5", "C7")
TAKEOVER = dataclasses.replace(CONFIG_C.takeover, max_tokens=8)


def _board() -> Board:
    """Twelve two-slot cities, so any two companies can share any hex."""
    doc: dict[str, object] = {
        "board": {"layout": "pointy", "letter_axis": "y"},
        "hexes": {" ".join(CITIES): {"code": "city c revenue=20 slots=2"}},
    }
    return load_board(doc, source="§14.3 test board", tiles=standard_tiles().select({"7": 1}))


def _engine() -> tuple[Engine, Board]:
    board = TakeoverBoardMap(_board(), kinds={"2": n_train(2)})
    config = dataclasses.replace(CONFIG_C, takeover=TAKEOVER)
    g = FamilyEngine(
        [ANN, BOB, CY], Rng(1), data=DATA_C, config=config, hooks=CorporateHooks(), board=board
    )
    return g, board.board


def _company(g: Engine, board: Board, corp: str, owned: int, hexes: tuple[str, ...]) -> None:
    """``corp`` (5 shares, Ann's) owns ``owned`` tokens, with those in ``hexes`` on the map."""
    g.start_company(ANN, corp, 80)
    g.corps[corp].tokens_owned = owned
    for hex_name in hexes:
        board.place_token(hex_name, "c", corp)
    g.corps[corp].tokens_placed = len(hexes)
    g.ledger.transfer_all(corp, BANK)
    g.ledger.transfer(BANK, corp, 100)


def test_18usa_14_3_survivor_tokens_replace_the_disappearing_ones_in_place() -> None:
    """Eight or fewer between them: DD's tokens become CC's in the same slots (behind BB's
    token in A3, which keeps the first slot)."""
    g, board = _engine()
    board.place_token("A3", "c", "BB")
    _company(g, board, "CC", 3, ("A1",))
    _company(g, board, "DD", 3, ("A3", "A5"))
    merge(g, "CC", "DD")
    assert board.tokens_of("CC") == [("A1", "c"), ("A3", "c"), ("A5", "c")]
    assert board.tokens_of("DD") == []
    assert board["A3"].tokens["c"] == ["BB", "CC"]
    assert g.corps["CC"].tokens_placed == 3
    assert g.corps["CC"].tokens_owned == 6


def test_18usa_14_3_a_second_token_in_one_hex_returns_to_the_charter() -> None:
    """ "If this results in two station tokens on the same hex, return one to the company's
    charter": CC keeps one token in A3, owns all five, and has two on the map."""
    g, board = _engine()
    _company(g, board, "CC", 2, ("A3",))
    _company(g, board, "DD", 3, ("A3", "A5"))
    merge(g, "CC", "DD")
    assert board["A3"].tokens["c"] == ["CC"]
    assert board.tokens_of("CC") == [("A3", "c"), ("A5", "c")]
    assert g.corps["CC"].tokens_placed == 2
    assert g.corps["CC"].tokens_owned == 5


def test_18usa_14_3_more_than_eight_on_the_map_is_the_presidents_choice() -> None:
    """Ten tokens in ten hexes: "the president selects which eight to keep".  A board that
    does not ask the president (``token_choice`` off) stops the merger with the section named
    and the map untouched."""
    g, board = _engine()
    _company(g, board, "CC", 5, CITIES[:5])
    _company(g, board, "DD", 5, CITIES[5:10])
    with pytest.raises(NotImplementedError, match=r"§14\.3"):
        merge(g, "CC", "DD")
    assert len(board.tokens_of("CC")) == 5
    assert len(board.tokens_of("DD")) == 5


def test_18usa_14_3_duplicates_set_aside_bring_nine_down_to_eight() -> None:
    """Nine tokens, one hex shared: the duplicate is set aside first, leaving eight on the
    map, so no choice is needed; the charter holds no more (eight in all)."""
    g, board = _engine()
    _company(g, board, "CC", 5, CITIES[:5])
    _company(g, board, "DD", 4, (CITIES[0], *CITIES[5:8]))
    merge(g, "CC", "DD")
    assert len(board.tokens_of("CC")) == 8
    assert board["A1"].tokens["c"] == ["CC"]
    assert g.corps["CC"].tokens_placed == 8
    assert g.corps["CC"].tokens_owned == 8


def test_18usa_14_2_1_a_company_the_bank_liquidates_leaves_the_map() -> None:
    """No company bids: the bank takes DD for nothing and it closes; its station tokens
    leave the map and its slots open again."""
    g, board = _engine()
    _company(g, board, "DD", 2, ("A3", "A5"))
    sell_company(g, "DD", None, 0, SaleKind.LIQUIDATION)
    assert board.tokens_of("DD") == []
    assert board.open_slots("A3", "c", "CC") == 2
    assert g.corps["DD"].tokens_placed == 0


def test_18usa_14_2_2_an_acquisition_converts_the_targets_tokens() -> None:
    g, board = _engine()
    _company(g, board, "CC", 3, ("A1",))
    _company(g, board, "DD", 2, ("A5",))
    sell_company(g, "DD", "CC", 10, SaleKind.ACQUISITION)
    assert board.tokens_of("CC") == [("A1", "c"), ("A5", "c")]
    assert board.tokens_of("DD") == []


def test_18usa_12_7_a_pullman_car_does_not_run_as_a_train() -> None:
    """18USA §12.7: a Pullman car "is not a train"; it never runs a route of its own (its
    bonus is a revenue rule of the title), so the board offers runs of the trains only."""
    g, board = _engine()
    _company(g, board, "CC", 1, ("A1",))
    g.depot.trains["P-0"].owner = "CC"
    assert g.depot.running("CC") == []
    assert g.map.runs(g, "CC")[0][1] == 0
    with pytest.raises(IllegalAction):
        g.map.check_run(g, "CC", (("P-0", "A1-0", "A3-0"),))
