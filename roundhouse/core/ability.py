"""Private-company and concession powers as data: what each does, when and for whom.

A private card's text becomes a tuple of :class:`Ability` records, so its rules live with its
data instead of in a title's code (STYLE.md: "a private's rule text sits in desc while its
abilities list is empty" is what we avoid).  Core acts on the kinds the playable titles use:

* :class:`Income` - paid at the start of each operating round from a phase on (18RoyalGorge
  "Income"; 18US §3.3: "the Bank pays the income ... at the beginning of the Operating
  Round"; 18USA §7.1);
* :class:`Closes` - when the private closes: on a train type's first sale, on a phase, on an
  event, after its uses run out, or never (18RoyalGorge private reference: "Closes: First 5
  train").

A title adds its own kinds (subclasses of :class:`Ability`) and the steps that play them;
:func:`usable` says whether one may be used now by whom.
"""

from __future__ import annotations

import dataclasses
import enum

from roundhouse.core.static import Static


class When(enum.Enum):
    """The moment an ability may be used."""

    OR_START = "or_start"
    TRACK = "track"
    TOKEN = "token"
    ROUTE = "route"
    TRAIN = "train"
    OPERATING_TURN = "operating_turn"
    """Any time in the owning (or presided) company's operating turn."""
    STOCK_ROUND = "stock_round"
    ANY = "any"


class Who(enum.Enum):
    """Who may use it."""

    OWNER = "owner"
    """Whoever owns the card: a player (18US §3.3 P1/P2 act "even if he does not control a
    company") or a company."""
    OWNING_COMPANY = "owning_company"
    """Only a company that owns the card (18USA §7.1: "Abilities may not be used by
    players")."""
    PRESIDED_COMPANY = "presided_company"
    """A company whose president owns the card (18US §3.3: P3 and P5 "on behalf of a company
    of which he is President")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class Ability(Static):
    when: When = When.ANY
    who: Who = Who.OWNER
    uses: int | None = None
    """Times it may be used in the game; None: unlimited."""
    per_round: int | None = None
    """Times per operating round (18RoyalGorge tile-lay privates)."""

    @property
    def kind(self) -> str:
        return type(self).__name__


@dataclasses.dataclass(frozen=True, kw_only=True)
class Income(Ability):
    amount: int
    from_phase: str | None = None
    """First phase in which it pays (18RoyalGorge G4 Florence Oil Fields: green)."""
    when: When = When.OR_START


@dataclasses.dataclass(frozen=True, kw_only=True)
class Closes(Ability):
    on_train: str | None = None
    """The first sale of this train type closes it (18RoyalGorge: "First 5 train")."""
    on_phase: str | None = None
    on_event: str | None = None
    after_use: bool = False
    """Closes once its limited ability is used up (18RoyalGorge B6: "Immediately after
    used"; 18US §6.8: "using the credit closes the Concession")."""
    never: bool = False


def closes_on(
    abilities: tuple[Ability, ...], *, train: str = "", phase: str = "", event: str = ""
) -> bool:
    """Whether a train sale, phase or event closes a card with these abilities."""
    for a in abilities:
        if not isinstance(a, Closes) or a.never:
            continue
        if (train and a.on_train == train) or (phase and a.on_phase == phase):
            return True
        if event and a.on_event == event:
            return True
    return False


def closes_after_use(abilities: tuple[Ability, ...]) -> bool:
    return any(isinstance(a, Closes) and a.after_use for a in abilities)


def usable(
    ability: Ability,
    *,
    when: When,
    owner_is_company: bool,
    acting_is_owner: bool,
    acting_presided_by_owner: bool,
    used: int,
) -> bool:
    """Whether ``ability`` may be used now by the acting entity."""
    if ability.when not in (when, When.ANY) and not (
        ability.when is When.OPERATING_TURN
        and when in (When.TRACK, When.TOKEN, When.ROUTE, When.TRAIN, When.OPERATING_TURN)
    ):
        return False
    if ability.uses is not None and used >= ability.uses:
        return False
    if ability.who is Who.OWNING_COMPANY:
        return owner_is_company and acting_is_owner
    if ability.who is Who.PRESIDED_COMPANY:
        return acting_presided_by_owner or (owner_is_company and acting_is_owner)
    return acting_is_owner or acting_presided_by_owner


def income_now(abilities: tuple[Ability, ...], phases_reached: frozenset[str]) -> int:
    """What a card pays at the start of an operating round, given the phases reached."""
    return sum(
        a.amount
        for a in abilities
        if isinstance(a, Income) and (a.from_phase is None or a.from_phase in phases_reached)
    )
