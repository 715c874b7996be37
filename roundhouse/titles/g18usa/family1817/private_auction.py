"""The private auction of the 1817 family (18USA §10): on their turn a player puts a private
of their choice up by bidding on it, or passes; the others raise in turn or drop out; after
each sale the turn goes to the left of the player who put it up; all passing in a row ends
it.  The priority deal then goes to the left of the last player to start an auction
(:attr:`~roundhouse.core.config.AuctionPriority.AFTER_LAST_STARTER`).
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import Bid, Pass
from roundhouse.core.flow.auction import (
    AuctionStep,
    EnglishAuction,
    bid_actions,
    opening_bid,
    sell_private,
)
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine


class SelectionAuctionStep(AuctionStep[FamilyEngine]):
    """Choose an item to auction or pass; all passing in a row ends it (18USA §10)."""

    def __init__(self, items: Sequence[str]) -> None:
        super().__init__()
        self.items = list(items)
        self.turn = ""
        self.passes = 0
        self.auction: EnglishAuction | None = None

    def begin(self, g: FamilyEngine) -> None:
        self.turn = g.priority

    def told_pass(self, g: FamilyEngine, who: str) -> str | None:
        """A pass with no auction open gives up putting a private up for auction (§10);
        in an auction it drops out of the bidding for the private on offer."""
        if self.auction is None:
            return f"{who} passes on putting a private up for auction"
        return super().told_pass(g, who)

    def acting(self, g: FamilyEngine) -> tuple[str, ...]:
        if self.auction is not None:
            return (self.auction.current,)
        if not self.items or self.passes >= len(g.turn_order_from(self.turn)):
            return ()
        return (self.turn,)

    def actions(self, g: FamilyEngine, entity: str) -> list[Action]:
        out: list[Action] = []
        if self.auction is not None:
            out = bid_actions(
                g, entity, self.auction.item, self.auction.min_next(g.config.bid_step)
            )
        else:
            for item in self.items:
                out.extend(bid_actions(g, entity, item, opening_bid(g, item)))
        out.append(Pass(player=g.pid(entity), entity=entity))
        return out

    def process(self, g: FamilyEngine, entity: str, action: Action) -> None:
        if self.auction is None:
            if isinstance(action, Pass):
                self.passes += 1
                self.turn = g.turn_order_from(entity)[1 % len(g.players)]
                return
            assert isinstance(action, Bid)
            self.passes = 0
            self.last_starter = entity
            self.items.remove(action.company)
            self.auction = EnglishAuction(
                action.company, g.turn_order_from(entity), opening_bid(g, action.company)
            )
        a = self.auction
        if isinstance(action, Bid):
            a.bid(entity, action.price)
        else:
            a.drop(entity)
        if a.done:
            assert a.high_bidder is not None
            sell_private(g, a.item, a.high_bidder, a.high_bid)
            starter = self.last_starter or entity
            self.turn = g.turn_order_from(starter)[1 % len(g.players)]
            self.auction = None
