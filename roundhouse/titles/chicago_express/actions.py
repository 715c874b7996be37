"""The moves of Chicago Express, each one small step of a turn (Chicago Express §3.2).

A turn is: pick a gauge (``choose_gauge``), then either do nothing with it (``null_action``) or
carry out its action.  An auction is ``start_auction`` and then ``bid``/``pass_bid`` in turn
order; a build is ``choose_company``, one ``place_train`` per locomotive (up to three) and
``end_build``; a development is a single ``develop``.  Keeping the steps small keeps
``legal_actions()`` short: a build of three locomotives is three choices of one hex each, not
one choice among thousands of ordered triples.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, ClassVar, Literal

from roundhouse.core.actions import Action, Known

Gauge = Literal["auction", "develop", "build"]
GAUGES: tuple[Gauge, ...] = ("auction", "develop", "build")
CompanyName = Annotated[str, Known("company")]
"""A company's initials ("PRR", "WAB"): the game refuses any other name."""
HexName = Annotated[str, Known("hex")]
"""A printed hex ("K4"): the game refuses any other name."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ChooseGauge(Action):
    """Advance one gauge's needle by a step (Chicago Express §3.2)."""

    kind: ClassVar[str] = "choose_gauge"
    gauge: Gauge

    def __str__(self) -> str:
        article = "an" if self.gauge == "auction" else "a"
        return f"{self.player} takes {article} {self.gauge} step"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class NullAction(Action):
    """Use the step just taken and do nothing with it (Chicago Express §4.4)."""

    kind: ClassVar[str] = "null_action"

    def __str__(self) -> str:
        return f"{self.player} does nothing with the step"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StartAuction(Action):
    """Put one share of an open company up for auction (Chicago Express §4.1)."""

    kind: ClassVar[str] = "start_auction"
    company: CompanyName

    def __str__(self) -> str:
        return f"{self.player} auctions a share of {self.company}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Bid(Action):
    """Bid a whole-dollar amount for the share on offer (Chicago Express §4.1)."""

    kind: ClassVar[str] = "bid"
    company: CompanyName
    amount: int

    def __str__(self) -> str:
        return f"{self.player} bids ${self.amount} for {self.company}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PassBid(Action):
    """Drop out of the current auction for good (Chicago Express §4.1)."""

    kind: ClassVar[str] = "pass_bid"
    company: CompanyName

    def __str__(self) -> str:
        return f"{self.player} passes on {self.company}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ChooseCompany(Action):
    """Pick the company to build for; the player must hold one of its shares (§4.2)."""

    kind: ClassVar[str] = "choose_company"
    company: CompanyName

    def __str__(self) -> str:
        return f"{self.player} builds for {self.company}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PlaceTrain(Action):
    """Place one locomotive of the building company (Chicago Express §4.2)."""

    kind: ClassVar[str] = "place_train"
    company: CompanyName
    hex: HexName

    def __str__(self) -> str:
        return f"{self.player} places a {self.company} locomotive in {self.hex}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class EndBuild(Action):
    """Stop building after one or two locomotives (Chicago Express §4.2)."""

    kind: ClassVar[str] = "end_build"
    company: CompanyName

    def __str__(self) -> str:
        return f"{self.player} ends the {self.company} build"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Develop(Action):
    """Develop a city, mountain, forest or industrial city (Chicago Express §4.3)."""

    kind: ClassVar[str] = "develop"
    hex: HexName

    def __str__(self) -> str:
        return f"{self.player} develops {self.hex}"


ACTIONS: tuple[type[Action], ...] = (
    ChooseGauge,
    NullAction,
    StartAuction,
    Bid,
    PassBid,
    ChooseCompany,
    PlaceTrain,
    EndBuild,
    Develop,
)
