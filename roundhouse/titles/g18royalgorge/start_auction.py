"""The Auction Variant: the right to start a railroad is auctioned.

Rulebook "Game Play Variants", Auction Variant: "Each time a player wants to start a new train
company, they must auction off the rights to do so. The initiating player begins the bid at
any $5 increment. In clockwise order, players may place higher bids, also in $5 increments.
When all but one player has passed, the highest bidder pays their bid to the bank. (This
payment does not contribute to starting the company.) The winning player then starts the
company according to the normal rules. If the auction winner is different from the initiating
player, play resumes with the initiating player."

How it plays here:

* in a stock turn, instead of starting a railroad, a player opens the auction for it with a
  bid (``bid`` with the railroad as ``company``); the opening bid is any multiple of $5 from
  $0 - the text sets no minimum, and $0 leaves an unwanted railroad at its normal cost;
* the others, clockwise from the initiator, raise by multiples of $5 or pass (out of this
  auction); a player may bid only while they could still start the railroad after paying
  (room for the president's certificate, cash for the bid and the cheapest starting price);
* the winner pays the bank and at once chooses the starting price ("according to the normal
  rules": ``par``); for the initiator that is the turn's purchase; for anyone else it is no
  turn of theirs, and the initiator's turn goes on as if nothing had been bought yet.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bid, Par, Pass
from roundhouse.core.flow.auction import EnglishAuction
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.stock_round import StockStep
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from roundhouse.titles.g18royalgorge.stock_round import RoyalGorgeStockRound, RoyalGorgeStockStep

STEP = 5
"""Bids are "in $5 increments"."""


def par_actions(g: RoyalGorgeGame, player: str, corp_id: str) -> list[Action]:
    """The normal ways ``player`` could start ``corp_id`` now (core's stock step rules)."""
    return StockStep._pars(StockStep(), g, player, corp_id)


def highest_bid(g: RoyalGorgeGame, player: str, corp_id: str) -> int | None:
    """The most ``player`` may bid and still start the railroad; None if they cannot."""
    pars = [a.share_price for a in par_actions(g, player, corp_id) if isinstance(a, Par)]
    if not pars:
        return None
    pc = g.books[corp_id].president_cert
    if pc is None:
        return None
    return g.ledger.cash(player) - min(pars) * pc.shares


def bids(g: RoyalGorgeGame, player: str, corp_id: str, low: int) -> list[Action]:
    top = highest_bid(g, player, corp_id)
    if top is None:
        return []
    return [
        Bid(player=g.pid(player), entity=player, company=corp_id, price=p)
        for p in range(low, top + 1, STEP)
    ]


class StartAuctionStockRound(RoyalGorgeStockRound):
    """The stock round with an auction for a railroad's start open inside a player's turn."""

    def __init__(self, steps: list[Step[RoyalGorgeGame]]) -> None:
        super().__init__(steps)
        self.start_auction: EnglishAuction | None = None
        self.initiator: str | None = None
        self.winner: str | None = None
        """The auction's winner, who now chooses the starting price."""
        self.resumed = False

    def entity(self, g: RoyalGorgeGame) -> str | None:
        if self.finished:
            return None
        if self.winner is not None:
            return self.winner
        if self.start_auction is not None:
            return self.start_auction.current
        return super().entity(g)

    def after_process(self, g: RoyalGorgeGame, entity: str) -> None:
        """While the auction runs the stock turn stays the initiator's; when someone else
        has started the railroad, the initiator's turn simply continues."""
        if self.initiator is not None:
            return
        if self.resumed:
            self.resumed = False
            return
        super().after_process(g, entity)


def _round(g: RoyalGorgeGame) -> StartAuctionStockRound:
    r = g.round
    assert isinstance(r, StartAuctionStockRound)
    return r


class StartAuctionStockStep(RoyalGorgeStockStep):
    """A stock turn in which a new railroad is opened to auction, never started directly."""

    kinds = RoyalGorgeStockStep.kinds | frozenset({"bid"})

    def _pars(self, g: RoyalGorgeGame, player: str, corp_id: str) -> list[Action]:
        return bids(g, player, corp_id, 0)

    def check(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        if isinstance(action, Bid):
            if action not in self._pars(g, entity, action.company):
                raise IllegalAction(
                    f"{entity} cannot open the auction for {action.company} at ${action.price} "
                    f"(multiples of ${STEP}, leaving the cash to start it)",
                    rule="start_auction.bid",
                )
            return
        if isinstance(action, Par):
            raise IllegalAction(
                f"{action.corporation} is started only by winning its auction (Auction Variant)",
                rule="start_auction.par",
            )
        super().check(g, entity, action)

    def process(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        if not isinstance(action, Bid):
            super().process(g, entity, action)
            return
        r = _round(g)
        r.start_auction = EnglishAuction(action.company, g.turn_order_from(entity), 0)
        r.start_auction.bid(entity, action.price)
        r.initiator = entity
        r.turn_acted = True


class StartAuctionStep(Step[RoyalGorgeGame]):
    """The bidding for a railroad's start, then its winner's starting price."""

    kinds = frozenset({"bid", "pass", "par"})
    name = "start_auction"

    def active(self, g: RoyalGorgeGame, entity: str) -> bool:
        r = _round(g)
        return r.initiator is not None and r.entity(g) == entity

    def actions(self, g: RoyalGorgeGame, entity: str) -> list[Action]:
        r = _round(g)
        if r.winner is not None:
            assert r.start_auction is not None
            return par_actions(g, entity, r.start_auction.item)
        a = r.start_auction
        assert a is not None
        return [
            *bids(g, entity, a.item, a.high_bid + STEP),
            Pass(player=g.pid(entity), entity=entity),
        ]

    def check(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        if action not in self.actions(g, entity):
            r = _round(g)
            what = "choose that starting price" if r.winner is not None else "bid that"
            raise IllegalAction(
                f"{entity} cannot {what} now (bids: multiples of ${STEP} above the last, "
                "leaving the cash to start the railroad)",
                rule="start_auction.bid",
            )

    def process(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        r = _round(g)
        a = r.start_auction
        assert a is not None and r.initiator is not None
        if isinstance(action, Par):
            g.start_company(entity, action.corporation, action.share_price)
            if entity == r.initiator:
                r.turn_bought += 1
            else:
                r.resumed = True
            r.start_auction = r.winner = r.initiator = None
            return
        if isinstance(action, Bid):
            a.bid(entity, action.price)
        else:
            a.drop(entity)
        if a.done:
            assert a.high_bidder is not None
            g.ledger.transfer(a.high_bidder, BANK, a.high_bid)
            r.winner = a.high_bidder

    def view(self, g: RoyalGorgeGame) -> dict[str, object]:
        r = _round(g)
        a = r.start_auction
        if a is None:
            return {}
        return {
            "railroad": a.item,
            "initiator": r.initiator,
            "high_bid": a.high_bid,
            "high_bidder": a.high_bidder,
            "winner": r.winner,
        }
