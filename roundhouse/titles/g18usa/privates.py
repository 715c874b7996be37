"""18USA's 30 private companies, read from ``privates.toml``: face values, revenue, who may
own them, when they close and their abilities as typed records.

§7.1: privates "can be owned by players or by public companies, and confer a special ability to
an owning public company.  Abilities may not be used by players"; §2.3 says which are dealt.
Each ability kind is one frozen record of :mod:`.private_abilities` (core
:class:`~roundhouse.core.ability.Ability` plus its numbers); it is also the schema of its table
in the data file, so a private naming a kind or a number the code does not know fails to
load.  The rules that give each kind its
meaning are the modules named in its docstring; the title wires them in:

===========================  ==================================================================
ability (privates)           what the title does
===========================  ==================================================================
set-up (§2.3, subsidies)     :func:`deal_groups` (what is always in, what is drawn);
                             :func:`resource_subsidy_kinds` (the Resource subsidy's tokens)
all                          ``TitleData.privates = private_specs(compat)``; actions
                             ``powers.PRIVATE_ACTIONS`` (+ core ``Choose``); the abilities'
                             board state is markers on the board (:mod:`.stop_bonus`)
ResourceTokens (P1 P3 P4     :class:`.resources.ResourceTokenStep` in the operating turn before
P12 P18 P21 P24 P28)         the run; :class:`.resources.OreRule` among the board map's lay
                             rules; :func:`.resources.revenue_bonuses` in the revenue rules'
                             route bonuses; :func:`.resources.upgrade_ore` as a tile upgrade
TerrainDiscount (P2 P5 P21   :class:`.terrain.PrivateTerrain` among the lay rules
P22)
BridgeTokens (P2 P21 P22)    :class:`.bridges.BridgeStep` (with the game's metropolises);
                             :class:`.stop_bonus.PrivateStops` as the graph options' decorator
RedAreaToken, ExpressFreight :class:`.red_areas.RedAreaStep`; on a merger or acquisition
(P6 P8)                      :func:`.red_areas.express_freight_transfer`, then the board's
                             token cut (``UsaMap.reckon_stations``, ``cut_choices``)
TrackEngineers, TwoUpgrades  :func:`.tile_actions.plan` read by the title's hooks
(P7 P11)                     (``track_lays``) and board map (allowance, $20 fee, city
                             upgrades; or :class:`.tile_actions.TileActionStep` as the track
                             step); the board map's ``colours`` through
                             :func:`.tile_actions.pettibone_colours` and
                             :class:`.tile_actions.PettiboneRule` among the lay rules
CityUpgrade, GreatNorthern   :class:`.private_lays.PrivateLayStep` before the track step (with
lay, SpecialTiles (P9 P16    the metropolises); the title's ``revenue_rules`` through
P17 P26 P27)                 :func:`.route_privates.private_revenue_rules` (P17's bonus)
CarnegieSteel, BankruptRail- the hooks' ``on_float`` call :func:`.start_privates.
road, P14, ExtraStation      privates_started` after §11.6's funding: P10's metropolis
(P10 P14 P29 P23)            (:mod:`.carnegie_steel`), P29's train (:mod:`.bankrupt_railroad`),
                             P10/P14/P29 close; P23's token (:mod:`.bailey_yard`):
                             ``private_acquired`` whenever a company gets a private,
                             ``start_tokens`` in the start's count (``tokens_brought``)
ExtraLoan (P15)              family1817's ``max_loans`` + :func:`.land_grant.extra_loans`,
                             ``interest_due`` = :func:`.land_grant.interest_due`
LawFirmToken (P20)           :class:`.law_firm_step.LawFirmStep`; :func:`.law_firm.
                             settle_law_firm` after tokens leave a city and after every lay;
                             ``UsaMap.stations`` counts it in a merger (§14.3)
PennsyBoneyard (P13)         the rounds mix in :class:`.train_privates.BoneyardRound`; the hooks'
                             ``on_train_events`` call :func:`.train_privates.note_rust`, with
                             a ``later`` keeping a rust for the next round to ask
TrainDiscount (P25)          the buy-trains step mixes in :class:`.train_privates.
                             LocomotiveDiscount`; :class:`.train_privates.LocomotiveStep`
                             before the run
TrainBonusStop (P19 P30)     :class:`.route_privates.AttachStep` before the run; the board
                             map's ``train_kinds`` through :func:`.route_privates.attached_kinds`
===========================  ==================================================================

18USA wires them in :mod:`.private_rounds` (steps and rounds), :mod:`.map_rules` (lay rules,
colours, runs) and :mod:`.rules` (hooks).

Sources: the rulebook's appendix table for P1-P9 (our copy stops after P9), 18xx.games's
``g_18_usa/entities.rb`` for P10-P30 (the data file's header names the commit).

>>> ps = privates()
>>> ps["P3"].value, ps["P3"].min_bid, ps["P14"].min_bid
(40, 20, 5)
>>> ps["P22"].ability(BridgeTokens).uses, ps["P25"].spec.abilities[-1].on_phase
(2, '6')
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Literal, TypeVar

from roundhouse.core.ability import Ability, Closes
from roundhouse.core.datafile import Amount, Invalid, Table, load
from roundhouse.core.entities import PrivateSpec
from roundhouse.core.tables.companies import PrivateRow
from roundhouse.titles.g18usa.private_abilities import (
    BankruptRailroad,
    BridgeTokens,
    CarnegieSteel,
    CityUpgrade,
    ExpressFreight,
    ExtraLoan,
    ExtraStation,
    GreatNorthern,
    LawFirmToken,
    PennsyBoneyard,
    RedAreaToken,
    Resource,
    ResourceTokens,
    SpecialTiles,
    TerrainDiscount,
    TrackEngineers,
    TrainBonusStop,
    TrainDiscount,
    TwoUpgrades,
)

HERE = Path(__file__).parent
PRIVATES = HERE / "privates.toml"

A = TypeVar("A", bound=Ability)


class Source(enum.Enum):
    """Where a private's facts come from."""

    RULEBOOK = "rulebook"
    """The appendix table of ``/work/shared/rules/18USA.txt`` (P1-P9)."""
    SITE = "18xx.games"
    """tobymao/18xx ``g_18_usa/entities.rb`` (P10-P30; the rulebook copy lacks them)."""


