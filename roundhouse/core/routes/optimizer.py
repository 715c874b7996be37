"""The company's best run: exact maximum revenue over all its trains jointly.

Every rulebook asks for it ("Companies must run for the maximum possible earnings", 18USA
§12.4; 18US §6.5; 18West §7.5), so the operating round offers it as the default run.

Why not just list every route
=============================

The first optimiser listed every legal route of each train kind, then chose one per train by
branch and bound.  That is fine for trains that stop after a few stops, but a Streamliner
(18West §7.5: "routes of any length"), an 18US Express train (§6.5: towns are passed without
counting) or an 18West "+" train runs every simple path of the network: 0.9 s on a 4×4 mesh
and no answer in 20 s on 5×5.  Almost all those routes are worthless: the answer only needs
the routes that could still beat a run already in hand.  So the search is *bound driven*.

Algorithm
=========

1. **Graph reduction** (:class:`~roundhouse.core.routes.graph.RouteGraph`): plain hexside
   crossings are folded into *chains* between route nodes (stops and branch points); a chain
   carries one bitset (a Python ``int``) of every segment and hexside it uses, so "shares
   track" is one ``&``.  Nodes no route of the company can touch are skipped.
2. **Route growth with upper bounds** (:mod:`~roundhouse.core.routes.growth`): routes grow
   in both directions from the lowest-numbered company station on them (every route holds
   one), each route and its reverse once.  At each step an *admissible* bound — the stops on
   the route plus the best stops still reachable from its open ends over unused track,
   within the train's remaining stop count, best-of and scoring rules, end-only stops at most
   once per open end, route bonuses bounded too — is compared with a *floor*; a branch that
   cannot beat the floor is cut.  A route no better than one of its own sub-routes is
   dominated (same value, more track) and not produced when no company bonus or
   combination check looks beyond track.
3. **Each train kind's best route alone** (growth with a floor that rises to the best found):
   ``solo[k]``, an upper bound on what one train of kind ``k`` adds to any joint run.
4. **A first joint run** (greedy: each train in turn takes its best route on the track the
   others left, combination checks respected): a legal lower bound ``LB``.
5. **The routes that matter** (:func:`_list_routes`): a run beating ``LB`` must give each
   train a route worth more than ``LB − Σ solo(others) − company bonus bounds``.  Once
   another kind's routes are listed, a route must also beat ``LB`` less those trains' best
   routes *clear of its track*; since a growing route only takes more track, that need only
   rises along a branch and cuts it like the floor (:class:`~.conflict.Squeeze`).  The first
   kind has no list to be squeezed by, so it is first listed provisionally above a higher
   threshold, the others are listed squeezed by it, and then it is listed for real.  The
   provisional list's best routes, each taken first with the others greedy around it, often
   give a better ``LB`` (tried when the list is long, until twelve in a row bring nothing:
   on the 7×7 mesh the best start is the 20th).  For a single train nothing is listed:
   step 3 is already the proof.  On a 6×6 mesh with 3+ and 4+ trains (towns free) this cut
   the richer train's list from 36,000 routes to 3,000 and the time from 7.6 s to 1.3 s
   (two 4+ trains: 10 s to 1.8 s; a 7×7 mesh: 71 s to 4.7 s; bench/routes_bench.py); with
   cheaper bounds and the longer search for a first run, 0.38 s, 0.43 s and 0.71 s of CPU
   (2026-12-04).
   The provisional threshold is halfway between the need and the best route alone: higher
   leaves the other lists a weak squeeze, lower makes the provisional list long (both were
   measured slower).
6. **Branch and bound over trains** (:mod:`~.joint`): each train picks one listed route
   (sorted best first) or none; identical trains pick in increasing index order.  Each list
   is indexed by track (:class:`~.conflict.ConflictIndex`: a bitset of routes per chain), so
   a node visits only the routes clear of the track above it, and its bound is the value so
   far + the best *clear* routes of the trains below + the company bonuses' bounds.  The
   search starts from ``LB``, so it only looks for strictly better runs.
7. **Safety**: the chosen routes are checked again by :func:`revenue_of`, the same validator
   a player's routes go through, before they are returned.

Every cut rests on an over-estimate of what the branch can earn, so a pruned branch never held
a better run: with no time budget the answer is exact and ``proven_optimal`` is set.  With a
time budget the search may stop early and returns the best legal run found so far (at worst
the greedy run, at the very worst no routes) with ``proven_optimal=False``.

Ideas considered and left out: memoising on ``(node, visited, used track)`` finds nothing to
reuse when every route is listed (from a fixed anchor those sets determine the path; it is
used in best-route mode, where only a better value matters), and best-first order over
partial routes needs memory for the whole frontier where depth-first search with a good
first answer (neighbours visited richest first) gets the same cuts.  Nesting the trains
(each route of one train, then the best route of the next on the track left) re-grows the
second train thousands of times; the squeezed lists do that work once.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes.candidate import Candidate
from roundhouse.core.routes.conflict import ConflictIndex, Squeeze
from roundhouse.core.routes.graph import RouteGraph
from roundhouse.core.routes.growth import Floor, Grower, SearchTimeout
from roundhouse.core.routes.joint import joint_best, kind_of, route_of
from roundhouse.core.routes.kinds import Train, TrainKind
from roundhouse.core.routes.revenue import (
    PLAIN,
    Revenue,
    RevenueRules,
    revenue_of,
)
from roundhouse.core.routes.route import Route

__all__ = ["Candidate", "Optimum", "best_run", "route_of"]


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


def _best_route(
    grower: Grower, train: Train, blocked: int, held: list[Candidate], least: int = -1
) -> None:
    """Append the best route of ``train`` on track not in ``blocked`` to ``held`` if it earns
    more than ``least`` (the best so far stays there if time runs out)."""
    floor = Floor(least)
    start = len(held)

    def keep(c: Candidate) -> None:
        del held[start:]
        held.append(c)
        floor.value = c.revenue

    grower.grow(train, blocked, floor, keep, best_only=True)


def best_run(
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
    dominance = not rules.company_bonuses and not rules.combination_checks
    grower = Grower(graph, company, rules, deadline, time.perf_counter, dominance=dominance)
    runners = [t for t in trains if isinstance(t.kind, TrainKind)]
    solo: dict[TrainKind, int] = {}
    incumbent: list[tuple[Train, Candidate]] = []
    by_kind: dict[TrainKind, list[Candidate]] = {}
    order: list[Train] = []
    nodes = 0
    complete = True
    firsts: dict[TrainKind, Candidate] = {}
    try:
        for t in runners:
            assert isinstance(t.kind, TrainKind)
            if t.kind not in solo:
                held: list[Candidate] = []
                try:
                    _best_route(grower, t, 0, held)
                finally:
                    if held:
                        firsts[t.kind] = held[0]
                solo[t.kind] = held[0].revenue if held else 0
        order = _train_order(runners, solo)
        incumbent = _greedy(grower, order, firsts, rules)
        lower = _routes_value(graph, company, trains, incumbent, rules)
        combo_ub = sum(cb.bound(graph, company, order) for cb in rules.company_bonuses)
        plain_sum = not rules.company_bonuses and not rules.combination_checks

        def improve(train: Train, cands: Sequence[Candidate]) -> int:
            """A better first run from a provisional list: its best routes in turn taken
            first, the other trains greedy around it, until ``IMPROVE_TRIES`` in a row
            bring nothing better."""
            nonlocal incumbent, lower
            stale = 0
            for c in cands:
                if stale >= IMPROVE_TRIES:
                    break
                stale += 1
                least = lower - c.revenue if plain_sum and len(order) == 2 else -1
                picks = _greedy(grower, order, firsts, rules, fixed=(train, c), least=least)
                try:
                    value = _routes_value(graph, company, trains, picks, rules)
                except IllegalAction:
                    continue
                if value > lower:
                    incumbent, lower = picks, value
                    stale = 0
            return lower

        by_kind, indexes = _list_routes(grower, order, solo, lower, combo_ub, improve)
        chosen, nodes, complete = joint_best(grower, order, by_kind, indexes, rules, lower)
        if chosen is not None:
            incumbent = chosen
    except SearchTimeout:
        complete = False
        if not incumbent and order:
            incumbent = _safe_greedy(graph, company, trains, order, firsts, rules)
    routes = [route_of(graph, t, c) for t, c in incumbent]
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
        nodes=nodes + grower.nodes,
        note=note,
    )


def _train_order(runners: Sequence[Train], solo: dict[TrainKind, int]) -> list[Train]:
    """Richest kinds first, identical trains next to each other."""
    ranked = sorted(runners, key=lambda t: (-solo[kind_of(t)], t.id))
    order: list[Train] = []
    for t in ranked:
        if t not in order:
            order.extend(u for u in ranked if u.kind == t.kind and u not in order)
    return order


def _greedy(
    grower: Grower,
    order: Sequence[Train],
    firsts: dict[TrainKind, Candidate],
    rules: RevenueRules,
    fixed: tuple[Train, Candidate] | None = None,
    least: int = -1,
) -> list[tuple[Train, Candidate]]:
    """Each train in turn takes its best route on the track left by the trains before it,
    skipping a route that would break a combination check (checks are monotone).
    ``fixed``: one train's route is given and taken first.  ``least``: the other trains'
    routes are only wanted if they earn more (two trains, one fixed: a better first run
    needs the other's route worth more than the incumbent less the fixed one; the search
    for it is cut much sooner)."""
    graph, company = grower.graph, grower.company
    picked: list[tuple[Train, Candidate]] = []
    used = 0
    if fixed is not None:
        picked.append(fixed)
        used = fixed[1].units
    for t in order:
        if fixed is not None and t is fixed[0]:
            continue
        held: list[Candidate] = []
        first = firsts.get(kind_of(t))
        if used == 0 and first is not None:
            held.append(first)
        else:
            _best_route(grower, t, used, held, least)
        if not held:
            continue
        trial = [*picked, (t, held[0])]
        if rules.combination_checks:
            try:
                revenue_of(graph, company, order, [route_of(graph, u, c) for u, c in trial], rules)
            except IllegalAction:
                continue
        picked = trial
        used |= held[0].units
    return picked


def _safe_greedy(
    graph: RouteGraph,
    company: str,
    trains: Sequence[Train],
    order: Sequence[Train],
    firsts: dict[TrainKind, Candidate],
    rules: RevenueRules,
) -> list[tuple[Train, Candidate]]:
    """Out of time before the greedy run: the first train's best route found so far, if any
    is legal on its own."""
    for t in order:
        first = firsts.get(kind_of(t))
        if first is None:
            continue
        try:
            revenue_of(graph, company, trains, [route_of(graph, t, first)], rules)
        except IllegalAction:
            continue
        return [(t, first)]
    return []


def _routes_value(
    graph: RouteGraph,
    company: str,
    trains: Sequence[Train],
    picked: Sequence[tuple[Train, Candidate]],
    rules: RevenueRules,
) -> int:
    """What these routes earn, company bonuses included and freight left out."""
    rev = revenue_of(graph, company, trains, [route_of(graph, t, c) for t, c in picked], rules)
    return rev.total - rev.freight


def _list_routes(
    grower: Grower,
    order: Sequence[Train],
    solo: dict[TrainKind, int],
    lower: int,
    combo_ub: int,
    improve: Callable[[Train, Sequence[Candidate]], int],
) -> tuple[dict[TrainKind, list[Candidate]], dict[TrainKind, ConflictIndex]]:
    """Every route of each train kind that can be part of a run beating ``lower``, best
    first and indexed by track.

    A route of kind ``K`` in such a run is worth more than ``need[K]``: ``lower`` less the
    other trains' best alone and the company bonus bounds.  With the other trains' routes
    already listed it must beat more: ``lower`` less their best routes *clear of its track*
    (:class:`Squeeze`).  So the kinds are listed in turn, each squeezed by the lists before
    it.  The first list has no rivals; to squeeze it too, it is first listed *provisionally*
    above a higher threshold ``T`` (routes left off are worth at most ``T``, which is what
    its rivals assume), then listed for real once the others are.  Identical trains squeeze
    each other the same way (the list of their kind is a rival for the other copies).

    ``improve`` may raise ``lower`` from a provisional list's best routes (a better first
    run); the needs rise with it, and lists already made stay sound (they hold more routes
    than the new needs ask for, never fewer).
    """
    graph = grower.graph
    count: dict[TrainKind, int] = {}
    first: dict[TrainKind, Train] = {}
    for t in order:
        count[kind_of(t)] = count.get(kind_of(t), 0) + 1
        first.setdefault(kind_of(t), t)
    kinds = sorted(count, key=lambda k: (solo[k], order.index(first[k])))
    ub_total = sum(solo[k] * n for k, n in count.items())
    need = {k: lower - (ub_total - solo[k]) - combo_ub for k in kinds}

    def raise_needs(new_lower: int) -> None:
        nonlocal lower
        if new_lower > lower:
            for k in kinds:
                need[k] += new_lower - lower
            lower = new_lower

    lists: dict[TrainKind, tuple[list[Candidate], ConflictIndex, int]] = {}

    def grow(kind: TrainKind, floor: int) -> None:
        rivals: list[tuple[ConflictIndex, int, int]] = []
        base = need[kind]
        for other, (_, index, cap) in lists.items():
            n = count[other] - (other == kind)
            if n > 0:
                rivals.append((index, n, cap))
                base += solo[other] * n
        out: list[Candidate] = []
        if floor < solo[kind]:
            squeeze = Squeeze(graph, base, rivals) if rivals else None
            grower.grow(first[kind], 0, Floor(floor), out.append, squeeze=squeeze)
        out.sort(key=lambda c: -c.revenue)
        lists[kind] = (out, ConflictIndex(graph, out), min(floor, solo[kind]))

    if not kinds:
        return {}, {}
    if len(kinds) > 1:
        provisional = kinds[:-1]
        final = [kinds[-1], *provisional]
    else:
        provisional = kinds if count[kinds[0]] > 1 else []
        final = kinds
    for kind in provisional:
        if need[kind] < solo[kind]:
            grow(kind, (need[kind] + solo[kind]) // 2)
            if len(lists[kind][0]) >= IMPROVE_WHEN:
                raise_needs(improve(first[kind], lists[kind][0]))
    for kind in final:
        grow(kind, need[kind])
    return {k: v[0] for k, v in lists.items()}, {k: v[1] for k, v in lists.items()}


IMPROVE_TRIES = 12
"""Routes of a provisional list tried in a row, none giving a better first run, before the
tries stop (on 7x7 s3 mesh with 3+ and 4+ trains the best run's 3+ route is the 20th of
13,431, after better runs found at the 1st, 2nd, 4th and 10th)."""
IMPROVE_WHEN = 100
"""A provisional list this long marks a hard search: worth trying for a better first run
(on short lists the tries cost more than they save)."""
