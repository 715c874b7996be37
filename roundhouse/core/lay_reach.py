"""How new track must join a company's routes (:class:`LayReach`, :func:`connects`), and which
pieces of a hex's track those routes could run *through*, end to end (:func:`unrunnable`).

:mod:`roundhouse.core.graph` answers where routes enter a hex (:attr:`Reach.entries`) and which
stops they may go on from (:attr:`Reach.through`).  A new piece of track that starts there is
runnable up to its far end only if some such route has not already used the far end: a route
that enters a hex by edge *a* after leaving it by edge *b* cannot go on from *a* back out by
*b* (no hexside twice, 18RoyalGorge Routes Rules 2-3; 18USA §12.4), and one that already
visited stop *b* cannot visit it again.  :func:`unrunnable` lists, for one hex, the pairs
(*a*, *b*) where every legal route reaching *a* has used *b*: a new link from *a* to *b* joins
the company's routes only at its near end.

Titles that ask for new track a route can run from end to end (18xx.games's "used new track",
``Step::Tracker#check_track_restrictions!``, with its route walk over whole paths) refuse such
a link (:attr:`LayReach.WHOLE_LINK`); the rulebooks' "at least one portion of the new track"
accepts it.

The routes found while computing reach are shortest-first, so a route to *a* that used *b*
is rare (the route must have passed through the hex before); only then are routes searched
again with *b* forbidden, which settles the pair.
"""

from __future__ import annotations

import enum

from roundhouse.core.board import Board, HexState
from roundhouse.core.graph import Graph, Position, Reach, reaches, trail_to
from roundhouse.core.hexgrid import opposite
from roundhouse.core.tiles import Link, Tile
from roundhouse.core.upgrade import StopMap, map_link

End = int | str
"""An edge of the hex (0-5) or a stop on its tile."""


class LayReach(enum.Enum):
    """How a new tile must connect to the company's routes.

    ``ANY_LINK_TOUCHES``: some track of the new tile, old or new, is part of a route of the
    company (18USA §12.2.2: "some part of the track on the new tile (not necessarily a new
    part) must be part of a route of the company"; 18RoyalGorge "Lay/Upgrade").

    ``EXTENDS_ROUTE``: track the old tile did not have joins a route of the company, or a
    city on the company's routes gains value (18US §6.2.1: "the new track created must extend
    a route ... In the case of City tiles, the upgrade must extend or increase the dividend of
    a route"; 18West §7.1.2: "some part of the new track created must form part of a route of
    the Company, or the value of a City on a route of the Company must be increased").  New
    track is a link between two ends the old tile did not join directly; value is a stop's
    printed revenue.  For a first tile in an empty hex both switches agree.
    """

    ANY_LINK_TOUCHES = "any_link_touches"
    EXTENDS_ROUTE = "extends_route"
    WHOLE_LINK = "whole_link"
    """As ``EXTENDS_ROUTE``, and a route must be able to run the new track from the end where
    it joins to the other end: not when every route reaching that end has already used the
    other one (:mod:`~roundhouse.core.lay_reach`; 18xx.games's "Must use new track",
    ``Step::Tracker#check_track_restrictions!``)."""


def connects(
    tile: Tile,
    rotation: int,
    mapping: StopMap,
    reach: Reach,
    here: HexState,
    name: str,
    mode: LayReach,
    unrunnable: frozenset[tuple[int | str, int | str]] = frozenset(),
) -> bool:
    """Does the new tile connect to the company's routes in the sense ``mode`` gives?  An edge
    end counts only where a route enters the hex by it (:attr:`Reach.entries`): track meeting
    a route where the route leaves the hex is reached only by reversing (18RoyalGorge Rule 4)."""
    edges = reach.entries.get(name, frozenset())
    return connects_at(
        tile,
        rotation,
        mapping,
        edges,
        reach.stops_in(name),
        reach.through_in(name),
        here,
        mode,
        unrunnable,
    )


