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

Reach means *legal routes* from a token: a route crosses no hexside twice (either way), runs
no path twice and visits no stop twice (18RoyalGorge Routes Rules 2-3: "may not double back
on any segment, no matter how small"; 18USA §12.4; 18US §6.5: "A train may not use the same
track more than once").  Two paths that meet at one hexside share the rail there, so using
both counts as reuse.  A route for track laying need not reach a revenue centre (18RoyalGorge
"Routes for track laying"), so a position is reached when some legal route from a token gets
there.  A lay then needs new track starting where such a route enters the hex or at a stop it
may go on from; whether that route already used the new track's far hexside is not asked
(the route may stop on the new track: "at least one portion", Rule 4).

:class:`Graph` keeps one :class:`Reach` per company and board version (in the game's
derived-data cache); bots call it every turn and most turns change nothing for most companies.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Iterable, Mapping
from typing import cast

from roundhouse.core.board import NEUTRAL, Board
from roundhouse.core.hexgrid import opposite
from roundhouse.core.tiles import StopKind, Tile


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
    exact: bool = True
    """False only if the search for routes that must avoid their own track ran out of budget;
    then positions it could not settle count as reached (a legal lay is never refused)."""
    trail: Mapping[_State, _State | None] = dataclasses.field(
        default_factory=dict, compare=False, repr=False
    )
    """Position -> the one before it on a legal route reaching it, for the positions the
    breadth-first search settled (:func:`trail_to`); the others are not in it."""

    @property
    def hexes(self) -> frozenset[str]:
        """Hexes the company may build in: touched by its routes."""
        return frozenset(self.edges) | frozenset(h for h, _ in self.stops)

    def stops_in(self, hex_name: str) -> frozenset[str]:
        return frozenset(s for h, s in self.stops if h == hex_name)

    def through_in(self, hex_name: str) -> frozenset[str]:
        return frozenset(s for h, s in self.through if h == hex_name)


_State = tuple[str, str | int]
"""A position of a route: ``(hex, stop)`` at a stop, or ``(hex, edge)`` crossing that hexside
out of the hex (into the neighbour, entering it by the opposite edge)."""
Position = _State
"""The public name of a route position (:func:`trail_to`, :mod:`~roundhouse.core.lay_reach`)."""

_TRAIL_BUDGET = 200_000
"""Steps the exact trail search may take per :func:`compute_reach` before it gives up and
keeps the positions it could not settle (see :attr:`Reach.exact`)."""


def _blocks(board: Board, hex_name: str, stop: str, company: str) -> bool:
    here = board.hexes[hex_name]
    kind = here.tile.stop(stop)
    if kind.kind is StopKind.OFFBOARD:
        return True
    if kind.kind is not StopKind.CITY:
        return False
    held = here.tokens.get(stop, [])
    if company in held or company in board.beside_of(hex_name, stop) or NEUTRAL in held:
        return False
    return len(held) >= kind.slots


class _Track:
    """The board's track as moves between route positions, for one company.  The crossing
    across each hexside is looked up once per search (:meth:`mate`): the moves, the hexside
    a position uses and the reach's edges all read it."""

    __slots__ = ("board", "company", "hexes", "mates", "neighbours", "read")

    def __init__(self, board: Board, company: str) -> None:
        self.board = board
        self.company = company
        self.hexes = board.hexes
        self.neighbours = board.grid.neighbours
        self.mates: dict[_State, tuple[str, int] | None] = {}
        self.read: set[str] = set()
        """Hexes whose tile, rotation, tokens or side tokens a move was worked out from."""

    def moves(self, state: _State, start: bool) -> list[_State]:
        """Where a route at ``state`` may go next without turning back at a hexside.  A route
        goes on from a stop only if it may pass it (a token start always may)."""
        hex_name, at = state
        entry: str | int
        if isinstance(at, str):
            self.read.add(hex_name)
            if not start and _blocks(self.board, hex_name, at, self.company):
                return []
            entry = at
        else:
            mate = self.mate(state)
            if mate is None:
                return []
            hex_name, entry = mate
            self.read.add(hex_name)
        here = self.hexes[hex_name]
        return [(hex_name, end) for end in here.tile.joined(here.rotation).get(entry, ())]

    def side(self, state: _State) -> tuple[str, int] | None:
        """The hexside a crossing position uses, the same from both of its hexes (None at a
        stop)."""
        hex_name, at = state
        if isinstance(at, str):
            return None
        mate = self.mate(state)
        if mate is None:
            return (hex_name, at)
        return min((hex_name, at), mate)

    def mate(self, state: _State) -> tuple[str, int] | None:
        """The crossing of the same hexside the other way (None at a stop or off the map)."""
        mates = self.mates
        if state in mates:
            return mates[state]
        hex_name, at = state
        found: tuple[str, int] | None = None
        if not isinstance(at, str):
            neighbour = self.neighbours(hex_name).get(at)
            if neighbour is not None:
                found = (neighbour, opposite(at))
        mates[state] = found
        return found


def trail_to(reach: Reach, state: _State) -> list[_State] | None:
    """A legal route to ``state`` (from a token, ``state`` last), or None when the search
    did not keep one (a position only the exact search settled)."""
    if state not in reach.trail:
        return None
    out: list[_State] = []
    at: _State | None = state
    while at is not None:
        out.append(at)
        at = reach.trail[at]
    out.reverse()
    return out


def compute_reach(board: Board, company: str, avoid: frozenset[_State] = frozenset()) -> Reach:
    """The positions legal routes from the company's tokens reach (see :class:`Reach`).

    First a breadth-first search over positions, which ignores the route so far; a position
    whose search path never crosses a hexside both ways is reached by that path, which is a
    legal route (each position, hence each stop, occurs once on it, and a path or hexside
    is reused only by crossing some hexside both ways).  A position first found by a path
    that doubles back is settled later if a legal path reaches it (it is then searched from
    again, at most once more).  Only positions still unsettled are searched for exactly,
    depth first over routes, pruned to positions from which they can be reached at all.

    ``avoid``: positions no route may take (to ask what routes reach without some track).

    The answer is a function of the company's tokens and of the hexes the search read
    (tile, rotation, tokens, side tokens), so the latest few answers are kept in the game's
    derived-data cache with what they read, and one whose hexes still hold the same is
    handed out again: most board changes (another company's lay or token far away, a
    marker) leave a company's network as it was, and every change is a new board version."""
    key = ("reach read", company, avoid)
    starts = board.tokens_of(company)
    kept = cast("tuple[_Kept, ...]", board.derived.peek(key) or ())
    for old in kept:
        if old.starts == starts and old.unchanged(board):
            return old.reach
    reach, read = _compute_reach(board, company, avoid)
    board.derived.put(key, (_Kept.of(board, starts, read, reach), *kept[: _KEPT - 1]))
    return reach


_KEPT = 4
"""Answers :func:`compute_reach` keeps per company (and ``avoid``)."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Kept:
    """One :func:`compute_reach` answer with the board content it was worked out from."""

    starts: list[tuple[str, str]]
    hexes: tuple[tuple[str, Tile, int, dict[str, list[str]], dict[str, list[str]] | None], ...]
    """(hex, tile, rotation, tokens, side tokens) of each hex the search read."""
    reach: Reach

    @staticmethod
    def of(board: Board, starts: list[tuple[str, str]], read: set[str], reach: Reach) -> _Kept:
        hexes = []
        for name in read:
            here = board.hexes[name]
            beside = board.beside.get(name)
            hexes.append(
                (
                    name,
                    here.tile,
                    here.rotation,
                    {c: list(held) for c, held in here.tokens.items()},
                    None if beside is None else {c: list(held) for c, held in beside.items()},
                )
            )
        return _Kept(starts, tuple(hexes), reach)

    def unchanged(self, board: Board) -> bool:
        hexes, beside = board.hexes, board.beside
        for name, tile, rotation, tokens, by in self.hexes:
            here = hexes[name]
            if (
                here.tile is not tile
                or here.rotation != rotation
                or here.tokens != tokens
                or beside.get(name) != by
            ):
                return False
        return True


def _compute_reach(board: Board, company: str, avoid: frozenset[_State]) -> tuple[Reach, set[str]]:
    """:func:`compute_reach` worked out, and the hexes it read."""
    track, starts, moves, order, parent, legal = _explore(board, company, avoid)
    reached = {s for s, ok in legal.items() if ok}
    trail = {s: parent[s] for s in reached}
    unsettled = {s for s, ok in legal.items() if not ok}
    exact = True
    if unsettled:
        found, exact = _search_routes(
            track, starts, moves, sorted(unsettled, key=order.__getitem__)
        )
        reached |= found
        if not exact:
            reached |= unsettled
    reach = dataclasses.replace(_reach_of(track, reached, frozenset(starts), exact), trail=trail)
    return reach, track.read


def reaches(
    board: Board, company: str, targets: Iterable[_State], avoid: frozenset[_State] = frozenset()
) -> frozenset[_State]:
    """Which of ``targets`` legal routes from the company's tokens reach without ``avoid``:
    :func:`compute_reach`'s answer for those positions alone, with the exact route search
    run for them only (a lay check asks this of one or two positions, where working out the
    whole reach cost tens of milliseconds).  A target the search gave up on counts as
    reached, as in :func:`compute_reach`."""
    known: dict[tuple[_State, bool], list[_State]] = board.derived.get(
        ("moves", company, board.version), dict
    )
    mates: dict[_State, tuple[str, int] | None] = board.derived.get(("mates", id(board.grid)), dict)
    track, starts, moves, order, _, legal = _explore(board, company, avoid, known, mates)
    wanted = {t for t in targets if t in legal}
    reached = {t for t in wanted if legal[t]}
    unsettled = sorted(wanted - reached, key=order.__getitem__)
    if unsettled:
        found, exact = _search_routes(track, starts, moves, unsettled)
        reached |= found & wanted
        if not exact:
            reached.update(unsettled)
    return frozenset(reached)


def joined_positions(board: Board, company: str, start: tuple[str, str]) -> frozenset[Position]:
    """The route positions (stops and hexside crossings) the board's track joins to
    ``start`` (a station of ``company``), ``start`` included: a walk along the track that
    goes on from no stop a route of the company could not pass (a city full of other
    companies' tokens, an off-board area), but, unlike :func:`compute_reach`, asks nothing
    of the way it takes (it may turn back or use a path twice).  Connection alone, as
    18xx.games's ``Graph#route_info`` judges whether a company has a route to run at all
    (two revenue centres joined to one of its stations)."""
    track = _Track(board, company)
    first: _State = start
    seen: set[_State] = {first}
    queue: deque[_State] = deque([first])
    while queue:
        state = queue.popleft()
        for nxt in track.moves(state, state == first):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return frozenset(seen)


_Explored = tuple[
    "_Track",
    list[_State],
    dict[_State, list[_State]],
    dict[_State, int],
    dict[_State, "_State | None"],
    dict[_State, bool],
]


def _explore(
    board: Board,
    company: str,
    avoid: frozenset[_State],
    known: dict[tuple[_State, bool], list[_State]] | None = None,
    mates: dict[_State, tuple[str, int] | None] | None = None,
) -> _Explored:
    """The breadth-first part of :func:`compute_reach`: every position found, in the order
    found, with its search parent, whether that path is a legal route, and each position's
    moves.  ``known``: the company's moves on this board version worked out so far (and
    filled in here), shared by the many :func:`reaches` questions a lay listing asks of
    one board, each with its own ``avoid``: the moves do not depend on it.  ``mates``: the
    hexside crossings looked up so far (:meth:`_Track.mate`: the map's, on every board)."""
    track = _Track(board, company)
    if mates is not None:
        track.mates = mates
    starts: list[_State] = list(dict.fromkeys(board.tokens_of(company)))
    order: dict[_State, int] = {}
    parent: dict[_State, _State | None] = {}
    legal: dict[_State, bool] = {}
    moves: dict[_State, list[_State]] = {}
    queue: deque[_State] = deque()
    for start in starts:
        order[start] = len(order)
        parent[start] = None
        legal[start] = True
        queue.append(start)
    first = frozenset(starts)
    while queue:
        state = queue.popleft()
        nexts = moves.get(state)
        if nexts is None:
            if known is None:
                nexts = track.moves(state, state in first)
            else:
                begins = state in first
                nexts = known.get((state, begins))
                if nexts is None:
                    nexts = known[state, begins] = track.moves(state, begins)
            if avoid:
                nexts = [n for n in nexts if n not in avoid]
            moves[state] = nexts
        ok = legal[state]
        for nxt in nexts:
            if nxt not in order:
                order[nxt] = len(order)
                parent[nxt] = state
                legal[nxt] = ok and not _doubles_back(track, nxt, state, parent, order)
                queue.append(nxt)
            elif ok and not legal[nxt] and not _doubles_back(track, nxt, state, parent, order):
                parent[nxt] = state  # a legal path after all: settle it and go on from it
                legal[nxt] = True
                queue.append(nxt)
    return track, starts, moves, order, parent, legal


def _doubles_back(
    track: _Track,
    state: _State,
    at: _State | None,
    parent: dict[_State, _State | None],
    order: dict[_State, int],
) -> bool:
    """Does the search path to ``at`` cross ``state``'s hexside the other way?"""
    mate = track.mate(state)
    if mate is None or mate not in order:
        return False
    while at is not None:
        if at == mate:
            return True
        at = parent[at]
    return False


def _search_routes(
    track: _Track,
    starts: list[_State],
    moves: dict[_State, list[_State]],
    targets: list[_State],
) -> tuple[set[_State], bool]:
    """Depth-first over legal routes (no stop, path or hexside twice) from the tokens, one
    target at a time, after a greedy descent toward it (:func:`_descend`) found no route:
    moves fewest steps from the target first, and a move is taken only if
    the target can still be reached from it without the stops and hexsides the route already
    used, nor the target's own hexside before the end (so hopeless branches are cut at once;
    a position reached only back over its own hexside, like a stem a loop hangs from, is
    refused without a search).  Returns the targets reached (on the way to
    one, others may be) and whether the search finished within :data:`_TRAIL_BUDGET` steps
    (a step is one position looked at, in the search or in its look-ahead)."""
    back: dict[_State, list[_State]] = {}
    side_of: dict[_State, tuple[str, int] | None] = {}
    for state, nexts in moves.items():
        side_of[state] = track.side(state)
        for later in nexts:
            back.setdefault(later, []).append(state)
    found: set[_State] = set()
    dead: set[_State] = set()
    wanted = set(targets)
    steps = 0
    for target in targets:
        if target in found:
            continue
        if all(prev in dead for prev in back.get(target, ())):
            dead.add(target)  # a route to it would end with a route to one of these
            continue
        own = side_of[target]
        distance = {target: 0}
        todo = deque([target])
        while todo:
            at = todo.popleft()
            for prev in back.get(at, ()):
                if prev not in distance and (own is None or side_of[prev] != own):
                    distance[prev] = distance[at] + 1
                    todo.append(prev)
        route = _descend(target, starts, moves, side_of, distance)
        if route is not None:
            found |= wanted.intersection(route)
            found |= _extend(route, moves, side_of, wanted - found)
            continue
        search = _RouteSearch(target, moves, side_of, distance)
        for start in starts:
            if start not in distance:
                continue
            steps = search.run(start, steps)
            found |= search.found & wanted
            if steps > _TRAIL_BUDGET:
                return found, False
            if target in found:
                found |= _extend(search.route, moves, side_of, wanted - found)
                break
        else:
            dead.add(target)
    return found, True


def _descend(
    target: _State,
    starts: list[_State],
    moves: dict[_State, list[_State]],
    side_of: dict[_State, tuple[str, int] | None],
    distance: dict[_State, int],
) -> list[_State] | None:
    """A legal route to ``target`` found without searching, or None: from each start, the
    move nearest the target (by ``distance``, ties in move order) that keeps the route
    legal, never backing up.  Most reached positions are found so, each step costing one
    look at the moves; :class:`_RouteSearch` (which looks ahead at every step to cut
    hopeless branches) is left for the rest and for proving a position unreachable."""
    for start in sorted((s for s in starts if s in distance), key=distance.__getitem__):
        route = [start]
        on_route = {start}
        sides = {side_of[start]} - {None}
        at = start
        while at != target:
            best: _State | None = None
            for m in moves[at]:
                d = distance.get(m)
                if d is None or m in on_route:
                    continue
                side = side_of[m]
                if side is not None and side in sides:
                    continue
                if best is None or d < distance[best]:
                    best = m
            if best is None:
                break
            route.append(best)
            on_route.add(best)
            side = side_of[best]
            if side is not None:
                sides.add(side)
            at = best
        else:
            return route
    return None


def _extend(
    route: list[_State],
    moves: dict[_State, list[_State]],
    side_of: dict[_State, tuple[str, int] | None],
    wanted: set[_State],
) -> set[_State]:
    """The ``wanted`` positions that legal routes reach by going on from the end of
    ``route`` (a legal route) one move at a time, each route checked whole: a cheap way to
    settle the positions just past one the search found."""
    found: set[_State] = set()
    start = (frozenset(route), frozenset(side_of[at] for at in route) - {None})
    todo = [(route[-1], start)]
    while todo:
        at, (states, sides) = todo.pop()
        for nxt in moves[at]:
            side = side_of[nxt]
            if nxt not in wanted or nxt in found or nxt in states or side in sides:
                continue
            found.add(nxt)
            todo.append((nxt, (states | {nxt}, sides | {side})))
    return found


class _RouteSearch:
    """One depth-first search for a legal route to ``target`` (see :func:`_search_routes`)."""

    __slots__ = ("distance", "found", "moves", "route", "side_of", "target")

    def __init__(
        self,
        target: _State,
        moves: dict[_State, list[_State]],
        side_of: dict[_State, tuple[str, int] | None],
        distance: dict[_State, int],
    ) -> None:
        self.target = target
        self.moves = moves
        self.side_of = side_of
        self.distance = distance
        self.found: set[_State] = set()
        self.route: list[_State] = []
        """The legal route to the target, once found (it ends there)."""

    def run(self, start: _State, steps: int) -> int:
        """Search from ``start``; every position on a route tried goes into :attr:`found`.
        Returns the step count so far (past the budget: stopped there)."""
        on_route = {start}
        sides: set[tuple[str, int]] = set()
        stack = [(start, iter(self._ahead(start)))]
        while stack:
            state, rest = stack[-1]
            nxt = next(rest, None)
            if nxt is None:
                stack.pop()
                on_route.discard(state)
                side = self.side_of[state]
                if side is not None:
                    sides.discard(side)
                continue
            side = self.side_of[nxt]
            if nxt in on_route or (side is not None and side in sides):
                continue
            self.found.add(nxt)
            if nxt == self.target:
                self.route = [at for at, _ in stack]
                self.route.append(nxt)
                return steps
            if side is not None:
                sides.add(side)
            on_route.add(nxt)
            ok, looked = self._open(nxt, on_route, sides)
            steps += looked
            if steps > _TRAIL_BUDGET:
                return steps
            if not ok:
                on_route.discard(nxt)
                if side is not None:
                    sides.discard(side)
                continue
            stack.append((nxt, iter(self._ahead(nxt))))
        return steps

    def _ahead(self, state: _State) -> list[_State]:
        distance = self.distance
        return sorted((m for m in self.moves[state] if m in distance), key=distance.__getitem__)

    def _open(
        self, state: _State, on_route: set[_State], sides: set[tuple[str, int]]
    ) -> tuple[bool, int]:
        """Can the target still be reached from ``state`` avoiding the route's stops and
        hexsides (ignoring that the rest must avoid itself too: a cut, never a wrong one)?
        Also returns how many positions were looked at."""
        target, moves, side_of, distance = self.target, self.moves, self.side_of, self.distance
        seen = {state}
        todo = [state]
        while todo:
            for m in moves[todo.pop()]:
                if m not in distance or m in seen or m in on_route:
                    continue
                side = side_of[m]
                if side is not None and side in sides:
                    continue
                if m == target:
                    return True, len(seen)
                seen.add(m)
                todo.append(m)
        return False, len(seen)


def _reach_of(track: _Track, reached: set[_State], starts: frozenset[_State], exact: bool) -> Reach:
    board, company = track.board, track.company
    stops: set[tuple[str, str]] = set()
    through: set[tuple[str, str]] = set()
    edges: dict[str, set[int]] = {}
    entries: dict[str, set[int]] = {}
    for hex_name, at in reached:
        if isinstance(at, str):
            stops.add((hex_name, at))
            if (hex_name, at) in starts or not _blocks(board, hex_name, at, company):
                through.add((hex_name, at))
            continue
        edges.setdefault(hex_name, set()).add(at)
        mate = track.mate((hex_name, at))
        if mate is not None:
            neighbour, entry = mate
            edges.setdefault(neighbour, set()).add(entry)
            entries.setdefault(neighbour, set()).add(entry)
    return Reach(
        frozenset(stops),
        {h: _edge_set(e) for h, e in edges.items()},
        frozenset(through),
        {h: _edge_set(e) for h, e in entries.items()},
        exact,
    )


_EDGE_SETS: dict[frozenset[int], frozenset[int]] = {}
"""One frozenset per distinct set of a hex's edges (at most 64 on a hex grid)."""


def _edge_set(edges: set[int]) -> frozenset[int]:
    """``edges`` as the one shared frozenset of its content: a reach holds one per hex
    it touches, kept answers hold several reaches per company, and a hex has only 64 sets of
    edges (a replayed 18USA game kept 7,864 edge sets)."""
    key = frozenset(edges)
    return _EDGE_SETS.setdefault(key, key)


class Graph:
    """Reach per company, worked out once per board version (kept in the board's
    :class:`~roundhouse.core.derived.Derived` cache, so copies of the board share it)."""

    __slots__ = ("_pins", "board")

    def __init__(self, board: Board) -> None:
        self.board = board
        self._pins: dict[str, Reach] = {}
        """Company -> a reach that stands for it whatever the board does (:meth:`pin`).
        Game state, not derived data: copied and hashed with the graph."""

    def pin(self, company: str, reach: Reach) -> None:
        """Let ``reach`` stand for the company's until :meth:`unpin`: a title whose rules
        (or whose reference implementation) keep a company's network as it was across a
        change of the board."""
        self._pins[company] = reach
        self.board.touch()

    def unpin(self) -> None:
        """End every :meth:`pin`.  Both change what the board's derived data (listings,
        route graphs, runs) read, so both give the board a new version."""
        self._pins.clear()
        self.board.touch()

    def reach(self, company: str) -> Reach:
        if company in self._pins:
            return self._pins[company]
        board = self.board
        return board.derived.get(
            ("reach", company, board.version), lambda: compute_reach(board, company)
        )

    def can_token(self, company: str, hex_name: str, city: str) -> bool:
        """18US §6.3, 18West §7.4: an open slot the company has a route to, in a hex where it
        has no token yet."""
        here = self.board.hexes[hex_name]
        if city not in here.tokens or any(company in held for held in here.tokens.values()):
            return False
        if any(company in held for held in self.board.beside.get(hex_name, {}).values()):
            return False
        if self.board.open_slots(hex_name, city, company) <= 0:
            return False
        return (hex_name, city) in self.reach(company).stops
