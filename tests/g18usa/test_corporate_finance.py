"""Loans, interest, shorts, conversions, mergers and company sales on the corporate
synthetic title, with numbers from the 18USA rulebook."""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.shares import POOL
from roundhouse.titles.g18usa.family1817.cash_crisis import enter_zone
from roundhouse.titles.g18usa.family1817.company_sale import (
    SaleKind,
    convert,
    merge,
    per_share,
    sell_company,
)
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from roundhouse.titles.g18usa.family1817.loan import LoanRules
from roundhouse.titles.g18usa.family1817.loan_step import check_payoff, pay_interest, take_loan
from roundhouse.titles.g18usa.family1817.short import ShortRules
from roundhouse.titles.g18usa.family1817.short_sale import (
    CorporateStockRound,
    CorporateStockStep,
    charge_short_dividends,
    close_short,
    do_short,
)
from tests.g18usa.corporate import CONFIG_C, corporate_engine


def test_18usa_9_interest_rate_follows_the_lowest_row_emptied() -> None:
    """18USA §9: $5 with no loans out; the rate is the row of the last cube taken."""
    rules = LoanRules(rows=((5, 5), (10, 5), (15, 5)))
    assert [rules.rate(n) for n in (0, 1, 5, 6, 10, 11, 15)] == [5, 5, 5, 10, 10, 15, 15]


def test_18usa_9_loan_pays_100_moves_price_back_two_and_is_limited_by_size() -> None:
    """18USA §9: $100 to the treasury, two spaces back, at most the share size in loans."""
    g = corporate_engine()
    g.start_company("Ann", "AA", 80)
    cash = g.ledger.cash("AA")
    take_loan(g, "AA")
    assert g.ledger.cash("AA") == cash + 100
    assert g.share_price("AA") == 60
    take_loan(g, "AA")
    with pytest.raises(IllegalAction) as err:
        take_loan(g, "AA")
    assert err.value.rule == "loans.limit"


def test_18usa_12_8_interest_per_loan_at_the_rate_set_when_the_round_started() -> None:
    """18USA §12.8: interest is the rate times the loans held."""
    g = corporate_engine()
    g.start_company("Ann", "CC", 80)
    g.start_company("Bob", "AA", 60)
    for _ in range(4):
        take_loan(g, "CC")
    take_loan(g, "AA")
    g.loans.start_operating_round()
    assert g.loans.rate == 5
    take_loan(g, "CC")  # the sixth loan out: the rate stays until the next round
    before = g.ledger.cash("CC")
    pay_interest(g, "CC")
    assert before - g.ledger.cash("CC") == 5 * 5
    g.loans.start_operating_round()
    assert g.loans.rate == 10


def test_18usa_12_8_unpaid_interest_liquidates_and_the_president_pays() -> None:
    """18USA §12.8: at its loan limit and still short, the company goes to the liquidation
    space and the president pays with the treasury's cash plus their own."""
    g = corporate_engine()
    g.start_company("Ann", "AA", 80)
    take_loan(g, "AA")
    take_loan(g, "AA")
    g.ledger.transfer("AA", BANK, g.ledger.cash("AA") - 3)
    g.loans.rate = 20
    ann = g.ledger.cash("Ann")
    pay_interest(g, "AA")
    assert "liquidation" in g.market.zones("AA")
    assert g.ledger.cash("AA") == 0
    assert g.ledger.cash("Ann") == ann + 3 - 40


def test_18usa_12_9_no_repayment_in_the_round_a_loan_was_taken() -> None:
    g = corporate_engine()
    g.start_company("Ann", "CC", 80)
    g.loans.start_operating_round()
    take_loan(g, "CC")
    with pytest.raises(IllegalAction) as err:
        check_payoff(g, "CC", 0)
    assert err.value.rule == "loans.no_repay_after_loan"
    g.loans.start_operating_round()
    check_payoff(g, "CC", 0)


