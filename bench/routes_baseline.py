"""The first optimiser (commit 8ad5170), kept as the baseline ``bench/routes_bench.py`` compares
against: every legal route of each train kind listed, then branch and bound over trains.

It is exact but lists every simple path for trains of unlimited length (18West §7.5
Streamliners), which is why :mod:`roundhouse.core.routes.optimizer` replaced it.  Only the
name of its entry point changed: :func:`baseline_best_run`.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from dataclasses import dataclass

from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes.graph import RouteGraph, StopKind
from roundhouse.core.routes.kinds import Train, TrainKind
from roundhouse.core.routes.revenue import (
    PLAIN,
    Revenue,
    RevenueRules,
    RouteFacts,
    Run,
    StopScore,
    company_bonuses,
    revenue_of,
    score_stops,
)
from roundhouse.core.routes.route import Route, hex_entries

_KIND_INDEX = {StopKind.CITY: 0, StopKind.TOWN: 1, StopKind.OFFBOARD: 2}


class _Timeout(Exception):
    pass


class Candidate:
    """One legal route for a train kind, as the search needs it."""

    __slots__ = ("path", "revenue", "start", "stops", "units")

    def __init__(
        self, revenue: int, units: int, start: int, stops: tuple[int, ...], path: tuple[int, ...]
    ) -> None:
        self.revenue = revenue
        self.units = units
        self.start = start
        self.stops = stops
        self.path = path
        """Chains in order, ``2 * chain + (1 if run backwards)``."""


@dataclass(frozen=True, slots=True)
class Optimum:
    """The best run found, whether it is proven best, and how the search went."""

    revenue: Revenue
    proven_optimal: bool
    seconds: float
    candidates: int
    nodes: int
    note: str | None = None

    @property
    def total(self) -> int:
        return self.revenue.total

    @property
    def routes(self) -> tuple[Route, ...]:
        return tuple(r.route for r in self.revenue.runs)


class _Search:
    def __init__(
        self,
        graph: RouteGraph,
        company: str,
        rules: RevenueRules,
        deadline: float | None,
    ) -> None:
        self.graph = graph
        self.company = company
        self.rules = rules
        self.deadline = deadline
        self.ticks = 0
        self.nodes = 0
        self.timed_out = False
        n_stops = len(graph.stops)
        self.n_stops = n_stops
        self.values = [rules.stop_value(graph, s, company) for s in graph.stops]
        self.visit = graph.visit_bits()
        self.reach = graph.reachable(company)
        self.passable = [True] * len(graph.node_keys)
        for i, s in enumerate(graph.stops):
            self.passable[i] = not s.blocks(company)
        self.token = [s.has_token(company) for s in graph.stops]
        self.kind_of = [_KIND_INDEX[s.kind] for s in graph.stops]
        self.hex_of = [graph.hex_bit[s.hex] for s in graph.stops]
        self.slow_path = bool(rules.route_bonuses or rules.route_checks)

    def tick(self) -> None:
        self.ticks += 1
        if (
            self.ticks & 1023 == 0
            and self.deadline is not None
            and time.perf_counter() > self.deadline
        ):
            self.timed_out = True
            raise _Timeout

    # --- enumeration -------------------------------------------------------------------

    def enumerate(self, train: Train, out: list[Candidate]) -> None:
        """Append every legal route of ``train`` to ``out`` (kept if time runs out)."""
        kind = train.kind
        assert isinstance(kind, TrainKind)
        graph = self.graph
        caps = [c for _, c in kind.limits]
        pools_for = [
            [p for p, (kinds, _) in enumerate(kind.limits) if k in kinds]
            for k in (StopKind.CITY, StopKind.TOWN, StopKind.OFFBOARD)
        ]
        used_pool = [0] * len(caps)
        scores_kind = [k in kind.scores for k in (StopKind.CITY, StopKind.TOWN, StopKind.OFFBOARD)]
        max_hexes = kind.max_hexes
        mult = kind.multiplier
        fast = not self.slow_path and kind.best_of is None
        chains = graph.chains
        adj = graph.chain_adj
        visit = self.visit
        node_unit = graph.node_unit
        passable = self.passable
        reach = self.reach
        n_stops = self.n_stops
        values = self.values
        kind_of = self.kind_of
        token = self.token
        hex_of = self.hex_of
        stops: list[int] = []
        path: list[int] = []

        def place(stop: int) -> int:
            """Pool the stop goes into, or -1 if the train may not count it."""
            for p in pools_for[kind_of[stop]]:
                cap = caps[p]
                if cap is None or used_pool[p] < cap:
                    return p
            return -1

        def record(start: int, end: int, units: int, total: int) -> None:
            if fast:
                out.append(Candidate(total * mult, units, start, tuple(stops), tuple(path)))
                return
            revenue = (
                self._best_of(kind, stops, scores_kind)
                if not self.slow_path
                else self._exact(train, kind, stops, path)
            )
            if revenue is not None:
                out.append(Candidate(revenue, units, start, tuple(stops), tuple(path)))

        def dfs(
            start: int, node: int, visited: int, units: int, hexes: int, total: int, tokens: int
        ) -> None:
            self.tick()
            for chain_idx, nb in adj[node]:
                ch = chains[chain_idx]
                if ch.units & units or visited & visit[nb] or not reach[nb]:
                    continue
                h2 = hexes | ch.hexes
                new_units = units | ch.units
                forward = ch.a == node
                path.append(2 * chain_idx + (0 if forward else 1))
                if nb < n_stops:
                    h2 |= hex_of[nb]
                    p = place(nb)
                    if p < 0 or (max_hexes is not None and h2.bit_count() > max_hexes):
                        path.pop()
                        continue
                    used_pool[p] += 1
                    stops.append(nb)
                    t2 = total + (values[nb] if scores_kind[kind_of[nb]] else 0)
                    k2 = tokens + token[nb]
                    if nb > start and k2:
                        record(start, nb, new_units, t2)
                    if passable[nb]:
                        dfs(start, nb, visited | visit[nb], new_units, h2, t2, k2)
                    stops.pop()
                    used_pool[p] -= 1
                else:
                    if max_hexes is None or h2.bit_count() <= max_hexes:
                        dfs(
                            start,
                            nb,
                            visited | visit[nb],
                            new_units | node_unit[nb],
                            h2,
                            total,
                            tokens,
                        )
                path.pop()

        for start in range(n_stops):
            if not reach[start]:
                continue
            p = place(start)
            if p < 0:
                continue
            used_pool[p] += 1
            stops.append(start)
            total = values[start] if scores_kind[kind_of[start]] else 0
            dfs(start, start, visit[start], 0, hex_of[start], total, int(token[start]))
            stops.pop()
            used_pool[p] -= 1

    def _best_of(
        self, kind: TrainKind, stops: Sequence[int], scores_kind: Sequence[bool]
    ) -> int | None:
        """Best-of revenue without title hooks (the same result as :func:`score_stops`)."""
        best = kind.best_of
        assert best is not None
        kind_of, values, token = self.kind_of, self.values, self.token
        ranked = sorted(
            ((values[s], token[s]) for s in stops if scores_kind[kind_of[s]]), reverse=True
        )
        top = ranked[:best]
        if kind.token_in_scored and not any(t for _, t in top):
            tokened = [v for v, t in ranked if t]
            if not tokened:
                return None
            top = [*top[:-1], (tokened[0], True)]
        return sum(v for v, _ in top) * kind.multiplier

    def _exact(
        self, train: Train, kind: TrainKind, stops: Sequence[int], path: Sequence[int]
    ) -> int | None:
        """Revenue through the title's hooks; None if a title rule forbids the route."""
        graph = self.graph
        objs = tuple(graph.stops[n] for n in stops)
        segs = [s for code in path for s in graph.chain_segments(code >> 1, not code & 1)]
        hexes = frozenset(graph.segments[s].hex for s in segs) | {s.hex for s in objs}
        facts = RouteFacts(train, objs, hexes, hex_entries(graph, segs))
        try:
            for rule in self.rules.route_checks:
                rule.check(graph, self.company, facts)
            vals = [self.values[n] for n in stops]
            scores: list[StopScore] = score_stops(kind, objs, vals, self.company)
            if kind.token_in_scored and not any(
                sc.scored and s.has_token(self.company) for sc, s in zip(scores, objs, strict=True)
            ):
                return None
            base = sum(sc.value for sc in scores if sc.scored)
            for rb in self.rules.route_bonuses:
                b = rb.apply(graph, self.company, facts, scores)
                if b is not None:
                    base += b.amount
        except IllegalAction:
            return None
        return base * kind.multiplier

    # --- turning candidates back into routes -------------------------------------------

    def route_of(self, train: Train, cand: Candidate) -> Route:
        graph = self.graph
        node = cand.start
        stop_ids = [graph.stops[node].id]
        legs: list[list[tuple[str, int]]] = [[]]
        for code in cand.path:
            chain = graph.chains[code >> 1]
            forward = not code & 1
            for s in graph.chain_segments(code >> 1, forward):
                legs[-1].append(graph.segments[s].id)
            node = chain.b if forward else chain.a
            if node < self.n_stops:
                stop_ids.append(graph.stops[node].id)
                legs.append([])
        return Route(train.id, tuple(stop_ids), tuple(tuple(leg) for leg in legs[:-1]))


