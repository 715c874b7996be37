"""Where a company's track reaches: from its station tokens through track, not through cities
whose slots are all held by other companies.

This answers the three questions of an operating turn: may new track go here ("some part of
the new track must be part of a route of the company", 18USA §12.2, 18West §7.1.2, 18US
§6.2.1, 18RoyalGorge "Routes for track laying"), may a token go here (18US §6.3, 18West §7.4)
and which hexes can this company build in at all.

A route may pass through a town, a junction, an empty slot or the company's own token, and
may *end* at a city full of other companies' tokens or at an off-board area, but not pass
them (18USA §12.1, 18West §7.1.1, 18RoyalGorge "Don't forget").  A reserved slot that has no
token yet does not block.

A train may not reverse at a hexside (18RoyalGorge "Lay/Upgrade" Rule 4, the Colorado Southern
example: a sharp turn off the end of the straight a train leaves by "is not a legal
placement"), so :attr:`Reach.entries` records the edges by which a route comes *into* each
hex; a new piece of track is runnable when one of its ends is such an edge or a reached stop
that a route may go on from (:attr:`Reach.through`).
The search still ignores the rule that a route may not reuse track elsewhere (a loop that
needs the same track twice), which every title's rules text leaves to the table.

:class:`Graph` caches one :class:`Reach` per company and board version; bots call it every
turn and most turns change nothing for most companies.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import deque

from roundhouse.core.board import Board
from roundhouse.core.hexgrid import opposite
from roundhouse.core.tiles import StopKind


@dataclasses.dataclass(frozen=True, slots=True)
class Reach:
    """What one company's track reaches."""

    stops: frozenset[tuple[str, str]]
    """(hex, stop) pairs a route of the company can reach, its token cities included."""
    edges: dict[str, frozenset[int]]
    """hex -> edges of that hex joined to a route of the company (from either side)."""
    through: frozenset[tuple[str, str]] = frozenset()
    """The :attr:`stops` a route may go on from: not full of other companies' tokens, not an
    off-board (a route ending at a blocked city cannot take new track out of it)."""
    entries: dict[str, frozenset[int]] = dataclasses.field(default_factory=dict)
    """hex -> edges by which a route of the company enters that hex from its neighbour: track
    in the hex that starts at such an edge can be run on; track that starts at an edge the
    route only *leaves* by could be reached only by reversing there (18RoyalGorge Rule 4)."""

    @property
    def hexes(self) -> frozenset[str]:
        """Hexes the company may build in: touched by its routes."""
        return frozenset(self.edges) | frozenset(h for h, _ in self.stops)

    def stops_in(self, hex_name: str) -> frozenset[str]:
        return frozenset(s for h, s in self.stops if h == hex_name)

    def through_in(self, hex_name: str) -> frozenset[str]:
        return frozenset(s for h, s in self.through if h == hex_name)


def _blocks(board: Board, hex_name: str, stop: str, company: str) -> bool:
    here = board.hexes[hex_name]
    kind = here.tile.stop(stop)
    if kind.kind is StopKind.OFFBOARD:
        return True
    if kind.kind is not StopKind.CITY:
        return False
    held = here.tokens.get(stop, [])
    return company not in held and len(held) >= kind.slots


def compute_reach(board: Board, company: str) -> Reach:
    """Breadth-first search from the company's tokens over stops and hexsides."""
    stops: set[tuple[str, str]] = set()
    through: set[tuple[str, str]] = set()
    edges: dict[str, set[int]] = {}
    entries: dict[str, set[int]] = {}
    seen_stops: set[tuple[str, str]] = set()
    seen_out: set[tuple[str, int]] = set()
    queue: deque[tuple[str, str | int]] = deque()
    for hex_name, city in board.tokens_of(company):
        stops.add((hex_name, city))
        through.add((hex_name, city))
        seen_stops.add((hex_name, city))
        queue.append((hex_name, city))
    grid = board.grid
    while queue:
        hex_name, at = queue.popleft()
        here = board.hexes[hex_name]
        links = here.tile.links(here.rotation)
        if isinstance(at, str):
            for a, b in links:
                other = b if a == at else a if b == at else None
                if other is None:
                    continue
                if isinstance(other, int):
                    if (hex_name, other) not in seen_out:
                        seen_out.add((hex_name, other))
                        queue.append((hex_name, other))
                elif (hex_name, other) not in seen_stops:
                    _enter_stop(board, company, hex_name, other, stops, through, seen_stops, queue)
            continue
        edges.setdefault(hex_name, set()).add(at)
        neighbour = grid.neighbour(hex_name, at)
        if neighbour is None:
            continue
        entry = opposite(at)
        edges.setdefault(neighbour, set()).add(entry)
        entries.setdefault(neighbour, set()).add(entry)
        there = board.hexes[neighbour]
        for a, b in there.tile.links(there.rotation):
            other = b if a == entry else a if b == entry else None
            if other is None:
                continue
            if isinstance(other, int):
                if (neighbour, other) not in seen_out:
                    seen_out.add((neighbour, other))
                    queue.append((neighbour, other))
            elif (neighbour, other) not in seen_stops:
                _enter_stop(board, company, neighbour, other, stops, through, seen_stops, queue)
    return Reach(
        frozenset(stops),
        {h: frozenset(e) for h, e in edges.items()},
        frozenset(through),
        {h: frozenset(e) for h, e in entries.items()},
    )


def _enter_stop(
    board: Board,
    company: str,
    hex_name: str,
    stop: str,
    stops: set[tuple[str, str]],
    through: set[tuple[str, str]],
    seen: set[tuple[str, str]],
    queue: deque[tuple[str, str | int]],
) -> None:
    seen.add((hex_name, stop))
    stops.add((hex_name, stop))
    if not _blocks(board, hex_name, stop, company):
        through.add((hex_name, stop))
        queue.append((hex_name, stop))


class Graph:
    """Cached reach per company, recomputed only when the board's version changes."""

    __slots__ = ("_cache", "board")

    def __init__(self, board: Board) -> None:
        self.board = board
        self._cache: dict[str, tuple[int, Reach]] = {}

    def __deepcopy__(self, memo: dict[int, object]) -> Graph:
        """The copy reads the copied board and starts with the same cached reaches (they are
        frozen and keyed by board version, so sharing them is safe; the cache dict is not
        shared, since the two boards move on separately)."""
        other = Graph(copy.deepcopy(self.board, memo))
        memo[id(self)] = other
        other._cache = dict(self._cache)
        return other

    def reach(self, company: str) -> Reach:
        hit = self._cache.get(company)
        if hit is not None and hit[0] == self.board.version:
            return hit[1]
        result = compute_reach(self.board, company)
        self._cache[company] = (self.board.version, result)
        return result

    def can_token(self, company: str, hex_name: str, city: str) -> bool:
        """18US §6.3, 18West §7.4: an open slot the company has a route to, in a hex where it
        has no token yet."""
        here = self.board.hexes[hex_name]
        if city not in here.tokens or any(company in held for held in here.tokens.values()):
            return False
        if self.board.open_slots(hex_name, city, company) <= 0:
            return False
        return (hex_name, city) in self.reach(company).stops
