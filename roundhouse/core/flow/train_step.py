"""Buy trains: from the depot or pool at face value, from another company at an agreed
price, with a forced purchase and emergency money raising when the company must own one.

18RoyalGorge "Buy Trains", 18US §6.8-§6.9, 18West §7.8, 18USA §12.6.  Trains are bought one
at a time and each purchase's phase change happens at once; then the company may buy again
up to its limit, or pass.  Agreed prices are listed at $1, every multiple of
:attr:`TitleConfig.agreed_price_step` and the maximum; :meth:`BuyTrainStep.check` accepts any
whole dollar in range.  A title whose cards lower a train's price offers the lower price as a
separate purchase (:meth:`BuyTrainStep.discounted`, 18US §10.1.5).

In an emergency the president sells shares only "until they can afford the train"
(18RoyalGorge "Emergency Fundraising"): once they have sold, a train bought from another
company must cost more than the money the company and president had less the last share's
price (the last sale was needed), the president paying what the treasury lacks, up to the
train's face value (:meth:`BuyTrainStep.agreed_range`; 18xx.games's ``spend_minmax``).
"""

from __future__ import annotations

from typing import ClassVar, cast

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.event import a_train
from roundhouse.core.flow.actions import Bankrupt, BuyTrain, Pass, SellShares
from roundhouse.core.flow.emergency import (
    allow_presidency_change,
    bankrupt_president,
    emergency_prices,
    emergency_sales,
)
from roundhouse.core.flow.flow_game import FlowGame, G
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.trade import do_sale
from roundhouse.core.ids import PlayerId
from roundhouse.core.legal import AmountRange
from roundhouse.core.shares import POOL
from roundhouse.core.trains import DEPOT