def baseline_best_run(
    graph: RouteGraph,
    company: str,
    trains: Sequence[Train],
    rules: RevenueRules = PLAIN,
    *,
    time_budget: float | None = None,
) -> Optimum:
    """The maximum revenue ``company`` can earn with ``trains`` on ``graph``, with routes.

    ``time_budget`` (seconds): stop early and return the best found, unproven.
    """
    t0 = time.perf_counter()
    deadline = None if time_budget is None else t0 + time_budget
    search = _Search(graph, company, rules, deadline)
    runners: list[tuple[Train, TrainKind]] = [
        (t, t.kind) for t in trains if isinstance(t.kind, TrainKind)
    ]
    by_kind: dict[TrainKind, list[Candidate]] = {}
    complete = True
    try:
        for t, kind in runners:
            if kind not in by_kind:
                by_kind[kind] = []
                search.enumerate(t, by_kind[kind])
    except _Timeout:
        complete = False
    for cands in by_kind.values():
        cands.sort(key=lambda c: -c.revenue)
    runners = [(t, kind) for t, kind in runners if kind in by_kind]
    runners.sort(key=lambda tk: (-(by_kind[tk[1]][0].revenue if by_kind[tk[1]] else 0), tk[0].id))
    # keep identical trains next to each other
    order: list[Train] = []
    for t, kind in runners:
        if t not in order:
            order.extend(u for u, k in runners if k == kind and u not in order)
    chosen, nodes, searched = _branch_and_bound(search, order, by_kind, rules)
    complete = complete and searched
    routes = [search.route_of(t, c) for t, c in chosen]
    note = None
    try:
        revenue = revenue_of(graph, company, trains, routes, rules)
    except IllegalAction as exc:  # pragma: no cover - would be a bug; never hand it out
        note = f"optimiser produced an illegal route ({exc}); returned no routes"
        revenue = revenue_of(graph, company, trains, [], rules)
        complete = False
    return Optimum(
        revenue=revenue,
        proven_optimal=complete,
        seconds=time.perf_counter() - t0,
        candidates=sum(len(c) for c in by_kind.values()),
        nodes=nodes,
        note=note,
    )


