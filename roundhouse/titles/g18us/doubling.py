"""Doubling ("x2") tokens on the route graph (18US §6.4.1): "A doubling token doubles the value
of the City with which it is associated for that company ... Other than this, and the fact
that they do not consume City circles, doubling tokens act in all ways like normal tokens."

The token stands beside the City's circles (core's ``Board.place_beside``), which already
makes it a station of the company's that takes no slot; :class:`DoublingTokens` is the stop
decorator that adds the doubling: the stop is ``doubled_for`` every company with a token
beside it (in 18US only doubling tokens stand there).
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.board import Board
from roundhouse.core.routes.adapter import StopExtras


@dataclasses.dataclass(frozen=True)
class DoublingTokens:
    """Stops doubled for the companies whose doubling token stands beside them."""

    def __call__(self, board: Board, hex_name: str, stop: str) -> StopExtras | None:
        beside = board.beside_of(hex_name, stop)
        if not beside:
            return None
        return StopExtras(doubled_for=frozenset(beside))
