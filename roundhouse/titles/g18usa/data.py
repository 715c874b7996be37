"""18USA's printed components as core records: the market, the companies, the train stack,
the phases and the Bank of New York's loan rows.

Read from ``market.toml``, ``trains.toml`` and ``companies.toml`` (each names its sources in
its header; schemas in :mod:`.tables`); nothing here is a value of its own.

>>> [t.name for t in train_types(3)][:4], train_types(5)[1].count, train_types(3)[1].count
(['2', '2+', '3', '3+'], 5, 4)
>>> market_grid().find(50).zones, loan_rows(5)[:2]
(frozenset({'par'}), ((5, 4), (10, 6)))
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from roundhouse.core.entities import CorporationSpec
from roundhouse.core.market import MarketGrid
from roundhouse.core.phases import Phase
from roundhouse.core.routes.kinds import AnyKind, n_train
from roundhouse.core.trains import TrainType
from roundhouse.titles.g18usa.tables import companies_file, market_file, trains_file


@functools.cache
def market_grid() -> MarketGrid:
    """§5: the one-row market."""
    return market_file().stock_market.grid()


def starting_cash() -> dict[int, int]:
    """§2: each player's money at the start, by player count."""
    return dict(market_file().by_players().starting_cash)


def cert_limit() -> dict[int, int]:
    """§2, §11.4: the certificate limit by player count."""
    return dict(market_file().by_players().cert_limit)


def dividend_thresholds_pct() -> tuple[int, ...]:
    """§12.5: 1-4 steps for a payout of these percentages of the share price per share."""
    return market_file().stock_market.dividend_thresholds_pct


def acquisition_dividend_price() -> int:
    """§12.5 in an acquisition space (price $0): the price whose thresholds are printed
    there."""
    return market_file().stock_market.acquisition_dividend_price


def max_start_price_variant() -> int:
    """§17 "$300 Maximum Starting Price After Phase 5"."""
    return market_file().stock_market.max_start_price_variant


def loan_rows(players: int) -> tuple[tuple[int, int], ...]:
    """§2.2: the Bank of New York's rows for the player count, (interest, cubes)."""
    return market_file().loans.rows_for(players)


def corporations() -> tuple[CorporationSpec, ...]:
    """§7.2: the twenty companies, each a 2-share charter with its free home token (§11.6);
    the winner of its start auction sets its size, and the tokens it buys are counted
    then."""
    return tuple(companies_file().corporation_specs().values())


def train_types(players: int, *, seventeen: bool = False) -> tuple[TrainType, ...]:
    """The train stack for the player count (§2.1, §12.6) with the Pullman car (§12.7); with
    ``seventeen``, 1817's roster (§17)."""
    return trains_file().roster(players, seventeen=seventeen)


def train_kinds() -> dict[str, AnyKind]:
    """§12.4: a train's number is the most cities, small cities, rural junctions and red
    areas it visits; all count.  Every train of either roster (cars never run)."""
    kinds: dict[str, AnyKind] = {}
    doc = trains_file()
    for row in (*doc.trains, *doc.trains_1817):
        if row.stops is not None and row.name not in kinds:
            kinds[row.name] = n_train(row.stops, row.name)
    return kinds


def phases() -> tuple[Phase, ...]:
    """§8: phases 2-8, each started by the first train of its number (bought or exported);
    Phase 3 also at the end of the second operating round (the title's rules)."""
    return trains_file().phase_list()


def sizes() -> Mapping[str, tuple[int, ...]]:
    """§8 "New Companies": phase name -> the sizes of company that may be started."""
    return {p.name: p.sizes for p in trains_file().phases}
