"""What an 18West game shows beyond core's 18xx views, in plain words for a first-time
player: each company's type (Granger Road, Land Grant, Public; §2.2) and where its Doubling
("x2") token stands (§8.2), the x2 tokens marked on the map, the title's steps (the Initial
Stock Round's auctions §3.2.4, Land Grant decisions §8, §8.1's permission, the first train
§7.8.2, §6.4's token relocation) and its named choices as sentences.

>>> import roundhouse
>>> game = roundhouse.new_game("18West", ["Ann", "Bob", "Cy"], seed=3)
>>> game.table().company("SP").fact("type").value
'Land Grant'
>>> sorted(h.id for h in game.board().hexes if "x2" in h.markers)
['B5', 'C22', 'G20', 'H21', 'H3', 'K18']
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import Choose
from roundhouse.core.view.board import BoardView
from roundhouse.core.view.engine18xx import EngineObserver
from roundhouse.core.view.panel import Fact
from roundhouse.titles.g18west.actions import Acquire, AnswerOffer, IssueShares, RedeemShares
from roundhouse.titles.g18west.autopilot import PERMISSION_STEP
from roundhouse.titles.g18west.data import GRANGER, LAND_GRANT, PUBLIC
from roundhouse.titles.g18west.state import WestGame

X2 = "x2"
"""The map marker of a Land Grant Company's Doubling token (§8.2)."""

TYPE_NAMES = {GRANGER: "Granger Road", LAND_GRANT: "Land Grant", PUBLIC: "Public"}
"""§2.2's company types."""


class WestObserver(EngineObserver[WestGame]):
    """The typed views of a :class:`~.state.WestGame`."""

    __slots__ = ()

    step_action: ClassVar[dict[str, str]] = {
        "auction_par": "choose the starting value",
        "initial_train": "buy a first train",
        "land_grant": "move the x2 token or convert",
        PERMISSION_STEP: "ask for or give permission",
        "relocate_token": "relocate a station",
        "issue": "issue shares",
        "issue_redeem": "issue or redeem shares",
        "acquire": "make an offer",
        "answer_offer": "answer the offer",
        "merger_pass": "merge or pass",
        "acquisition_discard": "discard after the acquisition",
    }
    step_help: ClassVar[dict[str, str]] = {
        "stock": "Buy one share, sell shares, or put a President's Certificate from the pool "
        "up for auction (bids in $5 steps, from $0; §3.2.4). Pass when done.",
        "auction": "Bid in $5 steps more than the last bid, or pass; the last bidder left "
        "pays the bid to the bank and starts the company (§3.2.4).",
        "auction_par": "You won the auction: choose the company's starting value; you pay "
        "twice it for the President's Certificate (§3.3).",
        "initial_train": "A Public Company started in the last stock round may buy one train "
        "from the bank now, before its first run (§7.8.2), or pass.",
        "land_grant": "Land Grant (§8.2): the x2 token marks the hex where the company must "
        "lay its first tile next turn, leading its track to its Destination City. Choose the "
        "hex ahead of the new track to move it to. Once the Destination Route is complete "
        "the company converts to a Public Company and the x2 token doubles the Destination "
        "City for it (§8.6); from phase 5 it may abandon its grant instead (§8.7).",
        PERMISSION_STEP: "Before phase 3 a company may build in another company's Land "
        "Grant only with its President's permission: ask, or answer a request (§8.1).",
        "relocate_token": "The company has no spare station for the Granger Road's city: "
        "move one of its stations there, or let that station leave the map (§6.4).",
        "issue": "Issue treasury shares to the pool for their market value, or pass (§7.3).",
    }

    def company_facts(self, company: str) -> tuple[Fact, ...]:
        g = self.state
        tokens = g.doubling.get(company, [])
        stations = [h for h, _ in g.x2_stations.get(company, [])]
        return (
            Fact(key="type", label="Type", value=TYPE_NAMES.get(g.kind(company), g.kind(company))),
            Fact(
                key="x2",
                label="x2 token",
                value=", ".join(tokens + [f"{h} (doubled)" for h in stations]) or None,
            ),
        )

    def board(self) -> BoardView | None:
        """Core's board with an x2 marker in every hex holding a Doubling token that leads
        a Land Grant Company's track (§8.2)."""
        shown = super().board()
        if shown is None:
            return None
        held = {h for tokens in self.state.doubling.values() for h in tokens}
        if not held:
            return shown
        hexes = tuple(
            dataclasses.replace(h, markers=(*h.markers, X2)) if h.id in held else h
            for h in shown.hexes
        )
        return dataclasses.replace(shown, hexes=hexes)

    def places(self, action: Action) -> tuple[str, ...]:
        """An x2 token's move is offered on the hex it moves to (§8.2)."""
        if isinstance(action, Choose) and action.choice.startswith("x2:"):
            return (action.choice.split(":")[2],)
        return super().places(action)

    def told(self, action: Action) -> str:
        if isinstance(action, Choose) and (words := choice_words(action.entity, action.choice)):
            return words
        return merger_words(action) or super().told(action)

    def describe(self, action: Action) -> str:
        if isinstance(action, Choose):
            words = choice_words(action.entity, action.choice)
            if words:
                return words
        return merger_words(action) or super().describe(action)


def choice_words(entity: str, choice: str) -> str:
    """An 18West named choice as a sentence; "" for one this title does not name."""
    head, _, rest = choice.partition(":")
    if head == "auction":
        return f"{entity} puts {rest}'s President's Certificate up for auction"
    if head == "x2":
        old, new, *came_from = rest.split(":")
        by = f", extending its track from {came_from[0]}" if came_from else ""
        return f"{entity} moves its x2 token from {old} to {new}{by}"
    if head == "ask":
        return f"{entity} asks {rest}'s President for permission to build in its Land Grant"
    if head == "relocate":
        hex_name = rest.partition(":")[0]
        return f"{entity} moves its station from {hex_name} to the Granger Road's city"
    return {
        "convert": f"{entity} converts to a Public Company (x2 token to its Destination)",
        "abandon": f"{entity} abandons its Land Grant and becomes a Public Company",
        "keep_grant": f"{entity} keeps its Land Grant",
        "permit": f"{entity} gives permission",
        "refuse": f"{entity} refuses permission",
        "keep": f"{entity} lets the Granger Road's station leave the map",
    }.get(choice, "")


def _shares(n: int) -> str:
    return f"{n} share{'' if n == 1 else 's'}"


def merger_words(action: Action) -> str:
    """An M&A Round move (§6) in words; "" for another move."""
    if isinstance(action, IssueShares):
        return f"{action.entity} issues {_shares(action.count)} from its treasury"
    if isinstance(action, RedeemShares):
        return f"{action.entity} redeems {_shares(action.count)} from the market"
    if isinstance(action, Acquire):
        paid = f"{_shares(action.shares)} and cash" if action.shares else "cash only"
        return f"{action.entity} offers {paid} to acquire {action.corporation}"
    if isinstance(action, AnswerOffer):
        return f"{action.entity} {'accepts' if action.accept else 'declines'} the offer"
    return ""
