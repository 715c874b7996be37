"""Auctions: English bidding on one item, and the ways titles string them together.

* :class:`EnglishAuction` - one item; players in turn raise by multiples of the bid step or
  drop out for good; the last bidder standing wins (18RoyalGorge "Private Asset Auction",
  18USA §10 and §11.6, 18West §3.2.4).
* :class:`SequentialAuctionStep` - items auctioned in a fixed order, each from a minimum
  bid; the winner starts the next; an item nobody bids on is removed (18RoyalGorge).

A title with another way (a player choosing which item goes up, sealed bids) builds its own
:class:`AuctionStep` from :func:`bid_actions`, :func:`opening_bid` and :func:`sell_private`.

Bids are listed from the minimum to the bidder's cash in steps of
:attr:`TitleConfig.bid_step`.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.config import AuctionPriority
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bid, Pass
from roundhouse.core.flow.flow_game import FlowGame, G
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step


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


def bid_actions(g: FlowGame, player: str, item: str, low: int) -> list[Action]:
    """``player``'s bids for ``item`` from ``low`` to their cash, in :attr:`TitleConfig.bid_step`
    steps."""
    step = g.config.bid_step
    cash = g.ledger.cash(player)
    return [
        Bid(player=g.pid(player), entity=player, company=item, price=p)
        for p in range(low, cash + 1, step)
    ]


def opening_bid(g: FlowGame, item: str) -> int:
    """The least first bid for a private: its minimum bid, else its face value."""
    spec = g.privates[item].spec
    return spec.value if spec.min_bid is None else spec.min_bid


def sell_private(g: FlowGame, item: str, winner: str, price: int) -> None:
    """``winner`` pays the bank and takes the private."""
    g.ledger.transfer(winner, BANK, price)
    g.privates[item].owner = winner
    name = g.privates[item].spec.name
    g.emit(
        "auction",
        f"{winner} buys {item} {name} for ${price}",
        item=item,
        player=winner,
        price=price,
    )


class AuctionRound(Round[G]):
    """A round made of one auction step, which decides who acts."""

    kind = "Auction"

    def __init__(self, step: AuctionStep[G]) -> None:
        super().__init__([step])
        self.auction = step

    def start(self, g: G) -> None:
        g.emit("round", "Private auction", round=self.label(g), kind=self.kind)
        self.auction.begin(g)
        super().start(g)

    def label(self, g: G) -> str:
        return "Auction"

    def entity(self, g: G) -> str | None:
        acting = self.auction.acting(g)
        return acting[0] if acting and not self.finished else None

    def entities_acting(self, g: G) -> tuple[str, ...]:
        return () if self.finished else self.auction.acting(g)

    def next_entity(self, g: G) -> None:
        if not self.auction.acting(g):
            self.finished = True

    def on_finish(self, g: G) -> None:
        rule = g.config.auction_priority
        if rule is AuctionPriority.MOST_CASH:
            order = g.turn_order_from(g.priority)
            g.priority = max(order, key=lambda p: (g.ledger.cash(p), -order.index(p)))
        elif rule is AuctionPriority.AFTER_LAST_STARTER and self.auction.last_starter:
            order = g.turn_order_from(self.auction.last_starter)
            g.priority = order[1 % len(order)]


class AuctionStep(Step[G]):
    """Base of the auction steps: who acts is the step's business."""

    kinds = frozenset({"bid", "pass"})
    name = "auction"

    def __init__(self) -> None:
        self.last_starter: str | None = None

    def begin(self, g: G) -> None: ...

    def told_pass(self, g: G, who: str) -> str | None:
        """A pass drops out of the bidding for the item on offer: "Ann passes on P29"
        (the steps keeping an :class:`EnglishAuction` as ``auction``), else plainly."""
        auction = getattr(self, "auction", None)
        if isinstance(auction, EnglishAuction):
            return f"{who} passes on {auction.item}"
        return super().told_pass(g, who)

    def acting(self, g: G) -> tuple[str, ...]:
        raise NotImplementedError

    def active(self, g: G, entity: str) -> bool:
        return entity in self.acting(g)

    def listed(self, g: G, entity: str) -> Sequence[Action]:
        """The moves :meth:`check` accepts: :meth:`actions`, unless a title's own
        :meth:`check` judges some of them first (and lists fewer)."""
        return self.actions(g, entity)

    def check(self, g: G, entity: str, action: Action) -> None:
        listed = self.listed(g, entity)
        if action in listed:
            return
        if isinstance(action, Bid):
            if action.price > g.ledger.cash(entity):
                raise IllegalAction(
                    f"{entity} has only ${g.ledger.cash(entity)}", rule="auction.cash"
                )
            raise IllegalAction(
                f"${action.price} is not a valid bid for {action.company} now "
                f"(bids are multiples of ${g.config.bid_step} above the last)",
                rule="auction.min_bid",
            )
        raise IllegalAction(f"{action} is not possible now ({self.name})", rule="step.illegal")


class SequentialAuctionStep(AuctionStep[G]):
    """Items in a fixed order; unbid items are removed (18RoyalGorge)."""

    def __init__(self, items: Sequence[str]) -> None:
        super().__init__()
        self.items = list(items)
        self.auction: EnglishAuction | None = None
        self.starter = ""

    def begin(self, g: G) -> None:
        self.starter = g.priority
        self._open(g)

    def _open(self, g: G) -> None:
        self.auction = None
        if self.items:
            item = self.items.pop(0)
            self.auction = EnglishAuction(
                item, g.turn_order_from(self.starter), opening_bid(g, item)
            )

    def acting(self, g: G) -> tuple[str, ...]:
        return () if self.auction is None else (self.auction.current,)

    def actions(self, g: G, entity: str) -> list[Action]:
        a = self.auction
        assert a is not None
        out = bid_actions(g, entity, a.item, a.min_next(g.config.bid_step))
        out.append(Pass(player=g.pid(entity), entity=entity))
        return out

    def process(self, g: G, entity: str, action: Action) -> None:
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
            g.emit("close", f"Nobody bids for {a.item}: it leaves the game", item=a.item)
        else:
            sell_private(g, a.item, a.high_bidder, a.high_bid)
            self.starter = a.high_bidder
        self._open(g)


def auction_round(g: FlowGame) -> AuctionRound[FlowGame]:
    """The default opening: every private in data order, sequentially (18RoyalGorge)."""
    return AuctionRound(SequentialAuctionStep([p for p in g.privates]))
