"""Dividend arithmetic: who gets what when a company pays out, withholds or half-pays.

Titles differ in three ways, all captured by a :class:`PayoutRule`:

* **rounding** - per share, rounded down (18RoyalGorge "Pay Dividends": revenue / 10 per
  share), or per holder rounded *up* to the whole dollar (18US §6.6), or per share rounded up
  (18US §7.4.2: a System's earnings halved and rounded up to $10, i.e. $1 per 5% share unit
  rounded up);
* **where the shares lie** - treasury shares pay the company (18RoyalGorge, 18West §7.6); pool
  shares pay the bank, which simply keeps the money (18RoyalGorge, 18USA §12.5, 18West §7.6) or
  pay the company (18US §6.6); initial-offering / public shares pay the bank (18US §6.6,
  18West §7.6);
* **half pay** - 18USA §12.5: half to the treasury, half to the shareholders, the shareholders'
  half rounded *up* to a multiple of the company's share count ($10 for a 10-share company).

The bank pays everything; the part that would go to the bank is simply not paid.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping

from roundhouse.core.bank import BANK, Ledger
from roundhouse.core.shares import IPO, POOL, ShareBook


class Rounding(enum.Enum):
    DOWN = "down"
    UP = "up"


class Granularity(enum.Enum):
    PER_SHARE = "per_share"
    """Work out one share's dividend, round it, multiply by shares held."""
    PER_HOLDER = "per_holder"
    """Work out each holder's exact part and round that (18US §6.6)."""


class Recipient(enum.Enum):
    BANK = "bank"
    COMPANY = "company"


@dataclasses.dataclass(frozen=True, kw_only=True)
class PayoutRule:
    rounding: Rounding = Rounding.DOWN
    granularity: Granularity = Granularity.PER_SHARE
    treasury_pays: Recipient = Recipient.COMPANY
    pool_pays: Recipient = Recipient.BANK
    ipo_pays: Recipient = Recipient.BANK


@dataclasses.dataclass(frozen=True, slots=True)
class Payout:
    """What a dividend of ``amount`` hands out; ``paid`` excludes what the bank keeps."""

    company: str
    amount: int
    per_share: int | None
    """One share's dividend when paid per share, else None."""
    paid: Mapping[str, int]
    """Holder id (player or company) -> dollars from the bank."""
    kept_by_bank: int
    """The part of the dividend that belongs to pool / public shares and stays in the bank."""

    def __repr__(self) -> str:
        parts = ", ".join(f"{k} ${v}" for k, v in self.paid.items())
        return f"<Payout {self.company} ${self.amount}: {parts}; bank keeps ${self.kept_by_bank}>"


def payout_text(split: Payout) -> str:
    """ "RG pays $23 per share: Ann $46, Bob $23" (the bank's part left out)."""
    each = f" ${split.per_share} per share" if split.per_share is not None else f" ${split.amount}"
    who = ", ".join(f"{k} ${v}" for k, v in split.paid.items() if v)
    return f"{split.company} pays{each}" + (f": {who}" if who else "")


def _divide(numerator: int, denominator: int, rounding: Rounding) -> int:
    if rounding is Rounding.UP:
        return -(-numerator // denominator)
    return numerator // denominator


def payout(book: ShareBook, amount: int, rule: PayoutRule) -> Payout:
    """Split a dividend of ``amount`` dollars among ``book``'s holders.

    >>> book = ShareBook.standard("RG", size=10, owner="RG")
    >>> book.move("RG_0", "Jim"); _ = book.transfer("RG", "Jim", 4)
    >>> payout(book, 120, PayoutRule()).paid
    {'Jim': 72, 'RG': 48}
    """
    paid: dict[str, int] = {}
    kept = 0
    per_share = (
        _divide(amount, book.size, rule.rounding)
        if rule.granularity is Granularity.PER_SHARE
        else None
    )
    for owner, shares in book.holdings().items():
        if per_share is not None:
            part = per_share * shares
        else:
            part = _divide(amount * shares, book.size, rule.rounding)
        payee = _payee(book.company, owner, rule)
        if payee is None:
            kept += part
        elif part:
            paid[payee] = paid.get(payee, 0) + part
    return Payout(book.company, amount, per_share, paid, kept)


def _payee(company: str, owner: str, rule: PayoutRule) -> str | None:
    if owner == company:
        recipient = rule.treasury_pays
    elif owner == POOL:
        recipient = rule.pool_pays
    elif owner == IPO:
        recipient = rule.ipo_pays
    else:
        return owner
    return company if recipient is Recipient.COMPANY else None


def half_split(amount: int, shares: int) -> tuple[int, int]:
    """(to shareholders, to treasury) for a half pay, 18USA §12.5: the shareholders' half is
    rounded up to a multiple of the share count, the treasury's rounded down; a 2-share
    company's president "receives the full earnings amount", so its halves are not rounded
    to whole shares (the odd dollar, if any, to the president).

    >>> half_split(150, 10), half_split(210, 2)
    ((80, 70), (105, 105))
    """
    unit = 1 if shares <= 2 else shares
    to_holders = -(-amount // (2 * unit)) * unit
    to_holders = min(to_holders, amount)
    return to_holders, amount - to_holders


def pay(ledger: Ledger, result: Payout) -> None:
    """Carry out a :class:`Payout`: the bank pays every recipient."""
    for payee, dollars in result.paid.items():
        ledger.transfer(BANK, payee, dollars)


def withhold(ledger: Ledger, company: str, amount: int) -> None:
    """The whole revenue goes to the treasury, public part included (18US §6.6)."""
    ledger.transfer(BANK, company, amount)
