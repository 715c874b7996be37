"""18West's stock rounds: the Initial Stock Round with its President's Certificate auctions
(§3.2), later stock rounds (§3.5, §5), and their common purchase rules: treasury stock only
for the President once half the company is out, before Phase 6 (§5.1.2); two UP singles
bought from the Pool become its President's Certificate while that is in the Pool (§3.2.3,
§3.5); companies started from Phase 6 fully funded (§3.3.4); Public Companies started in the
round buy their first train in the next operating round (§7.8.2).
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bid, BuyShares, Choose, Par, Pass, SellShares
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.stock_round import StockRound, StockStep
from roundhouse.core.shares import IPO, POOL, company_of
from roundhouse.titles.g18west import land_grant
from roundhouse.titles.g18west.data import GRANGER, PUBLIC, UP, UP_FORCED_PRICE, kind_of
from roundhouse.titles.g18west.state import WestGame

FULL_CAP_STATUS = "full_cap"
"""§3.3.4 and §5.1.2: from Phase 6 companies start fully funded, treasury stock is free."""

HALF = 5
"""§5.1.2: "until fifty percent of the Company's stock (five shares including the
President's Certificate) is in players' hands or in the Pool"."""

GRANGER_MIN_START = 50
OTHER_MIN_START = 70
"""§3.3.1-§3.3.3: the lowest Starting Values."""


def treasury_open(game: WestGame, player: str, corp_id: str) -> bool:
    """§5.1.2: before Phase 6 only the President buys from a treasury once five shares are
    in players' hands or the Pool."""
    if FULL_CAP_STATUS in game.depot.phases.current.status:
        return True
    if game.books[corp_id].president == player:
        return True
    book = game.books[corp_id]
    out = sum(book.shares_of(p) for p in game.players) + book.shares_of(POOL)
    return out < HALF


def up_exchange(game: WestGame, player: str) -> None:
    """§3.2.3, §3.5: "a player who acquires two shares of UP stock immediately becomes
    President, and exchanges their two single share certificates for the President's
    Certificate with the Pool"."""
    book = game.books[UP]
    pc = book.president_cert
    if pc is None or pc.owner != POOL or book.shares_of(player) < 2:
        return
    book.transfer(player, POOL, 2)
    book.move(pc.id, player)
    game.emit("president", f"{player} becomes president of UP", company=UP)


