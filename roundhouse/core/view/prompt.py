"""The prompt: whose turn it is, what they are asked to do, in plain words.

It is what a turn banner shows ("OR 4.1 · KP: lay track") and the help under it: the
round, the entity acting in game terms (a company in an operating round, a player otherwise),
the seats that must act, the step and a sentence on how to play it.  A decision in progress
rides along: an auction (:class:`AuctionView`), and what only one title asks as panels.

>>> prompt = Prompt(round="OR 4.1", acting=("Ann",), entity="KP", step="track",
...                 action="lay track", help=STEP_HELP["track"])
>>> prompt.banner()
'OR 4.1 · KP: lay track'
>>> Prompt(round="SR 2", acting=("Bob",), entity="Bob", step="stock",
...        action="buy and sell shares").banner()
'SR 2 · Bob: buy and sell shares'
>>> Prompt(round="", acting=("Ann",)).banner()
'Ann to act'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.view.panel import Panel
from roundhouse.core.view.part import Part

VIEW_VERSION = 1
"""Bumped when a field of a prompt record is removed, renamed or changes meaning or type."""

STEP_ACTION: Mapping[str, str] = {
    "auction": "bid or pass",
    "stock": "buy and sell shares",
    "track": "lay track",
    "token": "place a station",
    "routes": "run trains",
    "dividend": "pay out or withhold",
    "buy_train": "buy trains",
    "buy_company": "buy a private",
    "discard_train": "discard a train",
}
"""Core's step name -> what the acting entity is asked to do, for the banner (a title's
observer words its own steps: ``EngineObserver.step_action``)."""

STEP_HELP: Mapping[str, str] = {
    "auction": "Bid at least the amount shown to take the item, or pass; the last bidder "
    "standing buys it.",
    "stock": "Buy one certificate or sell any number of shares (as the rules allow), or pass. "
    "The round ends when everyone passes in turn.",
    "track": "Lay a yellow tile or upgrade a tile on a hex your railroad's track reaches, "
    "paying any terrain cost; pick a highlighted hex on the map.",
    "token": "Place a station in a city your track reaches and that has a free slot: click a "
    "highlighted city; the charter shows the price.",
    "routes": "Run each train on its own route between stops; the best run is offered. Routes "
    "may share cities but not track.",
    "dividend": "Pay the run's revenue out to shareholders (the price rises) or keep it in the "
    "treasury (the price falls).",
    "buy_train": "Buy a train from the bank or another company, or pass once you have one; a "
    "railroad without a train must buy one.",
    "buy_company": "Buy a private company from its owner, or go on.",
    "discard_train": "The railroad is over its train limit: choose a train to give up.",
}
"""Core's step name -> a plain-language sentence on how to play it (a title's observer
explains its own: ``EngineObserver.step_help``)."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class AuctionView(Part):
    """An auction under way."""

    item: str
    """What is on the block: a private's or company's id."""
    high_bid: int | None = None
    high_bidder: str | None = None
    min_bid: int = 0
    """The opening bid."""
    lowest_bid: int = 0
    """The least the next bid may be."""
    bidders: tuple[str, ...] = ()
    """Players still bidding."""
    to_act: str | None = None
    kind: str = ""
    """The title's kind of auction ("initial", "regular", "private")."""
    auctioneer: str | None = None
    """Who put the item up."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Prompt(Part):
    """What the game is waiting for."""

    round: str
    """The round as players say it: "SR 2", "OR 4.1", "round 3", "Auction"."""
    acting: tuple[str, ...]
    """The seats that must act now (several during simultaneous choices)."""
    entity: str | None = None
    """Who acts in game terms: a company operating, or a player."""
    step: str = ""
    """The step's machine name ("track", "stock", "gauge")."""
    action: str = ""
    """What is asked, in a few words ("lay track")."""
    help: str = ""
    """How to play the step, in a sentence or two."""
    steps: tuple[str, ...] = ()
    """Every step on offer now (a non-blocking step rides along with the blocking one)."""
    auction: AuctionView | None = None
    ending: str | None = None
    """Why the game will end at the end of this round or set, once an end trigger has fired."""
    details: tuple[Panel, ...] = ()
    """The decision in progress as the title shows it (a build under way, a draft's hand)."""

    def banner(self) -> str:
        """ "OR 4.1 · KP: lay track" (the entity, else the acting seats); "Ann to act" where
        the title names no round or step."""
        who = self.entity or ", ".join(self.acting)
        if not who:
            return self.round
        head = f"{self.round} · " if self.round else ""
        return f"{head}{who}: {self.action}" if self.action else f"{head}{who} to act"
