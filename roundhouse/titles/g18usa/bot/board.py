"""The map as the bot sees it: neighbours, distances, each tile's exits, and where revenue
lies (read from ``game.board()`` and ``game.tiles()``, cached per game)."""

from __future__ import annotations

from roundhouse.bots.map_info import MapInfo
from roundhouse.core.game import Game

NEAR = 4
"""Hexes within which a city's revenue draws track and homes."""


Board = MapInfo
"""Geometry fixed for a game (:class:`~roundhouse.bots.map_info.MapInfo`)."""


def revenues(game: Game) -> dict[str, int]:
    """Hex -> the best revenue of a stop on it now (cities, towns, off-board areas)."""
    board = game.board()
    if board is None:
        return {}
    out: dict[str, int] = {}
    for h in board.hexes:
        best = max((s.revenue for s in h.stops), default=0)
        if best > 0:
            out[h.id] = best
    return out


def pull(board: Board, revenue: dict[str, int], at: str, skip: frozenset[str]) -> float:
    """How much revenue lies near ``at``: each stop's revenue shrinking with distance."""
    total = 0.0
    for target, value in revenue.items():
        if target in skip:
            continue
        d = board.distance(at, target)
        if d <= NEAR:
            total += value / (1.0 + d)
    return total
