"""Bank and dividends: conservation of money and each title's payout arithmetic."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from roundhouse.core.bank import BANK, Ledger
from roundhouse.core.dividend import (
    Granularity,
    PayoutRule,
    Recipient,
    Rounding,
    half_split,
    pay,
    payout,
    withhold,
)
from roundhouse.core.errors import IllegalAction
from roundhouse.core.shares import IPO, POOL, ShareBook


def _book(company: str, size: int, holdings: dict[str, int], **kw: int) -> ShareBook:
    """A book whose president's certificate goes to the first holder listed."""
    book = ShareBook.standard(company, size=size, **kw)  # type: ignore[arg-type]
    source = book.cert(f"{company}_0").owner
    first = True
    for owner, shares in holdings.items():
        if first and owner not in (POOL, IPO, company):
            book.move(f"{company}_0", owner)
            shares -= 2
            first = False
        if shares:
            book.transfer(source, owner, shares)
    return book


def test_18us_1_2_finite_bank_breaks_and_keeps_paying() -> None:
    """18US §1.2/§8: a $12,000 bank; when it runs out the end is triggered but the final
    operating rounds still pay everyone, so it goes on paying."""
    ledger = Ledger(bank_cash=12000)
    for p in ("Ann", "Bob"):
        ledger.open(p)
        ledger.transfer(BANK, p, 200)
    ledger.open("PRR")
    ledger.transfer(BANK, "PRR", 11500)
    assert ledger.cash(BANK) == 100 and not ledger.bank_broken
    ledger.transfer(BANK, "PRR", 100)
    assert ledger.bank_broken
    ledger.transfer(BANK, "Ann", 50)
    assert ledger.cash(BANK) == -50
    assert ledger.total() == 12000


def test_18royalgorge_components_unlimited_bank_never_breaks() -> None:
    """18RoyalGorge Components: the money supply is unlimited."""
    ledger = Ledger(bank_cash=None)
    ledger.open("Jim")
    ledger.transfer(BANK, "Jim", 550)
    ledger.transfer(BANK, "Jim", 10**9)
    assert not ledger.bank_broken
    assert ledger.total() == 0


def test_core_money_refused_payment_changes_nothing() -> None:
    ledger = Ledger(bank_cash=1000)
    ledger.open("RG", 80)
    with pytest.raises(IllegalAction) as err:
        ledger.transfer("RG", BANK, 100)
    assert err.value.rule == "money.insufficient_cash"
    assert (ledger.cash("RG"), ledger.cash(BANK)) == (80, 1000)
    with pytest.raises(IllegalAction) as err:
        ledger.transfer("RG", "nobody", 10)
    assert err.value.rule == "money.unknown_holder"


@given(
    finite=st.booleans(),
    moves=st.lists(
        st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(-5, 400)), max_size=60
    ),
)
def test_core_money_any_transfers_conserve_the_total(
    finite: bool, moves: list[tuple[int, int, int]]
) -> None:
    """Whatever is paid or refused, bank + holders is constant and only the bank goes negative."""
    ids = [BANK, "Ann", "Bob", "PRR", "NYC"]
    ledger = Ledger(bank_cash=5000 if finite else None)
    for i in ids[1:]:
        ledger.open(i)
    start = ledger.total()
    for a, b, amount in moves:
        before = {h.id: h.cash for h in ledger}
        try:
            ledger.transfer(ids[a], ids[b], amount)
        except IllegalAction:
            assert {h.id: h.cash for h in ledger} == before
        assert ledger.total() == start
        assert all(h.cash >= 0 for h in ledger if h.id != BANK)


def test_18royalgorge_pay_dividends_example() -> None:
    """18RoyalGorge "Pay Dividends" example: $120 revenue; Jim (6 shares) gets $72, Derek (1)
    $12, Tony (3) $36, Chad nothing."""
    book = _book("RG", 10, {"Jim": 6, "Derek": 1, "Tony": 3}, owner=IPO)
    ledger = Ledger(bank_cash=None)
    for p in ("Jim", "Derek", "Tony", "Chad", "RG"):
        ledger.open(p)
    result = payout(book, 120, PayoutRule())
    pay(ledger, result)
    assert result.per_share == 12
    assert [ledger.cash(p) for p in ("Jim", "Derek", "Tony", "Chad")] == [72, 12, 36, 0]


