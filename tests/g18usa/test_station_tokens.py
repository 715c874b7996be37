"""Station tokens a company owns in the 1817 family: bought with the charter at the start
(18USA §11.6), bought on conversion up to eight (§14.1.1), gained in mergers and sales but
"never more than eight" (§14.3), and placed for free (§12.3)."""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.bank import BANK
from roundhouse.core.engine18xx import Engine
from roundhouse.core.flow.actions import Bid, Choose, Pass
from roundhouse.core.flow.map_steps import MapRules, NoMap
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.titles.g18usa.family1817.company_sale import (
    SaleKind,
    StationTokenBoard,
    convert,
    merge,
    sell_company,
)
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from tests.g18usa.corporate import CONFIG_C, DATA_C, CarStubMap, CorporateHooks
from tests.g18usa.test_company_start import RULES, act, stock_round

ANN, BOB, CY = PlayerId("Ann"), PlayerId("Bob"), PlayerId("Cy")

TAKEOVER = dataclasses.replace(
    CONFIG_C.takeover, token_cost={5: 50, 10: 100}, conversion_tokens={5: 1, 10: 2}, max_tokens=8
)
"""18USA §14.1.1: one token for $50 at 5 shares, two for $100 at 10, eight at most."""


def engine(board: MapRules | None = None) -> Engine:
    config = dataclasses.replace(CONFIG_C, takeover=TAKEOVER)
    return FamilyEngine(
        [ANN, BOB, CY],
        Rng(1),
        data=DATA_C,
        config=config,
        hooks=CorporateHooks(),
        board=board if board is not None else CarStubMap(),
    )


def cc_with_tokens(g: Engine, owned: int, cash: int) -> None:
    """Ann's CC (5 shares) owns ``owned`` station tokens and has ``cash``."""
    g.start_company("Ann", "CC", 80)
    g.corps["CC"].tokens_owned = owned
    g.ledger.transfer_all("CC", BANK)
    g.ledger.transfer(BANK, "CC", cash)


def test_18usa_14_1_1_two_to_five_shares_buys_one_token_for_50() -> None:
    g = engine()
    g.start_company("Ann", "AA", 80)
    g.corps["AA"].tokens_owned = 1
    cash = g.ledger.cash("AA")
    convert(g, "AA")
    assert g.books["AA"].size == 5
    assert g.corps["AA"].tokens_owned == 2
    assert g.ledger.cash("AA") == cash - 50


@pytest.mark.parametrize(
    ("owned", "after", "paid"),
    [(6, 8, 100), (7, 8, 50), (8, 8, 0)],
)
def test_18usa_14_1_1_five_to_ten_shares_stops_at_eight_tokens(
    owned: int, after: int, paid: int
) -> None:
    """§14.1.1: "Purchase two additional station tokens for $100 ... (If the company already
    has eight station tokens, this step is skipped.  If it has seven station tokens, it must
    buy one additional token for $50.)"."""
    g = engine()
    cc_with_tokens(g, owned, 300)
    convert(g, "CC")
    assert g.books["CC"].size == 10
    assert g.corps["CC"].tokens_owned == after
    assert g.ledger.cash("CC") == 300 - paid
    assert "liquidation" not in g.market.zones("CC")


def test_18usa_14_1_1_eight_tokens_need_no_money() -> None:
    """With eight tokens the step is skipped, so an empty treasury is no reason for
    liquidation."""
    g = engine()
    cc_with_tokens(g, 8, 0)
    convert(g, "CC")
    assert "liquidation" not in g.market.zones("CC")


def test_18usa_14_1_1_unaffordable_token_sends_the_company_to_liquidation() -> None:
    """Seven tokens: one more for $50, but CC has $40 - "its share price token is placed in
    the red liquidation area"; it gains no token."""
    g = engine()
    cc_with_tokens(g, 7, 40)
    convert(g, "CC")
    assert "liquidation" in g.market.zones("CC")
    assert g.corps["CC"].tokens_owned == 7
    assert g.ledger.cash("CC") == 40


def test_18usa_14_3_merged_tokens_never_exceed_eight() -> None:
    """§14.1.2 with §14.3: CC (5 tokens, 1 on the map) absorbs DD (4 tokens, 1 on the
    map): nine between them, the survivor keeps eight; the board converts DD's token."""
    g = engine()
    assert isinstance(g.map, StationTokenBoard)
    cc_with_tokens(g, 5, 100)
    g.start_company("Ann", "DD", 80)
    g.corps["DD"].tokens_owned = 4
    merge(g, "CC", "DD")
    assert g.corps["CC"].tokens_owned == 8
    assert g.corps["CC"].tokens_placed == 2
    assert g.corps["DD"].tokens_owned == 2  # the closed charter is reset to its printed one


def test_18usa_14_3_an_acquisition_adds_the_target_tokens() -> None:
    """§14.2.2 with §14.3: BB (2 tokens) bought by CC (3 tokens): five, under the cap."""
    g = engine()
    cc_with_tokens(g, 3, 500)
    g.start_company("Bob", "BB", 80)
    g.corps["BB"].tokens_owned = 2
    sell_company(g, "BB", "CC", 10, SaleKind.ACQUISITION)
    assert g.corps["CC"].tokens_owned == 5


def test_18usa_14_3_tokens_on_the_map_need_the_board() -> None:
    """Without a board that converts tokens (§14.3's replacement, one token per hex, the
    president's choice of eight), a target with a token on the map is not handled."""
    g = engine(NoMap())
    assert not isinstance(g.map, StationTokenBoard)
    cc_with_tokens(g, 3, 100)
    g.start_company("Ann", "DD", 80)
    g.corps["DD"].tokens_placed = 1  # its home token
    with pytest.raises(NotImplementedError, match=r"§14\.3"):
        merge(g, "CC", "DD")


def test_18usa_14_3_a_target_with_no_token_on_the_map_needs_no_board() -> None:
    g = engine(NoMap())
    cc_with_tokens(g, 7, 100)
    g.start_company("Ann", "DD", 80)
    assert g.corps["DD"].tokens_placed == 0  # no board, no home token
    merge(g, "CC", "DD")
    assert g.corps["CC"].tokens_owned == 8


def test_18usa_12_3_tokens_gained_later_are_free_to_place() -> None:
    """The charter prices (here $0, $40) cover the printed tokens; tokens bought later
    cost nothing to place (§12.3), and none is left once all are on the map."""
    g = engine()
    cc_with_tokens(g, 3, 100)
    corp = g.corps["CC"]
    assert corp.tokens_placed == 1 and corp.next_token_cost() == 40
    corp.tokens_placed = 2
    assert corp.next_token_cost() == 0
    corp.tokens_placed = 3
    assert corp.next_token_cost() is None


def test_18usa_11_6_a_five_share_company_starts_with_two_tokens() -> None:
    """§11.6: the free home token and one bought for $50."""
    g = engine()
    stock_round(g, dataclasses.replace(RULES, tokens={2: 1, 5: 2, 10: 4}))
    act(g, Bid(player=ANN, entity="Ann", company="AA", price=160))
    act(g, Pass(player=BOB, entity="Bob"))
    act(g, Pass(player=CY, entity="Cy"))
    act(g, Choose(player=ANN, entity="Ann", choice="5"))
    assert g.ledger.cash("AA") == 2 * 80 - 50
    assert g.corps["AA"].tokens_owned == 2
