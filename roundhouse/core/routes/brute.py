"""A slow, obviously-correct reference solver for small boards.

It shares nothing with the optimiser's search: it walks the raw segment graph (no reduction,
no pruning beyond "never step on a node twice"), turns every walk between two stops into a
:class:`Route`, keeps the ones the validator accepts, and tries every assignment of routes to
trains through :func:`revenue_of`.  Property tests compare the optimiser against it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes.graph import NodeType, RouteGraph
from roundhouse.core.routes.kinds import Train, TrainKind
from roundhouse.core.routes.revenue import PLAIN, Revenue, RevenueRules, revenue_of
from roundhouse.core.routes.route import Route, route_from_segments, trace


def all_routes(graph: RouteGraph, company: str, train: Train) -> list[Route]:
    """Every legal route of ``train`` for ``company``, each once."""
    assert isinstance(train.kind, TrainKind)
    kind = train.kind
    found: dict[frozenset[int], Route] = {}
    segs: list[int] = []

    def walk(node: int, seen: set[int]) -> None:
        for s in graph.incident[node]:
            if s in segs:
                continue
            a, b = graph.seg_ends[s]
            nxt = b if a == node else a
            if nxt in seen:
                continue
            segs.append(s)
            if graph.node_type[nxt] is NodeType.STOP:
                key = frozenset(segs)
                if key not in found:
                    route = route_from_segments(
                        graph, train.id, [graph.segments[i].id for i in segs]
                    )
                    try:
                        trace(graph, company, route, kind)
                        revenue_of(graph, company, [train], [route], PLAIN)
                    except IllegalAction:
                        pass
                    else:
                        found[key] = route
            seen.add(nxt)
            walk(nxt, seen)
            seen.discard(nxt)
            segs.pop()

    for start in range(len(graph.stops)):
        walk(start, {start})
    return list(found.values())


def brute_best(
    graph: RouteGraph, company: str, trains: Sequence[Train], rules: RevenueRules = PLAIN
) -> Revenue:
    """The best revenue by trying every combination of every train's legal routes."""
    runners = [t for t in trains if isinstance(t.kind, TrainKind)]
    options: list[list[Route | None]] = []
    for t in runners:
        routes: list[Route | None] = [None]
        for r in all_routes(graph, company, t):
            try:
                revenue_of(graph, company, [t], [r], rules)
            except IllegalAction:
                continue
            routes.append(r)
        options.append(routes)
    best = revenue_of(graph, company, trains, [], rules)
    for combo in itertools.product(*options):
        chosen = [r for r in combo if r is not None]
        try:
            rev = revenue_of(graph, company, trains, chosen, rules)
        except IllegalAction:
            continue
        if rev.total > best.total:
            best = rev
    return best