def price_points(low: int, high: int, step: int) -> list[int]:
    """``low``, each multiple of ``step`` between, and ``high``."""
    if high < low:
        return []
    points = {low, high}
    points.update(range(-(-low // step) * step, high, step))
    return sorted(p for p in points if low <= p <= high)


def agreed_buys(
    g: FlowGame, player: PlayerId, corp: str, train: str, low: int, high: int
) -> tuple[BuyTrain, ...]:
    """``corp``'s purchases of another company's ``train`` at the listed agreed prices
    (:func:`price_points`).  A listing may hold hundreds (every $10 up to the treasury, for
    each train of each other company), built again at every position a company with that
    cash is offered them (a bot's copies, the fuzzer's checks of a position): it is derived
    data, kept in the game's cache (:mod:`roundhouse.core.derived`) under everything it
    depends on; actions are immutable, so the same ones are handed out."""
    step = g.config.agreed_price_step
    key = ("agreed buys", player, corp, train, low, high, step)
    derived = g.map.derived
    found = cast("tuple[BuyTrain, ...] | None", derived.peek(key))
    if found is not None:
        return found
    buys = tuple(
        BuyTrain(player=player, entity=corp, train=train, price=x)
        for x in price_points(low, high, step)
    )
    derived.put(key, buys)
    return buys


class BuyTrainStep(Step[G]):
    kinds = frozenset({"buy_train", "sell_shares", "bankrupt", "pass"})
    name = "buy_train"
    passing = "passes on buying trains"
    lists_pass_as_core: ClassVar[bool] = True
    """Whether :meth:`actions` lists the pass as this class does (the company's own pass,
    unless it must buy a train), so that :meth:`check` takes a pass without listing every
    purchase.  A subclass that lists actions of its own is taken not to, unless its class
    body says so (:meth:`Step.__init_subclass__`)."""

    def __init__(self) -> None:
        self.passed = False
        self.last_sale: int | None = None
        """Price of one share of the president's last emergency sale in this turn."""

    def setup(self, g: G, entity: str) -> None:
        self.passed = False
        self.last_sale = None

    # -- what is on offer ----------------------------------------------------------------

    def depot_prices(self, g: G, corp: str) -> dict[tuple[str, str], int]:
        """(train id, side) -> face price, for what the bank and pool offer within the
        limit, whatever the company's cash."""
        out: dict[tuple[str, str], int] = {}
        for train in g.depot.available():
            ttype = g.depot.type_of(train)
            sides = (
                [train.variant]
                if train.owner == POOL
                else [ttype.name, *(v.name for v in ttype.variants)]
            )
            for side in sides:
                try:
                    g.depot.check_buy(corp, train.id, g.ledger, variant=side)
                except IllegalAction as exc:
                    if exc.rule != "money.insufficient_cash":
                        continue
                out[(train.id, side)] = ttype.price_of(side)
        return out

    def discounted(self, g: G, corp: str, train_id: str, price: int) -> int | None:
        """A lower price the company may also pay for a train from the bank's depot, listed
        as a purchase of its own (a title's card power: 18US §10.1.5); None in core."""
        return None

    def must_buy(self, g: G, corp: str) -> bool:
        """A company without a train must buy one if the title says so; a car alone is no
        train (18USA §12.7: "a company with only a Pullman car" has none)."""
        return not g.depot.running(corp) and g.hooks.must_own_train(g, corp)

    def depot_offers(self, g: G, corp: str) -> list[BuyTrain]:
        """Bank and pool purchases the company can pay for from its own treasury."""
        p = g.controller_id(corp)
        cash = g.ledger.cash(corp)
        out: list[BuyTrain] = []
        for (tid, side), price in self.depot_prices(g, corp).items():
            variant = "" if side == g.depot.train(tid).type else side
            if price <= cash:
                out.append(BuyTrain(player=p, entity=corp, train=tid, price=price, variant=variant))
            cheap = self.discounted(g, corp, tid, price)
            if cheap is not None and cheap <= cash:
                out.append(BuyTrain(player=p, entity=corp, train=tid, price=cheap, variant=variant))
        return out

    def agreed_range(self, g: G, corp: str, train_id: str) -> tuple[int, int]:
        """Lowest and highest price ``corp`` may agree for another company's train now: any
        from the minimum to its cash; after the president's emergency sales, for a train the
        treasury cannot pay at face value, more than the company's and president's money less
        the last share's price, up to that money and the face value (module docstring)."""
        low, cash = g.config.train_price_min, g.ledger.cash(corp)
        president = self._emergency_payer(g, corp)
        if president is None or self.last_sale is None:
            return low, cash
        train = g.depot.train(train_id)
        face = g.depot.type_of(train).price_of(train.variant)
        if cash >= face:
            return low, cash
        total = cash + g.ledger.cash(president)
        return max(low, total - self.last_sale + 1), min(face, total)

    def _emergency_payer(self, g: G, corp: str) -> str | None:
        """The president who pays what the treasury lacks for another company's train: once
        they have sold in the emergency, while the company must still buy one."""
        if self.last_sale is None or not self.must_buy(g, corp):
            return None
        return g.controller(corp)

    def _spendable(self, g: G, corp: str) -> int:
        """The most ``corp`` may spend on another company's train now."""
        president = self._emergency_payer(g, corp)
        extra = g.ledger.cash(president) if president is not None else 0
        return g.ledger.cash(corp) + extra

    def sellers(self, g: G, corp: str) -> list[str]:
        """Trains of other companies that ``corp`` may buy now, if it has the money."""
        if self._spendable(g, corp) < g.config.train_price_min:
            return []
        limit = g.depot.limit_for(corp)
        if limit is not None and g.depot.counted(corp) >= limit:
            return []
        has_car = any(g.depot.is_car(t) for t in g.depot.owned_by(corp))
        return [
            train.id
            for other, ocorp in g.corps.items()
            if other != corp and not ocorp.closed and g.hooks.may_buy_trains_from(g, corp, other)
            for train in g.depot.owned_by(other)
            if not (has_car and g.depot.is_car(train))  # 18USA §12.7: one car per company
            and not train.obsolete  # an obsolete train "cannot be bought by another company"
        ]

    def offers(self, g: G, corp: str) -> list[BuyTrain]:
        """Every purchase the company can pay for from its own treasury."""
        out = self.depot_offers(g, corp)
        p = g.controller_id(corp)
        for tid in self.sellers(g, corp):
            low, high = self.agreed_range(g, corp, tid)
            out.extend(agreed_buys(g, p, corp, tid, low, high))
        return out

    def emergency(self, g: G, corp: str) -> tuple[list[BuyTrain], dict[str, list[int]], int]:
        """(purchases the president's cash completes, emergency sales, money needed)."""
        president = g.controller(corp)
        if president is None:
            return [], {}, 0
        p = g.controller_id(corp)
        cash = g.ledger.cash(corp) + g.ledger.cash(president)
        trains = {
            k: v
            for k, v in self.depot_prices(g, corp).items()
            if not g.depot.is_car(g.depot.train(k[0]))  # 18USA §12.7: a car is no train
        }
        prices = emergency_prices(g, corp, trains)
        buys = [
            BuyTrain(
                player=p,
                entity=corp,
                train=tid,
                price=price,
                variant="" if side == g.depot.train(tid).type else side,
            )
            for (tid, side), price in prices.items()
            if price <= cash
        ]
        target = max(prices.values(), default=0) - g.ledger.cash(corp)
        if buys and g.config.emergency_train.value == "cheapest":
            return buys, {}, target
        return buys, emergency_sales(g, corp, president, target), target

    def active(self, g: G, entity: str) -> bool:
        if self.passed:
            return False
        return (
            self.must_buy(g, entity)
            or bool(self.depot_offers(g, entity))
            or bool(self.sellers(g, entity))
        )

    def ranges(self, g: G, entity: str) -> list[AmountRange]:
        """Trains of other companies at any agreed price from the minimum to the cash."""
        p = g.controller_id(entity)
        out: list[AmountRange] = []
        for tid in self.sellers(g, entity):
            low, high = self.agreed_range(g, entity, tid)
            if low <= high:
                sample = BuyTrain(player=p, entity=entity, train=tid, price=low)
                out.append(AmountRange(sample, "price", low, high))
        return out

    def actions(self, g: G, entity: str) -> list[Action]:
        out: list[Action] = list(self.offers(g, entity))
        if not self.must_buy(g, entity):
            out.append(Pass(player=g.controller_id(entity), entity=entity))
            return out
        if any(
            a.price <= g.ledger.cash(entity)
            for a in out
            if isinstance(a, BuyTrain)
            and g.depot.train(a.train).owner in (DEPOT, POOL)
            and not g.depot.is_car(g.depot.train(a.train))
        ):
            return out
        buys, sales, _ = self.emergency(g, entity)
        seen = set(out)
        out.extend(b for b in buys if b not in seen)
        president = g.controller(entity)
        assert president is not None
        for corp_id, counts in sales.items():
            out.extend(
                SellShares(player=g.pid(president), entity=president, corporation=corp_id, count=n)
                for n in counts
            )
        if not buys and not sales:
            out.append(Bankrupt(player=g.pid(president), entity=entity))
        return out

    # -- checking and doing --------------------------------------------------------------

    def check(self, g: G, entity: str, action: Action) -> None:
        if isinstance(action, BuyTrain):
            train = g.depot.train(action.train)
            if train.owner not in (DEPOT, POOL) and train.owner != entity:
                low, high = self.agreed_range(g, entity, action.train)
                if not g.hooks.may_buy_trains_from(g, entity, train.owner):
                    raise IllegalAction(
                        f"{entity} may not buy trains from {train.owner} now",
                        rule="trains.between_companies",
                    )
                if action.variant:
                    raise IllegalAction(
                        f"{action.train} changes hands as it is: no side to choose",
                        rule="trains.between_companies",
                    )
                if not low <= action.price <= high:
                    raise IllegalAction(
                        f"{entity} may pay ${low}-${high} for {action.train}",
                        rule="trains.agreed_price"
                        if self.last_sale is None
                        else "trains.emergency_price",
                    )
                if action.price <= g.ledger.cash(entity):
                    g.depot.check_buy_from(
                        entity,
                        action.train,
                        action.price,
                        g.ledger,
                        min_price=g.config.train_price_min,
                    )
                return
            allowed = set(self.depot_offers(g, entity))
            if self.must_buy(g, entity) and not allowed:
                allowed.update(self.emergency(g, entity)[0])
            if action not in allowed:
                raise IllegalAction(
                    f"{entity} cannot buy {action.train} for ${action.price} now",
                    rule="trains.cannot_buy",
                )
            return
        if type(action) is Pass and self.lists_pass_as_core:
            self._check_pass(g, entity, action)
            return
        super().check(g, entity, action)

    def _check_pass(self, g: G, entity: str, action: Pass) -> None:
        """A pass as :meth:`actions` lists it, without listing every purchase (every agreed
        price of every train other companies may sell, hundreds once several companies run
        trains; replaying a game checks a pass in most company turns): the company's own
        pass in its controller's name, listed unless it must buy a train."""
        listed = Pass(player=g.controller_id(entity), entity=entity)
        if self.must_buy(g, entity) or action != listed:
            raise IllegalAction(f"{action} is not possible now ({self.name})", rule="step.illegal")

    def process(self, g: G, entity: str, action: Action) -> None:
        if isinstance(action, Pass):
            self.passed = True
            self.last_sale = None
            return
        if isinstance(action, SellShares):
            if action.entity != entity:
                self.last_sale = g.share_price(action.corporation)
            do_sale(
                g,
                action.entity,
                action.corporation,
                action.count,
                allow_presidency_change=allow_presidency_change(g, entity, action.corporation),
            )
            return
        if isinstance(action, Bankrupt):
            if bankrupt_president(g, entity):
                self.passed = True
            return
        assert isinstance(action, BuyTrain)
        train = g.depot.train(action.train)
        if train.owner not in (DEPOT, POOL):
            seller = train.owner
            short = action.price - g.ledger.cash(entity)
            if short > 0:  # an emergency purchase: the president pays what the treasury lacks
                president = g.controller(entity)
                assert president is not None
                g.ledger.transfer(president, entity, short)
            g.depot.buy_from(
                entity, action.train, action.price, g.ledger, min_price=g.config.train_price_min
            )
            g.emit(
                "train",
                f"{entity} buys {a_train(train.variant, g.depot.type_of(train).car)} from {seller} "
                f"for ${action.price}",
                company=entity,
                train=action.train,
                price=action.price,
                seller=seller,
                restates=True,
            )
            return
        variant = action.variant or None
        face = g.depot.type_of(train).price_of(action.variant or train.variant)
        if action.price < face:  # a :meth:`discounted` purchase: the bank pays the rest
            self.use_discount(g, entity, action)
            g.ledger.transfer(BANK, entity, face - action.price)
        short = face - g.ledger.cash(entity)
        if short > 0:
            president = g.controller(entity)
            assert president is not None
            g.ledger.transfer(president, entity, short)
        seller = "the bank's pool" if train.owner == POOL else "the bank"
        events = g.depot.buy(entity, action.train, g.ledger, variant=variant)
        g.emit(
            "train",
            f"{entity} buys {a_train(train.variant, g.depot.type_of(train).car)} from {seller} "
            f"for ${action.price}",
            company=entity,
            train=action.train,
            price=action.price,
            seller=seller,
            restates=True,
        )
        g.train_events(entity, events)

    def use_discount(self, g: G, entity: str, action: BuyTrain) -> None:
        """``action`` is at a :meth:`discounted` price: the title records the card's use
        (before the bank pays the difference); core lists no discounts."""
