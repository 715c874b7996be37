"""Step 6 of :mod:`~roundhouse.core.routes.optimizer`: branch and bound over the trains.

Each train picks one of its listed routes (sorted best first) or none; identical trains pick
in increasing index order, so a run is found once.  Each list is indexed by track
(:class:`~.conflict.ConflictIndex`: a bitset of routes per chain), so a node visits only the
routes clear of the track above it, and its bound is the value so far plus the best *clear*
routes of the trains below plus the company bonuses' bounds.  The search starts from the
optimiser's first run and only looks for strictly better ones: every cut rests on an
over-estimate, so a pruned branch never held a better run (18USA §12.4: "the maximum
possible earnings").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes.candidate import Candidate
from roundhouse.core.routes.conflict import ConflictIndex
from roundhouse.core.routes.graph import RouteGraph
from roundhouse.core.routes.growth import Grower, SearchTimeout
from roundhouse.core.routes.kinds import Train, TrainKind
from roundhouse.core.routes.revenue import RevenueRules, Run, company_bonuses, revenue_of
from roundhouse.core.routes.route import Route


def kind_of(train: Train) -> TrainKind:
    assert isinstance(train.kind, TrainKind)
    return train.kind


def route_of(graph: RouteGraph, train: Train, cand: Candidate) -> Route:
    """The :class:`Route` a candidate stands for, run by ``train``."""
    n_stops = len(graph.stops)
    node = cand.start
    stop_ids = [graph.stops[node].id]
    legs: list[list[tuple[str, int]]] = [[]]
    for code in cand.path:
        chain = graph.chains[code >> 1]
        forward = not code & 1
        for s in graph.chain_segments(code >> 1, forward):
            legs[-1].append(graph.segments[s].id)
        node = chain.b if forward else chain.a
        if node < n_stops:
            stop_ids.append(graph.stops[node].id)
            legs.append([])
    return Route(train.id, tuple(stop_ids), tuple(tuple(leg) for leg in legs[:-1]))


def joint_best(
    grower: Grower,
    order: Sequence[Train],
    by_kind: dict[TrainKind, list[Candidate]],
    indexes: dict[TrainKind, ConflictIndex],
    rules: RevenueRules,
    lower: int,
) -> tuple[list[tuple[Train, Candidate]] | None, int, bool]:
    """The best run worth more than ``lower`` made of the listed routes (None if there is
    none), the nodes searched, and whether the search finished in time.

    Each list is indexed by track (:class:`ConflictIndex`), so a node sees only the routes
    still clear of the track taken above it, and its bound is the best *clear* routes of the
    trains below it rather than their best routes on an empty board."""
    graph, company = grower.graph, grower.company
    k = len(order)
    cands = [by_kind[kind_of(t)] for t in order]
    same_next = [i + 1 < k and order[i + 1].kind == order[i].kind for i in range(k)]
    group_end = [0] * k
    for i in range(k - 1, -1, -1):
        group_end[i] = group_end[i + 1] if same_next[i] else i + 1
    index = [indexes[kind_of(t)] for t in order]
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

    def clear_rest(i: int, start: int, taken: Sequence[int]) -> int:
        """The best clear routes of trains ``i..`` (identical trains from ``start`` on)."""
        total = 0
        while i < k:
            end = group_end[i]
            open_ = index[i].full & ~taken[i] & ~((1 << start) - 1)
            total += index[i].top(open_, end - i)
            i, start = end, 0
        return total

    combo_ub = sum(cb.bound(graph, company, order) for cb in rules.company_bonuses)
    run_cache: dict[tuple[int, int], Run] = {}

    def run_of(i: int, idx: int) -> Run:
        key = (id(cands[i]), idx)
        run = run_cache.get(key)
        if run is None:
            route = route_of(graph, order[i], cands[i][idx])
            rev = revenue_of(graph, company, [order[i]], [route], route_only(rules))
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

    best_total = lower
    best: list[tuple[int, int]] | None = None
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

    def rec(i: int, start: int, taken: list[int], acc: int) -> None:
        nonlocal nodes
        nodes += 1
        grower.tick()
        if i == k:
            leaf(acc)
            return
        cs = cands[i]
        ix = index[i]
        nxt_same = same_next[i]
        open_ = ix.full & ~taken[i] & ~((1 << start) - 1)
        while open_:
            low = open_ & -open_
            open_ ^= low
            idx = low.bit_length() - 1
            c = cs[idx]
            after = rest(i + 1, idx + 1) if nxt_same else rest(i + 1, 0)
            if acc + c.revenue + after + combo_ub <= best_total:
                break
            atoms = ix.atoms[idx]
            blocked: dict[int, int] = {}
            below = list(taken)
            for j in range(i + 1, k):
                key = id(cands[j])
                extra = blocked.get(key)
                if extra is None:
                    extra = blocked[key] = index[j].taken(atoms)
                below[j] |= extra
            nxt = idx + 1 if nxt_same else 0
            if acc + c.revenue + clear_rest(i + 1, nxt, below) + combo_ub <= best_total:
                continue
            picked.append((i, idx))
            if combination_ok():
                rec(i + 1, nxt, below, acc + c.revenue)
            picked.pop()
        j = group_end[i]
        if acc + clear_rest(j, 0, taken) + combo_ub > best_total:
            rec(j, 0, taken, acc)

    finished = True
    try:
        rec(0, 0, [0] * k, 0)
    except SearchTimeout:
        finished = False
    if best is None:
        return None, nodes, finished
    return [(order[i], cands[i][idx]) for i, idx in best], nodes, finished


def route_only(rules: RevenueRules) -> RevenueRules:
    """The same rules (and stop values) without the company-level parts."""
    return dataclasses.replace(
        rules, company_bonuses=(), combination_checks=(), freight_bonus_per_token=0
    )
