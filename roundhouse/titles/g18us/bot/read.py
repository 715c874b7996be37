"""An 18US position as the bot reads it: the typed views boiled down to a few numbers.

:func:`read` builds a :class:`Position` from ``game.table()`` and ``game.trains()`` (both
cheap); the prompt view is not read, since it checks every Bonus Action's options and costs
tens of milliseconds: the step comes from ``game.step_of`` on a legal move instead.  Moves'
fields are read by name, since the bot may not import the engine's action classes
(``tests/test_view_boundary.py``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from roundhouse.bots.moves import train_type
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.view.table import CompanyRow
from roundhouse.core.view.train import TrainRoster

RUST_WINDOW = 4
"""Bank trains ahead within which a rusting trigger counts as soon (§10.6: the first 4-train
rusts the 2-trains, the first 4E the 3-trains, the first 5E the 4-trains)."""


@dataclasses.dataclass(slots=True)
class Company:
    id: str
    kind: str
    president: str | None
    price: int | None
    par: int | None
    cash: int
    size: int
    trains: tuple[str, ...]
    hexes: tuple[str, ...]
    revenue: int
    floated: bool
    operated: int

    @property
    def started(self) -> bool:
        return self.president is not None and self.price is not None


@dataclasses.dataclass(slots=True)
class Position:
    players: tuple[str, ...]
    cash: dict[str, int]
    shares: dict[str, dict[str, int]]
    presidencies: dict[str, tuple[str, ...]]
    privates_held: dict[str, tuple[str, ...]]
    certificates: dict[str, int]
    cert_limit: int
    companies: dict[str, Company]
    roster: TrainRoster | None

    def mine(self, player: str) -> list[Company]:
        return [c for c in self.companies.values() if c.president == player and not_closed(c)]

    def type_row_price(self, name: str) -> int:
        if self.roster is None:
            return 0
        for row in self.roster.types:
            if row.name == name:
                return row.price
            if name in row.sides:
                return row.sides[name]
        return 0

    def next_train_price(self) -> int:
        """The cheapest train the Bank sells now (0 when none)."""
        if self.roster is None:
            return 0
        prices = [self.type_row_price(train_type(t)) for t in self.roster.available]
        return min((p for p in prices if p > 0), default=0)

    def train_limit(self, company: Company) -> int:
        if self.roster is None:
            return 2
        for row in self.roster.phases:
            if row.current:
                limits = dict(row.train_limit)
                return limits.get(company.kind, limits.get("", 2))
        return 2

    def rusting_soon(self, train: str) -> bool:
        """Whether ``train`` rusts when one of the next few Bank trains is bought (§10.6)."""
        if self.roster is None:
            return False
        name = train_type(train)
        row = next((t for t in self.roster.types if t.name == name), None)
        if row is None:
            return False
        doom = row.rusts_on or row.obsolete_on
        if doom is None:
            return False
        upcoming = [train_type(t) for t in self.roster.upcoming[:RUST_WINDOW]]
        return doom in upcoming

    def bank_train(self, train: str) -> bool:
        """Whether ``train`` is sold by the Bank or the Pool (not another company's)."""
        if self.roster is None:
            return True
        if train in self.roster.available:
            return True
        owner = next((t.owner for t in self.roster.trains if t.id == train), "")
        return owner in ("", "pool", "market", "depot", "bank") or owner not in self.companies


def not_closed(company: Company) -> bool:
    return company.president is not None


def _company(row: CompanyRow) -> Company:
    return Company(
        id=row.id,
        kind=row.kind,
        president=None if row.closed else row.president,
        price=row.price,
        par=row.par,
        cash=row.cash or 0,
        size=row.size or 5,
        trains=tuple(row.trains),
        hexes=tuple(row.hexes),
        revenue=row.revenue or 0,
        floated=row.floated,
        operated=row.operated,
    )


def read(game: Game) -> Position:
    table = game.table()
    return Position(
        players=tuple(p.id for p in table.players if not p.bankrupt),
        cash={p.id: p.cash or 0 for p in table.players},
        shares={p.id: dict(p.shares) for p in table.players},
        presidencies={p.id: tuple(p.presidencies) for p in table.players},
        privates_held={p.id: tuple(p.privates) for p in table.players},
        certificates={p.id: p.certificates or 0 for p in table.players},
        cert_limit=table.cert_limit or 99,
        companies={row.id: _company(row) for row in table.companies},
        roster=game.trains(),
    )


def step_name(game: Game, legal: Sequence[Action]) -> str:
    """The step the moves belong to (a pass can belong to several, so a move of another kind
    is asked first)."""
    ordered = sorted(legal, key=lambda a: a.kind == "pass")
    for action in ordered[:2]:
        name, _ = game.step_of(action)
        if name:
            return name
    return ""


def pass_or_first(legal: Sequence[Action]) -> Action:
    passes = [a for a in legal if a.kind == "pass"]
    return passes[0] if passes else legal[0]