class WestStockStep(StockStep[WestGame]):
    """A stock turn (§5.1) under 18West's purchase rules; in the Initial Stock Round only UP
    stock may be sold and President's Certificates are auctioned, not bought (§3.2)."""

    kinds = frozenset({"sell_shares", "buy_shares", "par", "pass", "choose"})

    def __init__(self, *, initial: bool) -> None:
        self.initial = initial

    def setup(self, g: WestGame, entity: str) -> None:
        r = g.round
        if isinstance(r, WestStockRound) and (r.auction is not None or r.awaiting is not None):
            return
        super().setup(g, entity)

    def sells(self, g: WestGame, player: str) -> list[Action]:
        out = super().sells(g, player)
        if self.initial:
            out = [a for a in out if isinstance(a, SellShares) and a.corporation == UP]
        return out

    def buys(self, g: WestGame, player: str) -> list[Action]:
        out = super().buys(g, player)
        if self.initial:
            out.extend(self._auctions(g, player))
        return out

    def buys_of(self, g: WestGame, player: str, corp_id: str) -> list[Action]:
        out: list[Action] = []
        for a in super().buys_of(g, player, corp_id):
            if isinstance(a, BuyShares):
                cert = g.books[corp_id].cert(a.shares[0])
                if cert.owner == corp_id and not treasury_open(g, player, corp_id):
                    continue
                if self.initial and cert.president:
                    continue
                if self.initial and corp_id == UP and player in g.isr_sold_up:
                    continue
            elif isinstance(a, Par) and self.initial:
                continue
            out.append(a)
        return out

    def _auctions(self, game: WestGame, player: str) -> list[Action]:
        """§3.2.4: the President's Certificates in the Pool a player may put up: their cash
        covers the two shares at the lowest Starting Value (a bid of $0)."""
        out: list[Action] = []
        cash = game.ledger.cash(player)
        for corp_id, corp in game.corps.items():
            if corp_id == UP:
                pc = game.books[UP].president_cert
                if pc is None or pc.owner != POOL or player in game.isr_sold_up:
                    continue
            elif corp.started or corp.closed:
                continue
            if cash < least_cost(corp_id):
                continue
            out.append(Choose(player=game.pid(player), entity=player, choice=f"auction:{corp_id}"))
        return out

    def check(self, g: WestGame, entity: str, action: Action) -> None:
        """A purchase, a start or an auction is taken when :meth:`buys` lists it, which it
        does while the turn may still buy (core's :meth:`StockStep.actions` lists the buys
        then; the sales it lists besides are never one of these)."""
        if isinstance(action, (BuyShares, Par, Choose)) and (
            self._round(g).turn_bought >= g.config.buys_per_turn
            or action not in self._listed_with(g, entity, action)
        ):
            raise IllegalAction(f"{action} is not possible now", rule="sr.not_available")
        if isinstance(action, Choose):
            return
        super().check(g, entity, action)

    def _listed_with(self, g: WestGame, entity: str, action: Action) -> list[Action]:
        """The part of :meth:`buys` that lists ``action`` if anything does: its company's
        purchases or starts, or the auctions."""
        if isinstance(action, BuyShares):
            corp_id = company_of(action.shares[0]) if action.shares else ""
            return self.buys_of(g, entity, corp_id)
        if isinstance(action, Par):
            return self.buys_of(g, entity, action.corporation)
        return self._auctions(g, entity) if self.initial else []

    def process(self, g: WestGame, entity: str, action: Action) -> None:
        r = g.round
        assert isinstance(r, WestStockRound)
        if isinstance(action, Choose):
            corp_id = action.choice.split(":", 1)[1]
            r.open_auction(g, entity, corp_id)
            return
        if isinstance(action, Par) and FULL_CAP_STATUS in g.depot.phases.current.status:
            start_fully_funded(g, entity, action.corporation, action.share_price)
            r.turn_bought += 1
            r.turn_acted = True
            return
        super().process(g, entity, action)
        if isinstance(action, SellShares) and action.corporation == UP and self.initial:
            g.isr_sold_up.add(entity)
        if isinstance(action, BuyShares | Par):
            g.isr_acted = True
            up_exchange(g, entity)
        if isinstance(action, Par):
            after_start(g, action.corporation)


def least_cost(corp_id: str) -> int:
    """Cash a player needs to open an auction with a bid of $0 (§3.2.4)."""
    if corp_id == UP:
        return UP_FORCED_PRICE
    return 2 * (GRANGER_MIN_START if kind_of(corp_id) == GRANGER else OTHER_MIN_START)


def after_start(game: WestGame, corp_id: str) -> None:
    """§7.8.2: the DRG, the GN and any company started as Public from Phase 5 may buy a
    train after the Granger Roads have run in the next operating round."""
    if not game.corps[corp_id].floated:
        return  # §3.3.4: once five shares are out (:meth:`.rules.WestHooks.on_float`)
    if game.kind(corp_id) == PUBLIC and corp_id not in game.initial_train:
        game.initial_train.append(corp_id)
    if game.kind(corp_id) == PUBLIC:
        game.bypass.setdefault(corp_id, False)  # §3.3.3, §7.4.2


