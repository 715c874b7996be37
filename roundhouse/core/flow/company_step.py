"""A company buys a private card during its operating turn (non-blocking: any time).

18RoyalGorge "Buy Private Assets": from the green phase until silver, for half to double the
face value, from a player who agrees; 18US §6.1: concessions at face value from their owner
or the pool.  Core offers purchases from the company's own president (who agrees with
themself); the title sets the phases through
:meth:`~roundhouse.core.hooks.Hooks.may_buy_privates` and the range through
:attr:`TitleConfig.private_price_range_pct`.  Prices are listed at the range's ends and each
multiple of :attr:`TitleConfig.agreed_price_step`; :meth:`BuyCompanyStep.ranges` documents
the whole span, and ``check`` accepts any whole dollar in it.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyCompany
from roundhouse.core.flow.flow_game import G
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.train_step import price_points
from roundhouse.core.legal import AmountRange


class BuyCompanyStep(Step[G]):
    kinds = frozenset({"buy_company"})
    blocking = False
    name = "buy_company"
    passing = "passes on buying a private"

    def _ranges(self, g: G, corp: str) -> dict[str, tuple[int, int]]:
        if not g.hooks.may_buy_privates(g, corp):
            return {}
        president = g.controller(corp)
        cash = g.ledger.cash(corp)
        lo_pct, hi_pct = g.config.private_price_range_pct
        out: dict[str, tuple[int, int]] = {}
        for pid, private in g.privates.items():
            if private.closed or not private.spec.company_may_buy:
                continue
            if president is None or private.owner != president:
                continue
            value = private.spec.value
            low, high = -(-value * lo_pct // 100), min(value * hi_pct // 100, cash)
            if low <= high:
                out[pid] = (low, high)
        return out

    def active(self, g: G, entity: str) -> bool:
        return bool(self._ranges(g, entity))

    def actions(self, g: G, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        return [
            BuyCompany(player=p, entity=entity, company=pid, price=price)
            for pid, (low, high) in self._ranges(g, entity).items()
            for price in price_points(low, high, g.config.agreed_price_step)
        ]

    def ranges(self, g: G, entity: str) -> list[AmountRange]:
        p = g.controller_id(entity)
        return [
            AmountRange(
                BuyCompany(player=p, entity=entity, company=pid, price=low), "price", low, high
            )
            for pid, (low, high) in self._ranges(g, entity).items()
        ]

    def check(self, g: G, entity: str, action: Action) -> None:
        assert isinstance(action, BuyCompany)
        ranges = self._ranges(g, entity)
        if action.company not in ranges:
            raise IllegalAction(f"{entity} cannot buy {action.company} now", rule="company.buy")
        low, high = ranges[action.company]
        if not low <= action.price <= high:
            raise IllegalAction(
                f"{entity} may pay ${low}-${high} for {action.company}", rule="company.price"
            )

    def process(self, g: G, entity: str, action: Action) -> None:
        assert isinstance(action, BuyCompany)
        private = g.privates[action.company]
        g.ledger.transfer(entity, private.owner or BANK, action.price)
        private.owner = entity
