"""Game phases: what each allows, and the train purchases that move the game on.

A phase starts when the first train of its type leaves the depot - bought or exported
(18USA §8 "with the purchase or export of the first of a new train type"; 18US §6.8; 18West
§7.8; 18RoyalGorge "Phase Changes").  Buying a train from the pool never starts a phase (18US
§6.8).  A title can also move the phase on by name (18USA §8: Phase 3 at the end of the second
operating round).  Entering several phases at once (a skipped type) enters each in order.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from roundhouse.core.errors import IllegalAction


@dataclasses.dataclass(frozen=True, kw_only=True)
class Phase:
    name: str
    on: str | None = None
    """Train type whose first departure from the depot starts this phase; None: the start."""
    tiles: tuple[str, ...] = ("yellow",)
    """Tile colours that may be laid."""
    train_limit: Mapping[str, int] = dataclasses.field(default_factory=dict)
    """Company kind -> train limit ("" is every kind not listed; 18West §14.1: 4/2)."""
    par_zones: frozenset[str] = frozenset()
    """Market zones whose cells are starting prices in this phase."""
    operating_rounds: int = 2
    events: tuple[str, ...] = ()
    """Title events set off on entering the phase (e.g. "close_privates")."""
    status: frozenset[str] = frozenset()
    """Title flags that hold during the phase (e.g. "trains_between_companies")."""

    def limit(self, kind: str = "") -> int | None:
        """This phase's train limit for a company kind; None: no limit."""
        if kind in self.train_limit:
            return self.train_limit[kind]
        return self.train_limit.get("")

    def __repr__(self) -> str:
        return f"<Phase {self.name}>"


class PhaseTrack:
    """The phase list of a title and where the game stands on it."""

    __slots__ = ("_phases", "index")

    def __init__(self, phases: Sequence[Phase]) -> None:
        if not phases:
            raise ValueError("a game needs at least one phase")
        self._phases = tuple(phases)
        self.index = 0

    def __deepcopy__(self, memo: dict[int, object]) -> PhaseTrack:
        copy = PhaseTrack(self._phases)
        copy.index = self.index
        return copy

    @property
    def phases(self) -> tuple[Phase, ...]:
        return self._phases

    @property
    def current(self) -> Phase:
        return self._phases[self.index]

    def on_train(self, train_type: str) -> list[Phase]:
        """The first train of ``train_type`` left the depot: enter every later phase up to
        the one it starts.  Returns the phases entered (usually none or one)."""
        for i in range(self.index + 1, len(self._phases)):
            if self._phases[i].on == train_type:
                entered = list(self._phases[self.index + 1 : i + 1])
                self.index = i
                return entered
        return []

    def advance_to(self, name: str) -> list[Phase]:
        """Enter the named phase now (if not already past it); returns the phases entered."""
        for i, p in enumerate(self._phases):
            if p.name == name:
                if i <= self.index:
                    return []
                entered = list(self._phases[self.index + 1 : i + 1])
                self.index = i
                return entered
        raise IllegalAction(f"there is no phase {name!r}", rule="phase.unknown")

    def __repr__(self) -> str:
        return f"<Phase {self.current.name} ({self.index + 1} of {len(self._phases)})>"
