"""An 18West position as the bot reads it: the typed views boiled down to a few numbers.

:func:`read` builds a :class:`Position` from ``game.table()`` and ``game.trains()`` (both
cheap); the step comes from ``game.step_of`` on a legal move, not from the prompt view.
Moves' fields are read by name, since the bot may not import the engine's action classes
(``tests/test_view_boundary.py``).
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from roundhouse.bots.policy18xx import position
from roundhouse.core.game import Game
from roundhouse.core.view.table import CompanyRow

GRANGER = "granger"
LAND_GRANT = "land_grant"
PUBLIC = "public"
"""§2.2's company types, as the table's ``kind`` names them."""


@dataclasses.dataclass(slots=True, kw_only=True)
class Company(position.Company):
    floated: bool
    treasury: int
    pool: int
    token_cost: int


@dataclasses.dataclass(slots=True, kw_only=True)
class Position(position.Position[Company]):
    RUST_WINDOW: ClassVar[int] = 3
    """§14.1: the first 4-train rusts the 2-trains, the first 6 the 3-trains, the first 4D
    the 4-trains."""


def _company(row: CompanyRow) -> Company:
    return Company(
        **position.books(row),
        kind=row.kind,
        president=None if row.closed else row.president,
        size=row.size or 10,
        floated=row.floated,
        treasury=row.treasury,
        pool=row.pool,
        token_cost=row.token_cost or 0,
    )


def read(game: Game) -> Position:
    table = game.table()
    return Position(
        players=tuple(p.id for p in table.players if not p.bankrupt),
        **position.holdings(table),
        companies={row.id: _company(row) for row in table.companies},
        roster=game.trains(),
    )
