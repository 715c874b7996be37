"""Steps whose moves are a short list worked out from the position (a private's power: P20's
law firm, P25's discounted locomotive, P17/P19/P30's attachments, the private tile lays)."""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.actions import Action
from roundhouse.core.engine18xx import Engine
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.step import Step


class ListedStep(Step):
    """Open while :meth:`moves` lists a move; a move is legal exactly when it is listed, and
    any other is refused with the step's own reason (:meth:`refusal`), which names the
    private's rule rather than the generic "not possible now"."""

    def moves(self, g: Engine, entity: str) -> Sequence[Action]:
        raise NotImplementedError

    def refusal(self, g: Engine, entity: str, action: Action) -> IllegalAction:
        raise NotImplementedError

    def active(self, g: Engine, entity: str) -> bool:
        return bool(self.moves(g, entity))

    def actions(self, g: Engine, entity: str) -> list[Action]:
        return list(self.moves(g, entity))

    def check(self, g: Engine, entity: str, action: Action) -> None:
        if action not in self.moves(g, entity):
            raise self.refusal(g, entity, action)
