"""Using an 18USA private's ability: who holds which ability now, spending its uses, closing.

§7.1: "Abilities may not be used by players, and may only be used on assets which are owned by
the same company".  So every question here is asked for a company: the open privates it owns
that carry an ability of a kind (:func:`held`), with uses left.  Spending one (:func:`use`)
closes the private when its counted abilities are all spent and its data says it closes then
(``closes = "used_up"``: "Discard ...", "closed when used up").

:class:`UsePrivate` is the one action the ability steps add: the company uses ``company``
(the private) on ``hex``, with ``choice`` where the ability has one (the resource of a token).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import ClassVar, TypeVar

from roundhouse.core.ability import Ability, Closes, closes_after_use
from roundhouse.core.actions import Action
from roundhouse.core.entities import Private
from roundhouse.core.flow.actions import Entity, HexName, PrivateName, Rotation, TileName
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine

A = TypeVar("A", bound=Ability)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class UsePrivate(Action):
    """Company ``entity`` uses its private ``company`` on ``hex`` (a resource or bridge token,
    a red area, an extra upgrade or station), ``choice`` naming what, when the ability offers
    several (18xx.games spells these ``assign``, ``lay_tile`` or ``place_token`` by the
    private; the importer renames)."""

    kind: ClassVar[str] = "use_private"
    entity: Entity
    company: PrivateName
    hex: HexName
    choice: str = ""

    def __str__(self) -> str:
        what = f" ({self.choice})" if self.choice else ""
        return f"{self.entity} uses {self.company} on {self.hex}{what}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PrivateLay(Action):
    """Company ``entity`` lays ``tile`` in ``hex`` with its private ``company``'s ability
    (18xx.games: ``lay_tile`` with the private as entity)."""

    kind: ClassVar[str] = "private_lay"
    entity: Entity
    company: PrivateName
    hex: HexName
    tile: TileName
    rotation: Rotation

    def __str__(self) -> str:
        return (
            f"{self.entity} lays {self.tile} on {self.hex}, rotation {self.rotation}, "
            f"with {self.company}"
        )


PRIVATE_ACTIONS: tuple[type[Action], ...] = (UsePrivate, PrivateLay)
"""Added to the title's ``Title.actions`` (with core's ``choose``, which P13, P19 and P30 use)."""


RULE_SECTIONS: dict[str, str] = {
    "attach.train": "appendix P19, P30",
    "boneyard.choice": "appendix P13",
    "boneyard.not_rusted": "appendix P13",
    "bridges.placement": "§13.4",
    "law_firm.placement": "appendix P20",
    "locomotive.buy": "appendix P25",
    "private.lay": "§7.1, appendix P9, P16, P17, P26, P27",
    "red_area.reach": "§7.1, appendix P6, P8",
    "resources.none_held": "§13",
    "resources.ore_upgrade": "§13.3",
    "resources.placement": "§13, §13.1",
    "switcher.blocked": "§12.1, appendix P19",
    "token.none_left": "§12.3",
}
"""The rule keys the privates' refusals raise, with the rulebook place to cite; the title adds
them to its ``Rulebook.sections`` (P10-P30's texts are cited as the appendix's, the list our
copy lacks)."""


def uses_left(private: Private, ability: Ability) -> int | None:
    """Uses the ability has left on this card (None: unlimited)."""
    if ability.uses is None:
        return None
    i = private.spec.abilities.index(ability)
    return ability.uses - private.used.get(i, 0)


def abilities_of(private: Private, kind: type[A]) -> list[A]:
    """The card's abilities of ``kind`` that have uses left."""
    return [a for a in private.spec.abilities if isinstance(a, kind) and uses_left(private, a) != 0]


def held(g: FamilyEngine, corp_id: str, kind: type[A]) -> list[tuple[Private, A]]:
    """The open privates ``corp_id`` owns with an ability of ``kind`` left, in id order."""
    out: list[tuple[Private, A]] = []
    for private in g.privates.values():
        if private.closed or private.owner != corp_id:
            continue
        out.extend((private, a) for a in abilities_of(private, kind))
    return out


def owner_of(g: FamilyEngine, private_id: str) -> str | None:
    """Who holds the private now (None: the bank, or closed or not dealt)."""
    private = g.privates.get(private_id)
    return None if private is None or private.closed else private.owner


def close(g: FamilyEngine, private_id: str) -> None:
    """The private leaves the game ("Rust: Remove a train or a private from the game")."""
    private = g.privates[private_id]
    if private.closed:
        return
    private.closed = True
    g.emit("close", f"{private_id} {private.spec.name} closes", item=private_id)


def use(g: FamilyEngine, private_id: str, ability: Ability) -> None:
    """Spend one use; close the card once every counted ability of it is spent, if it closes
    when used up."""
    private = g.privates[private_id]
    private.use(ability)
    if not closes_after_use(private.spec.abilities):
        return
    counted = [
        a for a in private.spec.abilities if not isinstance(a, Closes) and a.uses is not None
    ]
    if all(uses_left(private, a) == 0 for a in counted):
        close(g, private_id)


def in_turn(g: FamilyEngine, entity: str) -> bool:
    """Whether a company's turn still waits on a blocking step: an ability offered beside the
    turn's steps never keeps the turn open on its own (a round ends an entity's turn when no
    step is active, :mod:`roundhouse.core.flow.round`).

    Every ability step asks it, so a round asking each of its steps whether it is active
    would ask every blocking step again per ability step (22 steps in an 18USA operating
    turn): inside :func:`one_position` the answer is worked out once per company."""
    memo = _POSITION.get()
    if memo is None:
        return _in_turn(g, entity)
    found = memo.get((id(g), entity))
    if found is not None and found[0] is g:
        return found[1]
    answer = _in_turn(g, entity)
    memo[(id(g), entity)] = (g, answer)
    return answer


def _in_turn(g: FamilyEngine, entity: str) -> bool:
    return entity in g.corps and any(s.blocking and s.active(g, entity) for s in g.round.steps)


_POSITION: ContextVar[dict[tuple[int, str], tuple[object, bool]] | None] = ContextVar(
    "g18usa_in_turn", default=None
)
"""The answers of :func:`in_turn` while :func:`one_position` runs (per thread and task)."""


@contextmanager
def one_position() -> Iterator[None]:
    """A block that does not change the game (a round asking its steps whether they are
    active): :func:`in_turn` is worked out once per game and company inside it.  Nested
    blocks share the outermost one's answers."""
    if _POSITION.get() is not None:
        yield
        return
    token = _POSITION.set({})
    try:
        yield
    finally:
        _POSITION.reset(token)