def start_fully_funded(game: WestGame, player: str, corp_id: str, price: int) -> None:
    """§3.3.4: the President's Certificate is paid to the Bank, the eight singles go to the
    Pool; the company starts once five shares are out, the Bank paying it ten times its
    Starting Value (:meth:`.state.WestGame.check_float`).  A Land Grant Company starts as a
    Public one (§8.8)."""
    game.full_cap.add(corp_id)
    land_grant.start_land_grant(game, corp_id)
    book = game.books[corp_id]
    pc = book.president_cert
    assert pc is not None
    for cert in book.certs.values():
        if not cert.president and cert.owner in (corp_id, IPO):
            cert.owner = POOL
            cert.playable = True
    pc.owner = IPO  # bought from the Bank: the money goes to the Bank (§3.3.4)
    game.start_company(player, corp_id, price)


class WestStockRound(StockRound[WestGame]):
    """A stock round whose turn may hold a §3.2.4 auction (the Initial Stock Round)."""

    def __init__(self, steps: list[Step[WestGame]], *, initial: bool) -> None:
        super().__init__(steps)
        self.initial = initial
        self.auction: Auction | None = None
        self.awaiting: tuple[str, str] | None = None
        """(winner, company): the auction's winner chooses the Starting Value."""

    def label(self, g: WestGame) -> str:
        return "ISR" if self.initial else super().label(g)

    def entity(self, g: WestGame) -> str | None:
        if self.auction is not None:
            return self.auction.current
        if self.awaiting is not None:
            return self.awaiting[0]
        return super().entity(g)

    def open_auction(self, game: WestGame, player: str, corp_id: str) -> None:
        order = game.turn_order_from(player)
        self.auction = Auction(corp_id, order)
        game.emit(
            "auction", f"{player} puts up {corp_id}'s President's Certificate", company=corp_id
        )

    def close_auction(self, game: WestGame) -> None:
        a = self.auction
        assert a is not None and a.high_bidder is not None
        self.auction = None
        winner, corp_id, bid = a.high_bidder, a.item, a.high_bid
        game.isr_acted = True
        if corp_id == UP:
            price = UP_FORCED_PRICE
            game.ledger.transfer(winner, BANK, bid + price)
            pc = game.books[UP].president_cert
            assert pc is not None
            game.books[UP].move(pc.id, winner)
            game.emit(
                "auction",
                f"{winner} wins UP's President's Certificate: ${bid} and ${price}",
                company=UP,
            )
            self._end_auction_turn(game)
            return
        game.ledger.transfer(winner, BANK, bid)
        game.emit("auction", f"{winner} wins {corp_id} for ${bid}", company=corp_id)
        self.awaiting = (winner, corp_id)

    def _end_auction_turn(self, game: WestGame) -> None:
        self.awaiting = None
        self.turn_acted = True
        self.turn_bought = game.config.buys_per_turn
        self.next_entity(game)

    def next_entity(self, g: WestGame) -> None:
        super().next_entity(g)
        if self.initial and self.finished and not g.isr_acted:
            force_up(g)
            self.finished = False
            self.passes = 0
            self.index = self.order.index(g.priority)
            self.last_actor = g.priority
            self.index = (self.index + 1) % len(self.order)
            self.begin_player_turn()


def force_up(game: WestGame) -> None:
    """§3.2.5: if everyone passes on the first turn, the Priority Deal holder "must buy the
    UP President's Certificate at its Current Market Value of $140"."""
    player = game.priority
    pc = game.books[UP].president_cert
    assert pc is not None
    game.ledger.transfer(player, BANK, UP_FORCED_PRICE)
    game.books[UP].move(pc.id, player)
    game.isr_acted = True
    game.emit("president", f"{player} must buy UP's President's Certificate for $140", company=UP)


