"""Auctions: English bidding on one item, and the three ways titles string them together.

* :class:`EnglishAuction` - one item; players in turn raise by multiples of the bid step or
  drop out for good; the last bidder standing wins (18RoyalGorge "Private Asset Auction",
  18USA §10 and §11.6, 18West §3.2.4).
* :class:`SequentialAuctionStep` - items auctioned in a fixed order, each from a minimum
  bid; the winner starts the next; an item nobody bids on is removed (18RoyalGorge).
* :class:`SelectionAuctionStep` - on their turn a player puts an item of their choice up by
  bidding on it, or passes; after each sale the turn goes to the left of the player who put
  it up; all passing in a row ends it (18USA §10).
* :class:`SealedBidStep` - everyone secretly bids one of a few amounts at once; bids are
  paid and players then choose items at face value, highest bid first, ties in seat order
  (18US §3.2's Eastern Railroad Convention).

Bids are listed from the minimum to the bidder's cash in steps of
:attr:`TitleConfig.bid_step`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.config import AuctionPriority
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bid, Pass
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step

if TYPE_CHECKING:
    from roundhouse.core.engine18xx import Engine


class EnglishAuction:
    """Bidding on one item among ``bidders`` (in turn order, first to act first)."""

    __slots__ = ("bidders", "high_bid", "high_bidder", "item", "min_bid", "passed", "turn")

    def __init__(self, item: str, bidders: Sequence[str], min_bid: int) -> None:
        self.item = item
        self.bidders = list(bidders)
        self.min_bid = min_bid
        self.passed: set[str] = set()
        self.high_bid = 0
        self.high_bidder: str | None = None
        self.turn = 0

    @property
    def current(self) -> str:
        return self.bidders[self.turn]

    @property
    def done(self) -> bool:
        remaining = [b for b in self.bidders if b not in self.passed]
        if not remaining:
            return True
        return self.high_bidder is not None and remaining == [self.high_bidder]

    def min_next(self, step: int) -> int:
        return self.high_bid + step if self.high_bidder is not None else self.min_bid

    def _advance(self) -> None:
        for _ in range(len(self.bidders)):
            self.turn = (self.turn + 1) % len(self.bidders)
            if self.current not in self.passed:
                return

    def bid(self, bidder: str, price: int) -> None:
        self.high_bid = price
        self.high_bidder = bidder
        self._advance()

    def drop(self, bidder: str) -> None:
        self.passed.add(bidder)
        if not self.done:
            self._advance()

    def __repr__(self) -> str:
        return f"<Auction {self.item}: ${self.high_bid} by {self.high_bidder}>"


def _bids(g: Engine, player: str, item: str, low: int) -> list[Action]:
    step = g.config.bid_step
    cash = g.ledger.cash(player)
    return [
        Bid(player=g.pid(player), entity=player, company=item, price=p)
        for p in range(low, cash + 1, step)
    ]


def _min_bid(g: Engine, item: str) -> int:
    spec = g.privates[item].spec
    return spec.value if spec.min_bid is None else spec.min_bid


def _sell(g: Engine, item: str, winner: str, price: int) -> None:
    g.ledger.transfer(winner, BANK, price)
    g.privates[item].owner = winner


class AuctionRound(Round):
    """A round made of one auction step, which decides who acts."""

    kind = "Auction"

    def __init__(self, step: AuctionStep) -> None:
        super().__init__([step])
        self.auction = step

    def start(self, g: Engine) -> None:
        self.auction.begin(g)
        super().start(g)

    def label(self, g: Engine) -> str:
        return "Auction"

    def entity(self, g: Engine) -> str | None:
        acting = self.auction.acting(g)
        return acting[0] if acting and not self.finished else None

    def entities_acting(self, g: Engine) -> tuple[str, ...]:
        return () if self.finished else self.auction.acting(g)

    def next_entity(self, g: Engine) -> None:
        if not self.auction.acting(g):
            self.finished = True

    def on_finish(self, g: Engine) -> None:
        rule = g.config.auction_priority
        if rule is AuctionPriority.MOST_CASH:
            order = g.turn_order_from(g.priority)
            g.priority = max(order, key=lambda p: (g.ledger.cash(p), -order.index(p)))
        elif rule is AuctionPriority.AFTER_LAST_STARTER and self.auction.last_starter:
            order = g.turn_order_from(self.auction.last_starter)
            g.priority = order[1 % len(order)]


class AuctionStep(Step):
    """Base of the auction steps: who acts is the step's business."""

    kinds = frozenset({"bid", "pass"})
    name = "auction"

    def __init__(self) -> None:
        self.last_starter: str | None = None

    def begin(self, g: Engine) -> None: ...

    def acting(self, g: Engine) -> tuple[str, ...]:
        raise NotImplementedError

    def active(self, g: Engine, entity: str) -> bool:
        return entity in self.acting(g)

    def check(self, g: Engine, entity: str, action: Action) -> None:
        if isinstance(action, Bid) and action not in self.actions(g, entity):
            if action.price > g.ledger.cash(entity):
                raise IllegalAction(
                    f"{entity} has only ${g.ledger.cash(entity)}", rule="auction.cash"
                )
            raise IllegalAction(
                f"${action.price} is not a valid bid for {action.company} now "
                f"(bids are multiples of ${g.config.bid_step} above the last)",
                rule="auction.min_bid",
            )
        super().check(g, entity, action)


