"""A player who owes money they do not have: they sell shares, or go bankrupt (18USA §15).

The 1817 family's Cash Crisis covers every debt a player owes outside a train purchase:
interest their company could not pay (§12.8), dividends owed on short shares (§12.5), a
liquidated company's loans (§14.2.1) and a sold company's short settlement (§14.2).  The
player sells shares one at a time to the open market under the normal rules, never changing
a presidency, until the debt is covered; the sales are the player's choice.  When nothing
more may be sold and the money is still short, the only move left is to declare bankruptcy.

Debts wait in a queue on the round (:class:`CashCrisisRound`): several players owing at once
pay one after another, clockwise from the company's president (§15), and the round stops
where the debt arose until the queue is empty.  A debtor with the cash pays at once, without
a decision.  Rounds that cannot pause (no :class:`CashCrisisRound`) fall back to selling for
the player, cheapest company first - no 1817-family title should use one.

On bankruptcy the player's cash goes to the company whose interest could not be paid, else
to the bank; their shares, shorts and presidencies go to the open market and a company whose
president's certificate lands there goes to the liquidation zone (§15).

:class:`~.corporate_round.CorporateOperatingRound` is the 1817 family's
operating round built on it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bankrupt, SellShares
from roundhouse.core.flow.emergency import declare_bankruptcy
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.trade import check_sale, do_sale, sale_counts
from roundhouse.core.legal import AmountRange, kinds_of, of_kinds
from roundhouse.core.shares import POOL
from roundhouse.titles.g18usa.family1817.engine import FG, FamilyEngine
from roundhouse.titles.g18usa.powers import one_position


@dataclasses.dataclass(slots=True)
class Debt:
    """``player`` owes ``amount`` to ``payee``; bankrupt, their cash goes to ``cause``."""

    player: str
    amount: int
    payee: str
    cause: str = BANK
    """18USA §15: the company whose loan interest could not be paid, else the bank."""
    reason: str = "a debt"
    """For messages: "CC's loan interest", "dividends on CC shorts"."""


class CashCrisis:
    """The debts a round is waiting on, oldest first, and whose turn resumes afterwards."""

    __slots__ = ("debts", "waiting")

    def __init__(self) -> None:
        self.debts: list[Debt] = []
        self.waiting: str | None = None
        """The entity whose action raised the debts (its turn goes on once they are paid)."""

    def __deepcopy__(self, memo: dict[int, object]) -> CashCrisis:
        copy = CashCrisis()
        copy.debts = [dataclasses.replace(d) for d in self.debts]
        copy.waiting = self.waiting
        return copy

    @property
    def front(self) -> Debt | None:
        return self.debts[0] if self.debts else None

    def __repr__(self) -> str:
        owed = ", ".join(f"{d.player} ${d.amount}" for d in self.debts)
        return f"<CashCrisis {owed or 'none'}>"


# -- owing -------------------------------------------------------------------------------


def owe(
    g: FamilyEngine,
    player: str,
    amount: int,
    payee: str,
    *,
    cause: str = BANK,
    reason: str = "a debt",
) -> None:
    """``player`` must pay ``amount`` to ``payee`` now: at once if they have the cash and
    nobody before them is still raising money, else through a cash crisis (18USA §15)."""
    if amount <= 0 or g.player(player).bankrupt:
        return
    r = g.round
    if isinstance(r, CashCrisisRound):
        r.crisis.debts.append(Debt(player, amount, payee, cause, reason))
        settle_front(g, r.crisis)
        return
    if g.ledger.cash(player) < amount:
        _sell_for(g, player, amount)
    if g.ledger.cash(player) >= amount:
        g.ledger.transfer(player, payee, amount)
    else:
        bankrupt(g, player, cause)


def settle_front(g: FamilyEngine, crisis: CashCrisis) -> None:
    """Pay queued debts in order while their debtors have the cash; stop at the first who
    must sell.  Debts of players already bankrupt are void (18USA §15)."""
    while crisis.debts:
        debt = crisis.debts[0]
        if g.player(debt.player).bankrupt or g.end.over:
            crisis.debts.pop(0)
            if g.end.over and not g.player(debt.player).bankrupt:
                unpaid = g.unpaid_at_end
                unpaid[debt.player] = unpaid.get(debt.player, 0) + debt.amount
            continue
        if g.ledger.cash(debt.player) < debt.amount:
            return
        g.ledger.transfer(debt.player, debt.payee, debt.amount)
        crisis.debts.pop(0)


def _sell_for(g: FamilyEngine, player: str, amount: int) -> None:
    """The fallback for rounds that cannot pause: cheapest company first, one share at a
    time, no presidency change (18USA §15)."""
    for corp_id in reversed(g.market.operating_order(g.books)):
        while g.ledger.cash(player) < amount and g.books[corp_id].shares_of(player):
            try:
                do_sale(g, player, corp_id, 1, allow_presidency_change=False)
            except IllegalAction:
                break


# -- the debtor's choices ----------------------------------------------------------------


def crisis_sales(g: FamilyEngine, debt: Debt) -> dict[str, list[int]]:
    """Company -> share counts the debtor may sell now: the normal rules, no presidency
    change, and never a share more than the debt needs (18USA §15: "sold one at a time ...
    until enough money has been raised")."""
    short = debt.amount - g.ledger.cash(debt.player)
    if short <= 0:
        return {}
    out: dict[str, list[int]] = {}
    for corp_id, book in g.books.items():
        if not book.certs_of(debt.player):
            continue
        price = g.share_price(corp_id)
        counts = [
            n
            for n in sale_counts(g, debt.player, corp_id, allow_presidency_change=False)
            if (n - 1) * price < short
        ]
        if counts:
            out[corp_id] = counts
    return out


def crisis_actions(g: FamilyEngine, debt: Debt) -> list[Action]:
    """Every sale the debtor may make; bankruptcy when there is none (18USA §15)."""
    p = g.pid(debt.player)
    sales = crisis_sales(g, debt)
    out: list[Action] = [
        SellShares(player=p, entity=debt.player, corporation=c, count=n)
        for c, counts in sales.items()
        for n in counts
    ]
    return out or [Bankrupt(player=p, entity=debt.player)]


def check_crisis_action(g: FamilyEngine, debt: Debt, action: Action) -> None:
    entity = getattr(action, "entity", None)
    if entity != debt.player:
        raise IllegalAction(
            f"{debt.player} must first raise ${debt.amount} for {debt.reason}; "
            f"{entity} cannot act now",
            rule="cash_crisis.pending",
        )
    sales = crisis_sales(g, debt)
    if isinstance(action, SellShares):
        if action.corporation not in g.books:
            raise IllegalAction(f"there is no {action.corporation}", rule="sr.unknown")
        check_sale(g, debt.player, action.corporation, action.count, allow_presidency_change=False)
        if action.count not in sales.get(action.corporation, []):
            raise IllegalAction(
                f"{debt.player} needs ${debt.amount - g.ledger.cash(debt.player)} more and "
                f"may not sell more {action.corporation} shares than that needs",
                rule="cash_crisis.oversell",
            )
        return
    if isinstance(action, Bankrupt):
        if sales:
            raise IllegalAction(
                f"{debt.player} can still sell shares to pay ${debt.amount}",
                rule="cash_crisis.can_sell",
            )
        return
    raise IllegalAction(
        f"{debt.player} must sell shares to pay ${debt.amount} for {debt.reason}",
        rule="cash_crisis.pending",
    )


def process_crisis_action(g: FamilyEngine, crisis: CashCrisis, action: Action) -> None:
    debt = crisis.debts[0]
    if isinstance(action, SellShares):
        do_sale(g, debt.player, action.corporation, action.count, allow_presidency_change=False)
    else:
        crisis.debts.pop(0)
        bankrupt(g, debt.player, debt.cause)
    settle_front(g, crisis)


class CashCrisisRound(Round[FG]):
    """A round that stops while a player raises money (18USA §15).

    Put it before the round class in the bases (``class R(CashCrisisRound, OperatingRound)``):
    while debts are queued the debtor at the front is the one acting, with
    :func:`crisis_actions`; the round's own move-on (:meth:`Round.after_process`) waits and
    runs once the last debt is paid (:meth:`resume`).
    """

    def __init__(self, steps: Sequence[Step[FG]]) -> None:
        super().__init__(steps)
        self.crisis = CashCrisis()

    def entities_acting(self, g: FG) -> tuple[str, ...]:
        debt = self.crisis.front
        if debt is not None:
            return (debt.player,)
        return super().entities_acting(g)

    def offered(self, g: FG, entity: str, taking: Action | None = None) -> list[Step[FG]]:
        """No step is on offer while a debtor raises money (:func:`crisis_actions` are).
        Asking the steps changes nothing, so the ability steps' question whether the turn
        still waits on a blocking step is answered once
        (:func:`~roundhouse.titles.g18usa.powers.one_position`)."""
        if self.crisis.debts:
            return []
        with one_position():
            return super().offered(g, entity, taking)

    def legal_actions(self, g: FG, kinds: Collection[str] | None = None) -> list[Action]:
        debt = self.crisis.front
        if debt is not None:
            return of_kinds(crisis_actions(g, debt), kinds)
        return super().legal_actions(g, kinds)

    def legal_kinds(self, g: FG) -> frozenset[str]:
        debt = self.crisis.front
        if debt is not None:
            return kinds_of(crisis_actions(g, debt))
        return super().legal_kinds(g)

    def legal_ranges(self, g: FG) -> list[AmountRange]:
        if self.crisis.debts:
            return []
        return super().legal_ranges(g)

    def check(self, g: FG, action: Action) -> None:
        debt = self.crisis.front
        if debt is not None:
            check_crisis_action(g, debt, action)
            return
        super().check(g, action)

    def process(self, g: FG, action: Action) -> None:
        if self.crisis.debts:
            process_crisis_action(g, self.crisis, action)
            if not self.crisis.debts:
                self.resume(g)
            return
        super().process(g, action)

    def after_process(self, g: FG, entity: str) -> None:
        if self.crisis.debts:
            self.crisis.waiting = entity
            return
        super().after_process(g, entity)

    def resume(self, g: FG) -> None:
        """The debts are paid: carry on where the action that raised them left off."""
        waiting, self.crisis.waiting = self.crisis.waiting, None
        if waiting is not None:
            super().after_process(g, waiting)

    def label(self, g: FG) -> str:
        debt = self.crisis.front
        base = super().label(g)
        return base if debt is None else f"{base} (cash crisis: {debt.player})"


# -- bankruptcy --------------------------------------------------------------------------


def bankrupt(g: FamilyEngine, player: str, cause: str) -> None:
    """18USA §15: cash to ``cause`` (to the bank without
    :attr:`~.config.FamilyConfig.interest_bankrupt_cash_to_company`), holdings and shorts
    to the open market."""
    g.ledger.transfer_all(player, cause if g.config.interest_bankrupt_cash_to_company else BANK)
    presided = [c for c, b in g.books.items() if b.president == player]
    for corp_id in presided:
        g.liquidated_by[corp_id] = player
    declare_bankruptcy(g, cause if cause in g.corps else next(iter(g.corps)), player)
    for corp_id in list(g.shorts.held):
        n = g.shorts.of(player, corp_id)
        if n:
            g.shorts.add(player, corp_id, -n)
            g.shorts.add(POOL, corp_id, n)
            cancel_pool_shorts(g, corp_id)
    current = g.round.entity(g) if g.round.kind == "OR" else None
    if current in presided and g.controller(current) is None:
        g.round.next_entity(g)  # nobody is left to run the rest of its turn
    zone = g.config.takeover.liquidation_zone
    if g.config.takeover.enabled:
        for corp_id in g.market.operating_order(presided):
            pc = g.books[corp_id].president_cert
            if pc is not None and pc.owner == POOL:
                enter_zone(g, corp_id, zone)


def cancel_pool_shorts(g: FamilyEngine, corp_id: str, *, from_treasury: bool = False) -> None:
    """Shorts in the open market go back on the short stack with a matching regular share
    from the market (18USA §15); with ``from_treasury`` the bank also buys the missing
    shares from the company's treasury at the share price (18USA §11, at a stock round's
    start)."""
    book = g.books[corp_id]
    while g.shorts.of(POOL, corp_id):
        cert = next((c for c in book.certs_of(POOL) if not c.president and c.playable), None)
        if cert is None and from_treasury:
            cert = next((c for c in book.certs_of(corp_id) if not c.president and c.playable), None)
            if cert is not None:
                g.ledger.transfer(BANK, corp_id, cert.shares * g.share_price(corp_id))
        if cert is None:
            return
        del book.certs[cert.id]
        g.shorts.add(POOL, corp_id, -1)


def enter_zone(g: FamilyEngine, corp_id: str, zone: str) -> None:
    """Put the company's price token on the first cell of ``zone`` (18USA §12.6, §12.8:
    "placed in the liquidation space"), below any tokens there."""
    cells = g.market.grid.with_zones({zone})
    if not cells:
        raise ValueError(f"the market has no {zone} zone")
    president = g.books[corp_id].president
    if zone == g.config.takeover.liquidation_zone and president is not None:
        g.liquidated_by[corp_id] = president
    if zone not in g.market.zones(corp_id):
        g.market.place(corp_id, cells[0])
