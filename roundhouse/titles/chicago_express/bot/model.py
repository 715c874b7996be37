"""A Chicago Express position as a bot reads it: the typed views boiled down to numbers.

:func:`read` builds a :class:`Position` from ``game.table()``, ``game.prompt()`` and
``game.panels()`` (cheap views: a bot reads one after every move it tries); the printed map
(neighbours, costs, values, start hexes) comes once per title from ``game.board()`` and is
shared (:func:`map_of`).  Everything in Chicago Express is open information (§1), so a
position is the same for every seat.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping

from roundhouse.core.game import Game
from roundhouse.core.hexgrid import DIRECTIONS, Layout
from roundhouse.core.view.prompt import AuctionView
from roundhouse.core.view.table import CompanyRow

EXCLUSIVE = frozenset({"forest", "mountain"})
"""Terrain one company holds alone (Chicago Express §4.2)."""
GAUGE_SIZES = {"auction": 3, "develop": 4, "build": 5}


@dataclasses.dataclass(frozen=True, slots=True)
class HexInfo:
    """One printed hex."""

    id: str
    kind: str
    """``plain``, ``forest``, ``mountain``, ``city``, ``industrial``, ``capital`` (Chicago)
    or ``start``."""
    cost: int
    income: int
    """Printed income (an industrial city's comes from its track)."""
    development: int
    home: str | None
    neighbours: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class MapInfo:
    """The printed board: fixed for every game of the title."""

    hexes: Mapping[str, HexInfo]
    chicago: str


@dataclasses.dataclass(slots=True)
class Company:
    id: str
    size: int
    out: int
    """Shares in players' hands."""
    income: int
    treasury: int
    open: bool
    locos: int
    """Locomotives still on the charter."""
    chicago_paid: bool
    hexes: tuple[str, ...]

    @property
    def left(self) -> int:
        """Shares still on the charter."""
        return self.size - self.out


@dataclasses.dataclass(slots=True)
class Position:
    """Everything a Chicago Express bot weighs, read from the views."""

    players: tuple[str, ...]
    cash: dict[str, int]
    shares: dict[str, dict[str, int]]
    """Player -> company -> shares held."""
    companies: dict[str, Company]
    round: int
    gauges: dict[str, int]
    """Gauge -> steps used this round."""
    houses: int
    industrial: dict[str, int]
    """Industrial city hex -> its current value."""
    developed: frozenset[str]
    step: str
    """The prompt's step: ``auction``, ``gauge``, ``step:build``, ``build`` ..."""
    acting: tuple[str, ...]
    auction: AuctionView | None
    result: Mapping[str, int] | None

    def present(self) -> dict[str, list[str]]:
        """Hex -> companies with a locomotive there."""
        here: dict[str, list[str]] = {}
        for c in self.companies.values():
            for h in c.hexes:
                here.setdefault(h, []).append(c.id)
        return here


_MAPS: dict[str, MapInfo] = {}
_ROUND = re.compile(r"(\d+)\s*$")


def map_of(game: Game) -> MapInfo:
    """The printed map of ``game``'s title, read once from its board view."""
    key = game.title.id
    found = _MAPS.get(key)
    if found is not None:
        return found
    board = game.board()
    assert board is not None, "Chicago Express has a board"
    at = {(h.x, h.y): h.id for h in board.hexes}
    steps = DIRECTIONS[Layout(board.layout)]
    hexes: dict[str, HexInfo] = {}
    chicago = ""
    for h in board.hexes:
        kind = h.terrain or h.settlement or "plain"
        if h.settlement == "capital":
            chicago = h.id
        near = tuple(n for dx, dy in steps if (n := at.get((h.x + dx, h.y + dy))) is not None)
        hexes[h.id] = HexInfo(
            id=h.id,
            kind=kind,
            cost=h.cost,
            income=h.income,
            development=h.development,
            home=h.home,
            neighbours=near,
        )
    found = _MAPS[key] = MapInfo(hexes=hexes, chicago=chicago)
    return found


def _fact(row: CompanyRow, key: str) -> object:
    for f in row.extra:
        if f.key == key:
            return f.value
    return None


def number(cell: object) -> int:
    """A table cell read as a whole number (0 for anything else)."""
    if isinstance(cell, bool):
        return int(cell)
    if isinstance(cell, int):
        return cell
    if isinstance(cell, float):
        return int(cell)
    return 0


def read(game: Game) -> Position:
    """The position as the views show it."""
    table = game.table()
    prompt = game.prompt()
    panels = {p.id: p for p in game.panels()}
    companies: dict[str, Company] = {}
    for row in table.companies:
        companies[row.id] = Company(
            id=row.id,
            size=row.size,
            out=row.size - row.ipo,
            income=row.revenue or 0,
            treasury=row.cash or 0,
            open=bool(_fact(row, "open")),
            locos=number(_fact(row, "locomotives_left")),
            chicago_paid=bool(_fact(row, "chicago_paid")),
            hexes=row.hexes,
        )
    gauges = {str(r[0]): number(r[1]) for r in panels["gauges"].rows}
    industrial = {str(r[0]): number(r[2]) for r in panels["industrial"].rows}
    houses = number(panels["supply"].value("Houses left"))
    developed = (
        frozenset(str(r[0]) for r in panels["developed"].rows)
        if "developed" in panels
        else frozenset()
    )
    match = _ROUND.search(prompt.round)
    result = game.result
    return Position(
        players=tuple(game.players),
        cash={p.id: p.cash or 0 for p in table.players},
        shares={p.id: dict(p.shares) for p in table.players},
        companies=companies,
        round=int(match.group(1)) if match else 1,
        gauges=gauges,
        houses=houses,
        industrial=industrial,
        developed=developed,
        step=prompt.step,
        acting=tuple(game.acting),
        auction=prompt.auction,
        result={str(p): v for p, v in result.items()} if result is not None else None,
    )
