"""Turns of their own in an Operating Round for players whose Concession lets them act in it
although they preside no company operating then (18US §6.4.2, §10.1.1-§10.1.2, §10.1.4).

Core's Operating Round has turns only for companies, and in a company's turn only its
President acts.  Two Bonus Actions belong to a player whatever he presides:

* §6.4.2: the owner of the Erie Canal (P1) or the Customs House (P2) "may place the
  associated Bonus Token at any time during an Operating Round ... nor need the owner control
  a company".  A President plays it in a turn of a company he presides
  (:mod:`.revenue_marker_step`); a player who presides no floated company gets a turn at the
  start of each Operating Round, after the income, before the first company
  (:func:`bonus_players`).
* §10.1.4: the owner of the 2nd Bank of the United States (P4) exchanges it for a share of the
  Pool "during the turn of the company for whose share he wishes to exchange, between the
  earnings step and the dividend step".  An owner who is not that company's President gets a
  turn there (:func:`exchange_players`; the President exchanges in the company's own turn).

In such a turn the player plays the card (its ``place_token`` or ``buy_shares``) or passes
(:class:`SideTurnPassStep`); the company's turn then goes on where it waited
(:class:`SideTurnRound`).  Reading (docs/rules-notes.md): "any time" is met at the start of
every Operating Round; within one the Bonus Token's effect does not depend on the moment.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.ability import When
from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import Pass
from roundhouse.core.flow.dividend_step import DividendStep
from roundhouse.core.flow.step import Step
from roundhouse.titles.g18us.ability import RevenueMarker
from roundhouse.titles.g18us.consent import ConsentRound
from roundhouse.titles.g18us.exchange_step import ShareExchangeStep
from roundhouse.titles.g18us.revenue_marker_step import RevenueMarkerStep
from roundhouse.titles.g18us.state import UsGame


def bonus_players(g: UsGame) -> list[str]:
    """Players, in Stock Round order from the Priority Deal, holding an open Concession with
    a Bonus Token to place at any time who preside no floated company."""
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


def exchange_players(g: UsGame, corp_id: str, step: ShareExchangeStep) -> list[str]:
    """Players other than the company's President who may exchange a card for one of its
    shares now (``step`` reads the company from the round's ``exchange_for``)."""
    boss = g.controller(corp_id)
    start = g.priority or g.seat_order[0]
    return [p for p in g.turn_order_from(start) if p != boss and step.options(g, p)]


class SideTurnPassStep(Step[UsGame]):
    """The pass of a player in his own turn (the card's move is its own step's)."""

    kinds = frozenset({"pass"})
    name = "side_turn"

    def active(self, g: UsGame, entity: str) -> bool:
        rnd = g.round
        return isinstance(rnd, SideTurnRound) and rnd.side_player() == entity

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        return [Pass(player=g.pid(entity), entity=entity)]

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        g.emit("pass", f"{entity} passes")


class SideTurnRound(ConsentRound):
    """An Operating Round with the players' own turns: Bonus Tokens at its start, the 2nd
    Bank's exchange in a company's turn before its dividend."""

    def __init__(self, steps: Sequence[Step[UsGame]]) -> None:
        super().__init__(steps)
        self.bonus_turns: list[str] = []
        """Players still to take their Bonus Token turn at the start of the round."""
        self.exchange_for: str | None = None
        """The company whose turn waits before its dividend for :attr:`exchange_turns`."""
        self.exchange_turns: list[str] = []
        """Players still to take their exchange turn in that company's turn."""

    def side_player(self) -> str | None:
        if self.request is not None or self.finished:
            return None
        if self.bonus_turns:
            return self.bonus_turns[0]
        return self.exchange_turns[0] if self.exchange_turns else None

    def start(self, g: UsGame) -> None:
        """After the income and the first company's turn set up, the Bonus Token turns."""
        super().start(g)
        if not self.finished:
            self.bonus_turns = bonus_players(g)
            self._open_exchange(g)

    def entity(self, g: UsGame) -> str | None:
        return self.side_player() or super().entity(g)

    def offered(self, g: UsGame, entity: str, taking: Action | None = None) -> list[Step[UsGame]]:
        if entity == self.side_player():
            card: type[Step[UsGame]] = RevenueMarkerStep if self.bonus_turns else ShareExchangeStep
            return [s for s in self.steps if isinstance(s, (card, SideTurnPassStep))]
        return super().offered(g, entity, taking)

    def after_process(self, g: UsGame, entity: str) -> None:
        if self.bonus_turns and entity == self.bonus_turns[0]:
            self.bonus_turns.pop(0)
            return
        if self.exchange_turns and entity == self.exchange_turns[0]:
            self.exchange_turns.pop(0)
            return
        super().after_process(g, entity)
        self._open_exchange(g)

    def next_entity(self, g: UsGame) -> None:
        self.exchange_for = None
        self.exchange_turns = []
        super().next_entity(g)

    def _open_exchange(self, g: UsGame) -> None:
        """§10.1.4: once the company waits at its dividend, the exchange turns, once."""
        corp = self.current
        if self.finished or corp is None or self.exchange_for == corp:
            return
        waiting = next((s for s in self.steps if s.blocking and s.active(g, corp)), None)
        if not isinstance(waiting, DividendStep):
            return  # not yet "between the earnings step and the dividend step"
        step = next((s for s in self.steps if isinstance(s, ShareExchangeStep)), None)
        if step is None:
            return
        self.exchange_for = corp
        self.exchange_turns = exchange_players(g, corp, step)
