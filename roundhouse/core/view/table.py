"""The table: players and companies side by side, the spreadsheet of an 18xx game.

A :class:`PlayerRow` holds a player's cash, certificates and shares of each company; a
:class:`CompanyRow` a company's president, price, treasury, trains and where its shares are
(initial offering, pool, treasury).  Shares are counted in shares, so a client shows percent as
``100 * shares / size``.  What only one title tracks rides along as :class:`~.panel.Fact`
values (``extra``), which a client shows as further columns.

>>> table = TableView(
...     players=(PlayerRow(id="Ann", cash=40, score=40, shares={"PRR": 1}),),
...     companies=(CompanyRow(id="PRR", name="Pennsylvania", colour="red", size=3, ipo=2),),
... )
>>> table.player("Ann").shares["PRR"], table.company("PRR").ipo
(1, 2)
>>> sorted(table.to_json())
['bank', 'cert_limit', 'companies', 'players', 'priority', 'worth_note']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.view.panel import Fact
from roundhouse.core.view.part import Part

VIEW_VERSION = 1
"""Bumped when a field of a table record is removed, renamed or changes meaning or type."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRow(Part):
    """One player."""

    id: str
    cash: int | None = None
    """None where the player's cash is hidden from the viewer."""
    score: int = 0
    """What the player would score if the game ended now (net worth, or cash)."""
    estimate: float = 0.0
    """The title's rough worth of the position to this player (higher is better): what
    heuristic bots steer by."""
    worth: float | None = None
    """The worth a table shows and the end-of-game chart plots, where it is not the estimate
    (Chicago Express: the estimate without an open auction's lead, which the bots count as
    won but a player does not yet own); None: the estimate."""
    shares: Mapping[str, int] = dataclasses.field(default_factory=dict)
    """Company -> shares held (companies with none left out)."""
    presidencies: tuple[str, ...] = ()
    privates: tuple[str, ...] = ()
    certificates: int | None = None
    """Certificates counted against the limit."""
    bankrupt: bool = False
    extra: tuple[Fact, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CompanyRow(Part):
    """One company (corporation, minor, or Chicago Express railroad)."""

    id: str
    name: str = ""
    colour: str = ""
    """A colour word ("red") or ``#rrggbb`` from the title's data."""
    kind: str = ""
    """The title's company type ("railroad", "metal", "minor")."""
    size: int = 10
    """Shares the company is divided into."""
    president: str | None = None
    price: int | None = None
    """Share price on the market; None before it has one."""
    par: int | None = None
    cash: int | None = None
    """Treasury."""
    revenue: int | None = None
    """Last run's revenue (Chicago Express: the company's income)."""
    ipo: int = 0
    """Shares still to be sold by the bank (initial offering, or left on the charter)."""
    pool: int = 0
    """Shares in the open market."""
    treasury: int = 0
    """Shares the company holds itself."""
    trains: tuple[str, ...] = ()
    """Train ids it owns."""
    tokens: int | None = None
    """Station tokens still on its charter."""
    token_cost: int | None = None
    """What its next station token costs; None when none are left."""
    hexes: tuple[str, ...] = ()
    """Hexes where it is present: its stations, or (Chicago Express) its locomotives."""
    floated: bool = False
    operated: int = 0
    """Operating turns completed."""
    closed: bool = False
    privates: tuple[str, ...] = ()
    extra: tuple[Fact, ...] = ()
    order: int | None = None
    """Its place in the operating order (1 operates first): this operating round's order
    during one, else the order it would operate in now; None when it does not operate."""

    def fact(self, key: str) -> Fact:
        for f in self.extra:
            if f.key == key:
                return f
        raise KeyError(f"{self.id} has no fact {key!r}")


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TableView(Part):
    """Every player and every company."""

    players: tuple[PlayerRow, ...]
    companies: tuple[CompanyRow, ...] = ()
    bank: int | None = None
    """Cash in the bank; None for an unlimited bank.  Below zero once the bank is broken: a
    broken bank goes on paying until the game ends, and this is what it paid beyond its cash."""
    priority: str | None = None
    """The player holding the priority deal."""
    cert_limit: int | None = None
    worth_note: str = ""
    """What the players' worth means where the title only estimates it (a table shows it
    under the worth row), so a page says it in the title's words, not its own."""

    def player(self, player_id: str) -> PlayerRow:
        for row in self.players:
            if row.id == player_id:
                return row
        raise KeyError(f"no player {player_id!r}")

    def company(self, company_id: str) -> CompanyRow:
        for row in self.companies:
            if row.id == company_id:
                return row
        raise KeyError(f"no company {company_id!r}")
