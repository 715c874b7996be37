"""Revenue markers on the board: bonus tokens that add to a city's value (18US §10.1.1).

A :class:`~.ability.RevenueMarker` card, once played, leaves a marker in the
hex's marker list (so it is saved, copied and versioned with the board) naming the city, the
amount and, when only one company gains it, that company.  The route graph learns of it
through :class:`MarkerBonus`, a stop decorator wrapped around the title's own: the stop's
``bonus`` (every company) or ``company_bonus`` grows by the markers there, which
:meth:`~roundhouse.core.routes.revenue.RevenueRules.stop_value` adds to the printed value
before the train's multiplier (18US §6.5: "plus bonus tokens").
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.board import Board
from roundhouse.core.routes.adapter import GraphOptions, StopDecorator, StopExtras

PREFIX = "revenue"


def marker_text(city: str, amount: int, company: str | None = None) -> str:
    """The marker string for ``amount`` on ``city`` (for ``company`` only when given)."""
    return f"{PREFIX}:{city}:{amount}:{company or ''}"


def markers_at(board: Board, hex_name: str, city: str) -> list[tuple[int, str | None]]:
    """(amount, company or None for everyone) of each revenue marker on ``city``."""
    out: list[tuple[int, str | None]] = []
    for text in board.hexes[hex_name].markers:
        parts = text.split(":")
        if len(parts) == 4 and parts[0] == PREFIX and parts[1] == city:
            out.append((int(parts[2]), parts[3] or None))
    return out


@dataclasses.dataclass(frozen=True)
class MarkerBonus:
    """The title's stop decorator (if any) plus the revenue markers on each stop."""

    inner: StopDecorator | None = None

    def __call__(self, board: Board, hex_name: str, stop: str) -> StopExtras | None:
        extras = None if self.inner is None else self.inner(board, hex_name, stop)
        found = markers_at(board, hex_name, stop)
        if not found:
            return extras
        base = extras if extras is not None else StopExtras()
        shared = sum(a for a, c in found if c is None)
        own = dict(base.company_bonus or {})
        for amount, company in found:
            if company is not None:
                own[company] = own.get(company, 0) + amount
        return dataclasses.replace(
            base, bonus=base.bonus + shared, company_bonus=own or base.company_bonus
        )


def with_markers(options: GraphOptions) -> GraphOptions:
    """``options`` whose decorator also reads revenue markers."""
    if isinstance(options.decorate, MarkerBonus):
        return options
    return dataclasses.replace(options, decorate=MarkerBonus(options.decorate))
