"""18USA's train, market and company files and their schemas: the common tables (core/tables)
with the keys only 18USA has (train counts by player count, the §17 1817 roster, the company
sizes of each phase, the dividend amounts of the acquisition spaces, the Bank of New York).

Each file is read once (``functools.cache``) and checked as it is read: a wrong or unknown
key, or a name that points nowhere, is an error naming the file, line and key.  :mod:`.data`
builds core records from these tables.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

from roundhouse.core.datafile import Amount, Invalid, Range, Table, Unlimited, limit, load
from roundhouse.core.tables.companies import CompaniesFile
from roundhouse.core.tables.market import MarketFile, PlayersTable, StockMarketTable
from roundhouse.core.tables.trains import PhaseRow, TrainRow, TrainsFile
from roundhouse.core.trains import TrainType

HERE = Path(__file__).parent

# --- trains.toml ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsaTrain(TrainRow):
    """A train type (§12.6 "Train Roster") or the Pullman car (§12.7)."""

    stops: Annotated[int, Range(1)] | None = None
    """The train's number: the most cities, small cities, rural junctions and red areas it
    visits (§12.4); none for a car, which never runs."""
    count_from_players: Mapping[int, Amount | Unlimited] = dataclasses.field(default_factory=dict)
    """Player count -> the cards of this type from that many players on, instead of
    ``count`` (§12.6 "# at 5+ Players")."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.car and self.stops is not None:
            raise Invalid("a car never runs, so it has no stops", "stops")
        if not self.car and self.stops is None:
            raise Invalid("a train needs its number of stops", "stops")

    def count_for(self, players: int) -> int | None:
        """The cards in the stack with ``players`` players (None: unlimited)."""
        count = self.count
        for least in sorted(self.count_from_players):
            if players >= least:
                count = self.count_from_players[least]
        return limit(count)

    def train_type_for(self, players: int) -> TrainType:
        return dataclasses.replace(self.train_type(), count=self.count_for(players))


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsaPhase(PhaseRow):
    """A phase (§8) with the sizes of company that may be started in it."""

    sizes: tuple[Annotated[int, Range(2)], ...]
    """§8 "New Companies": the share counts a company started in this phase may have;
    empty: no new companies."""


def _check_roster(rows: tuple[UsaTrain, ...], key: str) -> set[str]:
    """Different names, and every type a row names is in the same roster; the names."""
    names: set[str] = set()
    for i, train in enumerate(rows):
        if train.name in names:
            raise Invalid(f"a second train type named {train.name!r}", key, i, "name")
        names.add(train.name)
    for i, train in enumerate(rows):
        for ref in ("rusts_on", "obsolete_on", "available_on"):
            value = getattr(train, ref)
            if value is not None and value not in names:
                raise Invalid(f"no train type {value!r} in [[{key}]]", key, i, ref)
    return names


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsaTrains(TrainsFile):
    """18USA trains.toml: both rosters must hold every type that starts a phase."""

    trains: tuple[UsaTrain, ...]
    phases: tuple[UsaPhase, ...]
    trains_1817: tuple[UsaTrain, ...]
    """§17 "Use 1817 Train Roster": what the depot sells instead of ``[[trains]]`` with the
    ``seventeen_trains`` option."""

    def __post_init__(self) -> None:
        super().__post_init__()
        names = _check_roster(self.trains_1817, "trains_1817")
        for i, phase in enumerate(self.phases):
            if phase.on is not None and phase.on not in names:
                raise Invalid(f"no train type {phase.on!r} in [[trains_1817]]", "phases", i, "on")

    def roster(self, players: int, *, seventeen: bool = False) -> tuple[TrainType, ...]:
        """The depot's stack for ``players`` players; with ``seventeen``, the §17 roster."""
        rows = self.trains_1817 if seventeen else self.trains
        return tuple(t.train_type_for(players) for t in rows)


@functools.cache
def trains_file() -> UsaTrains:
    """trains.toml, read and checked once."""
    return load(HERE / "trains.toml", UsaTrains)


# --- market.toml ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsaStockMarket(StockMarketTable):
    """The one-row market (§5) and what moves a price on it (§12.5)."""

    dividend_thresholds_pct: tuple[Amount, ...]
    """A payout of this percent of the share price per share moves the price 1, 2, 3 ...
    spaces right (§12.5)."""
    acquisition_dividend_price: Amount
    """The price whose thresholds apply in an acquisition space (price $0): the amounts
    printed there are those of this price (§12.5)."""
    max_start_price_variant: Amount
    """§17 "$300 Maximum Starting Price After Phase 5": the highest starting price from
    Phase 5 on with that variant."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.max_start_price_variant not in {c.price for c in self.grid().cells.values()}:
            raise Invalid(
                f"no market cell at ${self.max_start_price_variant}", "max_start_price_variant"
            )


LoanRow = tuple[Amount, Annotated[int, Range(1)]]
"""One row of the Bank of New York: [interest per loan, loan cubes]."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class LoansTable(Table):
    """``[loans]``: the Bank of New York's rows of loan cubes (§2.2, §9)."""

    rows: tuple[LoanRow, ...]
    """The rows, top first: [interest per loan, loan cubes]."""
    rows_from_players: Mapping[int, tuple[LoanRow, ...]] = dataclasses.field(default_factory=dict)
    """Player count -> the rows from that many players on, instead of ``rows`` (the Bank's
    other side, §2.2)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        sides: list[tuple[tuple[str | int, ...], tuple[LoanRow, ...]]] = [(("rows",), self.rows)]
        sides += [
            (("rows_from_players", str(n)), rows) for n, rows in self.rows_from_players.items()
        ]
        for key, rows in sides:
            rates = [rate for rate, _ in rows]
            if not rates:
                raise Invalid("the Bank of New York needs at least one row", *key)
            if rates != sorted(set(rates)):
                raise Invalid("the interest rates must rise from row to row", *key)

    def rows_for(self, players: int) -> tuple[tuple[int, int], ...]:
        rows = self.rows
        for least in sorted(self.rows_from_players):
            if players >= least:
                rows = self.rows_from_players[least]
        return rows


@dataclasses.dataclass(frozen=True, kw_only=True)
class UsaMarket(MarketFile):
    """18USA market.toml: ``[players]`` is required."""

    stock_market: UsaStockMarket
    loans: LoansTable
    """The Bank of New York."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.players is None:
            raise Invalid("18USA's starting money and certificate limits are needed", "players")

    def by_players(self) -> PlayersTable:
        """``[players]``."""
        assert self.players is not None
        return self.players


@functools.cache
def market_file() -> UsaMarket:
    """market.toml, read and checked once."""
    return load(HERE / "market.toml", UsaMarket)


# --- companies.toml ------------------------------------------------------------------------


@functools.cache
def companies_file() -> CompaniesFile:
    """companies.toml (the public companies; the privates are in privates.toml), read and
    checked once."""
    return load(HERE / "companies.toml", CompaniesFile)
