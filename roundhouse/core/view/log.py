"""The game log as a client lists it: each action with its index, seat and table talk, and
the events it set off (:mod:`roundhouse.core.event`), which make the log a narration.

>>> from roundhouse.core.flow.actions import Bid
>>> entry = LogEntry.of(0, Bid(player="Ann", entity="Ann", company="Y1", price=45))
>>> entry.text, entry.to_json()["action"]["price"]
('Ann bids $45 for Y1', 45)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.actions import Action
from roundhouse.core.event import Event
from roundhouse.core.view.part import Part

VIEW_VERSION = 1
"""Bumped when a field of :class:`LogEntry` is removed, renamed or changes meaning or type."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class LogEntry(Part):
    """One action of the log."""

    index: int
    """Its place in the log, from 0; the position after it is ``index + 1``."""
    player: str
    kind: str
    text: str
    """Table talk: "Ann bids $7 for PRR"."""
    action: Mapping[str, object]
    """The action's JSON form, as ``apply`` takes it."""
    events: tuple[Event, ...] = ()
    """What the action set off, in order: a round header, an auction won, payouts, price
    moves, a new phase, rusting trains, the end of the game."""

    @classmethod
    def of(
        cls, index: int, action: Action, events: tuple[Event, ...] = (), text: str | None = None
    ) -> LogEntry:
        """The entry of ``action``; ``text`` is the title's wording of it (its table talk
        by default)."""
        return cls(
            index=index,
            player=action.player,
            kind=action.kind,
            text=str(action) if text is None else text,
            action=action.to_json(),
            events=events,
        )
