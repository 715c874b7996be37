"""18West's printed data as core records: market, companies, trains and phases, read from
``market.toml``, ``companies.toml`` and ``trains.toml`` (each names its sources in its header;
docs/18West-data.md lists every value that is reconstructed).

>>> market_grid().find(70).zones == frozenset({"par"}), [t.name for t in train_types()]
(True, ['2', '3', '4', '5', '6', '4D'])
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path

from roundhouse.core.datafile import load
from roundhouse.core.entities import CorporationSpec
from roundhouse.core.market import MarketGrid
from roundhouse.core.phases import Phase
from roundhouse.core.routes.kinds import AnyKind, plus_train, streamliner
from roundhouse.core.shares import ShareRules
from roundhouse.core.tables.companies import CompaniesFile
from roundhouse.core.tables.market import MarketFile
from roundhouse.core.tables.trains import TrainsFile
from roundhouse.core.trains import TrainType

HERE = Path(__file__).parent

GRANGER = "granger"
LAND_GRANT = "land_grant"
PUBLIC = "public"

UP = "UP"
NP = "NP"

GOVERNMENT_SHARES = 5
"""§2.2.2: a Land Grant Company's last five single shares stay with the Government until
it converts (§7.2)."""

LAND_GRANT_LAYS = 3
NP_LAYS = 4
"""§8.2: three tiles; §8.9: the NP four."""

UP_START_PRICE = 70
"""§3.1: "Place the UP's Current Market Value token in the Stock Market space marked
"$70"."."""

UP_FORCED_PRICE = 140
"""§3.2.5: the UP President's Certificate "at its Current Market Value of $140"."""


@functools.cache
def market_file() -> MarketFile:
    return load(HERE / "market.toml", MarketFile)


@functools.cache
def companies_file() -> CompaniesFile:
    return load(HERE / "companies.toml", CompaniesFile)


@functools.cache
def trains_file() -> TrainsFile:
    return load(HERE / "trains.toml", TrainsFile)


def market_grid() -> MarketGrid:
    return market_file().stock_market.grid()


def starting_cash() -> Mapping[int, int]:
    players = market_file().players
    assert players is not None
    return dict(players.starting_cash)


def cert_limit() -> Mapping[int, int]:
    players = market_file().players
    assert players is not None
    return dict(players.cert_limit)


def share_rules() -> ShareRules:
    """§4.1's 60% holding limit, no pool limit; Granger Roads in the grey zone are no
    certificates (§4.2.1)."""
    shares = market_file().shares
    assert shares is not None
    base = shares.rules()
    return ShareRules(
        pool_limit_pct=base.pool_limit_pct,
        holding_limit_pct=base.holding_limit_pct,
        cert_exempt_zones=frozenset({"grey"}),
    )


def corporations() -> tuple[CorporationSpec, ...]:
    return tuple(companies_file().corporation_specs().values())


def kind_of(corp_id: str) -> str:
    """The company's printed type (§2.2)."""
    return companies_file().corporations[corp_id].kind


def train_types() -> tuple[TrainType, ...]:
    return trains_file().train_types()


def phases() -> tuple[Phase, ...]:
    return trains_file().phase_list()


def train_kinds() -> Mapping[str, AnyKind]:
    """§7.5: the n-trains count n Cities and Off-Map Areas, Towns free; the Streamliner
    (4D) runs any length, scores its best four Cities or Off-Map Areas, ignores Towns, needs
    a station among them and doubles the total."""
    out: dict[str, AnyKind] = {str(n): plus_train(n, str(n)) for n in range(2, 7)}
    out["4D"] = streamliner(4, 2, "4D")
    return out
