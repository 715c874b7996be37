"""Track and token steps that stay open while a card still has a power for them.

18US §10.1.3 gives an extra tile "during its tile placement step" and §10.2.1-§10.2.2 a bonus
token "during its token placement step ... in addition to any other token placement".  The
plain :class:`~roundhouse.core.flow.map_steps.TrackStep` and
:class:`~roundhouse.core.flow.map_steps.TokenStep` close as soon as the company's own
allowance offers nothing (no affordable lay; no station it can pay for) or is used up, and
the round then skips them, so the card's move, offered by a non-blocking step beside them,
would be lost.  These variants wait, offering the company's pass, while the card has a move:

* :class:`CardTrackStep` while a :class:`~.card_step.TrackCardStep` (the
  :class:`~.extra_lay_step.ExtraTileLayStep`) has a lay for the company;
* :class:`CardTokenStep` while a :class:`~.card_step.TokenCardStep` (the
  :class:`~.revenue_marker_step.RevenueMarkerStep`) has a token-step marker for it, also
  after the company placed its own station.

A title with such cards lists these in its operating turn in place of the plain steps.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import LayTile, Pass, PlaceToken
from roundhouse.core.flow.map_steps import TokenStep, TrackStep
from roundhouse.core.flow.step import Step
from roundhouse.titles.g18us.card_step import TokenCardStep, TrackCardStep
from roundhouse.titles.g18us.state import UsGame


def window_open(g: UsGame, entity: str, target: Step[UsGame]) -> bool:
    """Whether no blocking step before ``target`` still waits for ``entity`` (``target`` is
    then the step the company is in, if it is open)."""
    for step in g.round.steps:
        if step is target:
            return True
        if step.blocking and step.active(g, entity):
            return False
    return False


class CardTrackStep(TrackStep[UsGame]):
    """The track step, open while the company's own lays remain or a card has a lay."""

    def _own_open(self, g: UsGame, entity: str) -> bool:
        return self.lays < g.hooks.track_lays(g, entity)

    def card_lays(self, g: UsGame, entity: str) -> bool:
        return any(isinstance(s, TrackCardStep) and s.lays(g, entity) for s in g.round.steps)

    def active(self, g: UsGame, entity: str) -> bool:
        if self.passed:
            return False
        return super().active(g, entity) or self.card_lays(g, entity)

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        if self._own_open(g, entity):
            return super().actions(g, entity)
        return [Pass(player=g.controller_id(entity), entity=entity)]

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        if isinstance(action, LayTile) and not self._own_open(g, entity):
            raise IllegalAction(
                f"{entity} has laid all its own tiles this turn", rule="track.no_lays_left"
            )
        super().check(g, entity, action)


class CardTokenStep(TokenStep[UsGame]):
    """The token step, open while the company may place a station or a card a marker."""

    def __init__(self) -> None:
        super().__init__()
        self.placed = False

    def setup(self, g: UsGame, entity: str) -> None:
        super().setup(g, entity)
        self.placed = False

    def card_markers(self, g: UsGame, entity: str) -> bool:
        return any(
            isinstance(s, TokenCardStep) and s.token_step_markers(g, entity) for s in g.round.steps
        )

    def active(self, g: UsGame, entity: str) -> bool:
        if self.done:
            return False
        own = not self.placed and bool(self._options(g, entity))
        return own or self.card_markers(g, entity)

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        if not self.placed:
            return super().actions(g, entity)
        return [Pass(player=g.controller_id(entity), entity=entity)]

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        if isinstance(action, PlaceToken) and self.placed:
            raise IllegalAction(
                f"{entity} has placed its station this turn", rule="token.already_placed"
            )
        super().check(g, entity, action)

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        super().process(g, entity, action)
        if isinstance(action, PlaceToken):
            self.placed = True
            self.done = False