def test_18usa_11_2_short_sale_dividend_and_closing() -> None:
    """18USA §11.2: the short seller gets the price and a regular share goes to the market;
    §12.5's example: a 5-share company pays $100, each short pays the bank $20; §11.3:
    buying a share closes the short."""
    g = corporate_engine()
    g.start_company("Ann", "CC", 80)
    g.sr_count += 1  # a later stock round than the one CC was formed in
    bob = g.ledger.cash("Bob")
    do_short(g, "Bob", "CC")
    assert g.ledger.cash("Bob") == bob + 80
    assert g.books["CC"].shares_of(POOL) == 1
    assert g.invariant_violations() == []
    charge_short_dividends(g, "CC", 100 // 5)
    assert g.ledger.cash("Bob") == bob + 80 - 20
    assert g.net_worth("Bob") == g.ledger.cash("Bob") - 80
    cert = g.books["CC"].certs_of(POOL)[0].id
    g.books["CC"].move(cert, "Bob")
    close_short(g, "Bob", cert)
    assert g.shorts.outstanding("CC") == 0
    assert g.books["CC"].total() == 5
    assert g.invariant_violations() == []


def test_18usa_11_2_no_short_of_a_two_share_company_or_while_holding() -> None:
    g = corporate_engine()
    g.start_company("Ann", "AA", 80)
    g.start_company("Ann", "CC", 80)
    g.sr_count += 1
    with pytest.raises(IllegalAction) as err:
        do_short(g, "Bob", "AA")
    assert err.value.rule == "shorts.size"
    with pytest.raises(IllegalAction) as err:
        do_short(g, "Ann", "CC")
    assert err.value.rule == "shorts.owns_shares"


def market_short_in_acquisition(site: bool) -> FamilyEngine:
    """CC (5 shares, $80) with Bob's short left in the open market by his bankruptcy (18USA
    §15: "Place the player's stock (including shorts) ... in the open market"), the shorted
    share bought by Cy, and CC fallen into the acquisition area; ``site``: 18xx.games's
    ``ShortRules`` (``compat_18xx_games``)."""
    g = corporate_engine()
    if site:
        shorts = ShortRules(enabled=True, bank_closes_in_takeover_zones=False)
        g._family_config = dataclasses.replace(CONFIG_C, shorts=shorts)
    g.start_company("Ann", "CC", 80)
    g.sr_count += 1
    do_short(g, "Bob", "CC")
    g.books["CC"].move(g.books["CC"].certs_of(POOL)[0].id, "Cy")
    g.shorts.add("Bob", "CC", -1)
    g.shorts.add(POOL, "CC", 1)
    enter_zone(g, "CC", "acquisition")
    return g


def start_stock_round(g: FamilyEngine) -> None:
    g.round = CorporateStockRound([CorporateStockStep()])
    g.round.start(g)


def test_18usa_11_bank_closes_market_shorts_from_the_treasury_in_any_area() -> None:
    """18USA §11: "At the start of each stock round, the bank will close any short shares
    in the open market by purchasing shares from the company treasury" - CC's too, in the
    acquisition area: the bank pays CC the $10 price for the treasury share it closes."""
    g = market_short_in_acquisition(site=False)
    treasury, cash = g.books["CC"].shares_of("CC"), g.ledger.cash("CC")
    start_stock_round(g)
    assert g.shorts.of(POOL, "CC") == 0
    assert g.books["CC"].shares_of("CC") == treasury - 1
    assert g.ledger.cash("CC") == cash + 10
    assert g.invariant_violations() == []


def test_18usa_11_site_closes_no_market_shorts_of_a_company_in_acquisition() -> None:
    """18xx.games passes over a company in the liquidation or acquisition area
    (``G1817::Game#close_bank_shorts``): CC's market short and treasury stay as they are
    until a stock round starts with CC back in the white area (found by the export
    differential, random seed 804)."""
    g = market_short_in_acquisition(site=True)
    treasury, cash = g.books["CC"].shares_of("CC"), g.ledger.cash("CC")
    start_stock_round(g)
    assert g.shorts.of(POOL, "CC") == 1
    assert (g.books["CC"].shares_of("CC"), g.ledger.cash("CC")) == (treasury, cash)
    g.market.place("CC", g.market.grid.cells[(0, 6)])
    start_stock_round(g)
    assert g.shorts.of(POOL, "CC") == 0
    assert g.books["CC"].shares_of("CC") == treasury - 1
    assert g.ledger.cash("CC") == cash + 60


def test_18usa_14_1_1_conversion_adds_three_treasury_shares_and_buys_a_token() -> None:
    g = corporate_engine()
    g.start_company("Ann", "AA", 80)
    convert(g, "AA")
    book = g.books["AA"]
    assert book.size == 5 and book.shares_of("AA") == 3 and book.shares_of("Ann") == 2
    assert g.ledger.cash("AA") == 160 - 50


def test_18usa_14_1_2_two_share_merger_sums_prices_and_the_initiator_buys_a_share() -> None:
    """18USA §14.1.2: price = sum rounded down to a market value; different presidents:
    the initiator's president buys one share and keeps the president's certificate, the
    other gets one 20% share."""
    g = corporate_engine()
    g.start_company("Ann", "AA", 60)
    g.start_company("Bob", "BB", 70)
    ann = g.ledger.cash("Ann")
    merge(g, "AA", "BB")
    book = g.books["AA"]
    assert g.share_price("AA") == 120  # 60 + 70 = 130 -> 120
    assert book.size == 5 and book.president == "Ann"
    assert book.shares_of("Ann") == 2 and book.shares_of("Bob") == 1
    assert book.shares_of("AA") == 2
    assert g.ledger.cash("Ann") == ann - 120
    assert g.ledger.cash("AA") == 120 + 140 + 120
    assert not g.corps["BB"].started and "BB" not in g.market.position


def test_18usa_14_1_2_five_share_merger_exchanges_one_for_one_and_ties_keep_initiator() -> None:
    g = corporate_engine()
    g.start_company("Ann", "CC", 80)
    g.start_company("Bob", "DD", 60)
    merge(g, "CC", "DD")
    book = g.books["CC"]
    assert book.size == 10 and g.share_price("CC") == 70  # average of 80 and 60
    assert book.shares_of("Ann") == 2 and book.shares_of("Bob") == 2
    assert book.president == "Ann"
    assert book.shares_of("CC") == 6
    assert g.invariant_violations() == []


def test_18usa_14_2_3_friendly_sale_minimum_and_per_share_payment() -> None:
    """18USA §14.2.3: market value is price x size ($53 x 5 = $265); shareholders get the
    bid divided by the size."""
    assert per_share(265, 5) == 53
    g = corporate_engine()
    g.start_company("Ann", "CC", 80)
    g.start_company("Bob", "DD", 60)
    g.books["DD"].transfer("DD", "Cy", 1)
    g.ledger.transfer("Cy", "DD", 60)
    cy, bob = g.ledger.cash("Cy"), g.ledger.cash("Bob")
    total = g.ledger.total()
    sell_company(g, "DD", "CC", 310, SaleKind.ACQUISITION)
    assert g.ledger.cash("Cy") == cy + 62
    assert g.ledger.cash("Bob") == bob + 124
    assert g.ledger.total() == total
    assert not g.corps["DD"].started


def test_18usa_14_2_1_liquidation_repays_loans_then_pays_shareholders() -> None:
    """18USA §14.2.1: treasury plus bid repay the loans; the rest per share."""
    g = corporate_engine()
    g.start_company("Ann", "CC", 80)  # $160 treasury
    g.start_company("Bob", "AA", 60)
    take_loan(g, "CC")  # $260 in the treasury, one loan
    ann = g.ledger.cash("Ann")
    sell_company(g, "CC", "AA", 40, SaleKind.LIQUIDATION)
    assert g.loans.out() == 0
    assert g.ledger.cash("Ann") == ann + 2 * ((260 + 40 - 100) // 5)
    assert g.ledger.cash("AA") == 120 - 40


def test_18usa_14_1_1_a_purchase_after_a_conversion_closes_the_buyers_short() -> None:
    """§14.1.1: after MP's conversion each player "may buy one share from the company's
    treasury ... subject to the normal rules"; P2, holding a short of MP, buys MP_2, and
    §11.3 puts that share and the short back on the short stack ("closing" it; a player
    never holds both).  18xx.games closes it there too (``G1817::Game#unshort``), so a later
    sale of MP_2 named a share it no longer had (found by the export differential: random
    bots, 3 players, seed 607; the position is its first 111 moves)."""
    import json
    from pathlib import Path

    import roundhouse

    path = Path(__file__).parent / "positions" / "short-closed-after-a-conversion-3p.json"
    doc = json.loads(path.read_text())
    before = roundhouse.load({**doc, "actions": doc["actions"][:-1]})
    assert before.state.shorts.of("P2", "MP") == 1  # type: ignore[attr-defined]
    game = roundhouse.load(doc)
    assert str(game.log[-1]) == "P2 buys MP_2"
    g = game.state
    assert g.shorts.of("P2", "MP") == 0  # type: ignore[attr-defined]
    assert g.books["MP"].certs_of("P2") == []  # type: ignore[attr-defined]
    assert "MP_2" not in g.books["MP"].certs  # type: ignore[attr-defined]
