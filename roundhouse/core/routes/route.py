"""A train's route and the rules every route obeys.

A :class:`Route` names its stops in running order and, between each pair, the track segments
it uses, so it is unambiguous even where two tracks join the same stops.  :func:`trace` checks
the rules common to the four rulebooks and raises :class:`IllegalAction` with a stable key:

==========================  ==============================================================
``route.unknown``           a stop or segment that is not on the board
``route.connected``         the segments do not join the stops as a continuous line
``route.reuse_track``       the route uses a segment or hexside twice (no backtracking), or
                            turns back at a hexside from one path of a tile to another
``route.revisit``           the route visits a stop (or visit group) twice
``route.blocked``           passes through a city full of other companies' tokens, or an
                            off-board, instead of ending there
``route.no_token``          no station token of the company on the route
``route.two_stops``         fewer than two revenue locations
``route.too_long``          more stops than the train may visit
``route.hex_limit``         an H-train running into too many hexes
==========================  ==============================================================

Rules: 18RoyalGorge "3 Rules About Running Trains"; 18USA §12.1 and §12.4; 18US §6.5;
18West §7.1.1 and §7.5.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes.graph import NodeType, RouteGraph, SegmentId, StopKind
from roundhouse.core.routes.kinds import TrainKind


@dataclass(frozen=True, slots=True)
class Route:
    """Stops in running order and the segments of each leg between consecutive stops."""

    train: str
    stops: tuple[str, ...]
    legs: tuple[tuple[SegmentId, ...], ...]

    def __str__(self) -> str:
        return f"{self.train}: {'-'.join(self.stops)}"


@dataclass(frozen=True, slots=True)
class Walk:
    """A traced route: node indices and the track it uses, as bitsets."""

    route: Route
    stops: tuple[int, ...]
    segments: tuple[int, ...]
    units: int
    hexes: frozenset[str]
    hex_entries: dict[str, int]
    """How many separate times the route enters each hex (single-pass markers)."""


def route_from_segments(graph: RouteGraph, train: str, segments: Iterable[SegmentId]) -> Route:
    """The route that uses exactly these segments, in either running direction.

    Lets a player (or an importer) give a route as the track it uses, in any order.
    """
    segs: list[int] = []
    for sid in segments:
        if sid not in graph.segment_index:
            raise IllegalAction(f"there is no track {sid[0]}#{sid[1]}", rule="route.unknown")
        segs.append(graph.segment_index[sid])
    if not segs:
        raise IllegalAction("a route needs some track", rule="route.connected")
    touching: dict[int, list[int]] = {}
    for s in segs:
        for n in graph.seg_ends[s]:
            touching.setdefault(n, []).append(s)
    ends = [n for n, ss in touching.items() if len(ss) == 1]
    if len(ends) != 2 or any(len(ss) > 2 for ss in touching.values()):
        raise IllegalAction(
            "the track given is not one continuous unbranched line", rule="route.connected"
        )
    start = min(ends)
    node, prev = start, -1
    stops = [node]
    legs: list[list[SegmentId]] = [[]]
    while True:
        nxt = [s for s in touching[node] if s != prev]
        if not nxt:
            break
        prev = nxt[0]
        legs[-1].append(graph.segments[prev].id)
        a, b = graph.seg_ends[prev]
        node = b if a == node else a
        if graph.node_type[node] is NodeType.STOP:
            stops.append(node)
            legs.append([])
    if graph.node_type[start] is not NodeType.STOP or graph.node_type[node] is not NodeType.STOP:
        raise IllegalAction("a route must begin and end at a stop", rule="route.connected")
    return Route(
        train=train,
        stops=tuple(graph.stops[n].id for n in stops),
        legs=tuple(tuple(leg) for leg in legs[:-1]),
    )


def trace(graph: RouteGraph, company: str, route: Route, kind: TrainKind) -> Walk:
    """Check ``route`` for ``company`` running a ``kind`` train; return its track."""
    if len(route.legs) != len(route.stops) - 1:
        raise IllegalAction(
            f"{route}: {len(route.stops)} stops need {len(route.stops) - 1} legs",
            rule="route.connected",
        )
    if len(route.stops) < 2:
        raise IllegalAction(f"{route}: a route needs two revenue locations", rule="route.two_stops")
    stop_nodes: list[int] = []
    for sid in route.stops:
        if sid not in graph.stop_index:
            raise IllegalAction(f"{route}: there is no stop {sid}", rule="route.unknown")
        stop_nodes.append(graph.stop_index[sid])
    visit = graph.visit_bits()
    visited = 0
    units = 0
    segs: list[int] = []
    last = len(stop_nodes) - 1
    for i, node in enumerate(stop_nodes):
        stop = graph.stops[node]
        if visited & visit[node]:
            raise IllegalAction(f"{route}: visits {stop.id} twice", rule="route.revisit")
        visited |= visit[node]
        if 0 < i < last and stop.blocks(company):
            why = "an off-board" if stop.terminal else "full of other companies' tokens"
            raise IllegalAction(
                f"{route}: cannot run through {stop.id}, {why}; a route may only end there",
                rule="route.blocked",
            )
        if i == last:
            break
        cur = node
        leg = route.legs[i]
        if not leg:
            raise IllegalAction(f"{route}: no track from {stop.id}", rule="route.connected")
        for j, seg_id in enumerate(leg):
            s = graph.segment_index.get(seg_id)
            if s is None:
                raise IllegalAction(
                    f"{route}: no track {seg_id[0]}#{seg_id[1]}", rule="route.unknown"
                )
            if units >> s & 1:
                raise IllegalAction(
                    f"{route}: uses track {seg_id[0]}#{seg_id[1]} twice", rule="route.reuse_track"
                )
            a, b = graph.seg_ends[s]
            if cur not in (a, b):
                raise IllegalAction(
                    f"{route}: track {seg_id[0]}#{seg_id[1]} does not continue the route",
                    rule="route.connected",
                )
            if j > 0 and graph.turns_back(segs[-1], cur, s):
                raise IllegalAction(
                    f"{route}: turns back at {graph.node_keys[cur]} from one path of the tile to "
                    "another",
                    rule="route.reuse_track",
                )
            units |= 1 << s
            segs.append(s)
            cur = b if a == cur else a
            if j < len(leg) - 1:
                if graph.node_type[cur] is NodeType.STOP:
                    raise IllegalAction(
                        f"{route}: passes {graph.node_keys[cur]} without listing it",
                        rule="route.connected",
                    )
                if units & graph.node_unit[cur] or visited & visit[cur]:
                    raise IllegalAction(
                        f"{route}: crosses {graph.node_keys[cur]} twice", rule="route.reuse_track"
                    )
                units |= graph.node_unit[cur]
                visited |= visit[cur]
        if cur != stop_nodes[i + 1]:
            raise IllegalAction(
                f"{route}: the track from {stop.id} does not reach {route.stops[i + 1]}",
                rule="route.connected",
            )
    stops = [graph.stops[n] for n in stop_nodes]
    if not any(st.has_token(company) for st in stops):
        raise IllegalAction(f"{route}: no {company} station on the route", rule="route.no_token")
    counts: dict[StopKind, int] = {}
    for st in stops:
        counts[st.kind] = counts.get(st.kind, 0) + 1
    if not kind.fits(counts):
        raise IllegalAction(
            f"{route}: a {kind.name}-train may not visit that many stops", rule="route.too_long"
        )
    hexes = frozenset(graph.segments[s].hex for s in segs) | {st.hex for st in stops}
    if kind.max_hexes is not None and len(hexes) > kind.max_hexes:
        raise IllegalAction(
            f"{route}: a {kind.name}-train reaches at most {kind.max_hexes} hexes",
            rule="route.hex_limit",
        )
    return Walk(
        route=route,
        stops=tuple(stop_nodes),
        segments=tuple(segs),
        units=units,
        hexes=hexes,
        hex_entries=hex_entries(graph, segs),
    )


def hex_entries(graph: RouteGraph, segs: Sequence[int]) -> dict[str, int]:
    """Hex -> number of separate passes through it along the segment order."""
    out: dict[str, int] = {}
    prev = None
    for s in segs:
        h = graph.segments[s].hex
        if h != prev:
            out[h] = out.get(h, 0) + 1
        prev = h
    return out
