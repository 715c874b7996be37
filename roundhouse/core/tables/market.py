"""market.toml: the stock market (``[stock_market]``), par regions by phase, what depends on
the number of players (``[players]``) and the share limits (``[shares]``).

The market's rows use the grammar of :mod:`roundhouse.core.market`; a title's own zone letters
go in ``[stock_market.legend]``.

>>> from roundhouse.core.datafile import read
>>> doc = read(MarketFile, {"stock_market": {"rows": ["40 50 60p 70p 80e"]},
...     "par_regions": {"2": ["par"]}}, source="example")
>>> doc.stock_market.grid().find(60).zones
frozenset({'par'})
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.datafile import Amount, Invalid, Table, Unlimited, limit
from roundhouse.core.market import MarketGrid
from roundhouse.core.shares import ShareRules


@dataclasses.dataclass(frozen=True, kw_only=True)
class StockMarketTable(Table):
    """``[stock_market]``: the printed market."""

    rows: tuple[str, ...]
    """The rows, top first, in the market grammar: cells like "70p" (price, zone letters),
    separated by spaces, or by commas when a row has gaps."""
    legend: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The title's zone letters: letter -> zone name (the common letters are p par,
    e end_game, c close, a acquisition, q liquidation, g grey, l ledge, y yellow, o orange,
    b brown)."""
    edge_turn: bool = True
    """On a 2-D market, whether a move off the end of a row goes up or down instead."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for letter in self.legend:
            if len(letter) != 1 or not letter.islower():
                raise Invalid("a zone letter is one lower-case letter", "legend", letter)
        for i, row in enumerate(self.rows):
            try:
                MarketGrid.parse([row], self.legend)
            except ValueError as exc:
                problem = str(exc).removeprefix("market row 1, ")
                raise Invalid(problem, "rows", i) from None
        if not self.rows:
            raise Invalid("a market needs at least one row", "rows")

    def grid(self) -> MarketGrid:
        return MarketGrid.parse(self.rows, self.legend, edge_turn=self.edge_turn)

    def zones(self) -> frozenset[str]:
        """Every zone some cell is in."""
        return frozenset(z for cell in self.grid().cells.values() for z in cell.zones)


@dataclasses.dataclass(frozen=True, kw_only=True)
class PlayersTable(Table):
    """``[players]``: what depends on the number of players (keys "2", "3" ...)."""

    starting_cash: Mapping[int, Amount]
    """Each player's money at the start."""
    cert_limit: Mapping[int, Amount]
    """Certificates a player may hold."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if set(self.starting_cash) != set(self.cert_limit):
            raise Invalid("starting_cash and cert_limit must cover the same player counts")


@dataclasses.dataclass(frozen=True, kw_only=True)
class SharesTable(Table):
    """``[shares]``: the share limits (core :class:`~roundhouse.core.shares.ShareRules`)."""

    holding_limit_pct: Amount | Unlimited = 60
    """Most of a company a player may own, in percent."""
    pool_limit_pct: Amount | Unlimited = 50
    """Most of a company the bank pool may hold, in percent."""

    def rules(self) -> ShareRules:
        return ShareRules(
            pool_limit_pct=limit(self.pool_limit_pct),
            holding_limit_pct=limit(self.holding_limit_pct),
        )


@dataclasses.dataclass(frozen=True, kw_only=True)
class MarketFile(Table):
    """market.toml: every zone ``[par_regions]`` names must be a zone of the market."""

    stock_market: StockMarketTable
    """The market."""
    par_regions: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    """Phase name -> the market zones whose prices may start a company in that phase."""
    players: PlayersTable | None = None
    """Money and certificate limits by number of players."""
    shares: SharesTable | None = None
    """Share limits."""

    def __post_init__(self) -> None:
        super().__post_init__()
        zones = self.stock_market.zones()
        for phase, names in self.par_regions.items():
            for i, zone in enumerate(names):
                if zone not in zones:
                    known = ", ".join(sorted(zones)) or "none"
                    raise Invalid(
                        f"no market cell is in zone {zone!r} (zones: {known})",
                        "par_regions",
                        phase,
                        i,
                    )
