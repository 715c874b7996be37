"""A step whose moves are named choices (``Choose``) worked out from the position: 18West's
Land Grant decisions (§7.2, §8.2, §8.7), §8.1's permission and §6.4's token relocation.

The subclass says which choices are open now (:meth:`ChoiceStep.choices`) and what each
does (``process``); waiting, listing and refusing follow from the list, so they agree.
"""

from __future__ import annotations

from typing import ClassVar

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose
from roundhouse.core.flow.step import Step
from roundhouse.titles.g18west.state import WestGame


class ChoiceStep(Step[WestGame]):
    kinds = frozenset({"choose"})
    rule: ClassVar[str] = "step.choice"
    """The rule a choice not open now is refused under."""

    def choices(self, g: WestGame, entity: str) -> list[str]:
        raise NotImplementedError

    def active(self, g: WestGame, entity: str) -> bool:
        return bool(self.choices(g, entity))

    def actions(self, g: WestGame, entity: str) -> list[Action]:
        seat = g.controller_id(entity)
        return [Choose(player=seat, entity=entity, choice=c) for c in self.choices(g, entity)]

    def check(self, g: WestGame, entity: str, action: Action) -> None:
        if not isinstance(action, Choose) or action.choice not in self.choices(g, entity):
            raise IllegalAction(
                f"{entity} cannot choose {getattr(action, 'choice', '?')} now", rule=self.rule
            )
