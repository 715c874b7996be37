"""What an 18US game says beyond core's 18xx views, in a first-time player's words: the
Eastern Railroad Convention's sealed bids (§3.2), a request to build in a Land Grant
company's reserved hex (§7.3), a company's conversion (§6.3) and a Western Concession put up
for auction (§7.1), never the engine's names for them ("bids $5 for ERRC", "chooses
ask:D17:7", "chooses E18", "chooses P12").

>>> import roundhouse
>>> game = roundhouse.new_game("18US", ["Ann", "Bob", "Cy"], seed=7)
>>> game.describe(game.legal_actions()[1])
'Ann bids $5 for an early pick of the Eastern Concessions'
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import Bid, Choose, Par
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.ids import PlayerId
from roundhouse.core.view.engine18xx import EngineObserver
from roundhouse.core.view.prompt import Prompt
from roundhouse.titles.g18us.convention import ConventionStep, southern_opener
from roundhouse.titles.g18us.eastern import FIVE_SHARE, TEN_SHARE
from roundhouse.titles.g18us.permission import ASK
from roundhouse.titles.g18us.state import UsGame

CONVENTION_LOT = "ERRC"
"""What the Convention's sealed bids are made for (:class:`~.convention.ConventionStep`)."""


PICK_ACTION = "buy an Eastern Concession"
PICK_HELP = (
    "Eastern Railroad Convention (§3.2): the bids are paid; now each player buys one Eastern "
    "Concession at face value, the highest bid choosing first (ties in player order)."
)
SOUTHERN_ACTION = "set the Southern Railway's starting value"
SOUTHERN_HELP = (
    "§10.1.6: whoever buys the South Carolina Canal & Rail Road Company (P6) sets the Southern "
    "Railway's starting value at once and takes its President's Certificate."
)


class UsObserver(EngineObserver[UsGame]):
    """The typed views of a :class:`~.state.UsGame`."""

    __slots__ = ()

    # The only English-auction-like step of 18US named "auction" is the Convention's; its
    # words are for the sealed bids (the picks and P6's start: :meth:`prompt`, :meth:`step_of`).
    step_action: ClassVar[dict[str, str]] = {
        "auction": "bid for a pick of the Concessions",
        "extra_tile_lay": "lay an extra tile",
        "share_exchange": "exchange shares",
        "revenue_marker": "move the revenue marker",
    }
    step_help: ClassVar[dict[str, str]] = {
        "extra_tile_lay": "Lay the extra tile the card allows, or pass.",
        "auction": "Eastern Railroad Convention (§3.2): everyone secretly bids $0, $5 or $10 "
        "(passing is not an option); the bids are paid, then each player buys one Eastern "
        "Concession at face value, the highest bid choosing first (ties in player order).",
    }

    def prompt(self, player: PlayerId | None) -> Prompt:
        """The Convention's one step serves its sealed bids, then the picks in bid order
        (§3.2), and P6's Southern Railway start (§10.1.6): the banner names the part under way."""
        shown = super().prompt(player)
        g = self.state
        convention = getattr(g.round, "auction", None)
        if shown.step != "auction" or not isinstance(convention, ConventionStep):
            return shown
        if shown.entity is not None and southern_opener(g) == shown.entity:
            return dataclasses.replace(shown, action=SOUTHERN_ACTION, help=SOUTHERN_HELP)
        if len(convention.bids) == len(g.players):
            return dataclasses.replace(shown, action=PICK_ACTION, help=PICK_HELP)
        return shown

    def step_of(self, action: Action) -> tuple[str, str]:
        name, words = super().step_of(action)
        if name == "auction" and isinstance(action, Par):
            return name, SOUTHERN_ACTION
        if name == "auction" and isinstance(action, Bid) and action.company != CONVENTION_LOT:
            return name, PICK_ACTION
        return name, words

    def told(self, action: Action) -> str:
        return words(self.state, action) or super().told(action)

    def describe(self, action: Action) -> str:
        """A Convention pick (§3.2) is a purchase at face value, not a bid."""
        g = self.state
        if (
            isinstance(action, Bid)
            and action.company in g.privates
            and isinstance(getattr(g.round, "auction", None), ConventionStep)
        ):
            name = g.privates[action.company].spec.name
            return f"{action.entity} buys {action.company} {name} for ${action.price}"
        return words(g, action) or super().describe(action)


def words(g: UsGame, action: Action) -> str:
    """An 18US move the engine names by an id, as a sentence; "" for any other move.  Only
    what never changes in a game is read (names, the map): the move may be long past."""
    if isinstance(action, Bid) and action.company == CONVENTION_LOT:
        return f"{action.entity} bids ${action.price} for an early pick of the Eastern Concessions"
    if not isinstance(action, Choose):
        return ""
    who, choice = action.entity, action.choice
    if choice.startswith(ASK):
        hex_name, _, tile = choice.removeprefix(ASK).partition(":")
        return f"{who} asks permission to lay tile {tile} on {hex_name} (§7.3)"
    if who in g.corps and choice in (FIVE_SHARE, TEN_SHARE):
        return f"{who} converts to a {choice} company (§6.3.1)"
    if who in g.corps and isinstance(g.map, BoardMap) and choice in g.map.board.hexes:
        place = f"{choice} {g.map.board.hexes[choice].printed.location}".strip()
        return f"{who} converts, its doubling token to {place} (§6.3)"
    if who not in g.corps and choice in g.privates:
        return f"{who} offers {choice} {g.privates[choice].spec.name} for auction (§7.1)"
    return ""
