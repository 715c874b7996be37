"""The stock market as a client draws it: rows of price cells with their zones and the
companies' price tokens, top of each stack first.

A one-row market (18RoyalGorge's track) is one row; a 2-D market has gaps (None) where the
printed grid has no cell.

>>> from roundhouse.core.market import Market, MarketGrid
>>> market = Market(MarketGrid.parse(["60p 65p 70 80", "50 55"]))
>>> market.place("RG", market.grid.cells[(0, 1)])
>>> view = market_view(market, par_zones=("par",))
>>> [c.price if c else None for c in view.rows[1]]
[50, 55, None, None]
>>> view.rows[0][1].to_json()
{'price': 65, 'zones': ['par'], 'companies': ['RG']}
>>> view.prices
{'RG': 65}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from roundhouse.core.market import Market
from roundhouse.core.view.part import Part

VIEW_VERSION = 1
"""Bumped when a field of a market record is removed, renamed or changes meaning or type."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class MarketCell(Part):
    """One printed price space."""

    price: int
    zones: tuple[str, ...] = ()
    """What the cell means to the rules: ``par``, ``end_game``, ``close``, colour zones ..."""
    companies: tuple[str, ...] = ()
    """Price tokens here, top of the stack first (it operates first)."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class MarketView(Part):
    """The whole market."""

    rows: tuple[tuple[MarketCell | None, ...], ...]
    """Top row first; None where the printed grid has no cell."""
    par_zones: tuple[str, ...] = ()
    """The zones whose cells are starting prices now."""
    prices: Mapping[str, int] = dataclasses.field(default_factory=dict)
    """Company -> its share price (companies on the market only)."""


def market_view(market: Market, par_zones: Iterable[str] = ()) -> MarketView:
    """The view of a core :class:`~roundhouse.core.market.Market`."""
    cells = market.grid.cells
    width = max(c for _, c in cells) + 1
    height = max(r for r, _ in cells) + 1
    rows: list[tuple[MarketCell | None, ...]] = []
    for r in range(height):
        row: list[MarketCell | None] = []
        for c in range(width):
            cell = cells.get((r, c))
            row.append(
                None
                if cell is None
                else MarketCell(
                    price=cell.price,
                    zones=tuple(sorted(cell.zones)),
                    companies=tuple(market.stacks.get((r, c), ())),
                )
            )
        rows.append(tuple(row))
    prices = {company: cells[pos].price for company, pos in market.position.items()}
    return MarketView(rows=tuple(rows), par_zones=tuple(sorted(par_zones)), prices=prices)
