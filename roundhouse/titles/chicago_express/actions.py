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
import functools
import itertools
from typing import Annotated, ClassVar, Literal

from roundhouse.core.actions import Action, Known
from roundhouse.core.ids import PlayerId

Gauge = Literal["auction", "develop", "build"]
GAUGES: tuple[Gauge, ...] = ("auction", "develop", "build")
DECLINED: dict[str, str] = {
    "auction": "no share is auctioned",
    "develop": "no hex is developed",
    "build": "no locomotive is built",
}
"""What a null action gives up, by the gauge step it uses (Chicago Express §4.4)."""
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
        return f"{self.player} passes the step"


def passed_step(player: PlayerId, gauge: str) -> str:
    """A null action in words naming the step and what it gives up ("Ann passes the build
    step: no locomotive is built"), the same on the button and in the log (§4.4)."""
    return f"{player} passes the {gauge} step: {DECLINED[gauge]}"


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


# -- the moves the listing hands out -------------------------------------------------------
# Actions are frozen values, so every listing of one move may hand out the same object, and
# looking it up costs a fraction of building a dataclass (a random game lists ~12 moves per
# position).  Each cache holds a bounded number of distinct moves (players are named per game).

SHARED_MOVES = 4096
"""Distinct moves each cache below keeps (least recently listed dropped first)."""


@functools.lru_cache(maxsize=SHARED_MOVES)
def choose_gauge(player: PlayerId, gauge: Gauge) -> ChooseGauge:
    return ChooseGauge(player=player, gauge=gauge)


@functools.lru_cache(maxsize=SHARED_MOVES)
def null_action(player: PlayerId) -> NullAction:
    return NullAction(player=player)


@functools.lru_cache(maxsize=SHARED_MOVES)
def start_auction(player: PlayerId, company: str) -> StartAuction:
    return StartAuction(player=player, company=company)


@functools.lru_cache(maxsize=SHARED_MOVES)
def bid(player: PlayerId, company: str, amount: int) -> Bid:
    return Bid(player=player, company=company, amount=amount)


def bids(player: PlayerId, company: str, low: int, high: int) -> list[Bid]:
    """Every bid of ``player`` for ``company`` from ``low`` to ``high`` dollars, in order."""
    return list(map(bid, itertools.repeat(player), itertools.repeat(company), range(low, high + 1)))


@functools.lru_cache(maxsize=SHARED_MOVES)
def pass_bid(player: PlayerId, company: str) -> PassBid:
    return PassBid(player=player, company=company)


@functools.lru_cache(maxsize=SHARED_MOVES)
def choose_company(player: PlayerId, company: str) -> ChooseCompany:
    return ChooseCompany(player=player, company=company)


@functools.lru_cache(maxsize=SHARED_MOVES)
def place_train(player: PlayerId, company: str, hex_id: str) -> PlaceTrain:
    return PlaceTrain(player=player, company=company, hex=hex_id)


@functools.lru_cache(maxsize=SHARED_MOVES)
def end_build(player: PlayerId, company: str) -> EndBuild:
    return EndBuild(player=player, company=company)


@functools.lru_cache(maxsize=SHARED_MOVES)
def develop_move(player: PlayerId, hex_id: str) -> Develop:
    return Develop(player=player, hex=hex_id)