def connects_at(
    tile: Tile,
    rotation: int,
    mapping: StopMap,
    edges: frozenset[int],
    old_stops: frozenset[str],
    through: frozenset[str],
    here: HexState,
    mode: LayReach,
    unrunnable: frozenset[tuple[int | str, int | str]] = frozenset(),
) -> bool:
    """:func:`connects` given the hex's entered edges, reached stops (a city on a route
    gaining value) and the stops a route may go on from (track ends); with
    :attr:`LayReach.WHOLE_LINK`, ``unrunnable`` (near end, far end) pairs of the old tile's
    ends that no route runs from one to the other."""
    stops = {mapping.get(s, s) for s in through}
    before: frozenset[Link] = frozenset()
    if mode is not LayReach.ANY_LINK_TOUCHES:
        before = frozenset(map_link(link, mapping) for link in here.tile.links(here.rotation))
    spent = {
        (
            mapping.get(a, a) if isinstance(a, str) else a,
            mapping.get(b, b) if isinstance(b, str) else b,
        )
        for a, b in unrunnable
    }
    for link in tile.links(rotation):
        if link in before:
            continue
        for end in link:
            far = link[1] if end == link[0] else link[0]
            if (end, far) in spent:
                continue
            if (end in edges) if isinstance(end, int) else (end in stops):
                return True
    if mode is not LayReach.ANY_LINK_TOUCHES:
        for old in old_stops:
            new = mapping.get(old)
            if new is not None and tile.stop(new).revenue > here.tile.stop(old).revenue:
                return True
    return False


def unrunnable(
    board: Board, company: str, reach: Reach, hex_name: str
) -> frozenset[tuple[End, End]]:
    """(a, b): ends of the hex's track that routes reach (entered edges, stops they may go
    on from) and ends every such route has already used."""
    grid = board.grid
    here_edges = reach.edges.get(hex_name, frozenset())
    near: list[tuple[End, Position]] = []
    for edge in reach.entries.get(hex_name, frozenset()):
        neighbour = grid.neighbour(hex_name, edge)
        if neighbour is not None:
            near.append((edge, (neighbour, opposite(edge))))
    for stop in reach.through_in(hex_name):
        near.append((stop, (hex_name, stop)))
    stops_here = reach.stops_in(hex_name)
    asked: dict[End, dict[End, Position]] = {}
    """Far end -> the near ends (and their route positions) whose routes all used it."""
    for end, state in near:
        route = trail_to(reach, state)
        far: set[End] = set()
        if route is None:
            far = {e for e in here_edges if e != end} | {s for s in stops_here if s != end}
        else:
            for at in route[:-1]:
                used = _end_in(board, hex_name, at)
                if used is not None and used != end:
                    far.add(used)
        for other in far:
            asked.setdefault(other, {})[end] = state
    out: set[tuple[End, End]] = set()
    for other, ends in asked.items():
        # A near end's position is the hexside crossed into the hex (an edge end) or the stop
        # routes go on from (a stop end): reaching it without the far end is what counts.
        kept = reaches(board, company, ends.values(), _positions(board, hex_name, other))
        out.update((end, other) for end, state in ends.items() if state not in kept)
    return frozenset(out)


def _end_in(board: Board, hex_name: str, state: Position) -> End | None:
    """The end of ``hex_name``'s track a route position uses: a stop there, or the edge of
    a hexside of it crossed either way."""
    where, at = state
    if isinstance(at, str):
        return at if where == hex_name else None
    if where == hex_name:
        return at
    if board.grid.neighbour(where, at) == hex_name:
        return opposite(at)
    return None


def _positions(board: Board, hex_name: str, end: End) -> frozenset[Position]:
    """The route positions that use ``end`` of the hex (both ways over an edge's hexside)."""
    if isinstance(end, str):
        return frozenset({(hex_name, end)})
    out: set[Position] = {(hex_name, end)}
    neighbour = board.grid.neighbour(hex_name, end)
    if neighbour is not None:
        out.add((neighbour, opposite(end)))
    return frozenset(out)


def spent_ends(graph: Graph, company: str, hex_name: str) -> frozenset[tuple[End, End]]:
    """:func:`unrunnable` for the board now, from the company's reach as the graph has it;
    derived data, kept in the board's cache under its version."""
    board = graph.board
    return board.derived.get(
        ("unrunnable", company, hex_name, board.version),
        lambda: unrunnable(board, company, graph.reach(company), hex_name),
    )
