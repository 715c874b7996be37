"""The 1817 family's merger and acquisition round (18USA §14).

In order (§14): conversions and mergers, companies in operating order, each once (§14.1),
each followed by the post-conversion share round (§14.1.3: the president buys any number of
treasury shares, then each other player clockwise buys one or sells); then liquidations
(§14.2.1), acquisitions (§14.2.2) and friendly sales (§14.2.3), each in reverse operating
order.  Companies in the liquidation or acquisition zone take no part except by being sold;
a company that entered the acquisition zone during this round is not offered (§14).

Each company sale is a :class:`~.sale_auction.SaleAuction` (bidding,
the winner naming the buyer, repaying acquired loans).

Loans are the president's decisions here, as §14 words them: after a conversion the
company may take loans before it buys its station tokens (§14.1.1 "Take loans (if
desired)"; unaffordable tokens send it to liquidation), after a merger's share round it
may take loans (§14.1.2), and a company that won a sale takes loans before it pays (§14.2
"It may take loans"; it must, while its treasury is short of the bid).  A decision with no
loan to take is skipped.  Debts of players (a liquidated company's loans, short
settlements) stop the round in a cash crisis until they are paid (§15).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bid, BuyShares, Pass, SellShares
from roundhouse.core.flow.trade import check_sale, do_purchase, do_sale, sale_counts
from roundhouse.core.legal import AmountRange, kinds_of, of_kinds
from roundhouse.core.share_trade import check_buy
from roundhouse.titles.g18usa.family1817.actions import (
    Assign,
    Convert,
    Merge,
    PayoffLoan,
    ScrapTrain,
    TakeLoan,
)
from roundhouse.titles.g18usa.family1817.car_step import scrap, scrap_actions
from roundhouse.titles.g18usa.family1817.cash_crisis import CashCrisisRound, settle_front
from roundhouse.titles.g18usa.family1817.company_sale import (
    SaleKind,
    buy_conversion_tokens,
    check_merge,
    convert,
    finish_sale,
    hand_over,
    in_white_area,
    merge,
    settle_holders,
)
from roundhouse.titles.g18usa.family1817.engine import FG, FamilyEngine
from roundhouse.titles.g18usa.family1817.loan_step import check_take_loan, take_loan
from roundhouse.titles.g18usa.family1817.sale_auction import SaleAuction
from roundhouse.titles.g18usa.family1817.short_sale import close_short
from roundhouse.titles.g18usa.family1817.token_board import TakeoverBoardMap
from roundhouse.titles.g18usa.family1817.token_cut_step import StationTokenCutStep

if TYPE_CHECKING:
    pass

LOAN_PHASES = frozenset({"convert_loans", "merge_loans", "pay"})
"""Phases in which the acting company's president decides on loans (18USA §14)."""

TOKEN_CUT = StationTokenCutStep()
"""18USA §14.3: the president's choice of the eight stations to keep, asked before anything
else happens in the round (the step holds no state)."""


def cutting(g: FamilyEngine) -> str | None:
    """The company whose president must take stations off the map now (18USA §14.3), when
    the board asks (:attr:`TakeoverBoardMap.token_choice`)."""
    board = g.map
    if not isinstance(board, TakeoverBoardMap):
        return None
    for corp in sorted(board.token_cuts):
        if board.token_cuts[corp] > 0 and g.controller(corp) is not None:
            return corp
    return None


