"""Where a company may place a station token, and at what price.

18US §6.3 and 18West §7.4: an open slot of a city (or 18US §6.2.2 Junction Town) that a route
of the company reaches, in a hex where it has no token yet, not reserved as another
company's home (:meth:`~roundhouse.core.graph.Graph.can_token`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from roundhouse.core.board import Board
from roundhouse.core.graph import Graph


@dataclasses.dataclass(frozen=True, slots=True)
class TokenPlacement:
    hex: str
    city: str
    cost: int


def token_placements(
    board: Board,
    graph: Graph,
    company: str,
    cash: int,
    cost: int | Callable[[str, str], int] = 0,
) -> list[TokenPlacement]:
    """Every slot ``company`` may put a station token in now and can pay for, in (hex, stop)
    order; ``cost`` is a price or a function of (hex, stop)."""
    out: list[TokenPlacement] = []
    for name, city in sorted(graph.reach(company).stops):
        if city in board.hexes[name].tokens and graph.can_token(company, name, city):
            price = cost(name, city) if callable(cost) else cost
            if price <= cash:
                out.append(TokenPlacement(name, city, price))
    return out
