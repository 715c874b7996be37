"""Short selling in the stock round, and a president acting for a company there.

18USA §11: in their turn a player sells shares, then may sell one share short (§11.2), then
buy one certificate (§11.3) - buying a share of a company they are short in closes one short
instead of adding a holding - or open the auction that starts a company (§11.6,
:mod:`~.company_start`).  Or they act for one of their companies
(§11.7): take loans, then buy the company's own shares back from the open market (and scrap
a Pullman car, §12.7).  §12.5 (dividends owed on
shorts), §14.2 (settlement when the company is sold) and §16 (scoring) use the helpers here.

:class:`CorporateStockStep` extends the core stock step with those actions; a title with
shorts or loans in the stock round returns a :class:`CorporateStockRound` of it from
:meth:`~roundhouse.core.hooks.Hooks.stock_round`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bid, BuyShares, Pass, SellShares
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.stock_round import StockRound, StockStep
from roundhouse.core.legal import AmountRange, kinds_of, of_kinds
from roundhouse.core.shares import POOL, Certificate, company_of
from roundhouse.titles.g18usa.family1817.actions import ScrapTrain, Short, TakeLoan
from roundhouse.titles.g18usa.family1817.car_step import scrap, scrap_actions
from roundhouse.titles.g18usa.family1817.cash_crisis import cancel_pool_shorts, enter_zone, owe
from roundhouse.titles.g18usa.family1817.company_start import (
    StartAuction,
    StartRules,
    check_opening,
    opening_bids,
    opening_ranges,
)
from roundhouse.titles.g18usa.family1817.engine import FG, FamilyEngine
from roundhouse.titles.g18usa.family1817.loan_step import check_take_loan, take_loan
from roundhouse.titles.g18usa.family1817.president_sale import (
    check_president_buy,
    do_president_buy,
    from_president,
    offered_cert,
)


def blocked_zones(g: FamilyEngine) -> frozenset[str]:
    """Zones in which a company may be neither traded nor shorted (18USA §11.1-§11.3)."""
    t = g.config.takeover
    zones = set(g.config.share_rules.no_trade_zones)
    if t.enabled:
        zones |= {t.liquidation_zone, t.acquisition_zone}
    return frozenset(zones)


def check_short(g: FamilyEngine, player: str, corp_id: str) -> None:
    """Raise unless ``player`` may sell one ``corp_id`` share short now (18USA §11.2, §8)."""
    rules = g.config.shorts
    if not rules.enabled:
        raise IllegalAction("this game has no short sales", rule="shorts.none")
    corp = g.corps.get(corp_id)
    if corp is None or not corp.started or corp.closed:
        raise IllegalAction(f"{corp_id} is not in play", rule="shorts.not_started")
    if rules.forbidden_after is not None and rules.forbidden_after in g.phases_reached():
        raise IllegalAction(
            f"short sales are forbidden from phase {rules.forbidden_after}",
            rule="shorts.phase",
        )
    book = g.books[corp_id]
    if book.size < rules.min_size:
        raise IllegalAction(f"a {book.size}-share company cannot be sold short", rule="shorts.size")
    if corp.formed_in == g.sr_count and g.round.kind == "SR":
        raise IllegalAction(
            f"{corp_id} was formed this stock round and cannot be sold short",
            rule="shorts.formed_this_round",
        )
    if book.shares_of(player):
        raise IllegalAction(
            f"{player} owns {corp_id} shares and cannot also be short", rule="shorts.owns_shares"
        )
    if g.market.zones(corp_id) & blocked_zones(g):
        raise IllegalAction(f"{corp_id} is in liquidation or acquisition", rule="shorts.zone")
    if g.shorts.outstanding(corp_id) >= book.size:
        raise IllegalAction(
            f"all {book.size} {corp_id} short shares are out", rule="shorts.stack_empty"
        )


def new_certificate(g: FamilyEngine, corp_id: str, owner: str) -> Certificate:
    """A regular share from the short stack (18USA §11.2), numbered after the others."""
    book = g.books[corp_id]
    n = 1 + max(int(c.rsplit("_", 1)[1]) for c in book.certs)
    cert = Certificate(f"{corp_id}_{n}", corp_id, 1, owner)
    book.certs[cert.id] = cert
    return cert


def do_short(g: FamilyEngine, player: str, corp_id: str) -> None:
    """The regular share to the open market, the short to the player, the price to the
    player (18USA §11.2); the price does not move."""
    check_short(g, player, corp_id)
    new_certificate(g, corp_id, POOL)
    g.shorts.add(player, corp_id)
    g.ledger.transfer(BANK, player, g.share_price(corp_id))


def close_short(g: FamilyEngine, player: str, cert_id: str) -> None:
    """A share just bought and one short go back on the short stack (18USA §11.3)."""
    corp_id = company_of(cert_id)
    book = g.books[corp_id]
    del book.certs[cert_id]
    g.shorts.add(player, corp_id, -1)


def charge_short_dividends(g: FamilyEngine, corp_id: str, per_share: int) -> None:
    """Short sellers pay the bank the dividend per share (18USA §12.5), clockwise from the
    president (§15)."""
    holders = g.shorts.holders(corp_id)
    if not holders or per_share <= 0:
        return
    start = g.controller(corp_id) or g.players[0]
    for player in g.turn_order_from(start) if start in g.players else g.players:
        n = holders.get(player, 0)
        if n:
            owe(g, player, n * per_share, BANK, reason=f"dividends on {corp_id} shorts")


def short_value(g: FamilyEngine, player: str) -> int:
    """What a player's shorts take off their score (18USA §16)."""
    return sum(
        g.shorts.of(player, c) * g.share_price(c) for c in g.shorts.held if c in g.market.position
    )


