"""An operating turn never goes back to a step it has moved past (18USA §12: the company
takes its steps "in the indicated order").

Core's round offers every active step up to the first active blocking one, so a step left
because it had nothing to offer comes back when it has again: a company that could not pay
for a second tile runs, earns a dividend and would be offered the track step again.
:class:`ForwardTurn` remembers the latest blocking step that took an action in the turn and
offers no blocking step before it.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.actions import Action
from roundhouse.core.engine18xx import Engine
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step


class ForwardTurn(Round):
    """A round whose turns only move forward through their blocking steps."""

    def __init__(self, steps: Sequence[Step]) -> None:
        super().__init__(steps)
        self.reached: dict[str, int] = {}
        """Entity -> index of the latest blocking step that took an action in its turn."""

    def _reached(self, entity: str) -> int:
        return self.reached.get(entity, -1)

    def moved_past(self, entity: str, step: Step) -> bool:
        """Whether ``entity``'s turn has left the blocking ``step`` behind for good."""
        return step.blocking and self.steps.index(step) < self._reached(entity)

    def _open(self, g: Engine, entity: str) -> list[Step]:
        """The steps still open in ``entity``'s turn: non-blocking ones, and blocking ones
        from the latest that took an action on."""
        floor = self._reached(entity)
        return [s for i, s in enumerate(self.steps) if not s.blocking or i >= floor]

    def offered(self, g: Engine, entity: str) -> list[Step]:
        out: list[Step] = []
        for step in self._open(g, entity):
            if step.active(g, entity):
                out.append(step)
                if step.blocking:
                    break
        return out

    def process(self, g: Engine, action: Action) -> None:
        step, entity = self.step_for(g, action)
        if step.blocking:
            self.reached[entity] = max(self._reached(entity), self.steps.index(step))
        step.process(g, entity, action)
        self.after_process(g, entity)

    def after_process(self, g: Engine, entity: str) -> None:
        if self.finished:
            return
        if self.entity(g) == entity:
            if any(s.active(g, entity) for s in self._open(g, entity)):
                return
            self.next_entity(g)
        self._begin_turn(g)
