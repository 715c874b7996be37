"""The Eastern Railroad Convention (18US §3.2): everyone secretly bids one of a few amounts
at once; bids are paid, and players then choose concessions at face value, highest bid
first, ties in seat order.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.flow.actions import Bid, Pass
from roundhouse.core.flow.auction import AuctionStep, sell_private
from roundhouse.titles.g18us.state import UsGame


class SealedBidStep(AuctionStep[UsGame]):
    """Simultaneous secret bids of fixed amounts, then choices in bid order (18US §3.2)."""

    def __init__(self, items: Sequence[str], amounts: Sequence[int], lot: str = "sealed") -> None:
        super().__init__()
        self.items = list(items)
        self.amounts = tuple(amounts)
        self.lot = lot
        self.bids: dict[str, int] = {}
        self.order: list[str] = []

    def names(self, kind: str) -> Collection[str]:
        """The lot bid for is a "company" name of its own."""
        return (self.lot,) if kind == "company" else ()

    def acting(self, g: UsGame) -> tuple[str, ...]:
        if len(self.bids) < len(g.players):
            return tuple(p for p in g.players if p not in self.bids)
        return (self.order[0],) if self.order and self.items else ()

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        p = g.pid(entity)
        if len(self.bids) < len(g.players):
            cash = g.ledger.cash(entity)
            return [
                Bid(player=p, entity=entity, company=self.lot, price=a)
                for a in self.amounts
                if a <= cash
            ]
        cash = g.ledger.cash(entity)
        return [
            Bid(player=p, entity=entity, company=i, price=g.privates[i].spec.value)
            for i in self.items
            if g.privates[i].spec.value <= cash
        ] or [Pass(player=p, entity=entity)]

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        if len(self.bids) < len(g.players):
            assert isinstance(action, Bid)
            self.bids[entity] = action.price
            if len(self.bids) == len(g.players):
                for player, amount in self.bids.items():
                    g.ledger.transfer(player, BANK, amount)
                seats: list[str] = list(g.players)
                self.order = sorted(seats, key=lambda q: (-self.bids[q], seats.index(q)))
            return
        if isinstance(action, Bid):
            self.items.remove(action.company)
            sell_private(g, action.company, entity, action.price)
        self.order.pop(0)

    def view(self, g: UsGame) -> dict[str, object]:
        """Bids stay secret until everyone has bid."""
        if len(self.bids) < len(g.players):
            return {"bids_made": sorted(self.bids)}
        return {"bids": dict(self.bids), "order": list(self.order)}