class SequentialAuctionStep(AuctionStep):
    """Items in a fixed order; unbid items are removed (18RoyalGorge)."""

    def __init__(self, items: Sequence[str]) -> None:
        super().__init__()
        self.items = list(items)
        self.auction: EnglishAuction | None = None
        self.starter = ""

    def begin(self, g: Engine) -> None:
        self.starter = g.priority
        self._open(g)

    def _open(self, g: Engine) -> None:
        self.auction = None
        if self.items:
            item = self.items.pop(0)
            self.auction = EnglishAuction(item, g.turn_order_from(self.starter), _min_bid(g, item))

    def acting(self, g: Engine) -> tuple[str, ...]:
        return () if self.auction is None else (self.auction.current,)

    def actions(self, g: Engine, entity: str) -> list[Action]:
        a = self.auction
        assert a is not None
        out = _bids(g, entity, a.item, a.min_next(g.config.bid_step))
        out.append(Pass(player=g.pid(entity), entity=entity))
        return out

    def process(self, g: Engine, entity: str, action: Action) -> None:
        a = self.auction
        assert a is not None
        if isinstance(action, Bid):
            a.bid(entity, action.price)
        else:
            a.drop(entity)
        if not a.done:
            return
        if a.high_bidder is None:
            g.privates[a.item].closed = True  # 18RoyalGorge: "the card is removed from play"
        else:
            _sell(g, a.item, a.high_bidder, a.high_bid)
            self.starter = a.high_bidder
        self._open(g)


class SelectionAuctionStep(AuctionStep):
    """Choose an item to auction or pass; all passing in a row ends it (18USA §10)."""

    def __init__(self, items: Sequence[str]) -> None:
        super().__init__()
        self.items = list(items)
        self.turn = ""
        self.passes = 0
        self.auction: EnglishAuction | None = None

    def begin(self, g: Engine) -> None:
        self.turn = g.priority

    def acting(self, g: Engine) -> tuple[str, ...]:
        if self.auction is not None:
            return (self.auction.current,)
        if not self.items or self.passes >= len(g.turn_order_from(self.turn)):
            return ()
        return (self.turn,)

    def actions(self, g: Engine, entity: str) -> list[Action]:
        out: list[Action] = []
        if self.auction is not None:
            out = _bids(g, entity, self.auction.item, self.auction.min_next(g.config.bid_step))
        else:
            for item in self.items:
                out.extend(_bids(g, entity, item, _min_bid(g, item)))
        out.append(Pass(player=g.pid(entity), entity=entity))
        return out

    def process(self, g: Engine, entity: str, action: Action) -> None:
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
                action.company, g.turn_order_from(entity), _min_bid(g, action.company)
            )
        a = self.auction
        if isinstance(action, Bid):
            a.bid(entity, action.price)
        else:
            a.drop(entity)
        if a.done:
            assert a.high_bidder is not None
            _sell(g, a.item, a.high_bidder, a.high_bid)
            starter = self.last_starter or entity
            self.turn = g.turn_order_from(starter)[1 % len(g.players)]
            self.auction = None


class SealedBidStep(AuctionStep):
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

    def acting(self, g: Engine) -> tuple[str, ...]:
        if len(self.bids) < len(g.players):
            return tuple(p for p in g.players if p not in self.bids)
        return (self.order[0],) if self.order and self.items else ()

    def actions(self, g: Engine, entity: str) -> list[Action]:
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

    def process(self, g: Engine, entity: str, action: Action) -> None:
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
            _sell(g, action.company, entity, action.price)
        self.order.pop(0)

    def view(self, g: Engine) -> dict[str, object]:
        """Bids stay secret until everyone has bid."""
        if len(self.bids) < len(g.players):
            return {"bids_made": sorted(self.bids)}
        return {"bids": dict(self.bids), "order": list(self.order)}


def auction_round(g: Engine) -> AuctionRound:
    """The default opening: every private in data order, sequentially (18RoyalGorge)."""
    return AuctionRound(SequentialAuctionStep([p for p in g.privates]))
