"""The Erie Canal's and the Customs House's Bonus Tokens for a player who presides no company
(18US §6.4.2, §10.1.1-§10.1.2).

§6.4.2: "A player who owns the Erie Canal Concession (P1 ...) or the Customs House Concession
(P2 ...) may place the associated Bonus Token at any time during an Operating Round.  The City
he selects need have no connection to any other location, nor need the owner control a
company."  A President plays the card in a turn of a company he presides
(:mod:`.revenue_marker_step`); core's Operating Round has turns only for companies, so a
player who presides none of the companies operating is given a turn of his own at the start
of each Operating Round, after the Concessions' income, before the first company: he places
the token (a ``place_token`` by the card) or passes (:func:`bonus_players`,
:class:`BonusPassStep`; the round is :class:`~.rules.UsOperatingRound`).  Reading
(docs/rules-notes.md): "any time" is met at the start of every Operating Round; within one
the token's effect does not depend on the moment.
"""

from __future__ import annotations

from roundhouse.core.ability import When
from roundhouse.core.actions import Action
from roundhouse.core.engine18xx import Engine
from roundhouse.core.flow.actions import Pass
from roundhouse.core.flow.step import Step
from roundhouse.titles.g18us.ability import RevenueMarker
from roundhouse.titles.g18us.state import UsGame


def bonus_players(g: Engine) -> list[str]:
    """Players, in Stock Round order from the Priority Deal, holding an open Concession with
    a Bonus Token to place at any time who preside no floated company."""
    assert isinstance(g, UsGame)
    owners = {
        card.owner
        for card in g.privates.values()
        if not card.closed
        and card.owner in g.seats
        and any(
            isinstance(a, RevenueMarker) and a.when is not When.TOKEN for a in card.spec.abilities
        )
    }
    presidents = {g.controller(c.id) for c in g.corps.values() if c.floated and not c.closed}
    start = g.priority or g.seat_order[0]
    return [p for p in g.turn_order_from(start) if p in owners and p not in presidents]


class BonusPassStep(Step):
    """The pass of a player whose turn at the start of the Operating Round is only for his
    Bonus Token (the token itself is the card's ``place_token``)."""

    kinds = frozenset({"pass"})
    name = "bonus_token"

    def active(self, g: Engine, entity: str) -> bool:
        turns: list[str] = getattr(g.round, "bonus_turns", [])
        return bool(turns) and entity == turns[0]

    def actions(self, g: Engine, entity: str) -> list[Action]:
        return [Pass(player=g.pid(entity), entity=entity)]

    def process(self, g: Engine, entity: str, action: Action) -> None:
        g.emit("pass", f"{entity} keeps his Bonus Token for now")
