"""The stock round: players in turn sell, then buy one certificate or start a company, or pass.

Common to the four titles (18RoyalGorge "Stock Round", 18US §5, 18West §5.1, 18USA §11):

* play starts with the priority deal holder and goes round the table;
* in a turn a player sells any number of shares, then buys one certificate or starts a
  company (:attr:`TitleConfig.sell_buy_order`, :attr:`TitleConfig.buys_per_turn`);
* a player who sold a company may not buy it again this round (``shares.rebuy_after_sale``);
* the round ends when every player has passed in a row; a player who passed may act again
  if someone else acts after them;
* the priority deal then goes to the player after the last one who acted
  (:class:`~roundhouse.core.config.PriorityDeal`);
* at the end, companies whose shares are all with players move up
  (:attr:`TitleConfig.sold_out_steps`) and companies with pool shares may move down
  (:attr:`TitleConfig.pool_cert_drop_steps`, 18USA §11.8), never into
  :attr:`TitleConfig.pool_cert_drop_barrier` (§11.8: "no further back than the last gray
  space").

Purchases are listed once per (company, source): any single share of a company from the same
place is the same purchase, so ``legal_actions`` offers the lowest-numbered one and
``check`` accepts any of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from roundhouse.core.actions import Action
from roundhouse.core.config import PriorityDeal, SellBuyOrder
from roundhouse.core.errors import IllegalAction
from roundhouse.core.event import price_move
from roundhouse.core.flow.actions import BuyShares, Par, Pass, SellShares
from roundhouse.core.flow.flow_game import FlowGame, G
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.trade import (
    buy_sources,
    check_purchase,
    check_sale,
    do_purchase,
    do_sale,
    sale_counts,
)
from roundhouse.core.market import Direction
from roundhouse.core.share_trade import check_buy
from roundhouse.core.shares import POOL, company_of


class StockRound(Round[G]):
    kind = "SR"

    def __init__(self, steps: Sequence[Step[G]]) -> None:
        super().__init__(steps)
        self.order: list[str] = []
        self.index = 0
        self.passes = 0
        """Consecutive passes so far."""
        self.last_actor: str | None = None
        self.sold: dict[str, set[str]] = {}
        """Player -> companies sold this round (no rebuy)."""
        self.turn_sold: list[str] = []
        self.turn_bought = 0
        self.turn_acted = False

    def start(self, g: G) -> None:
        g.sr_count += 1
        g.emit("round", f"Stock round {g.sr_count}", round=self.label(g), kind="SR")
        self.order = g.turn_order_from(g.priority)
        super().start(g)

    def label(self, g: G) -> str:
        return f"SR {g.sr_count}"

    def entity(self, g: G) -> str | None:
        if self.finished or not self.order:
            return None
        return self.order[self.index]

    def begin_player_turn(self) -> None:
        self.turn_sold = []
        self.turn_bought = 0
        self.turn_acted = False

    def next_entity(self, g: G) -> None:
        if self.turn_acted:
            self.passes = 0
            self.last_actor = self.order[self.index]
        else:
            self.passes += 1
        if self.passes >= len(self.order):
            self.finished = True
            return
        self.index = (self.index + 1) % len(self.order)
        self.begin_player_turn()

    def on_finish(self, g: G) -> None:
        """Priority deal and the end-of-round price moves (18RoyalGorge "End of a Stock
        Round", 18USA §11.8), in operating order."""
        if self.last_actor is not None and g.config.priority_deal is PriorityDeal.AFTER_LAST_ACTOR:
            order = g.turn_order_from(self.last_actor)
            g.priority = order[1 % len(order)]
        g.emit("priority", f"{g.priority} has the priority deal", player=g.priority)
        for corp_id in g.market.operating_order(g.market.position):
            book = g.books[corp_id]
            before = g.share_price(corp_id)
            sold_out = g.config.sold_out_steps and book.size >= g.config.sold_out_min_size
            if sold_out and g.player_shares(corp_id) >= book.size:
                g.market.move(corp_id, Direction.UP, g.config.sold_out_steps)
            in_pool = len(book.certs_of(POOL))
            if g.config.pool_cert_drop_steps and in_pool:
                g.market.move(
                    corp_id,
                    Direction.DOWN,
                    g.config.pool_cert_drop_steps * in_pool,
                    barrier_zones=g.config.pool_cert_drop_barrier,
                )
            if (after := g.share_price(corp_id)) != before:
                g.emit(
                    "price",
                    price_move(corp_id, before, after, g.market.zones(corp_id)),
                    company=corp_id,
                    price=after,
                )
            g.after_price_move(corp_id)
        g.hooks.on_stock_round_end(g)


class StockStep(Step[G]):
    """A player's stock turn: sales, then one purchase or a new company, or pass."""

    kinds = frozenset({"sell_shares", "buy_shares", "par", "pass"})
    name = "stock"
    passing = "passes on buying or selling shares"
    lists_pass_as_core: ClassVar[bool] = True
    """Whether :meth:`actions` lists the pass as this class does (unless the player is over
    the certificate limit), so that :meth:`check` finds a pass without listing every
    purchase.  A subclass that lists actions of its own is taken not to, unless its class
    body says so (:meth:`Step.__init_subclass__`)."""

    def _round(self, g: G) -> StockRound:
        r = g.round
        assert isinstance(r, StockRound)
        return r

    def setup(self, g: G, entity: str) -> None:
        self._round(g).begin_player_turn()

    def active(self, g: G, entity: str) -> bool:
        r = self._round(g)
        return r.turn_bought < g.config.buys_per_turn

    def _may_sell(self, g: G) -> bool:
        r = self._round(g)
        return not (g.config.sell_buy_order is SellBuyOrder.SELL_THEN_BUY and r.turn_bought)

    def sells(self, g: G, player: str) -> list[Action]:
        r = self._round(g)
        if not self._may_sell(g):
            return []
        out: list[Action] = []
        for corp_id, book in g.books.items():
            if not book.certs_of(player):
                continue
            if g.config.one_sale_per_company_per_turn and corp_id in r.turn_sold:
                continue
            for n in sale_counts(g, player, corp_id):
                out.append(
                    SellShares(player=g.pid(player), entity=player, corporation=corp_id, count=n)
                )
        return out

    def buys(self, g: G, player: str) -> list[Action]:
        out: list[Action] = []
        for corp_id in g.corps:
            out.extend(self.buys_of(g, player, corp_id))
        return out

    def buys_of(self, g: G, player: str, corp_id: str) -> list[Action]:
        """The purchases and starts of one company, as :meth:`buys` lists them: a check of
        one purchase or start reads its own company's alone, not every company's."""
        corp = g.corps.get(corp_id)
        if corp is None or corp.closed:
            return []
        if not corp.started:
            return self._pars(g, player, corp_id)
        sold = corp_id in self._round(g).sold.get(player, set())
        book = g.books[corp_id]
        out: list[Action] = []
        for source in buy_sources(g, corp_id):
            seen: set[tuple[int, bool]] = set()
            for cert in sorted(book.certs_of(source), key=lambda c: c.id):
                key = (cert.shares, cert.president)
                if key in seen or not cert.playable:
                    continue
                seen.add(key)
                try:
                    check_purchase(g, player, cert.id, sold=sold)
                except IllegalAction:
                    continue
                out.append(BuyShares(player=g.pid(player), entity=player, shares=(cert.id,)))
        return out

    def _pars(self, g: G, player: str, corp_id: str) -> list[Action]:
        """Ways ``player`` may start ``corp_id`` now: none for a name that is no company
        yet to start (a private, a closed or started company)."""
        corp = g.corps.get(corp_id)
        if corp is None or corp.started or corp.closed:
            return []
        if not g.hooks.can_start(g, player, corp_id):
            return []
        pc = g.books[corp_id].president_cert
        if pc is None or pc.owner == POOL or not may_hold_president(g, player, corp_id):
            return []
        cash = g.ledger.cash(player)
        return [
            Par(player=g.pid(player), entity=player, corporation=corp.id, share_price=p)
            for p in g.hooks.par_prices(g, corp_id)
            if p * pc.shares <= cash
        ]

    def actions(self, g: G, entity: str) -> list[Action]:
        out = self.sells(g, entity)
        r = self._round(g)
        if r.turn_bought < g.config.buys_per_turn:
            out.extend(self.buys(g, entity))
        must_sell = g.cert_count(entity) > g.cert_limit() and any(
            isinstance(a, SellShares) for a in out
        )
        if not must_sell:
            out.append(Pass(player=g.pid(entity), entity=entity))
        return out

    def check(self, g: G, entity: str, action: Action) -> None:
        r = self._round(g)
        if isinstance(action, SellShares):
            if not self._may_sell(g):
                raise IllegalAction(
                    f"{entity} has bought this turn and must sell before buying",
                    rule="sr.sell_then_buy",
                )
            if g.config.one_sale_per_company_per_turn and action.corporation in r.turn_sold:
                raise IllegalAction(
                    f"{entity} already sold {action.corporation} this turn", rule="sr.one_sale"
                )
            if action.corporation not in g.books:
                raise IllegalAction(f"there is no {action.corporation}", rule="sr.unknown")
            check_sale(g, entity, action.corporation, action.count)
            return
        if isinstance(action, BuyShares):
            if len(action.shares) != 1:
                raise IllegalAction("buy one certificate at a time", rule="sr.one_certificate")
            corp_id = company_of(action.shares[0])
            check_purchase(g, entity, action.shares[0], sold=corp_id in r.sold.get(entity, set()))
            return
        if isinstance(action, Par):
            if action not in self._pars(g, entity, action.corporation):
                corp = g.corps.get(action.corporation)
                if corp is None:
                    raise IllegalAction(f"there is no {action.corporation}", rule="sr.unknown")
                if corp.started:
                    raise IllegalAction(f"{corp.id} has already started", rule="sr.already_started")
                prices = ", ".join(f"${p}" for p in g.hooks.par_prices(g, corp.id))
                raise IllegalAction(
                    f"{entity} cannot start {corp.id} at ${action.share_price} "
                    f"(starting prices now: {prices or 'none'}; cash ${g.ledger.cash(entity)})",
                    rule="sr.par",
                )
            return
        if isinstance(action, Pass) and self._pass_listed(g, entity, action):
            return
        super().check(g, entity, action)

    def _pass_listed(self, g: G, entity: str, action: Pass) -> bool:
        """Whether :meth:`actions` lists ``action``, found without listing every purchase:
        it lists the pass unless the player is over the certificate limit (then the list is
        read as usual).  Only where :attr:`lists_pass_as_core`."""
        if not self.lists_pass_as_core:
            return False
        if g.cert_count(entity) > g.cert_limit():
            return False
        return action == Pass(player=g.pid(entity), entity=entity)

    def process(self, g: G, entity: str, action: Action) -> None:
        r = self._round(g)
        if isinstance(action, SellShares):
            do_sale(g, entity, action.corporation, action.count)
            r.sold.setdefault(entity, set()).add(action.corporation)
            r.turn_sold.append(action.corporation)
            r.turn_acted = True
        elif isinstance(action, BuyShares):
            do_purchase(g, entity, action.shares[0])
            r.turn_bought += 1
            r.turn_acted = True
        elif isinstance(action, Par):
            g.start_company(entity, action.corporation, action.share_price)
            r.turn_bought += 1
            r.turn_acted = True
        elif isinstance(action, Pass):
            r.turn_bought = g.config.buys_per_turn


def may_hold_president(g: FlowGame, player: str, corp_id: str) -> bool:
    """Whether the player could take the president's certificate (certificate limit)."""
    pc = g.books[corp_id].president_cert
    if pc is None:
        return False
    try:
        check_buy(
            g.books[corp_id],
            player,
            pc.id,
            rules=g.config.share_rules,
            cert_count=g.cert_count(player),
            cert_limit=g.cert_limit(),
        )
    except IllegalAction:
        return False
    return True
