"""The privates about trains: P13 Pennsy Boneyard and P25 American Locomotive Co. (18xx.games;
P29 Bankrupt Railroad's free train is in :mod:`.bankrupt_railroad`).

P13: "Discard when the first 4, 6, or 8-train is purchased or exported to prevent one train
from rusting.  The train is instead treated as an obsolete train and will be discarded at the
end of the corporation's next Run Trains step.  Obsolete trains may not be sold to another
company and do not count against the company's train limit.  This ability may only be used on
a train which is owned by the same company that owns Pennsy Boneyard.  May not be used on 2+,
3+, or 4+ trains."  The rust happens as core's depot sells the train; the title's hooks hand
the rust to :func:`note_rust` (from ``on_train_events``), and a round that mixes in
:class:`BoneyardRound` stops until P13's company has chosen a train to save (``choose`` with
the train's id, ``company`` = "P13") or passed.  Saving puts the train back, obsolete
(:func:`save`).

P25: "The owning corporation receives a 10% discount on all trains from the bank.  During the
owning company's turn, this company may be discarded prior to the Run Trains step to buy a
train from the bank at a 10% discount.  This company is discarded when the first 6-train is
purchased" (its closing is data: ``closes_on_phase = "6"``).  :class:`LocomotiveDiscount` is
the buy-trains step's discount (mix it into the title's buy-trains step);
:class:`LocomotiveStep` is the discard-to-buy before the run.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyTrain, Choose, Pass
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.train_step import BuyTrainStep
from roundhouse.core.legal import kinds_of, of_kinds
from roundhouse.core.trains import DEPOT, SCRAPPED, TrainEvents
from roundhouse.titles.g18usa.listed_step import ListedStep
from roundhouse.titles.g18usa.powers import close, held, in_turn, owner_of
from roundhouse.titles.g18usa.private_abilities import PennsyBoneyard, TrainDiscount
from roundhouse.titles.g18usa.state import Rusting, UsaGame

BONEYARD = "P13"
LOCOMOTIVE = "P25"


# --- P13 Pennsy Boneyard ---------------------------------------------------------------------


def saveable(g: UsaGame, events: TrainEvents) -> Rusting | None:
    """What P13's company may save from this sale's rust, if anything."""
    corp = owner_of(g, BONEYARD)
    if corp is None or corp not in g.corps or not events.rusted or not events.train:
        return None
    owned = held(g, corp, PennsyBoneyard)
    if not owned:
        return None
    ability = owned[0][1]
    if g.depot.train(events.train).type not in ability.rusted_by:
        return None
    trains = tuple(
        t for t, owner in events.rusted if owner == corp and g.depot.train(t).type in ability.saves
    )
    return Rusting(corp, trains) if trains else None


def save(g: UsaGame, corp: str, train_id: str) -> None:
    """The rusted train comes back to ``corp``, obsolete; P13 is discarded."""
    train = g.depot.train(train_id)
    if train.owner != SCRAPPED:
        raise IllegalAction(f"{train_id} has not rusted", rule="boneyard.not_rusted")
    train.owner = corp
    train.obsolete = True
    g.emit("boneyard", f"{corp} keeps {train_id} with {BONEYARD}: it is obsolete instead")
    close(g, BONEYARD)


def note_rust(
    g: UsaGame, events: TrainEvents, later: Callable[[Rusting], None] | None = None
) -> None:
    """Called by the title's hooks after every train sale or export: queue P13's choice in the
    current round.  A rust P13 may answer while no :class:`BoneyardRound` is under way (an
    export as an operating round ends, §12.10) goes to ``later``, which keeps it for the next
    round to ask; without ``later`` it raises NotImplementedError rather than lose the
    choice."""
    found = saveable(g, events)
    if found is None:
        return
    if isinstance(g.round, BoneyardRound) and not g.round.finished:
        g.round.boneyard = found
        return
    if later is not None:
        later(found)
        return
    raise NotImplementedError(
        f"18USA P13 Pennsy Boneyard: {found.company} may save {', '.join(found.trains)} but "
        f"the {g.round.kind} round cannot ask (the title must queue the choice in a "
        "BoneyardRound)"
    )


class BoneyardRound(Round[UsaGame]):
    """A round that stops while P13's company decides (put it first among the bases)."""

    boneyard: Rusting | None = None
    """The rust P13's company is asked about now (set on the round when one happens)."""

    def _choices(self, g: UsaGame) -> list[Action]:
        assert self.boneyard is not None
        corp = self.boneyard.company
        p = g.controller_id(corp)
        out: list[Action] = [
            Choose(player=p, entity=corp, choice=t, company=BONEYARD) for t in self.boneyard.trains
        ]
        out.append(Pass(player=p, entity=corp))
        return out

    def entities_acting(self, g: UsaGame) -> tuple[str, ...]:
        if self.boneyard is not None:
            return (self.boneyard.company,)
        return super().entities_acting(g)

    def legal_actions(self, g: UsaGame, kinds: Collection[str] | None = None) -> list[Action]:
        if self.boneyard is not None:
            return of_kinds(self._choices(g), kinds)
        return super().legal_actions(g, kinds)

    def legal_kinds(self, g: UsaGame) -> frozenset[str]:
        if self.boneyard is not None:
            return kinds_of(self._choices(g))
        return super().legal_kinds(g)

    def check(self, g: UsaGame, action: Action) -> None:
        if self.boneyard is not None:
            if action not in self._choices(g):
                raise IllegalAction(
                    f"{self.boneyard.company} must first choose whether to keep one of "
                    f"{', '.join(self.boneyard.trains)} with Pennsy Boneyard",
                    rule="boneyard.choice",
                )
            return
        super().check(g, action)

    def process(self, g: UsaGame, action: Action) -> None:
        if self.boneyard is not None:
            corp = self.boneyard.company
            self.boneyard = None
            if isinstance(action, Choose):
                save(g, corp, action.choice)
            return
        super().process(g, action)