def test_18royalgorge_pay_dividends_treasury_to_company_pool_to_bank() -> None:
    """18RoyalGorge: shares on the charter pay the company; pool shares are skipped."""
    book = _book("RG", 10, {"Jim": 7, POOL: 1}, owner="RG")
    result = payout(book, 125, PayoutRule())
    assert result.per_share == 12  # $12.50 rounded down per share
    assert dict(result.paid) == {"Jim": 84, "RG": 24}
    assert result.kept_by_bank == 12


def test_18us_6_6_each_holders_dividend_rounded_up() -> None:
    """18US §6.6: a 4-share company earning $130 pays the president (50%) $65 and each 25%
    holder $32.50 rounded up to $33; a pool share pays the company, also rounded up."""
    rule = PayoutRule(
        rounding=Rounding.UP, granularity=Granularity.PER_HOLDER, pool_pays=Recipient.COMPANY
    )
    book = _book("B&O", 4, {"Ann": 2, "Bob": 1, POOL: 1})
    assert dict(payout(book, 130, rule).paid) == {"Ann": 65, "Bob": 33, "B&O": 33}


def test_18us_6_6_ten_share_company_public_half_stays_in_bank() -> None:
    """18US §6.6: a 10-share company pays 20% to the president's certificate, 10% a share,
    and the brokers' 50% goes to the public (the bank keeps it)."""
    rule = PayoutRule(rounding=Rounding.UP, granularity=Granularity.PER_HOLDER)
    book = _book("PRR", 10, {"Ann": 3, "Bob": 2}, unplayable=5)
    result = payout(book, 210, rule)
    assert dict(result.paid) == {"Ann": 63, "Bob": 42}
    assert result.kept_by_bank == 105


def test_18us_7_4_2_system_dividend_halved_and_rounded_up() -> None:
    """18US §7.4.2: earnings $390 give $20 per playable share, $380 give $19; the 4-share
    president's certificate gets 20% of the total."""
    rule = PayoutRule(rounding=Rounding.UP)
    book = ShareBook.standard("SYS", size=20, president_shares=4, unplayable=10)
    book.move("SYS_0", "Ann")
    book.transfer(IPO, "Bob", 1)
    assert payout(book, 390, rule).per_share == 20
    assert dict(payout(book, 390, rule).paid) == {"Ann": 80, "Bob": 20}
    assert payout(book, 380, rule).per_share == 19


def test_18west_7_6_granger_road_pays_half_to_president_half_to_treasury() -> None:
    """18West §7.6/§4.1: a Granger Road acts as if two invisible shares sat in its treasury."""
    book = ShareBook.standard("CBQ", size=4, unplayable=2, unplayable_owner="CBQ")
    book.move("CBQ_0", "Ann")
    assert dict(payout(book, 90, PayoutRule()).paid) == {"Ann": 44, "CBQ": 44}
    exact = PayoutRule(granularity=Granularity.PER_HOLDER)
    assert dict(payout(book, 90, exact).paid) == {"Ann": 45, "CBQ": 45}


def test_18west_7_6_land_grant_government_shares_earn_nothing() -> None:
    """18West §7.6: until conversion half of a Land Grant company's payout is lost."""
    book = _book("ATSF", 10, {"Ann": 3, "ATSF": 2}, unplayable=5)
    result = payout(book, 100, PayoutRule())
    assert dict(result.paid) == {"Ann": 30, "ATSF": 20}
    assert result.kept_by_bank == 50


def test_18usa_12_5_half_pay_rounds_shareholders_half_up_to_ten() -> None:
    """18USA §12.5: a 10-share company half-paying $150 pays $80 to shareholders ($8 a share)
    and withholds $70."""
    assert half_split(150, 10) == (80, 70)
    assert half_split(140, 10) == (70, 70)
    book = _book("NYC", 10, {"Ann": 2, POOL: 1})
    to_holders, to_treasury = half_split(150, 10)
    ledger = Ledger(bank_cash=None)
    ledger.open("Ann")
    ledger.open("NYC")
    pay(ledger, payout(book, to_holders, PayoutRule()))
    withhold(ledger, "NYC", to_treasury)
    assert (ledger.cash("Ann"), ledger.cash("NYC")) == (16, 70)


def test_18usa_12_5_two_share_company_president_gets_everything() -> None:
    book = ShareBook.standard("GT", size=2)
    book.move("GT_0", "Ann")
    assert dict(payout(book, 75, PayoutRule()).paid) == {"Ann": 74}
    assert dict(payout(book, 75, PayoutRule(granularity=Granularity.PER_HOLDER)).paid) == {
        "Ann": 75
    }
