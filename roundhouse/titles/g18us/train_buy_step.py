"""Train buying in 18US (§6.8-§6.9, §10.6): which trains are for sale when, Buyer's Remorse,
the Commuter trains' two sides, and the DRG's reserved 4-train.

* §10.6: Classic trains until the Western Railroad Convention; the 3E/2G cards "After the
  Western Railroad Convention", that is once a player has bought the Pacific Railway Act
  (§7.1: until then "Any unbought 4-trains continue to be available").
* §6.8: "In the first Operating Round after the Western Railroad Convention, a company may
  convert a 4-train to a 2G-train by paying $250 to the Bank ('Buyer's Remorse')" - offered
  as buying its own 4-train for $250 as a 2G (:meth:`UsBuyTrainStep.remorse_offers`); it is
  not a purchase from the Bank (no income to P5/P12, no phase, §6.8).
* §6.8.1: "There are a total of six H-trains, which companies may buy as either 1H-trains or
  2H-trains": a Commuter card in the Pool is offered on both sides.
* §10.2.4: the DRG's reserved 4-train "which it may never sell".
* §10.2.6: the Electro-Motive Division's 50% off a new permanent train, the Commuter trains
  (which come only from the Pool, §6.8.1) included.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyTrain
from roundhouse.core.shares import POOL
from roundhouse.core.trains import DEPOT, Train
from roundhouse.titles.g18us.data import set_aside_types, train_classes
from roundhouse.titles.g18us.drg import RESERVED_TRAIN
from roundhouse.titles.g18us.state import UsGame
from roundhouse.titles.g18us.systems import last_permanent
from roundhouse.titles.g18us.train_discount import train_discount
from roundhouse.titles.g18us.train_income import IncomeBuyTrainStep
from roundhouse.titles.g18us.western_convention import EXPRESS_CARD, FREIGHT_SIDE

REMORSE_PRICE = 250
"""§6.8: "by paying $250 to the Bank"."""

COMMUTER_CARD = "2H"
COMMUTER_SIDES = ("2H", "1H")


def set_aside(g: UsGame) -> list[Train]:
    """The Commuter trains still set aside: with the Bank, out of the stack (§3.1)."""
    return [
        t
        for t in g.depot.owned_by(DEPOT)
        if t.type in set_aside_types() and t.id not in g.depot.upcoming
    ]


def release_commuters(g: UsGame) -> list[str]:
    """§6.8: "Once a company buys a 4E- or a 3G-train, place the six 1H- and 2H-trains in the
    Pool"."""
    moved = [t.id for t in set_aside(g)]
    for tid in moved:
        g.depot.train(tid).owner = POOL
    if moved:
        g.emit("trains", "The Commuter trains (1H/2H) go to the Pool")
    return moved


class UsBuyTrainStep(IncomeBuyTrainStep):
    """Train buying (§6.8-§6.9) with the Baldwin Locomotive Works (§10.1.5) and the
    Electro-Motive Division (§10.2.6)."""

    def depot_prices(self, g: UsGame, corp: str) -> dict[tuple[str, str], int]:
        out = super().depot_prices(g, corp)
        for train in g.depot.pool():
            if train.type == COMMUTER_CARD and (train.id, train.variant) in out:
                for side in COMMUTER_SIDES:
                    out[(train.id, side)] = g.depot.type_of(train).price_of(side)
        if g.pacific_act:
            return out
        return {key: price for key, price in out.items() if train_classes()[key[1]] == "classic"}

    def discounted(self, g: UsGame, corp: str, train_id: str, price: int) -> int | None:
        train = g.depot.train(train_id)
        if train.owner == POOL and train.type == COMMUTER_CARD:
            private = self.discount_private(g, corp)
            ability = None if private is None else train_discount(private)
            if ability is not None and COMMUTER_CARD in ability.trains:
                return ability.price(price)
            return None
        return super().discounted(g, corp, train_id, price)

    def remorse_offers(self, g: UsGame, corp: str) -> list[BuyTrain]:
        """§6.8 Buyer's Remorse: one 4-train a company, in the first Operating Round after
        the Convention, for $250."""
        if g.remorse_set != g.set_count or g.or_in_set != 1 or corp in g.remorse_used:
            return []
        if g.ledger.cash(corp) < REMORSE_PRICE:
            return []
        p = g.controller_id(corp)
        return [
            BuyTrain(player=p, entity=corp, train=t.id, price=REMORSE_PRICE, variant=FREIGHT_SIDE)
            for t in g.depot.owned_by(corp)
            if t.type == "4" and t.id != RESERVED_TRAIN
        ]

    def depot_offers(self, g: UsGame, corp: str) -> list[BuyTrain]:
        return [*super().depot_offers(g, corp), *self.remorse_offers(g, corp)]

    def sellers(self, g: UsGame, corp: str) -> list[str]:
        """§10.2.4: the DRG never sells its reserved 4-train; §7.4.2: a System never sells
        its last permanent train."""
        return [
            t for t in super().sellers(g, corp) if t != RESERVED_TRAIN and not last_permanent(g, t)
        ]

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        if isinstance(action, BuyTrain) and action.train == RESERVED_TRAIN:
            raise IllegalAction("the DRG never sells its reserved 4-train", rule="trains.drg")
        if (
            isinstance(action, BuyTrain)
            and action.train in g.depot.trains
            and last_permanent(g, action.train)
        ):
            raise IllegalAction(
                f"{action.train} is its System's last permanent train", rule="trains.system"
            )
        super().check(g, entity, action)

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        if isinstance(action, BuyTrain) and g.depot.train(action.train).owner == entity:
            train = g.depot.train(action.train)
            g.ledger.transfer(entity, BANK, REMORSE_PRICE)
            train.type = EXPRESS_CARD
            train.variant = FREIGHT_SIDE
            g.remorse_used.add(entity)
            g.emit(
                "train",
                f"{entity} turns its 4-train {train.id} into a 2G-train for ${REMORSE_PRICE}",
                company=entity,
                train=train.id,
            )
            return
        super().process(g, entity, action)
