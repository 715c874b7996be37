"""The kinds of ability 18USA's privates have, each a frozen record: core
:class:`~roundhouse.core.ability.Ability` (when, who, uses, per round) plus its numbers, and at
the same time the schema of its table in ``privates.toml`` (:mod:`.privates`), so a private
naming a kind or a number the code does not know fails to load.  Each kind's docstring names
the module that gives it meaning.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Literal

from roundhouse.core.ability import Ability, When, Who
from roundhouse.core.datafile import Amount, Table


class Resource(enum.Enum):
    """The resource tokens of §13."""

    COAL = "coal"
    OIL = "oil"
    ORE = "ore"


# --- ability kinds ----------------------------------------------------------------------------
# Each is an Ability (when, who, uses, per_round) and a data-file table of its numbers.  "uses"
# counts what the private comes with (tokens, tiles, one discard); none: unlimited.


@dataclasses.dataclass(frozen=True, kw_only=True)
class ResourceTokens(Ability, Table):
    """Resource tokens placed with a yellow lay on a hex with the resource's icon (§13;
    :mod:`.resources`).  ``uses`` tokens in all, each of any kind listed (P21: one coal *or*
    one ore)."""

    resources: tuple[Resource, ...]
    """The kinds the tokens may be."""
    when: When = When.TRACK
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class TerrainDiscount(Ability, Table):
    """The owning company does not pay a terrain's cost when laying track (appendix P2, P5;
    :mod:`.terrain`)."""

    terrain: Literal["river", "mountain"]
    """The terrain, as map.toml names it."""
    amount: Amount
    """The cost waived."""
    when: When = When.TRACK
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class BridgeTokens(Ability, Table):
    """Bridge tokens for cities with a bridge icon, +$10 to the city for every company
    (§13.4; :mod:`.bridges`)."""

    bonus: Amount = 10
    """What a bridge adds to the city's value."""
    when: When = When.OPERATING_TURN
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class RedAreaToken(Ability, Table):
    """Discard to replace one reachable red area's value token (appendix P6;
    :mod:`.red_areas`)."""

    values: tuple[Amount, Amount, Amount, Amount]
    """The token put in: yellow, green, brown, gray values."""
    when: When = When.TRACK
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class ExpressFreight(Ability, Table):
    """An extra station token in one reachable red area; +``bonus`` for each train of the
    company running there (appendix P8; :mod:`.red_areas`)."""

    bonus: Amount
    """Revenue added per train running to the area."""
    when: When = When.TRACK
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrackEngineers(Ability, Table):
    """The track step's lays become ``lays`` tile actions for ``fee``, at most ``upgrades``
    of them upgrades (appendix P7; :mod:`.track_privates`)."""

    lays: Amount
    """Tile actions in the turn."""
    upgrades: Amount
    """How many of them may be upgrades (with P11: one more, of non-city track)."""
    fee: Amount
    """What the extra tile actions cost together."""
    when: When = When.TRACK
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class CityUpgrade(Ability, Table):
    """Discard to upgrade a reachable non-metropolis city tile from one colour to the next,
    outside the normal tile actions (appendix P9 Boomtown, P16 Regional Headquarters;
    :mod:`.track_privates`)."""

    from_colours: tuple[Literal["yellow", "green", "brown"], ...]
    """Colours of the city tile it may replace."""
    tiles: tuple[str, ...] = ()
    """The only tiles it lays; empty: any plain city tile of the next colour."""
    from_phase: str | None = None
    """First phase it may be used in."""
    extra: bool = True
    """Not one of the turn's normal tile actions."""
    when: When = When.TRACK
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class CarnegieSteel(Ability, Table):
    """A company started with it in an unchosen, still empty potential metropolis makes that
    city a metropolis (§2.3, §2.4, appendix "Metropolis"; :mod:`.carnegie_steel`)."""

    when: When = When.STOCK_ROUND
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class TwoUpgrades(Ability, Table):
    """Paying ``fee`` for a second tile action, both may be upgrades, at most ``cities`` of
    a city; non-city track may go one colour beyond the phase (P11; :mod:`.track_privates`)."""

    upgrades: Amount
    """Upgrades allowed in the turn."""
    cities: Amount
    """How many of them may be city upgrades."""
    colours_ahead: Amount
    """Colours beyond the phase's that non-city track may be upgraded to."""
    fee: Amount
    """The second tile action's fee (§12.2)."""
    when: When = When.TRACK
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class PennsyBoneyard(Ability, Table):
    """Discard when a train type's first sale or export would rust one of the company's
    trains: that train becomes obsolete instead (P13; :mod:`.train_privates`)."""

    rusted_by: tuple[str, ...]
    """Train types whose first purchase or export it answers."""
    saves: tuple[str, ...]
    """Train types it may save (not 2+, 3+, 4+)."""
    when: When = When.ANY
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class ExtraLoan(Ability, Table):
    """``loans`` more than the company's maximum, at a fixed ``interest`` (P15;
    :mod:`.land_grant`)."""

    loans: Amount
    """Loans above the share-size maximum."""
    interest: Amount
    """Interest per round on that one loan, whatever the rate."""
    when: When = When.ANY
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class GreatNorthern(Ability, Table):
    """One extra free yellow lay per operating round on the track-icon hexes (map.toml
    ``[great_northern]``), terrain ignored; one train a run earns +``short_bonus`` for
    visiting ``short_route`` or +``long_bonus`` for ``long_route`` (P17;
    :mod:`.track_privates`, :mod:`.route_privates`)."""

    short_route: tuple[str, ...]
    """Hexes a run must visit for the small bonus (Fargo, Helena)."""
    short_bonus: Amount
    """The small bonus."""
    long_route: tuple[str, ...]
    """Hexes a run must visit for the large bonus (Seattle, Fargo, Helena, Chicago)."""
    long_bonus: Amount
    """The large bonus."""
    when: When = When.TRACK
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrainBonusStop(Ability, Table):
    """Each run one train may be changed: the switcher skips one city on its route, even a
    blocked one (P19); the extender lets a non-permanent train run to one more city (P30)
    (:mod:`.route_privates`)."""

    effect: Literal["switcher", "extender"]
    """Which change."""
    permanent_trains: bool
    """Whether permanent trains (5, 6, 7, 8) may take it."""
    when: When = When.ROUTE
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class LawFirmToken(Ability, Table):
    """Discard in the track step to place one of the company's station tokens in a
    reachable city with no open slot; it fills the first slot that opens (P20;
    :mod:`.law_firm_step`)."""

    when: When = When.TRACK
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class ExtraStation(Ability, Table):
    """``tokens`` more station tokens for the company that gets it (P23;
    :mod:`.bailey_yard`)."""

    tokens: Amount
    """Tokens added to the charter."""
    when: When = When.ANY
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrainDiscount(Ability, Table):
    """``percent`` off trains bought from the bank; may be discarded before the run to buy
    one such train (P25; :mod:`.train_privates`)."""

    percent: Amount
    """The discount."""
    trains: tuple[str, ...]
    """Train types it applies to."""
    when: When = When.OPERATING_TURN
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class SpecialTiles(Ability, Table):
    """Lays of its own tiles (P26 rural junctions, P27 company town), using one of the
    turn's tile actions (:mod:`.track_privates`)."""

    tiles: tuple[str, ...]
    """The tiles it comes with."""
    placement: Literal["rural_junction", "company_town"]
    """Where they may go."""
    penalty: Amount = 0
    """Company town: what other companies' trains earn less there."""
    when: When = When.TRACK
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class BankruptRailroad(Ability, Table):
    """A company started with it in a city whose subsidy is "No subsidy" takes a free
    ``train`` from the bank (appendix "Subsidy Tiles"; :mod:`.bankrupt_railroad`)."""

    train: str
    """The train type."""
    when: When = When.STOCK_ROUND
    """When it may be used."""
    who: Who = Who.OWNING_COMPANY
    """Who uses it (§7.1: "Abilities may not be used by players")."""


ABILITY_KINDS: tuple[type[Ability], ...] = (
    ResourceTokens,
    TerrainDiscount,
    BridgeTokens,
    RedAreaToken,
    ExpressFreight,
    TrackEngineers,
    CityUpgrade,
    CarnegieSteel,
    TwoUpgrades,
    PennsyBoneyard,
    ExtraLoan,
    GreatNorthern,
    TrainBonusStop,
    LawFirmToken,
    ExtraStation,
    TrainDiscount,
    SpecialTiles,
    BankruptRailroad,
)
"""Every ability kind the code knows, in the order a private's table lists them."""