# --- P25 American Locomotive Co. -------------------------------------------------------------


def locomotive_price(g: UsaGame, corp: str, train_id: str, price: int) -> int | None:
    """The price with P25's discount for a bank train of its types, or None."""
    train = g.depot.train(train_id)
    if train.owner != DEPOT:
        return None
    return discounted_type_price(g, corp, train.type, price)


def discounted_type_price(g: UsaGame, corp: str, train_type: str, price: int) -> int | None:
    """``price`` less P25's 10% when ``corp`` holds it and it covers ``train_type``, or
    None (wherever the train is: the caller says whether it comes from the bank)."""
    owned = held(g, corp, TrainDiscount)
    if not owned:
        return None
    ability = owned[0][1]
    if train_type not in ability.trains:
        return None
    return price - price * ability.percent // 100


class LocomotiveDiscount(BuyTrainStep[UsaGame]):
    """The buy-trains step with P25's discount on bank trains (the face price stays listed
    too: paying more is never better, and core lists discounts beside it)."""

    def discounted(self, g: UsaGame, corp: str, train_id: str, price: int) -> int | None:
        return locomotive_price(g, corp, train_id, price)

    def use_discount(self, g: UsaGame, entity: str, action: BuyTrain) -> None:
        """A lasting discount: nothing is used up."""


class LocomotiveStep(ListedStep[UsaGame]):
    """Discard P25 before the run to buy one train from the bank at 10% off."""

    kinds = frozenset({"buy_train"})
    blocking = False
    name = "locomotive"
    passing = "passes on buying a train with American Locomotive"

    def takes(self, g: UsaGame, action: Action) -> bool:
        return (
            isinstance(action, BuyTrain)
            and action.entity in g.corps
            and action in self.moves(g, action.entity)
        )

    def moves(self, g: UsaGame, corp: str) -> list[BuyTrain]:
        if not in_turn(g, corp) or g.or_round().revenue is not None:
            return []
        if not held(g, corp, TrainDiscount):
            return []
        p = g.controller_id(corp)
        out: list[BuyTrain] = []
        for train in g.depot.available():
            if train.owner != DEPOT or g.depot.is_car(train):
                continue
            limit = g.depot.limit_for(corp)
            if limit is not None and g.depot.counted(corp) >= limit:
                continue
            face = g.depot.type_of(train).price_of(train.variant)
            price = locomotive_price(g, corp, train.id, face)
            if price is None or price > g.ledger.cash(corp):
                continue
            out.append(BuyTrain(player=p, entity=corp, train=train.id, price=price))
        return out

    def refusal(self, g: UsaGame, entity: str, action: Action) -> IllegalAction:
        return IllegalAction(
            f"{entity} may discard P25 only before its run, to buy a bank train at 10% off",
            rule="locomotive.buy",
        )

    def process(self, g: UsaGame, entity: str, action: Action) -> None:
        assert isinstance(action, BuyTrain)
        train = g.depot.train(action.train)
        face = g.depot.type_of(train).price_of(train.variant)
        g.ledger.transfer(BANK, entity, face - action.price)
        g.train_events(entity, g.depot.buy(entity, action.train, g.ledger))
        close(g, LOCOMOTIVE)
