"""The bank and every payment: each dollar has a payer and a payee, and the total never changes.

Players, companies and the bank are all *holders*: an id and a cash balance.  A
:class:`Ledger` keeps them and moves money between them with :meth:`Ledger.transfer`, which
checks first and changes nothing when it refuses.

Two kinds of bank appear in the titles:

* a **finite** bank (18US §1.2 and 18West §1.2: $12,000) that can *break*.  Once its cash
  reaches $0 or less the game end is triggered (18US §8, 18West §9), but play goes on to the
  end of the set of operating rounds and "all players receive all revenues" - so the bank keeps
  paying and its balance goes negative; :attr:`Ledger.bank_broken` records the moment.
* an **unlimited** bank (18RoyalGorge "Components: the money cards are unlimited"; 18USA, as
  1817).  Its balance starts at $0 and goes negative as it pays out; it never breaks.

Either way the sum of all balances, bank included, is constant: that is the conservation
invariant (:meth:`Ledger.total`).
"""

from __future__ import annotations

from collections.abc import Iterator

from roundhouse.core.errors import IllegalAction

BANK = "bank"
"""The bank's holder id."""


class Holder:
    """Anything that owns cash: a player, a company treasury, the bank."""

    __slots__ = ("cash", "id")

    def __init__(self, holder_id: str, cash: int = 0) -> None:
        self.id = holder_id
        self.cash = cash

    def __repr__(self) -> str:
        return f"<{self.id} with ${self.cash}>"


class Ledger:
    """All cash in the game, by holder, and the payments between holders.

    >>> ledger = Ledger(bank_cash=12000)
    >>> ledger.open("Ann")
    >>> ledger.transfer(BANK, "Ann", 200)
    >>> ledger.cash("Ann"), ledger.cash(BANK), ledger.total()
    (200, 11800, 12000)
    """

    __slots__ = ("bank_broken", "finite", "holders")

    def __init__(self, *, bank_cash: int | None) -> None:
        """``bank_cash=None`` makes an unlimited bank (it starts at $0 and may go negative)."""
        self.finite = bank_cash is not None
        self.holders: dict[str, Holder] = {BANK: Holder(BANK, bank_cash or 0)}
        self.bank_broken = False
        """True once a finite bank's cash has reached $0 or less (game end trigger)."""

    def open(self, holder_id: str, cash: int = 0) -> None:
        """Add an account.  Opening with cash creates money, so titles open at $0 and pay the
        starting capital from the bank with :meth:`transfer`; ``cash`` is for test set-ups."""
        if holder_id in self.holders:
            raise ValueError(f"{holder_id} already has an account")
        self.holders[holder_id] = Holder(holder_id, cash)

    def cash(self, holder_id: str) -> int:
        return self._holder(holder_id).cash

    def __contains__(self, holder_id: object) -> bool:
        return holder_id in self.holders

    def __iter__(self) -> Iterator[Holder]:
        return iter(self.holders.values())

    def total(self) -> int:
        """Sum of every balance, bank included; no transfer changes it."""
        return sum(h.cash for h in self.holders.values())

    def check_transfer(self, payer: str, payee: str, amount: int) -> None:
        """Raise :class:`IllegalAction` if ``payer`` cannot pay ``payee`` ``amount`` now."""
        if payer not in self.holders:
            raise IllegalAction(f"{payer} has no account", rule="money.unknown_holder")
        if payee not in self.holders:
            raise IllegalAction(f"{payee} has no account", rule="money.unknown_holder")
        if amount < 0:
            raise IllegalAction(f"cannot pay a negative amount (${amount})", rule="money.negative")
        if payer == payee and amount:
            raise IllegalAction(f"{payer} cannot pay itself", rule="money.self_payment")
        if payer != BANK and self.holders[payer].cash < amount:
            have = self.holders[payer].cash
            raise IllegalAction(
                f"{payer} has ${have} and cannot pay ${amount} to {payee}",
                rule="money.insufficient_cash",
            )

    def transfer(self, payer: str, payee: str, amount: int) -> None:
        """Move ``amount`` dollars; the bank always pays (a broken bank keeps paying)."""
        self.check_transfer(payer, payee, amount)
        if amount == 0:
            return
        self.holders[payer].cash -= amount
        self.holders[payee].cash += amount
        if self.finite and payer == BANK and self.holders[BANK].cash <= 0:
            self.bank_broken = True

    def transfer_all(self, payer: str, payee: str) -> int:
        """Move all of ``payer``'s cash (bankruptcy, liquidation); returns the amount."""
        amount = max(self.cash(payer), 0)
        self.transfer(payer, payee, amount)
        return amount

    def _holder(self, holder_id: str) -> Holder:
        try:
            return self.holders[holder_id]
        except KeyError:
            raise IllegalAction(
                f"{holder_id} has no account", rule="money.unknown_holder"
            ) from None

    def __repr__(self) -> str:
        bank = self.holders[BANK].cash
        kind = ("broken " if self.bank_broken else "") + (
            "bank" if self.finite else "unlimited bank"
        )
        return f"<Ledger {kind} ${bank}, {len(self.holders) - 1} accounts>"
