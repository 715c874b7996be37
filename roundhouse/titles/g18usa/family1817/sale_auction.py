"""One company sale of the merger and acquisition round, from the first bid to the buyer's
loan repayments (18USA §14.2-§14.2.3).

A company sale is an English auction among players, each bidding for one of their companies
(:class:`~roundhouse.core.flow.actions.Bid` naming the company sold), starting left of the
sold company's president (with no president: with the players in seat order, §14.2.1 "No
President").  Bids are multiples of :attr:`TakeoverRules.bid_step`; the sold company's
president may raise by at most :attr:`TakeoverRules.president_raise_cap`; nobody bids more
than one of their companies could pay.  The winner names the buying company with ``merge``
(18xx.games's vocabulary).  After an acquisition or friendly sale the buyer may repay
acquired loans at once (``payoff_loan``), then passes; each loan left costs two spaces
(§14.2.2).  The round (:class:`~.takeover_round.TakeoverRound`) decides
which company is sold when, and runs the buyer's loans before it pays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bid, Pass
from roundhouse.core.legal import AmountRange
from roundhouse.titles.g18usa.family1817.actions import Merge, PayoffLoan
from roundhouse.titles.g18usa.family1817.company_sale import (
    SaleKind,
    bid_capacity,
    hand_over,
    in_white_area,
    unpaid_acquired_loans,
)
from roundhouse.titles.g18usa.family1817.loan_step import check_payoff, max_loans, payoff_loan

if TYPE_CHECKING:
    from roundhouse.titles.g18usa.family1817.engine import FamilyEngine

MAX_BID_CHOICES = 12
"""``legal_actions`` lists this many bids upward from the least, then the most."""


class SaleAuction:
    """The auction of ``target`` and, once won, its purchase by ``buyer``."""

    __slots__ = (
        "acquired",
        "bidders",
        "buyer",
        "high",
        "high_bidder",
        "kind",
        "out",
        "pot",
        "target",
        "turn",
    )

    def __init__(self, g: FamilyEngine, target: str, kind: SaleKind) -> None:
        self.target = target
        self.kind = kind
        self.high = 0
        self.high_bidder: str | None = None
        president = g.books[target].president
        solvent: list[str] = [p for p in g.players if not g.player(p).bankrupt]
        if president in solvent:
            order = g.turn_order_from(president)
            self.bidders = order[1:] + order[:1]
        else:
            self.bidders = solvent
        self.out: set[str] = set()
        self.turn = -1
        self.buyer = ""
        self.acquired: list[int] = []
        """Loans that came with the target, the buyer may repay at once (§14.2.2)."""
        self.pot = 0
        """A liquidated company's treasury, set aside until the bid is paid (§14.2.1)."""

    def __repr__(self) -> str:
        return f"<SaleAuction {self.target} {self.kind.value} ${self.high} by {self.high_bidder}>"

    # -- who may bid what ----------------------------------------------------------------

    def buyers(self, g: FamilyEngine, player: str) -> list[str]:
        """The player's companies that may buy the company on sale (18USA §14.2)."""
        return [
            c
            for c in g.market.operating_order(g.corps)
            if c != self.target and g.books[c].president == player and in_white_area(g, c)
        ]

    def capacity(self, g: FamilyEngine, player: str) -> int:
        return max(
            (bid_capacity(g, c, self.target, self.kind) for c in self.buyers(g, player)),
            default=-1,
        )

    def min_bid(self, g: FamilyEngine) -> int:
        t = g.config.takeover
        step = t.bid_step
        if self.high_bidder is not None or self.kind is SaleKind.LIQUIDATION:
            return (self.high // step + 1) * step
        if self.kind is SaleKind.ACQUISITION:
            return t.acquisition_min_bid
        # §14.2.3: at least the market value, and bids are multiples of $10 (§14.2.2's
        # procedure): the least bid is the market value rounded up to $10
        value = g.share_price(self.target) * g.books[self.target].size
        return -(-value // step) * step

    def max_bid(self, g: FamilyEngine, player: str) -> int:
        cap = self.capacity(g, player)
        if player == g.books[self.target].president:
            if self.high_bidder is None and self.kind is not SaleKind.LIQUIDATION:
                return min(cap, self.min_bid(g))
            cap = min(cap, self.high + g.config.takeover.president_raise_cap)
        return cap

    def valid_bid(self, g: FamilyEngine, player: str, price: int) -> bool:
        low, high = self.min_bid(g), self.max_bid(g, player)
        step = g.config.takeover.bid_step
        on_step = price % step == 0 or (price == low and self.high_bidder is None)
        return low <= price <= high and on_step

    def check_bid(self, g: FamilyEngine, player: str, action: Bid) -> None:
        if action.company != self.target or not self.valid_bid(g, player, action.price):
            raise IllegalAction(
                f"{player} may bid ${self.min_bid(g)}-${self.max_bid(g, player)} for "
                f"{self.target} in steps of ${g.config.takeover.bid_step}",
                rule="mr.bid",
            )

    # -- the auction ---------------------------------------------------------------------

    def next_bidder(self, g: FamilyEngine) -> str | None:
        """Move to the next player able to bid; None once the bidding is over."""
        for _ in range(len(self.bidders)):
            self.turn = (self.turn + 1) % len(self.bidders)
            p = self.bidders[self.turn]
            if p in self.out or p == self.high_bidder:
                continue
            if self.max_bid(g, p) < self.min_bid(g):
                self.out.add(p)
                continue
            return p
        return None

    def bid_actions(self, g: FamilyEngine, player: str) -> list[Action]:
        p = g.pid(player)
        low, high = self.min_bid(g), self.max_bid(g, player)
        step = g.config.takeover.bid_step
        # the least bid may be off the $10 steps (a friendly sale's market value, §14.2.3);
        # every raise above it is a multiple of the step
        first = -(-low // step) * step
        ladder = [
            low,
            *(first + i * step for i in range(MAX_BID_CHOICES) if first + i * step > low),
        ]
        prices = [x for x in ladder[:MAX_BID_CHOICES] if x <= high]
        if high not in prices and self.valid_bid(g, player, high):
            prices.append(high)
        bids: list[Action] = [
            Bid(player=p, entity=player, company=self.target, price=x) for x in prices
        ]
        return [*bids, Pass(player=p, entity=player)]

    def bid_ranges(self, g: FamilyEngine, player: str) -> list[AmountRange]:
        """Every bid :meth:`valid_bid` takes beyond the listed ones: the multiples of the bid
        step from the lowest to the highest (the list shows the first few)."""
        low, high = self.min_bid(g), self.max_bid(g, player)
        step = g.config.takeover.bid_step
        first, last = -(-low // step) * step, high // step * step
        if last < first:
            return []
        template = Bid(player=g.pid(player), entity=player, company=self.target, price=first)
        return [AmountRange(template, "price", first, last, step)]

    def bid(self, player: str, action: Action) -> None:
        if isinstance(action, Bid):
            self.high, self.high_bidder = action.price, player
        else:
            self.out.add(player)

    # -- the purchase --------------------------------------------------------------------

    def pick_actions(self, g: FamilyEngine, player: str) -> list[Action]:
        """The winner's companies that can pay the bid."""
        p = g.pid(player)
        return [
            Merge(player=p, entity=player, corporation=c)
            for c in self.buyers(g, player)
            if bid_capacity(g, c, self.target, self.kind) >= self.high
        ]

    def pick(self, g: FamilyEngine, buyer: str) -> None:
        """``buyer`` takes the target's assets (18USA §14.2.1-§14.2.3); it pays later."""
        self.buyer = buyer
        acquired = self.kind is not SaleKind.LIQUIDATION
        self.acquired = list(g.loans.of(self.target)) if acquired else []
        self.pot = hand_over(g, self.target, buyer, self.kind)

    def may_repay(self, g: FamilyEngine, loan: int) -> bool:
        try:
            check_payoff(g, self.buyer, loan, any_time=True)
        except IllegalAction:
            return False
        return True

    def repay_actions(self, g: FamilyEngine) -> list[Action]:
        """The first acquired loan the buyer can repay, if any (18USA §14.2.2)."""
        loans = [x for x in self.acquired if self.may_repay(g, x)]
        p = g.controller_id(self.buyer)
        return [PayoffLoan(player=p, entity=self.buyer, loan=loans[0])] if loans else []

    def repay(self, g: FamilyEngine, loan: int) -> None:
        payoff_loan(g, self.buyer, loan, move_price=False)
        self.acquired.remove(loan)

    def repay_over_the_limit(self, g: FamilyEngine) -> None:
        """Repay acquired loans, last first, while the buyer holds more than its limit (§9:
        "The maximum number of loans a company may hold is equal to its share size"; §14.2.2
        leaves the repayment to the buyer): what 18xx.games does at once, unasked
        (``G1817::Step::Acquire#acquire_post_loan``; under
        ``TakeoverRules.repay_acquired_loans``)."""
        while self.acquired and len(g.loans.of(self.buyer)) > max_loans(g, self.buyer):
            loan = self.acquired[-1]
            if not self.may_repay(g, loan):
                return
            self.repay(g, loan)

    def stop_repaying(self, g: FamilyEngine) -> None:
        """18USA §14.2.2: two spaces back per acquired loan left."""
        unpaid_acquired_loans(g, self.buyer, self.acquired)
        self.acquired = []
