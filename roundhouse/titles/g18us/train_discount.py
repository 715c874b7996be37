"""Money off a train from the bank: the :class:`~.ability.TrainDiscount` power (18US §10.1.5,
the Baldwin Locomotive Works: "a 50% reduction in the cost of a single train purchased from
the Bank ... Taking the cost reduction closes the Concession").

The card's owner is the company or its president; the discounted price is offered beside the
face price as a purchase of its own, the bank paying the difference
(:meth:`~roundhouse.core.flow.train_step.BuyTrainStep.discounted`).  A title with such a card
lists :class:`DiscountBuyTrainStep` in its operating turn in place of core's step.
"""

from __future__ import annotations

from roundhouse.core.ability import Who, closes_after_use
from roundhouse.core.entities import Private
from roundhouse.core.flow.actions import BuyTrain
from roundhouse.core.flow.train_step import BuyTrainStep
from roundhouse.core.trains import DEPOT
from roundhouse.titles.g18us.ability import TrainDiscount
from roundhouse.titles.g18us.state import UsGame


def train_discount(private: Private) -> TrainDiscount | None:
    """The card's discount power while it has uses left."""
    for i, a in enumerate(private.spec.abilities):
        if isinstance(a, TrainDiscount) and (a.uses is None or private.used.get(i, 0) < a.uses):
            return a
    return None


class DiscountBuyTrainStep(BuyTrainStep[UsGame]):
    """The train-buying step with :class:`TrainDiscount` cards."""

    def discount_private(self, g: UsGame, corp: str) -> Private | None:
        """The open card with a discount left that the company owns, or its president owns
        when the card works for a presided company (18US §10.1.5: "for a company he
        controls"; §10.2.6: only "If a company or System owns the Electro-Motive
        Division")."""
        president = g.controller(corp)
        for private in g.privates.values():
            if private.closed or private.owner not in (corp, president):
                continue
            ability = train_discount(private)
            if ability is None:
                continue
            if ability.who is Who.OWNING_COMPANY and private.owner != corp:
                continue
            return private
        return None

    def discounted(self, g: UsGame, corp: str, train_id: str, price: int) -> int | None:
        private = self.discount_private(g, corp)
        if private is None or g.depot.train(train_id).owner != DEPOT:
            return None
        ability = train_discount(private)
        assert ability is not None
        if ability.trains and g.depot.train(train_id).type not in ability.trains:
            return None
        return ability.price(price)

    def use_discount(self, g: UsGame, entity: str, action: BuyTrain) -> None:
        """The card's power is used, and the card closes if using it does (§10.1.5)."""
        private = self.discount_private(g, entity)
        assert private is not None
        ability = train_discount(private)
        assert ability is not None
        private.use(ability)
        if closes_after_use(private.spec.abilities):
            private.closed = True
