"""An 18xx position as a heuristic bot reads it: the companies and the train roster boiled
down to the few numbers its rules of thumb weigh.

Each title's ``read`` fills a subclass of :class:`Position` (its own fields beside these)
from ``game.table()`` and ``game.trains()``; what every 18xx title asks of the roster (the
next train's price, the train limit, whether a train rusts soon, whether a train is the
Bank's) is answered here once.  Moves' fields are read by name (:mod:`roundhouse.bots.moves`),
since a bot may not import the engine's action classes (``tests/test_view_boundary.py``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import ClassVar, Generic, TypedDict, TypeVar

from roundhouse.bots.moves import field, stops, train_type
from roundhouse.core.actions import Action
from roundhouse.core.shares import company_of
from roundhouse.core.view.table import CompanyRow, TableView
from roundhouse.core.view.train import TrainRoster


@dataclasses.dataclass(slots=True, kw_only=True)
class Company:
    """A company as the table shows it; a title adds the facts its rules need."""

    id: str
    kind: str = ""
    """The title's company type as the table's ``kind`` names it ("" where all are alike)."""
    president: str | None
    price: int | None
    cash: int
    size: int
    trains: tuple[str, ...]
    hexes: tuple[str, ...]
    revenue: int
    """Its last run's revenue."""

    def real_trains(self) -> list[str]:
        """Trains that run (a Pullman car or other stop-less card aside)."""
        return [t for t in self.trains if stops(t) > 0]


C = TypeVar("C", bound=Company)


@dataclasses.dataclass(slots=True, kw_only=True)
class Position(Generic[C]):
    """The table and the roster as numbers; a title adds its own fields."""

    RUST_WINDOW: ClassVar[int] = 4
    """Bank trains ahead within which a rusting trigger counts as soon (each title sets its
    own from its rusting schedule)."""

    players: tuple[str, ...]
    cash: dict[str, int]
    shares: dict[str, dict[str, int]]
    presidencies: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    privates_held: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    certificates: dict[str, int]
    cert_limit: int
    companies: dict[str, C]
    roster: TrainRoster | None

    def mine(self, player: str) -> list[C]:
        """The companies ``player`` presides."""
        return [c for c in self.companies.values() if c.president == player]

    def type_price(self, name: str) -> int:
        """The Bank's price of a train type, or of one side of a two-sided card (0 when
        unknown)."""
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
        prices = [self.type_price(train_type(t)) for t in self.roster.available]
        return min((p for p in prices if p > 0), default=0)

    def train_limit(self, company: C) -> int:
        """The current phase's train limit for ``company``'s kind (2 when unknown)."""
        if self.roster is None:
            return 2
        for row in self.roster.phases:
            if row.current:
                limits = dict(row.train_limit)
                return limits.get(company.kind, limits.get("", 2))
        return 2

    def rusting_soon(self, train: str) -> bool:
        """Whether ``train`` rusts (or goes obsolete) when one of the next
        :attr:`RUST_WINDOW` Bank trains is bought."""
        if self.roster is None:
            return False
        name = train_type(train)
        row = next((t for t in self.roster.types if t.name == name), None)
        if row is None:
            return False
        doom = row.rusts_on or row.obsolete_on
        if doom is None:
            return False
        upcoming = [train_type(t) for t in self.roster.upcoming[: self.RUST_WINDOW]]
        return doom in upcoming

    def bank_train(self, train: str) -> bool:
        """Whether ``train`` is sold by the Bank or the Pool (not another company's)."""
        if self.roster is None:
            return True
        if train in self.roster.available:
            return True
        owner = next((t.owner for t in self.roster.trains if t.id == train), "")
        return owner not in self.companies


class Holdings(TypedDict):
    """What the table shows of each player's holdings (a :class:`Position`'s fields)."""

    cash: dict[str, int]
    shares: dict[str, dict[str, int]]
    presidencies: dict[str, tuple[str, ...]]
    privates_held: dict[str, tuple[str, ...]]
    certificates: dict[str, int]
    cert_limit: int


def holdings(table: TableView) -> Holdings:
    """Each player's cash, shares, presidencies, privates and certificates, and the limit."""
    return Holdings(
        cash={p.id: p.cash or 0 for p in table.players},
        shares={p.id: dict(p.shares) for p in table.players},
        presidencies={p.id: tuple(p.presidencies) for p in table.players},
        privates_held={p.id: tuple(p.privates) for p in table.players},
        certificates={p.id: p.certificates or 0 for p in table.players},
        cert_limit=table.cert_limit or 99,
    )


class Books(TypedDict):
    """What the table shows of a company alike in every title (a :class:`Company`'s
    fields but its kind, president and size, which titles read their own ways)."""

    id: str
    price: int | None
    cash: int
    trains: tuple[str, ...]
    hexes: tuple[str, ...]
    revenue: int


def books(row: CompanyRow) -> Books:
    return Books(
        id=row.id,
        price=row.price,
        cash=row.cash or 0,
        trains=tuple(row.trains),
        hexes=tuple(row.hexes),
        revenue=row.revenue or 0,
    )


def pass_or_first(legal: Sequence[Action]) -> Action:
    """A pass when one is legal, else the first move: what a bot does with a step it has no
    judgement for."""
    passes = [a for a in legal if a.kind == "pass"]
    return passes[0] if passes else legal[0]


def corp_of(action: Action) -> str:
    """The company a share move is about (``corporation``, or its first share's name)."""
    corp = field(action, "corporation")
    if corp:
        return corp
    shares = getattr(action, "shares", ())
    if isinstance(shares, tuple) and shares:
        return company_of(str(shares[0]))
    return ""
