"""Income triggered by train purchases: the :class:`~.ability.TrainPurchaseIncome`
power (18US §10.1.5, the Baldwin Locomotive Works: "Each time a company buys a train from the
Bank (not the Pool or another company), the owner receives $20 from the Bank").

The rule pays even when the purchase itself closes the card ("Taking the cost reduction
closes the Concession, but the owner still receives the $20 income for this purchase"), so
the train-buying step asks :func:`train_income_due` before it applies a discount and pays
with :func:`pay_train_income` once a train has left the bank's depot
(:class:`IncomeBuyTrainStep`, which a title with such a card lists in its operating turn in
place of core's :class:`~roundhouse.core.flow.train_step.BuyTrainStep`; it also takes the
card's discount, :class:`~.train_discount.DiscountBuyTrainStep`).
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.flow.actions import BuyTrain
from roundhouse.core.trains import DEPOT
from roundhouse.titles.g18us.ability import TrainPurchaseIncome
from roundhouse.titles.g18us.state import UsGame
from roundhouse.titles.g18us.train_discount import DiscountBuyTrainStep


def train_income_due(g: UsGame, side: str) -> tuple[tuple[str, str, int], ...]:
    """(card, owner, amount) for every open card that pays on a bank sale of a train bought
    as ``side`` now."""
    return tuple(
        (private.id, private.owner, a.amount)
        for private in g.privates.values()
        if not private.closed and private.owner is not None
        for a in private.spec.abilities
        if isinstance(a, TrainPurchaseIncome) and (not a.trains or side in a.trains)
    )


def pay_train_income(g: UsGame, due: tuple[tuple[str, str, int], ...]) -> None:
    """The bank pays each owner its card's amount (an owner that has since closed is
    skipped); use it only for trains bought from the bank's depot."""
    for _, owner, amount in due:
        company = g.corps.get(owner)
        if company is not None and company.closed:
            continue
        g.ledger.transfer(BANK, owner, amount)


class IncomeBuyTrainStep(DiscountBuyTrainStep):
    """The train-buying step that pays :class:`TrainPurchaseIncome` for each train bought from
    the bank's depot (not the pool or another company), the card's discount or not."""

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        if not isinstance(action, BuyTrain) or g.depot.train(action.train).owner != DEPOT:
            super().process(g, entity, action)
            return
        due = train_income_due(g, action.variant or g.depot.train(action.train).type)
        super().process(g, entity, action)
        if g.depot.train(action.train).owner == entity:
            pay_train_income(g, due)
