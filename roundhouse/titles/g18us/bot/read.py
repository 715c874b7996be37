"""An 18US position as the bot reads it: the typed views boiled down to a few numbers.

:func:`read` builds a :class:`Position` from ``game.table()`` and ``game.trains()`` (both
cheap); the prompt view is not read, since it checks every Bonus Action's options and costs
tens of milliseconds: the step comes from ``game.step_of`` on a legal move instead.  Moves'
fields are read by name, since the bot may not import the engine's action classes
(``tests/test_view_boundary.py``).
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from roundhouse.bots.policy18xx import position
from roundhouse.core.game import Game
from roundhouse.core.view.table import CompanyRow


@dataclasses.dataclass(slots=True, kw_only=True)
class Company(position.Company):
    par: int | None
    floated: bool
    operated: int


@dataclasses.dataclass(slots=True, kw_only=True)
class Position(position.Position[Company]):
    RUST_WINDOW: ClassVar[int] = 4
    """§10.6: the first 4-train rusts the 2-trains, the first 4E the 3-trains, the first 5E
    the 4-trains."""


def _company(row: CompanyRow) -> Company:
    return Company(
        **position.books(row),
        kind=row.kind,
        president=None if row.closed else row.president,
        par=row.par,
        size=row.size or 5,
        floated=row.floated,
        operated=row.operated,
    )


def read(game: Game) -> Position:
    table = game.table()
    return Position(
        players=tuple(p.id for p in table.players if not p.bankrupt),
        **position.holdings(table),
        companies={row.id: _company(row) for row in table.companies},
        roster=game.trains(),
    )