# --- the data file ----------------------------------------------------------------------------

Closing = Literal["never", "used_up", "started", "token_removed"]


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsaPrivateRow(PrivateRow):
    """An 18USA private (``[privates.P1]`` ...): the core row plus its source, revenue, text,
    closing and ability tables (each optional, at most one of a kind)."""

    source: Source
    """Where its facts come from."""
    revenue: Amount = 0
    """Income paid to its owner each operating round."""
    value_18xx_games: Amount | None = None
    """18xx.games's face value where it differs from the rulebook's (played under the
    title's ``compat_18xx_games`` option; docs/rules-notes.md)."""
    owners: tuple[Literal["player", "company"], ...] = ("player", "company")
    """Who may own it (§7.1)."""
    text: str
    """The card's rule in our own words."""
    closes: Closing = "never"
    """When it leaves the game: never, once its uses are spent, when it is put into a company
    being started ("started"), or when its red-area token is removed (P8)."""
    closes_on_phase: str | None = None
    """A phase whose start closes it."""
    resource_tokens: ResourceTokens | None = None
    """Resource tokens."""
    terrain_discount: TerrainDiscount | None = None
    """A terrain cost waived."""
    bridge_tokens: BridgeTokens | None = None
    """Bridge tokens."""
    red_area_token: RedAreaToken | None = None
    """P6's red area value token."""
    express_freight: ExpressFreight | None = None
    """P8's red-area station."""
    track_engineers: TrackEngineers | None = None
    """P7's three tile actions."""
    city_upgrade: CityUpgrade | None = None
    """An extra city upgrade."""
    carnegie_steel: CarnegieSteel | None = None
    """P10's metropolis."""
    two_upgrades: TwoUpgrades | None = None
    """P11's double upgrade."""
    pennsy_boneyard: PennsyBoneyard | None = None
    """P13's saved train."""
    extra_loan: ExtraLoan | None = None
    """P15's loan."""
    great_northern: GreatNorthern | None = None
    """P17's lays and bonus."""
    train_bonus_stop: TrainBonusStop | None = None
    """P19's switcher, P30's extender."""
    law_firm_token: LawFirmToken | None = None
    """P20's token."""
    extra_station: ExtraStation | None = None
    """P23's tokens."""
    train_discount: TrainDiscount | None = None
    """P25's discount."""
    special_tiles: SpecialTiles | None = None
    """P26's and P27's tiles."""
    bankrupt_railroad: BankruptRailroad | None = None
    """P29's free train."""

    def abilities(self) -> tuple[Ability, ...]:
        """Its ability records in the schema's order, then its closing."""
        found: list[Ability] = [
            value
            for f in dataclasses.fields(self)
            if isinstance(value := getattr(self, f.name), Ability)
        ]
        return (*found, self.closing())

    def closing(self) -> Closes:
        if self.closes_on_phase is not None:
            return Closes(on_phase=self.closes_on_phase)
        if self.closes == "used_up":
            return Closes(after_use=True)
        if self.closes == "started":
            return Closes(on_event="company_started")
        if self.closes == "token_removed":
            return Closes(on_event="red_area_token_removed")
        return Closes(never=True)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.value % 10:
            raise Invalid("a face value is a multiple of $10 (§10: half of it opens)", "value")
        if self.closes == "used_up" and not any(
            isinstance(a, Ability) and a.uses is not None for a in self.abilities()[:-1]
        ):
            raise Invalid("closes when used up, but no ability has a number of uses", "closes")


