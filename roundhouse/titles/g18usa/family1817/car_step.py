"""Cars in a company's operating turn: buying one from the bank before the run, scrapping one
at any time (18USA §12.7 Pullman cars).

§12.7: a Pullman car may be bought from the bank "prior to the run trains step" and used in
the same operating round, or in the buy-trains step like any train (there, also from
another company at an agreed price: core's buy-trains step offers it, with
:class:`~roundhouse.core.trains.Depot`'s one-car rule).  A company may own one.  It may be
scrapped for its scrap value ($50) "at any time the owning company may take an action";
:func:`scrap_actions` lists the scraps for the stock round's and M&A round's company turns.

A title puts :class:`CarPurchaseStep` and :class:`ScrapCarStep` before its track step
(both are offered alongside the turn's current step, like loans).
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyTrain
from roundhouse.core.flow.step import Step
from roundhouse.core.trains import DEPOT
from roundhouse.titles.g18usa.family1817.actions import ScrapTrain
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from roundhouse.titles.g18usa.family1817.loan_step import (
    at_interest,
    leave_site_skipped_train_step,
    site_turn_over,
)
from roundhouse.titles.g18usa.family1817.turn_stage import before_run, waits_before_route


def _turn_goes_on(g: FamilyEngine, entity: str) -> bool:
    """Whether a blocking step of the turn still waits (an any-time step never keeps a turn
    open on its own).  Only a company's turn: a player answering in the round (a cash
    crisis) has no cars to scrap."""
    return entity in g.corps and any(s.blocking and s.active(g, entity) for s in g.round.steps)


def car_purchases(g: FamilyEngine, corp_id: str) -> list[BuyTrain]:
    """Cars the company may buy from the bank now at face value (18USA §12.7: $200)."""
    out: list[BuyTrain] = []
    p = g.controller_id(corp_id)
    for train in g.depot.available():
        if train.owner != DEPOT or not g.depot.is_car(train):
            continue
        try:
            price = g.depot.check_buy(corp_id, train.id, g.ledger)
        except IllegalAction:
            continue
        out.append(BuyTrain(player=p, entity=corp_id, train=train.id, price=price))
    return out


def scrap_actions(g: FamilyEngine, corp_id: str) -> list[Action]:
    """Every car the company may scrap now (18USA §12.7)."""
    p = g.controller(corp_id)
    if p is None:
        return []
    out: list[Action] = []
    for train in g.depot.owned_by(corp_id):
        try:
            g.depot.check_scrap(corp_id, train.id)
        except IllegalAction:
            continue
        out.append(ScrapTrain(player=g.pid(p), entity=corp_id, train=train.id))
    return out


def scrap(g: FamilyEngine, corp_id: str, train_id: str) -> None:
    g.depot.scrap_for_value(corp_id, train_id, g.ledger)


class CarPurchaseStep(Step[FamilyEngine]):
    """Buy a car from the bank before the run (18USA §12.7)."""

    kinds = frozenset({"buy_train"})
    blocking = False
    name = "buy_car"
    passing = "passes on buying a Pullman car"

    def __init__(self) -> None:
        self.bought = False
        """Whether the company whose turn it is has bought a car here this turn."""

    def setup(self, g: FamilyEngine, entity: str) -> None:
        self.bought = False

    def active(self, g: FamilyEngine, entity: str) -> bool:
        if not before_run(g, entity, until_earnings=True) or not _turn_goes_on(g, entity):
            return False
        if self.bought and g.config.one_car_before_run:
            return False  # 18xx.games: ``BuyPullman`` ends with its purchase
        if g.config.cars_after_track and waits_before_route(g, entity):
            return False  # 18xx.games: ``G18USA::Step::BuyPullman`` after track and station
        return bool(car_purchases(g, entity))

    def actions(self, g: FamilyEngine, entity: str) -> list[Action]:
        return list(car_purchases(g, entity))

    def check(self, g: FamilyEngine, entity: str, action: Action) -> None:
        if action not in car_purchases(g, entity):
            raise IllegalAction(
                f"{entity} may buy only a car from the bank before running its trains",
                rule="trains.car_before_run",
            )

    def process(self, g: FamilyEngine, entity: str, action: Action) -> None:
        assert isinstance(action, BuyTrain)
        g.train_events(entity, g.depot.buy(entity, action.train, g.ledger))
        self.bought = True


class ScrapCarStep(Step[FamilyEngine]):
    """Scrap a car at any time of the turn (18USA §12.7)."""

    kinds = frozenset({"scrap_train"})
    blocking = False
    name = "scrap_car"
    passing = "passes on scrapping a Pullman car"

    def active(self, g: FamilyEngine, entity: str) -> bool:
        if not _turn_goes_on(g, entity):
            return False
        if not g.config.acts_at_interest and (at_interest(g, entity) or site_turn_over(g, entity)):
            return False
        return bool(scrap_actions(g, entity))

    def actions(self, g: FamilyEngine, entity: str) -> list[Action]:
        return scrap_actions(g, entity)

    def check(self, g: FamilyEngine, entity: str, action: Action) -> None:
        assert isinstance(action, ScrapTrain)
        g.depot.check_scrap(entity, action.train)

    def process(self, g: FamilyEngine, entity: str, action: Action) -> None:
        assert isinstance(action, ScrapTrain)
        if entity in g.corps:
            leave_site_skipped_train_step(g, entity)
        scrap(g, entity, action.train)