def _branch_and_bound(
    search: _Search,
    order: Sequence[Train],
    by_kind: dict[TrainKind, list[Candidate]],
    rules: RevenueRules,
) -> tuple[list[tuple[Train, Candidate]], int, bool]:
    graph, company = search.graph, search.company
    k = len(order)
    cands = [by_kind[t.kind] if isinstance(t.kind, TrainKind) else [] for t in order]
    same_next = [i + 1 < k and order[i + 1].kind == order[i].kind for i in range(k)]
    group_end = [0] * k
    for i in range(k - 1, -1, -1):
        group_end[i] = group_end[i + 1] if same_next[i] else i + 1
    prefix: list[list[int]] = []
    for cs in cands:
        acc = [0]
        for c in cs:
            acc.append(acc[-1] + c.revenue)
        prefix.append(acc)
    # tail[i]: bound for trains i.. when train i starts a fresh group
    tail = [0] * (k + 1)
    for i in range(k - 1, -1, -1):
        if i == 0 or not same_next[i - 1]:
            size = group_end[i] - i
            p = prefix[i]
            tail[i] = p[min(size, len(p) - 1)] + tail[group_end[i]]

    def rest(i: int, start: int) -> int:
        if i >= k:
            return 0
        p = prefix[i]
        size = group_end[i] - i
        lo = min(start, len(p) - 1)
        hi = min(start + size, len(p) - 1)
        return p[hi] - p[lo] + tail[group_end[i]]

    combo_ub = sum(cb.bound(graph, company, order) for cb in rules.company_bonuses)
    run_cache: dict[tuple[int, int], Run] = {}

    def run_of(i: int, idx: int) -> Run:
        key = (id(cands[i]), idx)
        run = run_cache.get(key)
        if run is None:
            route = search.route_of(order[i], cands[i][idx])
            rev = revenue_of(graph, company, [order[i]], [route], _route_only(rules))
            run = rev.runs[0]
            run_cache[key] = run
        if run.train is not order[i]:
            run = Run(
                route=Route(order[i].id, run.route.stops, run.route.legs),
                train=order[i],
                stops=run.stops,
                bonuses=run.bonuses,
                revenue=run.revenue,
                hexes=run.hexes,
                stop_objs=run.stop_objs,
            )
        return run

    best_total = -1
    best: list[tuple[int, int]] = []
    picked: list[tuple[int, int]] = []
    nodes = 0

    def combination_ok() -> bool:
        if not rules.combination_checks:
            return True
        runs = [run_of(i, idx) for i, idx in picked]
        try:
            for cc in rules.combination_checks:
                cc.check(graph, company, runs)
        except IllegalAction:
            return False
        return True

    def leaf(acc: int) -> None:
        nonlocal best_total, best
        total = acc
        if rules.company_bonuses:
            runs = [run_of(i, idx) for i, idx in picked]
            total += sum(b.amount for b in company_bonuses(graph, company, runs, rules))
        if total > best_total:
            best_total = total
            best = list(picked)

    def rec(i: int, start: int, used: int, acc: int) -> None:
        nonlocal nodes
        nodes += 1
        search.tick()
        if i == k:
            leaf(acc)
            return
        cs = cands[i]
        nxt_start_same = same_next[i]
        for idx in range(start, len(cs)):
            c = cs[idx]
            after = rest(i + 1, idx + 1) if nxt_start_same else rest(i + 1, 0)
            if acc + c.revenue + after + combo_ub <= best_total:
                break
            if c.units & used:
                continue
            picked.append((i, idx))
            if combination_ok():
                rec(i + 1, idx + 1 if nxt_start_same else 0, used | c.units, acc + c.revenue)
            picked.pop()
        j = group_end[i]
        if acc + rest(j, 0) + combo_ub > best_total:
            rec(j, 0, used, acc)

    searched = True
    try:
        rec(0, 0, 0, 0)
    except _Timeout:
        searched = False
    return [(order[i], cands[i][idx]) for i, idx in best], nodes, searched


def _route_only(rules: RevenueRules) -> RevenueRules:
    """The same rules (and stop values) without the company-level parts."""
    return dataclasses.replace(
        rules, company_bonuses=(), combination_checks=(), freight_bonus_per_token=0
    )