class CorporateStockStep(StockStep[FamilyEngine]):
    """The stock turn with one short sale (18USA §11.2) and, instead of acting for
    themself, acting for a company: loans, then buying its own shares from the open market
    (§11.7).  A turn acts for the player or for one company, not both.

    A player's own turn goes in the order of §11: sales, then the short sale, then one
    purchase.  A player over the certificate limit (after losing a presidency, or after a
    merger of two of their 5-share companies, §11.4) must sell in their own turn, so they
    may not act for a company instead until they are back within the limit.
    """

    kinds = StockStep.kinds | {"short", "take_loan", "scrap_train", "bid"}

    def __init__(self, start: StartRules | None = None) -> None:
        self.start = start
        """How companies are started: by auction (18USA §11.6), or None for core's par."""
        self.shorted = False
        self.for_company: str | None = None
        self.for_self = False
        self.bought_back = False

    def setup(self, g: FamilyEngine, entity: str) -> None:
        super().setup(g, entity)
        self.shorted = False
        self.for_company = None
        self.for_self = False
        self.bought_back = False

    def _companies(self, g: FamilyEngine, player: str) -> list[str]:
        if self.for_self:
            return []
        if self.for_company is not None:
            return [self.for_company]
        return [
            c.id
            for c in g.corps.values()
            if c.floated and not c.closed and g.books[c.id].president == player
        ]

    def company_actions(self, g: FamilyEngine, player: str) -> list[Action]:
        out: list[Action] = []
        p = g.pid(player)
        for corp_id in self._companies(g, player):
            if g.config.loans.enabled and not self.bought_back:
                try:
                    loan = check_take_loan(g, corp_id)
                    out.append(TakeLoan(player=p, entity=corp_id, loan=loan))
                except IllegalAction:
                    pass
            cert = self._buyback_cert(g, corp_id)
            if cert is not None:
                out.append(BuyShares(player=p, entity=corp_id, shares=(cert,)))
            out.extend(scrap_actions(g, corp_id))
        return out

    def buys(self, g: FamilyEngine, player: str) -> list[Action]:
        """The core purchases, and a share from a president above the limit (§17)."""
        out = super().buys(g, player)
        if not g.config.share_rules.president_exempt:
            return out
        sold = self._round(g).sold.get(player, set())
        for corp_id in g.corps:
            cert = offered_cert(g, corp_id)
            if cert is None:
                continue
            try:
                check_president_buy(g, player, cert, sold=corp_id in sold)
            except IllegalAction:
                continue
            out.append(BuyShares(player=g.pid(player), entity=player, shares=(cert,)))
        return out

    def _pars(self, g: FamilyEngine, player: str, corp_id: str) -> list[Action]:
        if self.start is not None:
            return []  # opening bids instead (18USA §11.6), listed by :meth:`actions`
        return super()._pars(g, player, corp_id)

    def _may_open(self, g: FamilyEngine, player: str) -> bool:
        r = self._round(g)
        return (
            self.start is not None
            and self.for_company is None
            and r.turn_bought < g.config.buys_per_turn
            and not self.must_sell(g, player)
        )

    def ranges(self, g: FamilyEngine, entity: str) -> list[AmountRange]:
        if self.start is None or not self._may_open(g, entity):
            return []
        return opening_ranges(g, self.start, entity)

    def _buyback_cert(self, g: FamilyEngine, corp_id: str) -> str | None:
        if not g.config.loans.enabled:
            return None
        book = g.books[corp_id]
        price = g.share_price(corp_id)
        if g.market.zones(corp_id) & blocked_zones(g):
            return None
        for cert in sorted(book.certs_of(POOL), key=lambda c: c.id):
            if (
                cert.playable
                and not cert.president
                and price * cert.shares <= g.ledger.cash(corp_id)
            ):
                return cert.id
        return None

    def _may_sell(self, g: FamilyEngine) -> bool:
        return super()._may_sell(g) and not self.shorted

    def must_sell(self, g: FamilyEngine, player: str) -> bool:
        """Over the certificate limit with a sale possible (18USA §11.4)."""
        if g.cert_count(player) <= g.cert_limit():
            return False
        return bool(self.sells(g, player))

    def actions(self, g: FamilyEngine, entity: str) -> list[Action]:
        if self.for_company is not None:
            return [*self.company_actions(g, entity), Pass(player=g.pid(entity), entity=entity)]
        out = super().actions(g, entity)
        r = self._round(g)
        if not self.shorted and not r.turn_bought and not self.must_sell(g, entity):
            for corp_id in g.corps:
                try:
                    check_short(g, entity, corp_id)
                except IllegalAction:
                    continue
                out.insert(0, Short(player=g.pid(entity), entity=entity, corporation=corp_id))
        if self.start is not None and self._may_open(g, entity):
            out.extend(opening_bids(g, self.start, entity))
        if not r.turn_acted and not self.must_sell(g, entity):
            out.extend(self.company_actions(g, entity))
        return out

    def check(self, g: FamilyEngine, entity: str, action: Action) -> None:
        acting_for = getattr(action, "entity", entity)
        if acting_for != entity and self.for_company is None and self.must_sell(g, entity):
            raise IllegalAction(
                f"{entity} holds {g.cert_count(entity)} certificates, over the limit of "
                f"{g.cert_limit()}, and must sell before acting for {acting_for}",
                rule="sr.over_cert_limit",
            )
        if acting_for != entity or (self.for_company is not None and not isinstance(action, Pass)):
            if action not in self.company_actions(g, entity):
                if isinstance(action, TakeLoan) and acting_for in g.corps:
                    # why the company may not borrow, when a company is named
                    check_take_loan(g, acting_for, action.loan)
                raise IllegalAction(
                    f"{entity} cannot do that for {acting_for} now", rule="sr.act_for_company"
                )
            return
        if isinstance(action, Short):
            if self.shorted or self._round(g).turn_bought:
                raise IllegalAction(
                    f"{entity} may sell one share short per turn, before buying",
                    rule="shorts.one_per_turn",
                )
            if self.must_sell(g, entity):
                raise IllegalAction(
                    f"{entity} is over the certificate limit and must sell first",
                    rule="sr.over_cert_limit",
                )
            check_short(g, entity, action.corporation)
            return
        if isinstance(action, Bid):
            if self.start is None or not self._may_open(g, entity):
                raise IllegalAction(f"{entity} cannot start a company now", rule="sr.start_company")
            check_opening(g, self.start, entity, action)
            return
        if (
            isinstance(action, BuyShares)
            and len(action.shares) == 1
            and from_president(g, action.shares[0])
        ):
            corp_id = company_of(action.shares[0])
            r = self._round(g)
            if r.turn_bought >= g.config.buys_per_turn:
                raise IllegalAction(f"{entity} has bought this turn", rule="sr.bought")
            check_president_buy(
                g, entity, action.shares[0], sold=corp_id in r.sold.get(entity, set())
            )
            return
        if isinstance(action, SellShares) and self.shorted:
            raise IllegalAction(
                f"{entity} sold short this turn; sales come before the short sale",
                rule="sr.sell_before_short",
            )
        super().check(g, entity, action)

    def process(self, g: FamilyEngine, entity: str, action: Action) -> None:
        r = self._round(g)
        acting_for = getattr(action, "entity", entity)
        if acting_for != entity:
            self.for_company = acting_for
            r.turn_acted = True
            if isinstance(action, TakeLoan):
                take_loan(g, acting_for)
                if isinstance(r, CorporateStockRound):
                    r.pay_owed_tokens(g, acting_for)
            elif isinstance(action, ScrapTrain):
                scrap(g, acting_for, action.train)
            elif isinstance(action, BuyShares):
                cert = g.books[acting_for].cert(action.shares[0])
                g.ledger.transfer(acting_for, BANK, cert.shares * g.share_price(acting_for))
                cert.owner = acting_for
                self.bought_back = True
            return
        if isinstance(action, Short):
            do_short(g, entity, action.corporation)
            self.shorted = True
            self.for_self = True
            r.sold.setdefault(entity, set()).add(action.corporation)
            r.turn_acted = True
            return
        if isinstance(action, Bid):
            assert self.start is not None and isinstance(r, CorporateStockRound)
            r.turn_bought = g.config.buys_per_turn
            r.turn_acted = True
            self.for_self = True
            r.begin_start(g, StartAuction(g, self.start, entity, action.company, action.price))
            return
        if isinstance(action, Pass) and self.for_company is not None:
            r.turn_bought = g.config.buys_per_turn
            return
        if isinstance(action, BuyShares):
            corp_id = company_of(action.shares[0])
            if from_president(g, action.shares[0]):
                do_president_buy(g, entity, action.shares[0])
                r.turn_bought += 1
                r.turn_acted = True
            else:
                super().process(g, entity, action)
            self.for_self = True
            if g.shorts.of(entity, corp_id):
                close_short(g, entity, action.shares[0])
            paying = self.start is not None and self.start.tokens_after_purchase
            if paying and isinstance(r, CorporateStockRound):
                r.pay_owed_tokens(g, corp_id)
            return
        if not isinstance(action, Pass):
            self.for_self = True
        super().process(g, entity, action)


