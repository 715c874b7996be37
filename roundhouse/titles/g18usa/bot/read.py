"""An 18USA position as the bot reads it: the typed views boiled down to a few numbers.

:func:`read` builds a :class:`Position` from ``game.table()``, ``game.trains()``,
``game.prompt()``, ``game.privates()`` and ``game.panels()``; the action helpers read a
move's fields by name, since the bot may not import the engine's action classes
(``tests/test_view_boundary.py``).
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from roundhouse.bots.moves import stops, train_type
from roundhouse.bots.policy18xx import position
from roundhouse.core.game import Game
from roundhouse.core.view.table import CompanyRow

CASH_SUBSIDY = {"$30": 30, "$40": 40, "$50": 50}
"""Subsidies paid as cash towards a start (18USA §11.6.1 and the Subsidy Tiles table)."""
OTHER_SUBSIDY = 15
"""What any other subsidy (a free station, a resource, a boomtown, +$10 cities) is worth."""


@dataclasses.dataclass(slots=True, kw_only=True)
class Company(position.Company):
    loans: int
    treasury_shares: int
    pool: int
    operated: int


@dataclasses.dataclass(slots=True, kw_only=True)
class Position(position.Position[Company]):
    RUST_WINDOW: ClassVar[int] = 6
    """§8: a phase's first train rusts the old ones."""

    phase: str
    round: str
    step: str
    entity: str | None
    subsidies: dict[str, int]
    """Hex -> what a start there is worth beyond the bid (first stock round only)."""
    metropolises: frozenset[str]
    private_values: dict[str, int]
    interest: int
    """What each loan costs an operating round (§9: the higher of the rate now and next)."""
    headroom: dict[str, int]
    """Company -> market steps its price is above the last acquisition space (§14.2: at or
    below it a company is sold or liquidated in the next M&A round)."""

    def next_train_price(self) -> int:
        """The cheapest train the bank sells now (0 when none; a Pullman car is none)."""
        if self.roster is None:
            return 0
        prices = [self.type_price(train_type(t)) for t in self.roster.available if stops(t) > 0]
        return min(prices, default=0)

    def phase_number(self) -> int:
        digits = "".join(ch for ch in self.phase if ch.isdigit())
        return int(digits) if digits else 0

    def train_limit(self, company: Company) -> int:
        """§8: the phase's limit, the same for every company (the lowest listed)."""
        if self.roster is None:
            return 2
        for row in self.roster.phases:
            if row.current:
                return min(row.train_limit.values(), default=2)
        return 2


def _fact(row: CompanyRow, key: str) -> int:
    for fact in row.extra:
        if fact.key == key and isinstance(fact.value, int):
            return fact.value
    return 0


def _company(row: CompanyRow) -> Company:
    return Company(
        **position.books(row),
        president=row.president,
        size=_fact(row, "size") or row.size or 2,
        loans=_fact(row, "loans"),
        treasury_shares=row.treasury or 0,
        pool=row.pool or 0,
        operated=row.operated or 0,
    )


def _subsidies(game: Game) -> tuple[dict[str, int], frozenset[str]]:
    subsidies: dict[str, int] = {}
    metropolises: frozenset[str] = frozenset()
    for panel in game.panels():
        if panel.id == "subsidies":
            for row in panel.rows:
                hex_id, kind = str(row[0]), str(row[1])
                if kind in CASH_SUBSIDY:
                    subsidies[hex_id] = CASH_SUBSIDY[kind]
                elif kind != "none":
                    subsidies[hex_id] = OTHER_SUBSIDY
        elif panel.id == "set_up":
            text = str(panel.value("Metropolises") or "")
            metropolises = frozenset(h.strip() for h in text.split(",") if h.strip())
    return subsidies, metropolises


def read(game: Game) -> Position:
    table = game.table()
    prompt = game.prompt()
    roster = game.trains()
    subsidies, metropolises = _subsidies(game)
    return Position(
        players=tuple(p.id for p in table.players),
        **position.holdings(table),
        companies={row.id: _company(row) for row in table.companies},
        roster=roster,
        phase=roster.phase if roster is not None else "",
        round=prompt.round,
        step=prompt.step,
        entity=prompt.entity,
        subsidies=subsidies,
        metropolises=metropolises,
        private_values={p.id: p.value for p in game.privates()},
        interest=_interest(game),
        headroom=_headroom(game),
    )


def _dollars(text: object) -> int:
    digits = "".join(ch for ch in str(text) if ch.isdigit())
    return int(digits) if digits else 0


def _interest(game: Game) -> int:
    for panel in game.panels():
        if panel.id == "bank_of_new_york":
            rates = [_dollars(r[1]) for r in panel.rows if len(r) > 1 and "rate" in str(r[0])]
            rates += [_dollars(r[1]) for r in panel.rows if len(r) > 1 and "Interest" in str(r[0])]
            return max(rates, default=5)
    return 5


DANGER_ZONES = frozenset({"liquidation", "acquisition"})


def _headroom(game: Game) -> dict[str, int]:
    market = game.market()
    out: dict[str, int] = {}
    if market is None:
        return out
    for row in market.rows:
        last_danger = max(
            (
                i
                for i, cell in enumerate(row)
                if cell is not None and DANGER_ZONES & set(cell.zones)
            ),
            default=-1,
        )
        for i, cell in enumerate(row):
            for company in cell.companies if cell is not None else ():
                out[company] = i - last_danger
    return out
