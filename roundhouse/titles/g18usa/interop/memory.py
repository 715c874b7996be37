"""What the 18USA reader keeps of one game between site actions: choices the site made
earlier than ours asks for them, which of our trains each site train is, the site's turn."""

from __future__ import annotations

import dataclasses

from roundhouse.core.actions import Action


@dataclasses.dataclass
class Memory:
    """What the reader keeps of one game between site actions."""

    trains: dict[str, str] = dataclasses.field(default_factory=dict)
    """Site train id -> ours, where they differ."""
    pullman: str = ""
    """Our train the site attached the company's Pullman to for its coming run."""
    attached: list[str] = dataclasses.field(default_factory=list)
    """Upgrades attached in the running company's route step (the site's names)."""
    acquired: dict[str, int] = dataclasses.field(default_factory=dict)
    """Our train id -> when its company got it (:func:`note_acquired`): the site lists a
    company's trains in that order."""
    laid: dict[str, str] = dataclasses.field(default_factory=dict)
    """Site tile copy -> the hex it was laid on."""
    last: tuple[str, str] = ("", "")
    """(entity, type) of the site action being read."""
    first_of_turn: bool = False
    """Whether the action being read is its company's first in an operating turn."""
    previous: tuple[str, str] = ("", "")
    """(entity, type) of the site action read before it."""
    silent: set[int] = dataclasses.field(default_factory=set)
    """Moves of the action being read that the site made by itself (by ``id``)."""
    turn: tuple[str, list[str]] = dataclasses.field(default_factory=lambda: ("", []))
    """The company whose operating turn the site's actions are in, and the types of its
    actions so far in that turn."""
    denver: str = ""
    """Denver's orientation its first company chose on the site, not yet asked by ours."""
    removals: list[Action] = dataclasses.field(default_factory=list)
    """Station tokens given up (§14.3) while our game first wants a train discarded."""


def note_acquired(acquired: dict[str, int], train: str) -> None:
    """``train`` has just gone to a company: it comes after every train got before it, one
    bought from another company too (``Corporation#trains`` appends it).  Found by the
    export differential, issue #17: random bots, 6 players, seed 12052 - SP bought IC's
    2-1, then its 2-0, both once NP's; numbered by the count of trains seen, they tied,
    and P13 was written as saving 2-0 where the site saved 2-1."""
    acquired[train] = max(acquired.values(), default=0) + 1
