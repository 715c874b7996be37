"""18US's rounds on core's 18xx rounds: the Eastern Railroad Convention, Stock Rounds in which
the Eastern Concessions left in the Pool are for sale, and Operating Rounds with the cards'
moments, the Freight Bonus, the Bank's train discard after each pair and the Western Railroad
Convention coming due.

What is not written yet stops the game with ``NotImplementedError`` naming its section at the
point where play needs it (the Western Railroad Convention, §7.1, and everything after it).
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.ability import When
from roundhouse.core.actions import Action
from roundhouse.core.engine18xx import Engine
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyCompany, Dividend
from roundhouse.core.flow.auction import sell_private
from roundhouse.core.flow.dividend_step import DividendStep
from roundhouse.core.flow.operating_round import OperatingRound
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.stock_round import StockRound, StockStep
from roundhouse.core.trains import TrainEvents
from roundhouse.titles.g18us.convention import (
    SCCRR,
    SOUTHERN,
    ConventionRound,
    ConventionStep,
    SouthernStartStep,
)
from roundhouse.titles.g18us.data import (
    CLASSIC_TRAINS,
    EASTERN,
    convention_bids,
    freight_bonus,
    train_classes,
)
from roundhouse.titles.g18us.exchange_step import ShareExchangeStep
from roundhouse.titles.g18us.hooks import CardHooks
from roundhouse.titles.g18us.state import UsGame
from roundhouse.titles.g18us.train_discount import DiscountBuyTrainStep
from roundhouse.titles.g18us.train_income import IncomeBuyTrainStep

WRRC_PHASE = "4"
"""§6.8: "Once a company buys the first 4-train or the Bank discards it, the players conduct
the Western Railroad Convention at the end of the current pair of Operating Rounds"."""


def _us(g: Engine) -> UsGame:
    assert isinstance(g, UsGame)
    return g


class UsStockStep(StockStep):
    """A Stock Round turn (§5); the one certificate bought may be an Eastern Concession from
    the Pool at face value (§3.4, §3.7)."""

    kinds = StockStep.kinds | {"buy_company"}

    def concessions(self, g: Engine, player: str) -> list[Action]:
        if g.cert_count(player) >= g.cert_limit():
            return []
        cash = g.ledger.cash(player)
        return [
            BuyCompany(player=g.pid(player), entity=player, company=c.id, price=c.spec.value)
            for c in g.privates.values()
            if c.owner is None and not c.closed and c.spec.value <= cash
        ]

    def buys(self, g: Engine, player: str) -> list[Action]:
        return [*super().buys(g, player), *self.concessions(g, player)]

    def check(self, g: Engine, entity: str, action: Action) -> None:
        if isinstance(action, BuyCompany):
            if self._round(g).turn_bought or action not in self.concessions(g, entity):
                raise IllegalAction(
                    f"{entity} cannot buy {action.company} for ${action.price} now",
                    rule="sr.concession",
                )
            return
        super().check(g, entity, action)

    def process(self, g: Engine, entity: str, action: Action) -> None:
        if isinstance(action, BuyCompany):
            sell_private(g, action.company, entity, action.price)
            r = self._round(g)
            r.turn_bought += 1
            r.turn_acted = True
            return
        super().process(g, entity, action)


class UsBuyTrainStep(IncomeBuyTrainStep):
    """Train buying (§6.8-§6.9) with the Baldwin Locomotive Works (§10.1.5).  Before the
    Western Railroad Convention only Classic trains are for sale (§10.6: the 3E/2G trains come
    "After the Western Railroad Convention")."""

    def depot_prices(self, g: Engine, corp: str) -> dict[tuple[str, str], int]:
        return {
            key: price
            for key, price in super().depot_prices(g, corp).items()
            if train_classes().get(key[1]) == "classic"
        }

    def actions(self, g: Engine, entity: str) -> list[Action]:
        if (
            self.must_buy(g, entity)
            and not self.depot_prices(g, entity)
            and not self.sellers(g, entity)
            and any(t.type not in CLASSIC_TRAINS for t in g.depot.available())
        ):
            raise NotImplementedError(
                "18US §7.1/§10.6: the 3E/2G trains are sold after the Western Railroad "
                "Convention, which is not written yet"
            )
        return super().actions(g, entity)


