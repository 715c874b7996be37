"""Running trains in an operating turn: the default (best) run, checking a player's run, and
the route notation that actions and the 18xx.games importer use.

Every rulebook asks the company to run for the most it can earn (18USA §12.4; 18US §6.5;
18West §7.5; 18RoyalGorge "Run Trains"), so the operating round offers :func:`optimal_run` as
the default and accepts any other legal set of routes through :func:`check_run`.

Route notation
==============

A route is written as plain strings, so it fits in an action and in JSON::

    ("2+-0", "A1-0", "A3", "A5", "A7-0")

the train id, then the stops in running order (stop ids, ``"<hex>-<i>"``, see
:mod:`roundhouse.core.routes.adapter`), with the hexes a leg runs through between two stops
written between them (*via hexes*, as 18xx.games's ``connections`` list them).  If a route
gives any via hex, every leg is read exactly: a leg without via hexes runs straight from one
stop's hex into the next.  A route with no via hexes at all leaves the track open: each leg may
be any track between its two stops, and the reader picks, shortest first, a choice for which
the whole run is legal.  :func:`route_notation` writes the exact form.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence

from roundhouse.core.board import Board
from roundhouse.core.errors import IllegalAction, MalformedAction
from roundhouse.core.phases import Phase
from roundhouse.core.routes.adapter import DEFAULT_OPTIONS, GraphOptions, route_graph
from roundhouse.core.routes.graph import NodeType, RouteGraph, SegmentId
from roundhouse.core.routes.kinds import AnyKind, Train, TrainKind
from roundhouse.core.routes.optimizer import Optimum, best_run
from roundhouse.core.routes.revenue import PLAIN, Revenue, RevenueRules, Run, revenue_of
from roundhouse.core.routes.route import Route, trace
from roundhouse.core.trains import Train as RosterTrain

Notation = tuple[str, ...]
"""A route as strings: train id, then stops with via hexes between them."""

LEG_CHOICES = 32
"""Most track choices kept for one open leg (shortest first)."""
ROUTE_CHOICES = 256
"""Most leg combinations tried for one route."""
SEARCH_STEPS = 20_000
"""Work limit when looking for the track of an open leg."""


@dataclasses.dataclass(frozen=True, slots=True)
class OfferedRun:
    """The default run offered to a company: its routes in notation and what they earn."""

    routes: tuple[Notation, ...]
    revenue: Revenue
    proven_optimal: bool
    optimum: Optimum

    @property
    def total(self) -> int:
        return self.revenue.total


def company_trains(owned: Iterable[RosterTrain], kinds: Mapping[str, AnyKind]) -> list[Train]:
    """The trains a company runs, as the route machinery sees them: each physical train's id
    ("3+-1") with the kind of the side in use (its variant, e.g. 18US "3E" or "2G").  A kind
    listed under a train's own id is that one train's for now (a card attached to one train
    for a run: 18USA's switcher and extender privates)."""
    out: list[Train] = []
    for train in owned:
        kind = kinds.get(train.id) or kinds.get(train.variant)
        if kind is None:
            raise KeyError(f"no running rules for {train.variant}-trains")
        out.append(Train(train.id, kind))
    return out


def optimal_run(
    board: Board,
    company: str,
    trains: Sequence[Train],
    phase: Phase | None,
    rules: RevenueRules = PLAIN,
    *,
    time_budget: float | None = None,
    options: GraphOptions = DEFAULT_OPTIONS,
) -> OfferedRun:
    """The most ``company`` can earn with ``trains`` now, as routes a player could submit.

    With ``time_budget`` (seconds) the best run found in time is offered, flagged unproven.
    """
    graph = route_graph(board, phase, options=options)
    best = best_run(graph, company, trains, rules, time_budget=time_budget)
    return OfferedRun(
        routes=tuple(route_notation(graph, r) for r in best.routes),
        revenue=best.revenue,
        proven_optimal=best.proven_optimal,
        optimum=best,
    )


def check_run(
    board: Board,
    company: str,
    trains: Sequence[Train],
    routes: Sequence[Sequence[str]],
    phase: Phase | None,
    rules: RevenueRules = PLAIN,
    *,
    options: GraphOptions = DEFAULT_OPTIONS,
    revenue: int | None = None,
) -> Revenue:
    """Check a player's routes (in notation) and return what they earn, stop by stop.

    Raises :class:`IllegalAction` with the route rule broken; with ``revenue`` given, also
    when the routes earn a different amount (``route.revenue``).
    """
    result, _ = priced_run(board, company, trains, routes, phase, rules, options=options)
    if revenue is not None and revenue != result.total:
        raise IllegalAction(
            f"these routes earn ${result.total}, not ${revenue}", rule="route.revenue"
        )
    return result


def priced_run(
    board: Board,
    company: str,
    trains: Sequence[Train],
    routes: Sequence[Sequence[str]],
    phase: Phase | None,
    rules: RevenueRules = PLAIN,
    *,
    options: GraphOptions = DEFAULT_OPTIONS,
) -> tuple[Revenue, tuple[Notation, ...]]:
    """What routes (in notation, via hexes optional) earn, and each route in the exact
    notation (every via hex), so a client can draw it along its track.  Raises like
    :func:`check_run`."""
    graph = route_graph(board, phase, options=options)
    result = score_notation(graph, company, trains, routes, rules)
    return result, tuple(route_notation(graph, run.route) for run in result.runs)


# --- notation ---------------------------------------------------------------------------


def leg_hexes(graph: RouteGraph, leg: Sequence[SegmentId]) -> list[str]:
    """The hexes a leg runs through in order, each pass once."""
    out: list[str] = []
    for hex_name, _ in leg:
        if not out or out[-1] != hex_name:
            out.append(hex_name)
    return out


def route_notation(graph: RouteGraph, route: Route) -> Notation:
    """``route`` in the exact notation: stops with every leg's via hexes."""
    items = [route.train, route.stops[0]]
    for leg, stop in zip(route.legs, route.stops[1:], strict=True):
        items.extend(leg_hexes(graph, leg)[1:-1])
        items.append(stop)
    return tuple(items)


@dataclasses.dataclass(frozen=True, slots=True)
class _Parsed:
    train: str
    stops: tuple[str, ...]
    vias: tuple[tuple[str, ...], ...]
    exact: bool


def parse_notation(graph: RouteGraph, items: Sequence[str]) -> _Parsed:
    """Split a notation into train, stops and via hexes; unknown names are refused."""
    if not items or not all(isinstance(i, str) for i in items):
        raise MalformedAction("a route is a train id followed by stops", rule="route.notation")
    train, *rest = items
    stops: list[str] = []
    vias: list[list[str]] = []
    pending: list[str] = []
    any_via = False
    for item in rest:
        if item in graph.stop_index:
            if stops:
                vias.append(pending)
            elif pending:
                raise IllegalAction(
                    f"route of {train} must begin at a stop, not in hex {pending[0]}",
                    rule="route.connected",
                )
            stops.append(item)
            pending = []
        elif item in graph.hex_bit:
            pending.append(item)
            any_via = True
        else:
            raise IllegalAction(
                f"route of {train}: {item} is neither a stop nor a hex with track",
                rule="route.unknown",
            )
    if pending:
        raise IllegalAction(
            f"route of {train} must end at a stop, not in hex {pending[-1]}",
            rule="route.connected",
        )
    if len(stops) < 2:
        raise IllegalAction(
            f"route of {train}: a route needs two revenue locations", rule="route.two_stops"
        )
    return _Parsed(train, tuple(stops), tuple(tuple(v) for v in vias), any_via)


def leg_choices(
    graph: RouteGraph, start: str, end: str, hexes: Sequence[str] | None
) -> list[tuple[int, ...]]:
    """Track (segment indices) from stop ``start`` to stop ``end`` passing no other stop, no
    piece of track twice and no node twice, except a junction point where the graph lets a
    route pass one again (:attr:`RouteGraph.junction_revisits`, 18USA §12.1); with
    ``hexes``, exactly through those hexes in order.  Shortest first."""
    a, b = graph.stop_index[start], graph.stop_index[end]
    visit, unit = graph.visit_bits(), graph.node_unit
    seq: list[str] | None = None
    if hexes is not None:
        seq = []
        for h in (graph.stops[a].hex, *hexes, graph.stops[b].hex):
            if not seq or seq[-1] != h:
                seq.append(h)
    found: list[tuple[int, ...]] = []
    segs: list[int] = []
    seen = {a}
    steps = 0

    def walk(node: int, pos: int) -> None:
        nonlocal steps
        steps += 1
        if steps > SEARCH_STEPS:
            raise IllegalAction(
                f"too many ways from {start} to {end}: name the hexes between them",
                rule="route.ambiguous",
            )
        for s in graph.incident[node]:
            if segs and graph.turns_back(segs[-1], node, s):
                continue
            x, y = graph.seg_ends[s]
            other = y if x == node else x
            h = graph.segments[s].hex
            npos = pos
            if seq is not None:
                if h == seq[pos]:
                    pass
                elif pos + 1 < len(seq) and h == seq[pos + 1]:
                    npos = pos + 1
                else:
                    continue
            if other == b:
                if seq is None or npos == len(seq) - 1:
                    found.append((*segs, s))
                continue
            if graph.node_type[other] is NodeType.STOP:
                continue
            if not visit[other] and not unit[other]:
                # a node :func:`trace` lets a route pass again: only its track is used once
                if s in segs:
                    continue
                segs.append(s)
                walk(other, npos)
                segs.pop()
                continue
            if other in seen:
                continue
            seen.add(other)
            segs.append(s)
            walk(other, npos)
            segs.pop()
            seen.discard(other)

    walk(a, 0)
    found.sort(key=lambda leg: (len(graph.hexes_of(leg)), len(leg), leg))
    return found[:LEG_CHOICES]


def resolve_routes(
    graph: RouteGraph,
    company: str,
    trains: Sequence[Train],
    notations: Sequence[Sequence[str]],
    rules: RevenueRules = PLAIN,
) -> list[Route]:
    """Turn routes in notation into :class:`Route` objects, choosing the track of open legs
    so that the whole run is legal; :class:`IllegalAction` if no choice is."""
    return [run.route for run in score_notation(graph, company, trains, notations, rules).runs]


def score_notation(
    graph: RouteGraph,
    company: str,
    trains: Sequence[Train],
    notations: Sequence[Sequence[str]],
    rules: RevenueRules = PLAIN,
) -> Revenue:
    """What routes in notation earn, choosing the track of open legs so that the whole run
    is legal.  If no choice is, the error of the first (shortest) choice is raised."""
    parsed = [parse_notation(graph, n) for n in notations]
    options: list[list[list[tuple[SegmentId, ...]]]] = []
    for p in parsed:
        per_leg: list[list[tuple[SegmentId, ...]]] = []
        for i, via in enumerate(p.vias):
            legs = leg_choices(graph, p.stops[i], p.stops[i + 1], via if p.exact else None)
            if not legs:
                where = f" through {', '.join(via)}" if via else ""
                raise IllegalAction(
                    f"route of {p.train}: no track joins {p.stops[i]} and {p.stops[i + 1]}{where}",
                    rule="route.connected",
                )
            per_leg.append([tuple(graph.segments[s].id for s in leg) for leg in legs])
        options.append(per_leg)

    def choices(k: int) -> Iterator[Route]:
        p = parsed[k]
        for legs in itertools.islice(itertools.product(*options[k]), ROUTE_CHOICES):
            yield Route(p.train, p.stops, tuple(legs))

    first = [next(choices(k)) for k in range(len(parsed))]
    by_id = {t.id: t for t in trains}
    single = all(len(legs) == 1 for per_leg in options for legs in per_leg)
    unknown = any(
        not isinstance(getattr(by_id.get(p.train), "kind", None), TrainKind) for p in parsed
    )
    if single or unknown:
        return revenue_of(graph, company, trains, first, rules)
    chosen: list[Route] = []

    def search(k: int, used: int) -> Revenue | None:
        if k == len(parsed):
            try:
                return revenue_of(graph, company, trains, chosen, rules)
            except IllegalAction:
                return None
        kind = by_id[parsed[k].train].kind
        assert isinstance(kind, TrainKind)
        for route in choices(k):
            try:
                walk = trace(graph, company, route, kind)
            except IllegalAction:
                continue
            if walk.units & used:
                continue
            chosen.append(route)
            found = search(k + 1, used | walk.units)
            if found is not None:
                return found
            chosen.pop()
        return None

    found = search(0, 0)
    return found if found is not None else revenue_of(graph, company, trains, first, rules)


# --- 18xx.games form ----------------------------------------------------------------------


def to_18xx_games(graph: RouteGraph, run: Run) -> dict[str, object]:
    """A scored route in 18xx.games's ``run_routes`` route form (docs/facts/18xx-games-format.md
    §4.3): ``train``, ``connections`` (one hex chain per leg, both stop hexes included),
    ``hexes`` (stop hexes), ``nodes`` (stop ids, which are its node ids), ``revenue``."""
    route = run.route
    stop_hexes = [graph.stop(s).hex for s in route.stops]
    connections = []
    for i, leg in enumerate(route.legs):
        chain = leg_hexes(graph, leg)
        if not chain or chain[0] != stop_hexes[i]:
            chain.insert(0, stop_hexes[i])
        if chain[-1] != stop_hexes[i + 1]:
            chain.append(stop_hexes[i + 1])
        connections.append(chain)
    return {
        "train": route.train,
        "connections": connections,
        "hexes": stop_hexes,
        "nodes": list(route.stops),
        "revenue": run.revenue,
        "revenue_str": "-".join(stop_hexes),
    }


def _strings(value: object, field: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise MalformedAction(f"18xx.games route: {field} must be a list of strings")
    return [str(v) for v in value]


def from_18xx_games(
    graph: RouteGraph,
    route: Mapping[str, object],
    node_stop: Mapping[str, str] | None = None,
) -> Notation:
    """An 18xx.games route object as our notation.

    Its ``connections`` are the legs (hex chains between stops) in any order and direction;
    ``hexes`` gives the stops' running order; ``nodes`` name the stops as
    ``"<hex>-<part index>"``.  A part index counts every part of the tile's definition, so it
    equals our stop index only where the stops come first; a hex with one stop needs no index,
    and ``node_stop`` maps any other node id to our stop id (from the title's map data).
    """
    train = route.get("train")
    if not isinstance(train, str):
        raise MalformedAction("18xx.games route: no train id")
    chains = [_strings(c, "connections") for c in _list(route.get("connections", []))]
    hexes = _strings(route.get("hexes", []), "hexes")
    nodes = _strings(route.get("nodes", []), "nodes")
    stops_in: dict[str, list[str]] = {}
    for s in graph.stops:
        stops_in.setdefault(s.hex, []).append(s.id)
    by_hex: dict[str, list[str]] = {}
    for node in nodes:
        hex_name = node.rpartition("-")[0]
        mapped = (node_stop or {}).get(node)
        if mapped is None:
            here = stops_in.get(hex_name, [])
            mapped = here[0] if len(here) == 1 else node
        by_hex.setdefault(hex_name, []).append(mapped)
    order = _running_order(chains, hexes)
    items = [train]
    for i, chain in enumerate(order):
        if i == 0:
            items.append(_take(by_hex, chain[0]))
        items.extend(h for h in chain[1:-1])
        items.append(_take(by_hex, chain[-1]))
    if not order:
        items.extend(_take(by_hex, h) for h in hexes)
    return tuple(items)


def _list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise MalformedAction("18xx.games route: connections must be a list")
    return list(value)


def _take(by_hex: dict[str, list[str]], hex_name: str) -> str:
    left = by_hex.get(hex_name)
    if not left:
        raise MalformedAction(f"18xx.games route: no node listed in {hex_name}")
    return left.pop(0)


def _running_order(chains: list[list[str]], hexes: Sequence[str]) -> list[list[str]]:
    """Chain the legs end to end, starting from the first stop hex, each in running order."""
    if not chains:
        return []
    if any(len(c) < 2 for c in chains):
        raise MalformedAction("18xx.games route: a connection needs two hexes")
    ends: dict[str, int] = {}
    for c in chains:
        for h in (c[0], c[-1]):
            ends[h] = ends.get(h, 0) + 1
    loose = [h for h, n in ends.items() if n == 1]
    start = hexes[0] if hexes and hexes[0] in loose else (loose[0] if loose else chains[0][0])
    left = list(chains)
    out: list[list[str]] = []
    at = start
    while left:
        for i, c in enumerate(left):
            if c[0] == at or c[-1] == at:
                chain = c if c[0] == at else c[::-1]
                out.append(chain)
                at = chain[-1]
                del left[i]
                break
        else:
            raise MalformedAction("18xx.games route: the connections do not join up")
    return out
