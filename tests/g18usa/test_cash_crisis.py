"""18USA §15 Cash Crisis as the debtor's decisions: which shares to sell, one sale at a
time, never a presidency change, never more than the debt needs, and bankruptcy only when
nothing more may be sold.  Numbers are the rulebook's ($100 loans, interest per loan)."""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.bank import BANK
from roundhouse.core.config import BankruptcyEnd
from roundhouse.core.engine18xx import Engine
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bankrupt, Bid, Dividend, Pass, RunRoutes, SellShares
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.core.shares import POOL
from roundhouse.titles.g18usa.family1817.actions import Merge
from roundhouse.titles.g18usa.family1817.cash_crisis import CashCrisisRound, enter_zone
from roundhouse.titles.g18usa.family1817.corporate_round import CorporateOperatingRound
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from roundhouse.titles.g18usa.family1817.loan_step import pay_interest, take_loan
from roundhouse.titles.g18usa.family1817.short_sale import charge_short_dividends, do_short
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from tests.core.flow.synthetic import StubMap
from tests.g18usa.corporate import CONFIG_C, DATA_C, CorporateHooks


def eliminating_engine() -> Engine:
    """The corporate title with 18USA §15's elimination: a bankrupt player leaves."""
    config = dataclasses.replace(CONFIG_C, bankruptcy_end=BankruptcyEnd.ELIMINATE)
    return FamilyEngine(
        [PlayerId(p) for p in ("Ann", "Bob", "Cy")],
        Rng(1),
        data=DATA_C,
        config=config,
        hooks=CorporateHooks(),
        board=StubMap(),
    )


def set_cash(g: Engine, holder: str, amount: int) -> None:
    g.ledger.transfer_all(holder, BANK)
    g.ledger.transfer(BANK, holder, amount)


def set_price(g: Engine, corp_id: str, price: int) -> None:
    cell = g.market.grid.at_or_below(price)
    assert cell is not None and cell.price == price
    g.market.place(corp_id, cell)


def liquidation_in_crisis(dd_price: int) -> Engine:
    """Ann's CC holds three loans and no cash and stands in the liquidation space; Ann has
    $20 and two DD shares (Bob presides DD with the same two shares).  Nobody bids, so the
    bank takes CC for $0 and Ann owes its $300 of loans (18USA §14.2.1)."""
    g = eliminating_engine()
    g.start_company("Ann", "CC", 80)
    g.start_company("Bob", "DD", 80)
    set_price(g, "DD", dd_price)
    g.books["DD"].transfer("DD", "Ann", 2)
    for _ in range(3):
        take_loan(g, "CC")
    set_cash(g, "CC", 0)
    set_cash(g, "Ann", 20)
    enter_zone(g, "CC", "liquidation")
    g.round = TakeoverRound()
    g.round.start(g)
    g.execute(Pass(player=PlayerId("Bob"), entity="DD"))  # DD does not convert
    g.execute(Pass(player=PlayerId("Bob"), entity="Bob"))  # Bob does not bid for CC
    return g


def crisis_of(g: Engine) -> CashCrisisRound:
    assert isinstance(g.round, CashCrisisRound)
    return g.round


def test_18usa_15_liquidation_shortfall_is_raised_by_the_presidents_own_sales() -> None:
    """18USA §14.2.1, §15: the president covers the loans the liquidation leaves unpaid by
    selling shares one at a time, choosing which; the debt is paid as soon as the money
    is there, and the round goes on (to DD's friendly-sale offer)."""
    g = liquidation_in_crisis(dd_price=150)
    assert g.loans.out() == 0  # the loans went back to the bank (18USA §14.2.1)
    assert g.acting() == ("Ann",)
    assert set(g.legal_actions()) == {
        SellShares(player=PlayerId("Ann"), entity="Ann", corporation="DD", count=1),
        SellShares(player=PlayerId("Ann"), entity="Ann", corporation="DD", count=2),
    }
    g.execute(SellShares(player=PlayerId("Ann"), entity="Ann", corporation="DD", count=1))
    assert g.ledger.cash("Ann") == 170  # $20 + $150: still short of $300
    assert g.legal_actions() == [
        SellShares(player=PlayerId("Ann"), entity="Ann", corporation="DD", count=1)
    ]
    g.execute(SellShares(player=PlayerId("Ann"), entity="Ann", corporation="DD", count=1))
    assert g.ledger.cash("Ann") == 20  # $320 raised, $300 paid
    assert g.books["DD"].shares_of(POOL) == 2
    assert not crisis_of(g).crisis.debts
    assert g.acting() == ("Bob",)  # the round carries on: DD may be offered for sale
    assert not g.corps["CC"].started


