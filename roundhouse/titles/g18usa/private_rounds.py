"""Where the private companies' abilities (§7.1, appendix; :mod:`.privates`) enter 18USA's
rounds: the steps of the operating turn, the buy-trains step's discount and the rounds that
stop for P13's choice.

* Before the run, beside whatever step is open: P1/P3/P4/P12/P18/P21/P24/P28's resource
  tokens with this turn's yellow lay (:class:`.resources.ResourceTokenStep`, §13), P2/P21/
  P22's bridges (:class:`.bridges.BridgeStep`, §13.4), P6's value token and P8's station in a
  red area (:class:`.red_areas.RedAreaStep`), P19's switcher and P30's extender
  (:class:`.route_privates.AttachStep`); P25's discard-to-buy
  (:class:`.train_privates.LocomotiveStep`), asked before the car step (:mod:`.rules`).
* Beside the track step: the Resource subsidy's lay (:mod:`.resource_subsidy`), P9/P16/P17/
  P26/P27's lays (:class:`.private_lays.PrivateLayStep`), P20's station
  (:class:`.law_firm_step.LawFirmStep`), §13.3's ore token upgrade
  (:mod:`.ore_upgrade`).  P7 and P11 change what the track step allows
  (:func:`.tile_actions.plan`, asked by the board map, :mod:`.map_rules`).
* The buy-trains step takes P25's 10% (:class:`.train_privates.LocomotiveDiscount`).
* Every round stops while P13's company chooses a train to save (:class:`UsaBoneyard`): the
  round in which the rust happens, or, when it happens as a round ends (§12.10's exports at
  the end of an operating round), the next one.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.flow.round import ForwardTurn
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.train_step import BuyTrainStep
from roundhouse.core.trains import SCRAPPED
from roundhouse.titles.g18usa.board import new_york
from roundhouse.titles.g18usa.bridges import BridgeStep
from roundhouse.titles.g18usa.family1817.corporate_round import CorporateOperatingRound
from roundhouse.titles.g18usa.family1817.short_sale import CorporateStockRound
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from roundhouse.titles.g18usa.law_firm_step import LawFirmStep
from roundhouse.titles.g18usa.ore_upgrade import OreUpgradeStep
from roundhouse.titles.g18usa.powers import owner_of
from roundhouse.titles.g18usa.private_lays import PrivateLayStep
from roundhouse.titles.g18usa.red_areas import RedAreaStep
from roundhouse.titles.g18usa.resource_subsidy import ResourceSubsidyStep
from roundhouse.titles.g18usa.resources import ResourceTokenStep
from roundhouse.titles.g18usa.route_privates import AttachStep
from roundhouse.titles.g18usa.site_track import SiteRedAreaStep
from roundhouse.titles.g18usa.state import Rusting, UsaGame
from roundhouse.titles.g18usa.train_privates import (
    BONEYARD,
    BoneyardRound,
    LocomotiveDiscount,
)


def metropolises(g: UsaGame) -> tuple[str, ...]:
    """New York and the game's other metropolises (§2.4; P10's, once made)."""
    return (new_york(), *g.metropolises)


def private_steps(g: UsaGame) -> list[Step[UsaGame]]:
    """The abilities offered beside the operating turn's open step, before the run."""
    return [
        ResourceTokenStep(),
        BridgeStep(metropolises(g)),
        SiteRedAreaStep() if g.variant.compat_18xx_games else RedAreaStep(),
        AttachStep(),
    ]


def track_steps(g: UsaGame) -> list[Step[UsaGame]]:
    """The lays and placements offered beside the track step."""
    return [
        ResourceSubsidyStep(),
        PrivateLayStep(metropolises(g)),
        LawFirmStep(),
        OreUpgradeStep(),
    ]


def with_privates(steps: Sequence[Step[UsaGame]]) -> list[Step[UsaGame]]:
    """The family's operating turn with P25's discount in its buy-trains step."""
    return [LocomotiveDiscount() if type(s) is BuyTrainStep else s for s in steps]


class UsaBoneyard(BoneyardRound):
    """A round that asks P13's company about a rust that happened while no round could (the
    title's hooks keep it in :attr:`~.state.UsaGame.boneyard_pending`)."""

    def start(self, g: UsaGame) -> None:
        super().start(g)
        pending = g.boneyard_pending
        if pending is None or self.finished:
            return  # a round over before it began leaves the question to the next
        g.boneyard_pending = None
        if owner_of(g, BONEYARD) != pending.company:
            return  # P13 changed hands (a merger or acquisition): the old choice is gone
        trains = tuple(t for t in pending.trains if g.depot.train(t).owner == SCRAPPED)
        if trains:
            self.boneyard = Rusting(pending.company, trains)


class UsaOperatingRound(UsaBoneyard, CorporateOperatingRound[UsaGame], ForwardTurn[UsaGame]):
    """§12's operating round, stopping for P13; its turns never go back a step
    (:class:`~roundhouse.core.flow.round.ForwardTurn`)."""


class UsaStockRound(UsaBoneyard, CorporateStockRound[UsaGame]):
    """§11's stock round, stopping for P13."""


class UsaTakeoverRound(UsaBoneyard, TakeoverRound[UsaGame]):
    """§14's M&A round, stopping for P13."""