class TakeoverRound(CashCrisisRound[FG]):
    kind = "MR"

    def __init__(self) -> None:
        super().__init__([])
        self.phase = "merge"
        self.queue: list[str] = []
        self.involved: set[str] = set()
        self.acquisition_at_start: set[str] = set()
        self.liquidation_at_start: set[str] = set()
        self.done_sales: set[str] = set()
        self.friendly: list[str] | None = None
        self.sale_queue: list[str] | None = None
        """Companies still to be sold or offered, last first
        (:attr:`~.takeover.TakeoverRules.sales_in_one_pass`)."""
        self.post_corp = ""
        self.post_order: list[str] = []
        self.post_index = 0
        self.loan_corp = ""
        """The company deciding on loans in a loan phase."""
        self.post_merger = False
        self.converted = ""
        """A company converted whose loans and tokens wait until its share round is over
        (:attr:`~.takeover.TakeoverRules.shares_before_conversion_loans`)."""
        """Whether the share round under way follows a merger (loans come after it)."""
        self.auction: SaleAuction | None = None
        """The company sale under way (phases offer, auction, pick, pay, repay)."""
        self.crisis_from: str | None = None
        """The president of the company sold last (18xx.games orders debtors from them)."""

    # -- who may do what -----------------------------------------------------------------

    def white(self, g: FamilyEngine, corp_id: str) -> bool:
        return in_white_area(g, corp_id)

    def _sale(self) -> SaleAuction:
        assert self.auction is not None
        return self.auction

    def merge_options(self, g: FamilyEngine, corp_id: str) -> list[Action]:
        if corp_id in self.involved or not self.white(g, corp_id) or not g.controller(corp_id):
            return []
        t = g.config.takeover
        p = g.controller_id(corp_id)
        out: list[Action] = []
        if t.next_size(g.books[corp_id].size) is None:
            return out
        out.append(Convert(player=p, entity=corp_id))
        for other in g.market.operating_order(g.corps):
            if other in self.involved or other == corp_id or not self.white(g, other):
                continue
            try:
                check_merge(g, corp_id, other)
            except IllegalAction:
                continue
            out.append(Merge(player=p, entity=corp_id, corporation=other))
        return out

    # -- turn structure ------------------------------------------------------------------

    def start(self, g: FG) -> None:
        t = g.config.takeover
        floated = [c.id for c in g.corps.values() if c.floated and not c.closed]
        self.queue = [c for c in g.market.operating_order(floated) if self.white(g, c)]
        self.acquisition_at_start = set(g.market.companies_in(t.acquisition_zone))
        self.liquidation_at_start = set(g.market.companies_in(t.liquidation_zone))
        g.emit(
            "round",
            f"Merger and acquisition round {self.label(g)[3:]}",
            round=self.label(g),
            kind=self.kind,
        )
        self._advance(g)

    def label(self, g: FG) -> str:
        return f"MR {g.set_count}.{g.or_in_set}"

    def told_pass(self, g: FG, action: Action) -> str | None:
        """A pass in words naming the decision given up (18USA §14): converting or merging
        (§14.1), trading the shares of the company just converted or merged (§14.1.3),
        offering one's company for a friendly sale (§14.2.3), bidding in a sale (§14.2),
        taking loans or repaying the acquired ones; as the steps of other rounds say theirs
        (:meth:`~roundhouse.core.flow.step.Step.told_pass`)."""
        if self.crisis.debts:
            return super().told_pass(g, action)
        who = self.entity(g)
        if who is None:
            return None
        passer = getattr(action, "entity", who)
        if cutting(g) == who:
            return TOKEN_CUT.told_pass(g, passer)
        if self.phase == "merge":
            words = "passes on converting or merging"
        elif self.phase == "post":
            corp = self.post_corp
            if g.books[corp].president == passer:
                words = f"passes on buying {corp} shares"
            else:
                words = f"passes on buying or selling {corp} shares"
        elif self.phase == "offer":
            words = f"passes on offering {self._sale().target} for sale"
        elif self.phase == "auction":
            words = f"passes on bidding for {self._sale().target}"
        elif self.phase in LOAN_PHASES:
            words = "passes on taking loans"
        elif self.phase == "repay":
            words = "passes on repaying loans"
        else:
            return None
        return f"{passer} {words}"

    def entity(self, g: FG) -> str | None:
        if self.finished:
            return None
        cut = cutting(g)
        if cut is not None:
            return cut
        if self.phase == "merge":
            return self.queue[0]
        if self.phase == "post":
            return self.post_order[self.post_index]
        if self.phase == "offer":
            return g.books[self._sale().target].president
        if self.phase == "auction":
            sale = self._sale()
            return sale.bidders[sale.turn]
        if self.phase == "pick":
            return self._sale().high_bidder
        if self.phase == "repay":
            return self._sale().buyer
        if self.phase in LOAN_PHASES:
            return self.loan_corp
        return None

    def next_entity(self, g: FG) -> None:  # pragma: no cover - _advance moves on
        self._advance(g)

    def resume(self, g: FG) -> None:
        self._advance(g)

    def _advance(self, g: FamilyEngine) -> None:
        """Move on to the next decision; debts the sales raised are ordered and paid where
        the debtor has the cash, and when none is left to ask for (all paid, or void as
        their debtor is bankrupt, 18USA §15) the round moves on again (found by the
        differential: random bots, 6 players, seed 2070, where a bankrupt president's
        liquidation debt left the round with nobody to act)."""
        while True:
            self._advance_steps(g)
            if not (self.crisis.debts and g.config.takeover.liquidations_before_crisis):
                return
            self._order_debts(g)
            if self.crisis.debts or self.finished:
                return

    def sold_by(self, g: FamilyEngine, target: str) -> str | None:
        """Whom the cash crisis after ``target``'s sale starts from: its president, or,
        with none left (the president's certificate in the open market), its president
        when it went to the liquidation space (18xx.games ``G1817::Step::Acquire
        #finalize_acquisition``: ``owner_when_liquidated``; found by the differential:
        random bots, 7 players, seed 2065, where GN's liquidation raised debts of three
        players and the site asked P5 first, clockwise from GN's bankrupt president)."""
        president = g.books[target].president
        if president is not None:
            return president
        return g.liquidated_by.get(target, self.crisis_from)

    def _order_debts(self, g: FamilyEngine) -> None:
        """18xx.games's order of the debtors (``G1817::Step::CashCrisis#active_entities``):
        clockwise from the president of the company sold last (``G1817::Step::Acquire
        #finalize_acquisition``), each player's debts together."""
        start = self.crisis_from
        if start is None or start not in g.players:
            return
        seats = [str(p) for p in g.players]
        at = seats.index(start)

        def distance(player: str) -> int:
            return (seats.index(player) - at) % len(seats) if player in seats else len(seats)

        self.crisis.debts.sort(key=lambda d: distance(d.player))
        settle_front(g, self.crisis)

    def _goes_on_in_crisis(self, g: FamilyEngine) -> bool:
        """Whether the round carries on past debts just raised: under
        :attr:`~.takeover.TakeoverRules.liquidations_before_crisis`, while the company sales
        go on with nobody to ask (an auction nobody can bid in, the bank liquidating)."""
        if not g.config.takeover.liquidations_before_crisis:
            return False
        if self.phase == "auction":
            return True
        if self.phase == "sale":
            liq, acq = self._sale_candidates(g)
            return bool(liq or acq)
        return False

    def _advance_steps(self, g: FamilyEngine) -> None:
        while not self.finished and (not self.crisis.debts or self._goes_on_in_crisis(g)):
            if cutting(g) is not None:
                return
            if self.phase == "merge":
                while self.queue and not self.merge_options(g, self.queue[0]):
                    self.queue.pop(0)
                if self.queue:
                    return
                self.phase = "sale"
            elif self.phase == "post":
                if self.post_index < len(self.post_order):
                    if g.player(self.post_order[self.post_index]).bankrupt:
                        self.post_index += 1  # §15: a bankrupt player has left the game
                        continue
                    return
                self.phase = "merge"
                if self.post_merger and g.controller(self.post_corp) is not None:
                    self.phase, self.loan_corp = "merge_loans", self.post_corp
                elif self.converted == self.post_corp:
                    self.phase, self.loan_corp = "convert_loans", self.post_corp
            elif self.phase in LOAN_PHASES:
                if g.controller(self.loan_corp) is None:
                    # its president went bankrupt mid-decision (§15): no more choices; a
                    # buyer still borrows what the bid needs (§14.2)
                    while not self._may_finish(g) and self._loan(g) is not None:
                        take_loan(g, self.loan_corp)
                elif self._loan(g) is not None or not self._may_finish(g):
                    return
                self._finish_loans(g)
            elif self.phase == "repay":
                sale = self._sale()
                if g.controller(sale.buyer) is not None:
                    return
                sale.stop_repaying(g)  # the buyer's president went bankrupt (§15)
                self._settle(g)
            elif self.phase == "sale":
                if self._next_sale(g):
                    return
            elif self.phase == "auction":
                if self._moved_during_round(g, self._sale()):
                    self.phase, self.auction = "sale", None  # no longer for sale
                    continue
                if self._next_bidder(g):
                    return
            else:
                return

    def _moved_during_round(self, g: FamilyEngine, sale: SaleAuction) -> bool:
        """Whether the company auctioned, not yet bought, has moved into the liquidation or
        acquisition area since the round began (its president's bankruptcy mid-auction,
        §15), under :attr:`~.takeover.TakeoverRules.liquidate_only_at_start`: 18xx.games
        then calls its auction off ("no longer eligible to be auctioned",
        ``G1817::Step::Acquire#active_entities``), as it skips such a company before its
        turn (found by the export differential, issue #17: random bots, 3 players, seed
        901).  By default the auction under way goes on."""
        t = g.config.takeover
        if not t.liquidate_only_at_start or sale.buyer:
            return False
        zones = g.market.zones(sale.target)
        if t.liquidation_zone in zones:
            return sale.target not in self.liquidation_at_start
        if t.acquisition_zone in zones:
            return sale.target not in self.acquisition_at_start
        return False

    def _sale_candidates(self, g: FamilyEngine) -> tuple[list[str], list[str]]:
        """The companies still to be liquidated and to be offered for acquisition."""
        t = g.config.takeover
        liq = [c for c in g.market.companies_in(t.liquidation_zone) if g.corps[c].floated]
        if t.liquidate_only_at_start:
            liq = [c for c in liq if c in self.liquidation_at_start]
        acq = [
            c
            for c in g.market.companies_in(t.acquisition_zone)
            if c in self.acquisition_at_start and c not in self.done_sales
        ]
        return liq, acq

    def _next_sale(self, g: FamilyEngine) -> bool:
        t = g.config.takeover
        if t.sales_in_one_pass:
            return self._next_in_one_pass(g)
        liq, acq = self._sale_candidates(g)
        if liq:
            self._open(g, liq[-1], SaleKind.LIQUIDATION)
            return False  # on to the first bidder, left of the president
        if acq:
            self._open(g, acq[-1], SaleKind.ACQUISITION)
            return False
        if self.friendly is None:
            self.friendly = (
                [c for c in g.market.operating_order(g.corps) if self.white(g, c)]
                if t.friendly_sales
                else []
            )
        while self.friendly:
            corp_id = self.friendly.pop()
            if self.white(g, corp_id) and g.books[corp_id].president is not None:
                self.auction = SaleAuction(g, corp_id, SaleKind.FRIENDLY)
                self.phase = "offer"
                return True
        self.finished = True
        return True

    def _next_in_one_pass(self, g: FamilyEngine) -> bool:
        """The next sale of :attr:`~.takeover.TakeoverRules.sales_in_one_pass`: a company in
        the liquidation or acquisition area is auctioned if it was there when the round
        began (one that moved there during it is skipped); any other is offered for a
        friendly sale if it has a president."""
        t = g.config.takeover
        if self.sale_queue is None:
            floated = [c for c, corp in g.corps.items() if corp.floated and not corp.closed]
            self.sale_queue = list(g.market.operating_order(floated))
        while self.sale_queue:
            corp_id = self.sale_queue.pop()
            corp = g.corps[corp_id]
            if corp_id in self.done_sales or not corp.floated or corp.closed:
                continue
            zones = g.market.zones(corp_id)
            if t.liquidation_zone in zones:
                if corp_id in self.liquidation_at_start:
                    self._open(g, corp_id, SaleKind.LIQUIDATION)
                    return False
                continue
            if t.acquisition_zone in zones:
                if corp_id in self.acquisition_at_start:
                    self._open(g, corp_id, SaleKind.ACQUISITION)
                    return False
                continue
            if t.friendly_sales and g.books[corp_id].president is not None:
                self.auction = SaleAuction(g, corp_id, SaleKind.FRIENDLY)
                self.phase = "offer"
                return True
        self.finished = True
        return True

    def _open(self, g: FamilyEngine, target: str, kind: SaleKind) -> None:
        """Start the auction of ``target``: from the left of its president (18USA §14.2)."""
        self.done_sales.add(target)
        self.auction = SaleAuction(g, target, kind)
        self.phase = "auction"

    def _next_bidder(self, g: FamilyEngine) -> bool:
        """Move to the next player able to bid; close the auction when none is left: the
        winner names the buyer, or nobody bid (a liquidated company goes to the bank for
        $0, §14.2.1; any other stays in play, §14.2.2-§14.2.3)."""
        sale = self._sale()
        if sale.next_bidder(g) is not None:
            return True
        if sale.high_bidder is not None:
            self.phase = "pick"
            return True
        self.phase = "sale"
        self.auction = None
        if sale.kind is SaleKind.LIQUIDATION:
            self.crisis_from = self.sold_by(g, sale.target)
            pot = hand_over(g, sale.target, None, sale.kind)
            finish_sale(g, sale.target, None, 0, sale.kind, pot)
        return False

    # -- actions -------------------------------------------------------------------------

    def legal_actions(self, g: FG, kinds: Collection[str] | None = None) -> list[Action]:
        """The moves of the round's phase (its own lists, short: ``kinds`` only filters)."""
        return of_kinds(self._listing(g), kinds)

    def legal_kinds(self, g: FG) -> frozenset[str]:
        return kinds_of(self._listing(g))

    def _listing(self, g: FG) -> list[Action]:
        if self.crisis.debts:
            return super().legal_actions(g)
        who = self.entity(g)
        if who is None:
            return []
        if cutting(g) == who:
            return TOKEN_CUT.actions(g, who)
        p = g.controller_id(who)
        scraps = scrap_actions(g, who) if who in g.corps else []
        if self.phase in LOAN_PHASES:
            loan = self._loan(g)
            out: list[Action] = list(scraps)
            if loan is not None:
                out.append(TakeLoan(player=p, entity=who, loan=loan))
            if self._may_finish(g):
                out.append(Pass(player=p, entity=who))
            return out
        if self.phase == "merge":
            return [*self.merge_options(g, who), *scraps, Pass(player=p, entity=who)]
        if self.phase == "post":
            return [*self._post_actions(g, who), Pass(player=p, entity=who)]
        sale = self._sale()
        if self.phase == "offer":
            return [Assign(player=p, entity=who, target=sale.target), Pass(player=p, entity=who)]
        if self.phase == "auction":
            return sale.bid_actions(g, who)
        if self.phase == "pick":
            return sale.pick_actions(g, who)
        return [*sale.repay_actions(g), *scraps, Pass(player=p, entity=who)]

    def legal_ranges(self, g: FG) -> list[AmountRange]:
        """In an auction, every bid in steps up to the bidder's limit (the list shows the
        first few, :meth:`SaleAuction.bid_ranges`)."""
        if self.crisis.debts:
            return super().legal_ranges(g)
        who = self.entity(g)
        if who is None or self.phase != "auction" or cutting(g) is not None:
            return []
        return self._sale().bid_ranges(g, who)

    def _post_actions(self, g: FamilyEngine, player: str) -> list[Action]:
        corp_id = self.post_corp
        book = g.books[corp_id]
        out: list[Action] = []
        cert = next(
            (c for c in sorted(book.certs_of(corp_id), key=lambda c: c.id) if c.playable), None
        )
        if cert is not None and g.ledger.cash(player) >= g.share_price(corp_id) * cert.shares:
            try:
                check_buy(
                    book,
                    player,
                    cert.id,
                    rules=g.config.share_rules,
                    zones=g.market.zones(corp_id),
                    cert_count=g.cert_count(player),
                    cert_limit=g.cert_limit(),
                )
                out.append(BuyShares(player=g.pid(player), entity=player, shares=(cert.id,)))
            except IllegalAction:
                pass
        if player != book.president:
            for n in sale_counts(g, player, corp_id):
                out.append(
                    SellShares(player=g.pid(player), entity=player, corporation=corp_id, count=n)
                )
        return out

    def _loan(self, g: FamilyEngine) -> int | None:
        """The loan the deciding company may take now, if any (18USA §9).  A converted or
        merged company that loans drove out of the white area takes no more (§14: "may not
        take any further actions ... (except loans to pay for the acquisition)")."""
        if self.phase != "pay" and not self.white(g, self.loan_corp):
            return None
        try:
            return check_take_loan(g, self.loan_corp)
        except IllegalAction:
            return None

    def _may_finish(self, g: FamilyEngine) -> bool:
        """A buyer stops taking loans only once its treasury holds the bid (§14.2)."""
        if self.phase != "pay":
            return True
        sale = self._sale()
        return g.ledger.cash(sale.buyer) >= sale.high

    def _finish_loans(self, g: FamilyEngine) -> None:
        corp = self.loan_corp
        if self.phase == "convert_loans":
            buy_conversion_tokens(g, corp)
            self.phase = "merge"
            if self.converted == corp:
                self.converted = ""  # its share round came first (18xx.games order)
            elif self.white(g, corp):  # §11.1, §11.3: no trading in liquidation or acquisition
                self._post(g, corp, [corp])
        elif self.phase == "merge_loans":
            self.phase = "merge"
        else:
            sale = self._sale()
            self.crisis_from = self.sold_by(g, sale.target)
            finish_sale(g, sale.target, sale.buyer, sale.high, sale.kind, sale.pot, settle=False)
            if g.config.takeover.repay_acquired_loans:
                sale.repay_over_the_limit(g)
            self.phase = "repay" if sale.acquired else "sale"
            if not sale.acquired:
                self._settle(g)

    def check(self, g: FG, action: Action) -> None:
        if self.crisis.debts:
            super().check(g, action)
            return
        who = self.entity(g)
        entity = getattr(action, "entity", None)
        if who is None or entity != who:
            raise IllegalAction(
                f"{entity} cannot act now; waiting for {who or 'nobody'}",
                rule="round.not_your_turn",
            )
        if cutting(g) == who:
            TOKEN_CUT.check(g, who, action)
            return
        if self.phase == "auction" and isinstance(action, Bid):
            self._sale().check_bid(g, who, action)
            return
        if self.phase in LOAN_PHASES and isinstance(action, TakeLoan) and action.entity == who:
            check_take_loan(g, who, action.loan)
        if self.phase == "post" and isinstance(action, SellShares):
            if action.corporation != self.post_corp or player_is_president(g, who, action):
                raise IllegalAction(
                    f"only {self.post_corp} may be sold now", rule="mr.post_conversion"
                )
            check_sale(g, who, action.corporation, action.count)
            return
        if action not in self.legal_actions(g):
            raise IllegalAction(
                f"{action} is not possible now (M&A {self.phase})", rule="mr.illegal"
            )

    def process(self, g: FG, action: Action) -> None:
        if self.crisis.debts:
            super().process(g, action)
            return
        who = self.entity(g)
        assert who is not None
        if isinstance(action, Pass):
            words = self.told_pass(g, action)
            if words is not None:
                g.emit("pass", words, entity=action.entity, step=self.phase, restates=True)
        if cutting(g) == who:
            TOKEN_CUT.process(g, who, action)
        elif isinstance(action, ScrapTrain):
            scrap(g, who, action.train)  # §12.7: any time the company may act; turn goes on
        elif self.phase == "merge":
            self.queue.pop(0)
            if isinstance(action, Convert):
                convert(g, who, tokens=False)
                self.involved.add(who)
                self.phase, self.loan_corp = "convert_loans", who
                if g.config.takeover.shares_before_conversion_loans:
                    self.converted = who
                    if self.white(g, who):
                        self._post(g, who, [who])
            elif isinstance(action, Merge):
                merge(g, who, action.corporation)
                self._post(g, who, [who, action.corporation])
        elif self.phase in LOAN_PHASES:
            if isinstance(action, TakeLoan):
                take_loan(g, who)
            else:
                self._finish_loans(g)
        elif self.phase == "post":
            president = g.books[self.post_corp].president
            if isinstance(action, BuyShares):
                do_purchase(g, who, action.shares[0])
                if g.shorts.of(who, self.post_corp):
                    # §14.1.1 "subject to the normal rules": §11.3 closes a short
                    close_short(g, who, action.shares[0])
                if g.config.takeover.new_president_buys_on:
                    president = g.books[self.post_corp].president
                if who != president:
                    self.post_index += 1
            elif isinstance(action, SellShares):
                do_sale(g, who, action.corporation, action.count)
                self.post_index += 1
            else:
                self.post_index += 1
        elif self.phase == "offer":
            if isinstance(action, Assign):
                self.done_sales.add(self._sale().target)
                self.phase = "auction"
            else:
                self.phase, self.auction = "sale", None
        elif self.phase == "auction":
            self._sale().bid(who, action)
        elif self.phase == "pick":
            assert isinstance(action, Merge)
            self._sale().pick(g, action.corporation)
            self.phase, self.loan_corp = "pay", action.corporation
        elif self.phase == "repay":
            if isinstance(action, PayoffLoan):
                self._sale().repay(g, action.loan)
            else:
                self._sale().stop_repaying(g)
                self._settle(g)
        self._advance(g)

    def _settle(self, g: FamilyEngine) -> None:
        """The sale's shareholders and short sellers settle once the buyer has paid and
        decided on the acquired loans (§14.2.2, §14.2.3), and the round moves on."""
        sale = self._sale()
        if sale.kind is not SaleKind.LIQUIDATION:
            settle_holders(g, sale.target, sale.high)
        self.phase, self.auction = "sale", None

    def _post(self, g: FamilyEngine, corp_id: str, involved: list[str]) -> None:
        """18USA §14.1.3: the president first, then each player clockwise from their left."""
        self.post_merger = len(involved) > 1
        self.involved.update(involved)
        president = g.books[corp_id].president
        if president is None or g.corps[corp_id].closed:
            return
        self.post_corp = corp_id
        self.post_order = g.turn_order_from(president)
        self.post_index = 0
        self.phase = "post"


def player_is_president(g: FamilyEngine, player: str, action: SellShares) -> bool:
    return g.books[action.corporation].president == player