def test_18usa_15_crisis_moves_are_checked() -> None:
    """18USA §15: only the debtor acts, sells no more than the debt needs, and may not go
    bankrupt while a sale is still possible."""
    g = liquidation_in_crisis(dd_price=150)
    with pytest.raises(IllegalAction) as err:
        g.check(Pass(player=PlayerId("Bob"), entity="Bob"))
    assert err.value.rule == "cash_crisis.pending"
    with pytest.raises(IllegalAction) as err:
        g.check(Bankrupt(player=PlayerId("Ann"), entity="Ann"))
    assert err.value.rule == "cash_crisis.can_sell"
    g.ledger.transfer(BANK, "Ann", 130)  # $150 short: one $150 share is enough
    with pytest.raises(IllegalAction) as err:
        g.check(SellShares(player=PlayerId("Ann"), entity="Ann", corporation="DD", count=2))
    assert err.value.rule == "cash_crisis.oversell"


def test_18usa_15_no_sale_may_change_a_presidency() -> None:
    """18USA §15: "Shares may not be sold such that a change in presidency occurs" - with
    Ann holding as many DD shares as Bob's president's certificate, she may sell; were she
    president with Bob level, she could not."""
    g = liquidation_in_crisis(dd_price=150)
    g.books["DD"].president_cert.owner = "Ann"  # type: ignore[union-attr]
    g.books["DD"].transfer("Ann", "Bob", 2)
    assert g.books["DD"].president == "Ann"
    assert g.books["DD"].shares_of("Bob") == 2
    assert g.legal_actions() == [Bankrupt(player=PlayerId("Ann"), entity="Ann")]


def test_18usa_15_bankrupt_when_every_allowed_sale_is_not_enough() -> None:
    """18USA §15: two DD shares at $100 raise $200 of the $280 Ann lacks: once they are
    sold her only move is bankruptcy; her cash goes to the bank, she leaves the game."""
    g = liquidation_in_crisis(dd_price=100)
    assert (
        SellShares(player=PlayerId("Ann"), entity="Ann", corporation="DD", count=2)
        in g.legal_actions()
    )
    g.execute(SellShares(player=PlayerId("Ann"), entity="Ann", corporation="DD", count=2))
    assert g.legal_actions() == [Bankrupt(player=PlayerId("Ann"), entity="Ann")]
    bank = g.ledger.cash(BANK)
    g.execute(Bankrupt(player=PlayerId("Ann"), entity="Ann"))
    assert g.player("Ann").bankrupt
    assert g.ledger.cash("Ann") == 0
    assert g.ledger.cash(BANK) == bank + 220
    assert g.acting() == ("Bob",)


def test_18usa_15_unpaid_interest_bankruptcy_puts_the_cash_on_the_company() -> None:
    """18USA §12.8: a 2-share company at its two-loan limit with $0 cannot pay 2 x $20; it
    goes to liquidation and its president pays.  §15: Ann's $30 is not enough, her only
    shares are of a 2-share company (never sellable, §11.1), so she is bankrupt and her
    money goes on AA's charter."""
    g = eliminating_engine()
    g.start_company("Ann", "AA", 80)
    take_loan(g, "AA")
    take_loan(g, "AA")
    set_cash(g, "AA", 0)
    set_cash(g, "Ann", 30)
    g.loans.rate = 20
    g.round = CorporateOperatingRound(g.hooks.operating_steps(g))
    pay_interest(g, "AA")
    assert "liquidation" in g.market.zones("AA")
    assert g.acting() == ("Ann",)
    assert g.legal_actions() == [Bankrupt(player=PlayerId("Ann"), entity="Ann")]
    g.execute(Bankrupt(player=PlayerId("Ann"), entity="Ann"))
    assert g.ledger.cash("AA") == 30
    assert g.player("Ann").bankrupt