class CorporateStockRound(StockRound[FG]):
    """A stock round in which a president's actions may name their company (18USA §11.7),
    and in which the bank first closes shorts left in the open market (§11).  While a
    company's start is auctioned (§11.6) the bidders act and the opener's turn waits; a
    10-share company that could not pay its station tokens by the end of the round goes to
    the liquidation space."""

    def __init__(self, steps: Sequence[Step[FG]]) -> None:
        super().__init__(steps)
        self.auction: StartAuction | None = None
        self.opener: str | None = None
        self.owed: dict[str, int] = {}
        """New companies -> the price of the station tokens still to buy (18USA §11.6)."""
        self.owed_tokens: dict[str, int] = {}
        """New companies -> how many station tokens :attr:`owed` buys."""

    def begin_start(self, g: FG, auction: StartAuction) -> None:
        self.auction, self.opener = auction, None
        if auction.done:
            self._founded(g)

    def _founded(self, g: FG) -> None:
        auction, opener = self.auction, self.opener
        assert auction is not None
        if auction.owed:
            self.owed[auction.corp] = auction.owed
            self.owed_tokens[auction.corp] = auction.owed_tokens
        self.auction = self.opener = None
        if opener is not None:
            super().after_process(g, opener)

    def pay_owed_tokens(self, g: FG, corp_id: str) -> None:
        """18USA §11.6: "The company must immediately purchase the tokens as soon as it
        takes a loan"."""
        cost = self.owed.get(corp_id, 0)
        if cost and g.ledger.cash(corp_id) >= cost:
            g.ledger.transfer(corp_id, BANK, cost)
            del self.owed[corp_id]
            self.owed_tokens.pop(corp_id, None)

    def entities_acting(self, g: FG) -> tuple[str, ...]:
        if self.auction is not None:
            return (self.auction.acting(),)
        return super().entities_acting(g)

    def legal_actions(self, g: FG, kinds: Collection[str] | None = None) -> list[Action]:
        if self.auction is not None:
            return of_kinds(self.auction.actions(g), kinds)
        return super().legal_actions(g, kinds)

    def legal_kinds(self, g: FG) -> frozenset[str]:
        if self.auction is not None:
            return kinds_of(self.auction.actions(g))
        return super().legal_kinds(g)

    def legal_ranges(self, g: FG) -> list[AmountRange]:
        if self.auction is not None:
            return self.auction.ranges(g)
        return super().legal_ranges(g)

    def check(self, g: FG, action: Action) -> None:
        if self.auction is not None:
            self.auction.check(g, action)
            return
        super().check(g, action)

    def told_pass(self, g: FG, action: Action) -> str | None:
        """While a company's start is auctioned the auction says what a pass gives up
        (:meth:`StartAuction.told_pass`); else the step taking it does."""
        if self.auction is not None:
            return self.auction.told_pass(str(getattr(action, "entity", "")))
        return super().told_pass(g, action)

    def process(self, g: FG, action: Action) -> None:
        if self.auction is not None:
            if isinstance(action, Pass):
                words = self.auction.told_pass(action.entity)
                g.emit("pass", words, entity=action.entity, step="start", restates=True)
            self.auction.process(g, action)
            if self.auction.done:
                self._founded(g)
            return
        super().process(g, action)

    def after_process(self, g: FG, entity: str) -> None:
        if self.auction is not None:
            self.opener = entity
            return
        super().after_process(g, entity)

    def on_finish(self, g: FG) -> None:
        """18USA §11.6: a company that did not buy its station tokens by the round's end is
        placed in liquidation without them: they were never bought, so a company that
        acquires it later gets only those it has (18xx.games adds a token to the charter
        only when paid, ``G1817::Step::BuySellParShares#try_buy_tokens``; found by the
        export differential, issue #17: random bots, 7 players, seed 15029, where SLSF's
        acquisition of NP took a token NP never bought, and later the Company Town's bonus
        station was forfeited at the eight-token cap)."""
        for corp_id in g.market.operating_order(list(self.owed)):
            enter_zone(g, corp_id, g.config.takeover.liquidation_zone)
            g.corps[corp_id].tokens_owned -= self.owed_tokens.get(corp_id, 0)
        self.owed.clear()
        self.owed_tokens.clear()
        super().on_finish(g)

    def start(self, g: FG) -> None:
        """18USA §11: the bank closes the open market's shorts from the treasuries (not of
        a company in a takeover area where ``ShortRules.bank_closes_in_takeover_zones`` is
        off)."""
        t = g.config.takeover
        skipped = {t.liquidation_zone, t.acquisition_zone} if t.enabled else set()
        for corp_id in list(g.shorts.held):
            if not g.config.shorts.bank_closes_in_takeover_zones and (
                g.market.zones(corp_id) & skipped
            ):
                continue
            cancel_pool_shorts(g, corp_id, from_treasury=True)
        super().start(g)

    def step_for(self, g: FG, action: Action) -> tuple[Step[FG], str]:
        entity = getattr(action, "entity", None)
        acting = self.entities_acting(g)
        if isinstance(entity, str) and entity in g.corps and g.controller(entity) in acting:
            player = g.controller(entity)
            assert player is not None
            for step in self.offered(g, player):
                if action.kind in step.kinds:
                    return step, player
        return super().step_for(g, action)