class Auction:
    """§3.2.4's auction: bids multiples of $5 from $0, in Stock Round order; a player who
    passes is out; the last bidder standing wins."""

    __slots__ = ("bidders", "high_bid", "high_bidder", "item", "passed", "turn")

    def __init__(self, item: str, bidders: list[str]) -> None:
        self.item = item
        self.bidders = bidders
        self.passed: set[str] = set()
        self.high_bid = 0
        self.high_bidder: str | None = None
        self.turn = 0

    @property
    def current(self) -> str:
        return self.bidders[self.turn]

    def remaining(self) -> list[str]:
        return [b for b in self.bidders if b not in self.passed]

    @property
    def done(self) -> bool:
        return self.high_bidder is not None and self.remaining() == [self.high_bidder]

    def advance(self) -> None:
        n = len(self.bidders)
        for k in range(1, n + 1):
            nxt = (self.turn + k) % n
            if self.bidders[nxt] not in self.passed:
                self.turn = nxt
                return


class AuctionStep(Step[WestGame]):
    """The bids of an open auction (§3.2.4); the one who opened it bids first and may not
    pass (they chose to put it up)."""

    kinds = frozenset({"bid", "pass"})
    name = "auction"

    def _round(self, g: WestGame) -> WestStockRound:
        assert isinstance(g.round, WestStockRound)
        return g.round

    def told_pass(self, g: WestGame, who: str) -> str | None:
        """A pass drops out of the bidding for the certificate up for auction (§3.2.4):
        "Bob passes on UP's President's Certificate"."""
        a = self._round(g).auction
        if a is None:
            return super().told_pass(g, who)
        return f"{who} passes on {a.item}'s President's Certificate"

    def active(self, g: WestGame, entity: str) -> bool:
        a = self._round(g).auction
        return a is not None and a.current == entity

    def actions(self, g: WestGame, entity: str) -> list[Action]:
        a = self._round(g).auction
        assert a is not None
        p = g.pid(entity)
        low = 0 if a.high_bidder is None else a.high_bid + g.config.bid_step
        high = g.ledger.cash(entity) - least_cost(a.item)
        out: list[Action] = [
            Bid(player=p, entity=entity, company=a.item, price=x)
            for x in range(low, high + 1, g.config.bid_step)
        ]
        if a.high_bidder is not None or not out:
            out.append(Pass(player=p, entity=entity))
        return out

    def process(self, g: WestGame, entity: str, action: Action) -> None:
        r = self._round(g)
        a = r.auction
        assert a is not None
        if isinstance(action, Bid):
            a.high_bid = action.price
            a.high_bidder = entity
            g.emit("bid", f"{entity} bids ${action.price} for {a.item}", company=a.item)
        else:
            a.passed.add(entity)
        if a.high_bidder is None and not a.remaining():
            r.auction = None
            r._end_auction_turn(g)
            return
        if a.done:
            r.close_auction(g)
            return
        a.advance()


class AuctionParStep(Step[WestGame]):
    """The auction's winner chooses the Starting Value and pays twice it to the company
    (§3.2.4: "starts the associated Company as described in [3.3.1], [3.3.2] and [3.3.3]")."""

    kinds = frozenset({"par"})
    name = "auction_par"

    def _round(self, g: WestGame) -> WestStockRound:
        assert isinstance(g.round, WestStockRound)
        return g.round

    def active(self, g: WestGame, entity: str) -> bool:
        w = self._round(g).awaiting
        return w is not None and w[0] == entity

    def actions(self, g: WestGame, entity: str) -> list[Action]:
        w = self._round(g).awaiting
        assert w is not None
        corp_id = w[1]
        cash = g.ledger.cash(entity)
        return [
            Par(player=g.pid(entity), entity=entity, corporation=corp_id, share_price=p)
            for p in g.hooks.par_prices(g, corp_id)
            if 2 * p <= cash
        ]

    def process(self, g: WestGame, entity: str, action: Action) -> None:
        assert isinstance(action, Par)
        g.start_company(entity, action.corporation, action.share_price)
        after_start(g, action.corporation)
        self._round(g)._end_auction_turn(g)


def initial_stock_round() -> WestStockRound:
    return WestStockRound(
        [AuctionStep(), AuctionParStep(), WestStockStep(initial=True)], initial=True
    )


def stock_round() -> WestStockRound:
    return WestStockRound([WestStockStep(initial=False)], initial=False)
