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

from typing import ClassVar

from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import Bid, Choose
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.view.engine18xx import EngineObserver
from roundhouse.titles.g18us.eastern import FIVE_SHARE, TEN_SHARE
from roundhouse.titles.g18us.permission import ASK
from roundhouse.titles.g18us.state import UsGame

CONVENTION_LOT = "ERRC"
"""What the Convention's sealed bids are made for (:class:`~.convention.ConventionStep`)."""


class UsObserver(EngineObserver[UsGame]):
    """The typed views of a :class:`~.state.UsGame`."""

    __slots__ = ()

    # The only English-auction-like step of 18US named "auction" is the Convention's.
    step_action: ClassVar[dict[str, str]] = {"auction": "bid for a pick of the Concessions"}
    step_help: ClassVar[dict[str, str]] = {
        "auction": "Eastern Railroad Convention (§3.2): everyone secretly bids $0, $5 or $10 "
        "(passing is not an option); the bids are paid, then each player buys one Eastern "
        "Concession at face value, the highest bid choosing first (ties in player order).",
    }

    def told(self, action: Action) -> str:
        return words(self.state, action) or super().told(action)

    def describe(self, action: Action) -> str:
        return words(self.state, action) or super().describe(action)


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
