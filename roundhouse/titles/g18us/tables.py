"""18US's company, train and market files and their schemas: the common tables (core/tables)
with the keys only 18US has.

Each file is read once and checked as it is read: a wrong or unknown key, or a name that points
nowhere, is an error naming the file, line and key.  :mod:`.data` builds core records from
these tables.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Literal

from roundhouse.core.datafile import Amount, Invalid, Range, Table, load
from roundhouse.core.tables.companies import CorporationRow
from roundhouse.core.tables.market import MarketFile, SharesTable
from roundhouse.core.tables.trains import PhaseRow, TrainRow, TrainsFile

HERE = Path(__file__).parent

Group = Literal["eastern", "land_grant", "drg"]


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsCorporation(CorporationRow):
    """A company's charter (18US §3.1, §3.5, §7.3, §10.2.4): the share count, float and tokens
    follow from its group, so the file gives only the group and the base."""

    group: Group
    """"eastern" (4-share at the start, §3.5), "land_grant" (5-share, §7.3) or "drg" (a
    permanent 4-share company with two unplayable shares, §10.2.4)."""
    home_city: str | None = "c"


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsConcession(Table):
    """One Concession card (18US §10.1-§10.2)."""

    name: str
    """Its name as printed."""
    region: Literal["eastern", "western"]
    """Eastern (P1-P6, sold at the ERRC) or Western (P7-P12, at the WRRC)."""
    value: Amount
    """Face value (the DRG's least cost)."""
    cost_max: Amount | None = None
    """The DRG's greatest cost (§10.2.4: "$150 to $220")."""
    revenue: Amount = 0
    """Fixed income at the start of each Operating Round (§3.3, §7.2)."""
    train_income: Amount = 0
    """Income each time a company buys a train from the Bank (§10.1.5, §10.2.6)."""
    company_may_buy: bool = False
    """Companies may buy it (§7.2: P7-P9 and P12)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsCompanies(Table):
    """companies.toml."""

    corporations: Mapping[str, UsCorporation]
    """The twelve companies and the DRG, by id."""
    concessions: Mapping[str, UsConcession]
    """P1-P12."""


@functools.cache
def companies_file() -> UsCompanies:
    return load(HERE / "companies.toml", UsCompanies)


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsTrain(TrainRow):
    """A train card's type (18US §10.6) and how it scores (§6.5)."""

    train_class: Literal["classic", "express", "freight", "commuter"]
    """Classic (2, 3, 4), Express (E), Freight (G) or Commuter (H) (§2, §6.5, §6.8.1)."""
    stops: Annotated[int, Range(1)]
    """The train number."""
    set_aside: bool = False
    """Kept out of the train stack (§3.1: the Commuter trains)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.train_class == "commuter" and not self.set_aside:
            raise Invalid("Commuter trains are set aside at the start (18US §3.1)", "set_aside")


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsPhase(PhaseRow):
    """A phase with its Freight Bonuses (18US §6.5.1)."""

    freight_bonus: Amount
    """The fixed Freight Bonus of a company with Classic trains and no Freight train."""
    freight_token_bonus: Amount
    """The Freight Bonus per station token of Freight trains."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsTrains(TrainsFile):
    """trains.toml."""

    trains: tuple[UsTrain, ...]
    phases: tuple[UsPhase, ...]


@functools.cache
def trains_file() -> UsTrains:
    return load(HERE / "trains.toml", UsTrains, name=None)


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsShares(SharesTable):
    """Share limits (18US §4.1)."""

    holding_limit_shares: Mapping[int, Amount]
    """Company size -> the most shares one player may own."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class BankTable(Table):
    """``[bank]``: the Bank and what players pay it at the start."""

    cash: Amount
    """Dollars in the Bank (§1.2)."""
    convention_bids: tuple[Amount, ...]
    """The sealed bids of the Eastern Railroad Convention (§3.2)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsMarket(MarketFile):
    """market.toml."""

    bank: BankTable
    """The Bank."""
    shares: UsShares


@functools.cache
def market_file() -> UsMarket:
    return load(HERE / "market.toml", UsMarket)
