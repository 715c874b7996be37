"""Steps whose moves are a short list worked out from the position (a private's power: P20's
law firm, P25's discounted locomotive, P17/P19/P30's attachments, the private tile lays)."""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.step import Step
from roundhouse.titles.g18usa.family1817.engine import FG


class ListedStep(Step[FG]):
    """Open while :meth:`moves` lists a move; a move is legal exactly when it is listed, and
    any other is refused with the step's own reason (:meth:`refusal`), which names the
    private's rule rather than the generic "not possible now"."""

    def moves(self, g: FG, entity: str) -> Sequence[Action]:
        raise NotImplementedError

    def refusal(self, g: FG, entity: str, action: Action) -> IllegalAction:
        raise NotImplementedError

    def active(self, g: FG, entity: str) -> bool:
        return bool(self.moves(g, entity))

    def actions(self, g: FG, entity: str) -> list[Action]:
        return list(self.moves(g, entity))

    def check(self, g: FG, entity: str, action: Action) -> None:
        if action not in self.moves(g, entity):
            raise self.refusal(g, entity, action)