def test_18usa_15_short_sellers_in_crisis_pay_clockwise_from_the_president() -> None:
    """18USA §12.5's example (a 5-share company pays $100: $20 per short) with §15's order:
    Bob (left of CC's president Ann) settles before Cy; Bob sells his DD share, Cy has
    nothing to sell and goes bankrupt."""
    g = eliminating_engine()
    g.start_company("Ann", "CC", 80)
    g.start_company("Ann", "DD", 60)
    g.books["DD"].transfer("DD", "Bob", 1)
    set_price(g, "CC", 100)
    g.sr_count += 1
    do_short(g, "Cy", "CC")
    do_short(g, "Bob", "CC")
    set_cash(g, "Bob", 10)
    set_cash(g, "Cy", 5)
    g.round = CorporateOperatingRound(g.hooks.operating_steps(g))
    charge_short_dividends(g, "CC", 100 // 5)
    assert g.acting() == ("Bob",)
    assert g.legal_actions() == [
        SellShares(player=PlayerId("Bob"), entity="Bob", corporation="DD", count=1)
    ]
    g.execute(SellShares(player=PlayerId("Bob"), entity="Bob", corporation="DD", count=1))
    assert g.ledger.cash("Bob") == 10 + 60 - 20
    assert g.acting() == ("Cy",)
    g.execute(Bankrupt(player=PlayerId("Cy"), entity="Cy"))
    assert g.player("Cy").bankrupt
    assert g.shorts.of("Cy", "CC") == 0
    assert not crisis_of(g).crisis.debts


def test_18usa_15_a_debtor_with_the_cash_pays_without_a_decision() -> None:
    """18USA §12.5: a short seller with the money simply pays; no crisis starts."""
    g = eliminating_engine()
    g.start_company("Ann", "CC", 80)
    g.sr_count += 1
    do_short(g, "Bob", "CC")
    bob = g.ledger.cash("Bob")
    g.round = CorporateOperatingRound(g.hooks.operating_steps(g))
    charge_short_dividends(g, "CC", 20)
    assert g.ledger.cash("Bob") == bob - 20
    assert not crisis_of(g).crisis.debts


def test_18usa_15_the_operating_turn_waits_for_the_crisis_and_goes_on() -> None:
    """18USA §12.5, §15 in a real operating turn: CC runs its 2-train for $60 and pays out
    $12 a share; Bob, short one CC share with no cash, must sell before CC's turn goes on
    to buying trains."""
    g = eliminating_engine()
    g.start_company("Ann", "CC", 80)
    g.start_company("Ann", "DD", 60)
    g.books["DD"].transfer("DD", "Bob", 1)
    g.sr_count += 1
    g.depot.buy("CC", "2-0", g.ledger)
    do_short(g, "Bob", "CC")
    set_cash(g, "Bob", 0)
    g.round = g.hooks.operating_round(g)
    g.round.start(g)
    ann = PlayerId("Ann")
    for action in (
        Pass(player=ann, entity="CC"),  # no track
        Pass(player=ann, entity="CC"),  # no station
        RunRoutes(player=ann, entity="CC", routes=(("2-0",),), revenue=60),
        Dividend(player=ann, entity="CC", mode="payout"),
    ):
        g.check(action)
        g.execute(action)
    assert g.acting() == ("Bob",)
    assert g.legal_actions() == [
        SellShares(player=PlayerId("Bob"), entity="Bob", corporation="DD", count=1)
    ]
    g.execute(SellShares(player=PlayerId("Bob"), entity="Bob", corporation="DD", count=1))
    assert g.ledger.cash("Bob") == 60 - 60 // 5
    assert g.acting() == ("Ann",)
    assert g.round.entity(g) == "CC"
    assert any(a.kind == "buy_train" for a in g.legal_actions())


def test_18usa_14_2_short_settlement_crises_go_clockwise_from_the_president() -> None:
    """18USA §14.2.2 and §15: CC buys Bob's DD for $50 ($10 a share); Ann and Cy are each
    short one DD share with no cash.  Cy, first left of DD's president Bob, settles first
    (nothing to sell: bankrupt), then Ann sells a CC share."""
    g = eliminating_engine()
    g.start_company("Ann", "CC", 80)
    g.books["CC"].transfer("CC", "Ann", 1)
    g.start_company("Bob", "DD", 60)
    g.sr_count += 1
    do_short(g, "Ann", "DD")
    do_short(g, "Cy", "DD")
    set_cash(g, "Ann", 0)
    set_cash(g, "Cy", 0)
    enter_zone(g, "DD", "acquisition")
    g.round = TakeoverRound()
    g.round.start(g)
    ann = PlayerId("Ann")
    for action in (
        Pass(player=ann, entity="CC"),  # no conversion
        Bid(player=ann, entity="Ann", company="DD", price=50),
        Merge(player=ann, entity="Ann", corporation="CC"),
        Pass(player=ann, entity="CC"),  # pay without more loans
    ):
        g.check(action)
        g.execute(action)
    assert g.acting() == ("Cy",)
    g.execute(Bankrupt(player=PlayerId("Cy"), entity="Cy"))
    assert g.acting() == ("Ann",)
    assert g.legal_actions() == [SellShares(player=ann, entity="Ann", corporation="CC", count=1)]
    g.execute(SellShares(player=ann, entity="Ann", corporation="CC", count=1))
    assert g.ledger.cash("Ann") == 80 - 10
    assert not crisis_of(g).crisis.debts


def test_18usa_15_compat_bank_liquidations_run_before_the_crisis() -> None:
    """§14.2.1 and §15: nobody can bid for MILW, SR or NP; the bank liquidates them one
    after another, MILW's president P2 owing $660 and SR's P1 $383.  By default the round
    stops at P2's debt; 18xx.games runs the three liquidations in one action and then asks
    the debtors clockwise from the president of the company liquidated last (NP's, P1:
    ``G1817::Step::CashCrisis#active_entities``), so under ``compat_18xx_games`` P1 is in
    the crisis first, then P2 (found by the export differential: random bots, 5 players,
    seed 319; the position is its first 323 moves)."""
    import json
    from pathlib import Path

    import roundhouse

    path = Path(__file__).parent / "positions" / "liquidations-before-the-crisis-5p.json"
    game = roundhouse.load(json.loads(path.read_text()))
    g = game.state
    assert [d.player for d in g.round.crisis.debts] == ["P1", "P2"]  # type: ignore[attr-defined]
    assert game.acting == ("P1",)
    assert not g.corps["NP"].floated  # type: ignore[attr-defined]
