"""Private-company and concession powers as data: what each does, when and for whom.

A private card's text becomes a tuple of :class:`Ability` records, so its rules live with its
data instead of in a title's code (STYLE.md: "a private's rule text sits in desc while its
abilities list is empty" is what we avoid).  Core acts on the kinds every title shares:

* :class:`Income` - paid at the start of each operating round from a phase on (18RoyalGorge
  "Income"; 18US §3.3: "the Bank pays the income ... at the beginning of the Operating
  Round"; 18USA §7.1);
* :class:`TrainDiscount` - money off a train bought from the bank (18US §10.1.5 Baldwin
  Locomotive Works: 50 percent, using it closes the concession, §6.8);
* :class:`ShareExchange` - swap the card for a share (18US §10.1.4), played by
  :class:`~roundhouse.core.flow.exchange_step.ShareExchangeStep` in stock rounds and
  operating turns;
* :class:`Closes` - when the private closes: on a train type's first sale, on a phase, on an
  event, after its uses run out, or never (18RoyalGorge private reference: "Closes: First 5
  train").

* :class:`ExtraTileLay` - lays besides the company's own, played by
  :class:`~roundhouse.core.flow.extra_lay_step.ExtraTileLayStep` (18US §10.1.3);
* :class:`RevenueMarker` - a "+10"/"+20" bonus token put on a city, adding to every route
  (or the owning company's routes) through it (18US §10.1.1-§10.1.2, §10.2.1-§10.2.2),
  placed by :class:`~roundhouse.core.flow.revenue_marker_step.RevenueMarkerStep`;
* :class:`TrainPurchaseIncome` - money to the card's owner each time a company buys a train
  from the bank (18US §10.1.5 Baldwin: "$20 per Train");
* :class:`TerrainDiscount` and :class:`BonusToken` - read by the board adapter
  :class:`~roundhouse.core.flow.board_map.BoardMap` for the cards a company owns (terrain
  costs, extra token hexes).
"""

from __future__ import annotations

import dataclasses
import enum


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
class Ability:
    when: When = When.ANY
    who: Who = Who.OWNER
    uses: int | None = None
    """Times it may be used in the game; None: unlimited."""
    per_round: int | None = None
    """Times per operating round (18RoyalGorge tile-lay privates)."""

    def __deepcopy__(self, memo: dict[int, object]) -> Ability:
        """Frozen and never changed: snapshots share it instead of copying it."""
        return self

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
class ExtraTileLay(Ability):
    count: int = 1
    """Lays a turn (``per_round`` and ``uses`` count lays too)."""
    hexes: frozenset[str] = frozenset()
    """Hexes it may be used in; empty: anywhere the company may build."""
    tiles: frozenset[str] = frozenset()
    discount: int | None = None
    """Money off the terrain; None: the lay is free."""
    when: When = When.TRACK


@dataclasses.dataclass(frozen=True, kw_only=True)
class TerrainDiscount(Ability):
    terrain: frozenset[str]
    amount: int | None = None
    """Dollars of terrain cost absorbed per company turn (a budget shared by the turn's
    lays, 18US §10.1.3's $40); None: the whole cost."""
    when: When = When.TRACK


@dataclasses.dataclass(frozen=True, kw_only=True)
class BonusToken(Ability):
    hexes: frozenset[str] = frozenset()
    price: int = 0
    when: When = When.TOKEN


@dataclasses.dataclass(frozen=True, kw_only=True)
class RevenueMarker(Ability):
    """A bonus token that raises a stop's value, not a station (18US §10.1.1: "a +10 Bonus
    Token ... in Montreal (B25), Albany (C24), or Detroit (C20) at any time during an
    Operating Round ... need have no connection ... every company benefits"; §10.2.1 the
    +20 placed by the owning company "during its token placement step").  It takes no slot,
    is placed once (``uses``) and stays for the game."""

    hexes: frozenset[str]
    """Hexes whose city it may go on."""
    amount: int
    """What every route scoring that city earns more (before the train's multiplier)."""
    for_all: bool = True
    """True: every company's routes gain it (18US); False: only the company that owned the
    card when it was placed."""
    uses: int | None = 1
    when: When = When.ANY


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrainPurchaseIncome(Ability):
    """Income paid by the bank to the card's owner whenever any company buys a train from the
    bank, not from the pool or another company (18US §10.1.5: "Each time a company buys a
    train from the Bank ... the owner receives $20 from the Bank")."""

    amount: int
    when: When = When.TRAIN


@dataclasses.dataclass(frozen=True, kw_only=True)
class ShareExchange(Ability):
    """The card may be swapped for one single share (18US §10.1.4: "a single share from the
    Pool", in a stock round or in that company's operating turn before its dividend, so
    ``when`` :attr:`When.ANY`); played by
    :class:`~roundhouse.core.flow.exchange_step.ShareExchangeStep`."""

    corporation: str | None = None
    """The company whose share it gives; None: any company's."""
    sources: frozenset[str] = frozenset({"ipo", "pool"})
    """Where the share may come from: "ipo", "pool" or "treasury" (the company's own)."""
    when: When = When.STOCK_ROUND


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrainDiscount(Ability):
    amount: int = 0
    percent: int = 0
    """Percent off the price (18US §10.1.5: 50)."""
    trains: frozenset[str] = frozenset()
    """Train types it applies to; empty: all."""
    when: When = When.TRAIN
    who: Who = Who.PRESIDED_COMPANY

    def price(self, base: int) -> int:
        return max(0, base - self.amount - base * self.percent // 100)


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
