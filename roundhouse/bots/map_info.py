"""The map as a bot sees it through the public views: neighbours and distances on the
title's hex grid, and each tile's exits by rotation (read from ``game.board()`` and
``game.tiles()`` once per game; the board's contents are read afresh by the callers).

Written once for every title's bot (:class:`Maps` keeps one a title for a policy), with the
board readers the 18xx policies steer their track by (:func:`revenues`, :func:`costs`,
:func:`pull`)."""

from __future__ import annotations

from roundhouse.core.game import Game
from roundhouse.core.hexgrid import DIRECTIONS, Layout
from roundhouse.core.tiles import parse_tile
from roundhouse.core.view.board import BoardView


class MapInfo:
    """Geometry fixed for a game: neighbours, distances, tile exits."""

    def __init__(self, game: Game) -> None:
        board = game.board()
        catalogue = game.tiles()
        self._at: dict[tuple[int, int], str] = {}
        self._xy: dict[str, tuple[int, int]] = {}
        layout = Layout.FLAT
        if board is not None:
            layout = Layout(board.layout)
            for h in board.hexes:
                self._at[(h.x, h.y)] = h.id
                self._xy[h.id] = (h.x, h.y)
        self._steps = DIRECTIONS[layout]
        self._pointy = layout is Layout.POINTY
        self._exits: dict[tuple[str, int], frozenset[int]] = {}
        self._codes: dict[str, tuple[str, str]] = {}
        if catalogue is not None:
            self._codes = {t.id: (t.colour, t.code) for t in catalogue.tiles}

    def neighbour(self, hex_id: str, edge: int) -> str | None:
        x, y = self._xy.get(hex_id, (0, 0))
        dx, dy = self._steps[edge % 6]
        return self._at.get((x + dx, y + dy))

    def distance(self, a: str, b: str) -> int:
        ax, ay = self._xy.get(a, (0, 0))
        bx, by = self._xy.get(b, (0, 0))
        dx, dy = abs(ax - bx), abs(ay - by)
        if self._pointy:
            return dy + max(0, (dx - dy) // 2)
        return dx + max(0, (dy - dx) // 2)

    def exits(self, tile: str, rotation: int) -> frozenset[int]:
        key = (tile, rotation)
        found = self._exits.get(key)
        if found is None:
            found = frozenset()
            code = self._codes.get(tile)
            if code is not None:
                try:
                    found = parse_tile(tile, code[0], code[1]).exits(rotation)
                except ValueError:
                    found = frozenset()
            self._exits[key] = found
        return found


class Maps:
    """A policy's :class:`MapInfo` for each title it plays, built on first use (a title's map
    geometry never changes, and a search asks about many copies of one game)."""

    def __init__(self) -> None:
        self._found: dict[str, MapInfo] = {}

    def of(self, game: Game) -> MapInfo:
        found = self._found.get(game.title.id)
        if found is None:
            found = self._found[game.title.id] = MapInfo(game)
        return found


NEAR = 4
"""Hexes within which a stop's revenue draws track."""


def revenues(board: BoardView | None) -> dict[str, int]:
    """Hex -> the best revenue of a stop on it now (cities, towns, off-board areas)."""
    out: dict[str, int] = {}
    if board is None:
        return out
    for h in board.hexes:
        best = max((s.revenue for s in h.stops), default=0)
        if best > 0:
            out[h.id] = best
    return out


def costs(board: BoardView | None) -> dict[str, int]:
    """Hex -> the terrain cost of laying a first tile there (empty hexes only)."""
    if board is None:
        return {}
    return {h.id: h.cost for h in board.hexes if h.cost and h.colour == "white"}


def pull(info: MapInfo, revenue: dict[str, int], at: str, skip: frozenset[str]) -> float:
    """How much revenue lies near ``at``: each stop's revenue shrinking with distance."""
    total = 0.0
    for target, value in revenue.items():
        if target in skip:
            continue
        d = info.distance(at, target)
        if d <= NEAR:
            total += value / (1.0 + d)
    return total
