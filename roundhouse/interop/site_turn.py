"""A company's operating turn as 18xx.games walks it, followed beside ours.

The site's operating turn is a list of steps; a step waits for its company while it offers
something and is skipped otherwise (``Round::Base#skip_steps`` in tobymao/18xx), and the
company leaves a waiting step only by passing or by acting in a later step.  Ours ends a
step by itself where nothing legal is left, so the site can still be waiting where we are
not: an export must write the passes the site waits for, and an import must read them
without a move of ours.  Which site steps a title has, and when each waits, is the title's
(:meth:`SiteTurn.waiting`); walking them is the same for every title and lives here.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Generic, Self

from typing_extensions import TypeVar

from roundhouse.core.engine18xx import Engine

TurnKey = tuple[int, int, str]
"""(set, operating round in the set, company): one operating turn."""

StepT = TypeVar("StepT", bound=enum.IntEnum)

GameT = TypeVar("GameT", bound=Engine, default=Engine, contravariant=True)
"""The title's game; the engine for a title that does not name it."""


def turn_key(g: Engine) -> TurnKey | None:
    """The operating turn under way, or None outside an operating round's company turn."""
    if g.end.over or g.round.kind != "OR":
        return None
    corp = g.round.entity(g)
    return None if corp is None else (g.set_count, g.or_in_set, corp)


@dataclasses.dataclass
class SiteTurn(Generic[StepT, GameT]):
    """Where the site stands in one company's operating turn: the steps it has left behind
    and the tiles laid so far (several titles' track steps wait by the count of lays).

    A title subclasses it with its step enumeration (:attr:`steps`, in the site's order),
    its game (``GameT``) and :meth:`waiting`."""

    key: TurnKey
    passed: set[StepT] = dataclasses.field(default_factory=set)
    lays: int = 0

    @property
    def steps(self) -> type[StepT]:
        """The title's site steps, an ``IntEnum`` in the site's order."""
        raise NotImplementedError(f"{type(self).__name__} must name its site steps")

    @property
    def corp(self) -> str:
        return self.key[2]

    def waiting(self, g: GameT, step: StepT) -> bool:
        """Whether the site's ``step`` offers the company something now."""
        raise NotImplementedError(f"{type(self).__name__} must say when each site step waits")

    def copy(self) -> Self:
        """An independent copy (the walk marks steps passed as it goes)."""
        return dataclasses.replace(self, passed=set(self.passed))

    def current(self, g: GameT, upto: StepT | None = None) -> StepT | None:
        """The site's waiting step now, looking no further than ``upto``; the ones before it
        that offer nothing are skipped, as the site does after every action.  Steps past
        ``upto`` are left to be judged when our game gets there: their predicates read our
        steps' progress."""
        for step in self.steps:
            if upto is not None and step > upto:
                return None
            if step in self.passed:
                continue
            if self.waiting(g, step):
                return step
            self.passed.add(step)
        return None

    def passes_to(self, g: GameT, target: StepT | None, *, through: bool) -> int:
        """How many passes the site needs before ``target`` (and ``target`` itself when
        ``through``), marking those steps done; None: every waiting step."""
        return len(self.left_to(g, target, through=through))

    def left_to(self, g: GameT, target: StepT | None, *, through: bool) -> list[StepT]:
        """The waiting steps the company leaves before ``target`` (and ``target`` itself
        when ``through``), in order, marking them done: one pass each, or what a step that
        takes no pass needs instead (the title's writer decides); None: every waiting step."""
        left: list[StepT] = []
        while True:
            step = self.current(g, target)
            if step is None or (step == target and not through):
                return left
            self.passed.add(step)
            left.append(step)
            if step == target:
                return left

    def leave_before(self, step: StepT) -> None:
        """The site has moved on to ``step``: every earlier step is behind it."""
        self.passed.update(s for s in self.steps if s < step)