class UsDividendStep(DividendStep):
    """Dividends (§6.6); the Southern Railway's first revenue closes P6 (§10.1.6)."""

    def process(self, g: Engine, entity: str, action: Action) -> None:
        assert isinstance(action, Dividend)
        earned = g.or_round().revenue or 0
        super().process(g, entity, action)
        card = g.privates.get(SCCRR)
        if entity == SOUTHERN and earned > 0 and card is not None and not card.closed:
            card.closed = True
            g.emit("close", f"{SCCRR} {card.spec.name} closes", item=SCCRR)


class UsOperatingRound(OperatingRound):
    """Core's Operating Round; a company whose President went bankrupt with nobody to take
    the Presidency (its certificate in the Pool, §6.9.3) ends its turn there."""

    def after_process(self, g: Engine, entity: str) -> None:
        if not self.finished and self.entity(g) == entity and g.controller(entity) is None:
            self.next_entity(g)
            self._begin_turn(g)
            return
        super().after_process(g, entity)


class UsHooks(CardHooks):
    """18US's sequence of rounds and its rules in them."""

    def first_round(self, g: Engine) -> Round:
        """§3.1-§3.2: player numbers drawn at random, then the ERRC."""
        us = _us(g)
        g.priority = us.seat_order[0]
        items = [p for p in g.privates]
        return ConventionRound(ConventionStep(items, convention_bids()))

    def stock_round(self, g: Engine) -> Round:
        """§5: sell, then buy one certificate; P4's exchange on the side (§10.1.4); P6's buyer
        opens the Southern Railway at once (§10.1.6)."""
        return StockRound([SouthernStartStep(), ShareExchangeStep(When.STOCK_ROUND), UsStockStep()])

    def operating_steps(self, g: Engine) -> Sequence[Step]:
        steps: list[Step] = []
        for step in super().operating_steps(g):
            if type(step) is DiscountBuyTrainStep:
                step = UsBuyTrainStep()
            elif type(step) is DividendStep:
                step = UsDividendStep()
            steps.append(step)
        return steps

    def operating_round(self, g: Engine) -> Round:
        return UsOperatingRound(self.operating_steps(g))

    def next_round(self, g: Engine, ended: Round) -> Round:
        """After the ERRC the Initial Stock Round; then two Operating Rounds per Stock Round
        (§6); after the pair in which the first 4-train left the stack, the Western Railroad
        Convention (§7.1)."""
        if ended.kind == "OR" and g.or_in_set >= g.ors_in_set and _us(g).wrrc_due:
            raise NotImplementedError(
                "18US §7.1: the Western Railroad Convention (and the Land Grant companies, "
                "Western Concessions and permanent trains after it) is not written yet"
            )
        return super().next_round(g, ended)

    def on_operating_round_end(self, g: Engine) -> None:
        """§6.10: at the end of each pair of Operating Rounds before the WRRC the Bank
        discards the top train of the stack to the Pool (no Baldwin income); a discarded first
        4-train starts its phase at once."""
        us = _us(g)
        if g.or_in_set < g.ors_in_set or us.wrrc_due:
            return
        top = g.depot.upcoming[0] if g.depot.upcoming else None
        if top is None or g.depot.train(top).type not in CLASSIC_TRAINS:
            return
        events = g.depot.export_next(g.ledger, to_pool=True)
        g.emit("discard", f"The Bank discards {top} to the Pool", train=top)
        g.train_events(None, events)

    def on_train_events(self, g: Engine, corp_id: str | None, events: TrainEvents) -> None:
        if any(p.name == WRRC_PHASE for p in events.phases):
            _us(g).wrrc_due = True

    def can_start(self, g: Engine, player: str, corp_id: str) -> bool:
        """§3.4-§3.7: players open Eastern companies; the Southern Railway only through P6
        (§3.1); Land Grant companies wait for the Pacific Railway Act (§7.3, after the WRRC)
        and the DRG is a Concession (§10.2.4)."""
        return g.corps[corp_id].spec.kind == EASTERN and corp_id != SOUTHERN

    def extra_revenue(self, g: Engine, corp_id: str, revenue: int) -> int:
        """§6.5.1: a company with Classic trains and no Freight train earns the phase's fixed
        Freight Bonus."""
        kinds = {train_classes().get(t.variant or t.type) for t in g.depot.owned_by(corp_id)}
        if "classic" in kinds and "freight" not in kinds:
            return freight_bonus()[g.depot.phases.current.name]
        return 0

    def may_buy_trains_from(self, g: Engine, buyer: str, seller: str) -> bool:
        """§6.8: a company may buy a train from another company at any time."""
        return g.depot.owned_by(seller) != [] and g.corps[seller].floated

    def operating_order(self, g: Engine, candidates: Sequence[str]) -> list[str]:
        return g.market.operating_order(candidates)