@dataclasses.dataclass(frozen=True, kw_only=True)
class DealRules(Table):
    """``[deal]``: which privates a game uses (§2.3)."""

    always: tuple[str, ...]
    """Always in play."""
    always_from_players: Mapping[int, tuple[str, ...]]
    """Also always in play from this many players on."""
    keep_by_value: Mapping[int, Amount]
    """Face value -> how many of the remaining privates of that value are drawn."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsaPrivatesFile(Table):
    """18USA privates.toml: the deal and the 30 privates, P1 to P30."""

    deal: DealRules
    """The deal."""
    privates: Mapping[str, UsaPrivateRow]
    """The privates by id, in number order."""

    def __post_init__(self) -> None:
        super().__post_init__()
        expected = [f"P{i}" for i in range(1, 31)]
        if list(self.privates) != expected:
            raise Invalid("the privates are P1 to P30, in order", "privates")
        named = [
            *self.deal.always,
            *(p for ps in self.deal.always_from_players.values() for p in ps),
        ]
        for i, pid in enumerate(named):
            if pid not in self.privates:
                raise Invalid(f"no private {pid}", "deal", "always", i)
        for pid, row in self.privates.items():
            if row.value not in self.deal.keep_by_value and pid not in named:
                raise Invalid(f"no draw for value {row.value}", "privates", pid, "value")
            wanted = Source.RULEBOOK if int(pid[1:]) <= 9 else Source.SITE
            if row.source is not wanted:
                raise Invalid(f"{pid}'s source is {wanted.value}", "privates", pid, "source")


@functools.cache
def data() -> UsaPrivatesFile:
    """privates.toml, read and checked once."""
    return load(PRIVATES, UsaPrivatesFile)


@dataclasses.dataclass(frozen=True)
class UsaPrivate:
    """One private: the core spec (abilities included) plus the 18USA facts."""

    spec: PrivateSpec
    source: Source
    revenue: int
    owners: tuple[str, ...]
    text: str

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def value(self) -> int:
        return self.spec.value

    @property
    def min_bid(self) -> int:
        """§10: "at least 50% of the company's face value" (Pyramid Scheme: $5)."""
        assert self.spec.min_bid is not None
        return self.spec.min_bid

    def ability(self, kind: type[A]) -> A:
        """Its ability of this kind (KeyError: it has none)."""
        found = self.find(kind)
        if found is None:
            raise KeyError(f"{self.id} has no {kind.__name__} ability")
        return found

    def find(self, kind: type[A]) -> A | None:
        for a in self.spec.abilities:
            if isinstance(a, kind):
                return a
        return None


@functools.cache
def privates(compat_18xx_games: bool = False) -> Mapping[str, UsaPrivate]:
    """All 30 privates, P1 to P30; with ``compat_18xx_games`` at 18xx.games's face values."""
    out: dict[str, UsaPrivate] = {}
    for pid, row in data().privates.items():
        value = row.value
        if compat_18xx_games and row.value_18xx_games is not None:
            value = row.value_18xx_games
        min_bid = value // 2 if row.min_bid is None else row.min_bid
        spec = PrivateSpec(
            id=pid,
            name=row.name,
            value=value,
            min_bid=min_bid,
            abilities=row.abilities(),
            counts_as_cert=row.counts_as_cert,
            company_may_buy=row.company_may_buy,
        )
        out[pid] = UsaPrivate(spec, row.source, row.revenue, row.owners, " ".join(row.text.split()))
    return out


def private_specs(compat_18xx_games: bool = False) -> tuple[PrivateSpec, ...]:
    """The core specs, for the title's data (``TitleData.privates``)."""
    return tuple(p.spec for p in privates(compat_18xx_games).values())


@dataclasses.dataclass(frozen=True)
class DealGroup:
    """One draw of §2.3: ``keep`` of ``candidates`` (all of one face value, in number order)."""

    value: int
    candidates: tuple[str, ...]
    keep: int


def deal_groups(players: int) -> tuple[tuple[str, ...], tuple[DealGroup, ...]]:
    """§2.3 for a player count: the privates always in play, and the draws by face value (in
    the order of the values' first appearance, as 18xx.games draws them; docs/facts/18usa.md
    §3.2).  The title's set-up draws from these."""
    deal = data().deal
    always = list(deal.always)
    for threshold, extra in sorted(deal.always_from_players.items()):
        if players >= threshold:
            always.extend(extra)
    groups: dict[int, list[str]] = {}
    for pid, row in data().privates.items():
        if pid not in always:
            groups.setdefault(row.value, []).append(pid)
    return tuple(always), tuple(
        DealGroup(value, tuple(ids), deal.keep_by_value[value]) for value, ids in groups.items()
    )


def resource_subsidy_kinds(dealt: Collection[str]) -> tuple[Resource, ...]:
    """The tokens the Resource subsidy offers (appendix "Subsidy Tiles"): ore unless P24 is in
    play, oil unless P12 is, coal unless both P18 and P28 are; none: it is a "No subsidy"."""
    out: list[Resource] = []
    if "P24" not in dealt:
        out.append(Resource.ORE)
    if "P12" not in dealt:
        out.append(Resource.OIL)
    if "P18" not in dealt or "P28" not in dealt:
        out.append(Resource.COAL)
    return tuple(out)
