"""Pay out, withhold or half-pay the revenue just run, and move the share price.

18RoyalGorge "Pay Dividends or Withhold Revenue": revenue / 10 per share, pool shares' part
stays with the bank, treasury shares pay the company; the price moves right once per
multiple of the share price earned and one left on a withhold or no revenue.  18US §6.6 and
§4.2, 18West §7.6 and §4.2, 18USA §12.5 (half pay, 50% steps per share) differ only in the
:class:`~roundhouse.core.dividend.PayoutRule`, the thresholds and the basis, all config.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.config import DividendBasis, DividendKind
from roundhouse.core.dividend import half_split, pay, payout, payout_text
from roundhouse.core.event import price_move
from roundhouse.core.flow.actions import Dividend
from roundhouse.core.flow.flow_game import G
from roundhouse.core.flow.step import Step
from roundhouse.core.market import Direction, dividend_steps


class DividendStep(Step[G]):
    kinds = frozenset({"dividend"})
    name = "dividend"

    def __init__(self) -> None:
        self.done = False

    def setup(self, g: G, entity: str) -> None:
        self.done = False

    def active(self, g: G, entity: str) -> bool:
        return not self.done and g.or_round().revenue is not None

    def modes(self, g: G, entity: str) -> list[DividendKind]:
        """With no revenue the only choice is the withhold (the price still drops,
        18RoyalGorge: "This will always occur in a company's first operating round")."""
        if not g.or_round().revenue:
            return [DividendKind.WITHHOLD]
        kinds = g.hooks.dividend_kinds(g, entity)
        return [k for k in DividendKind if k in kinds]

    def actions(self, g: G, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        return [Dividend(player=p, entity=entity, mode=k.value) for k in self.modes(g, entity)]

    def process(self, g: G, entity: str, action: Action) -> None:
        assert isinstance(action, Dividend)
        revenue = g.or_round().revenue or 0
        mode = DividendKind(action.mode)
        book = g.books[entity]
        before = g.share_price(entity)
        if mode is DividendKind.WITHHOLD:
            g.ledger.transfer(BANK, entity, revenue)
            self.withhold_move(g, entity)
            g.emit("withhold", f"{entity} withholds ${revenue}", company=entity, amount=revenue)
        else:
            paid = revenue
            if mode is DividendKind.HALF:
                paid, kept = half_split(revenue, book.size)
                g.ledger.transfer(BANK, entity, kept)
                g.emit("withhold", f"{entity} keeps ${kept}", company=entity, amount=kept)
            split = payout(book, paid, g.hooks.payout_rule(g, entity))
            pay(g.ledger, split)
            g.emit("payout", payout_text(split), company=entity, paid=dict(split.paid))
            self.after_payout(g, entity, paid // book.size)
            basis = paid if g.config.dividend_basis is DividendBasis.TOTAL else paid // book.size
            steps = dividend_steps(
                basis,
                g.hooks.dividend_price(g, entity),
                g.hooks.dividend_thresholds(g, entity),
                floor=g.config.dividend_thresholds_floor,
            )
            g.market.move(entity, Direction.RIGHT, steps)
        g.last_revenue[entity] = revenue
        g.emit(
            "price",
            price_move(entity, before, g.share_price(entity), g.market.zones(entity)),
            company=entity,
        )
        g.after_price_move(entity)
        self.done = True

    def withhold_move(self, g: G, entity: str) -> None:
        """Move the price for a withhold: one space left.  A title whose market stops such
        a move short of some space overrides it."""
        g.market.withhold(entity)

    def after_payout(self, g: G, entity: str, per_share: int) -> None:
        """The shareholders have been paid ``per_share`` a share and the price has not moved
        yet: a title whose rules charge or pay more on a payout (18USA §12.5: short sellers
        pay the dividend) does it here.  Core: nothing."""
