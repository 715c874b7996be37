"""Growing one train's routes from the company's stations, pruned by sound upper bounds.

Every legal route holds a station of the company (18USA §12.4; 18US §6.5; 18West §7.5), so
routes are grown outwards from a *anchor* station instead of from every stop: the anchor is
the lowest-numbered station stop on the route (lower ones are off limits), and the route is
two *arms* leaving it.  Arm A is grown first; each time it ends at a stop, arm B is grown on
the track left over.  A route with the anchor at one end has an empty arm A; a route with the
anchor inside is kept only if arm A starts on the lower-numbered chain, so each route (and
its reverse) is produced exactly once.

At every step the search knows an **upper bound** on what any completion can earn
(:mod:`~roundhouse.core.routes.bound`: the stops on the route plus the best stops still
reachable from its open ends over unused track, within the train's rules).  A branch is cut
when its bound cannot beat the *floor*: a shared, rising threshold (the best value found in
"best route" mode, or the least value a route needs to matter for the joint answer, raised
along the branch by a :class:`~roundhouse.core.routes.conflict.Squeeze`).

*Dominance*: a route that earns no more than one of its own sub-routes (same anchor, shorter
arms, so a subset of its track) is never needed when nothing depends on the combination of
routes beyond their track, so it is not produced and its branch is cut by the same bound.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes import bound
from roundhouse.core.routes.bound import (
    KIND_INDEX,
    BoundedRouteBonus,
    Plan,
    StopRouteBonus,
)
from roundhouse.core.routes.candidate import Candidate
from roundhouse.core.routes.conflict import Squeeze
from roundhouse.core.routes.graph import RouteGraph
from roundhouse.core.routes.kinds import Train, TrainKind
from roundhouse.core.routes.revenue import (
    RevenueRules,
    RouteFacts,
    StopScore,
    score_stops,
)
from roundhouse.core.routes.route import hex_entries

__all__ = [
    "BoundedRouteBonus",
    "Candidate",
    "Floor",
    "Grower",
    "SearchTimeout",
    "StopRouteBonus",
]


class SearchTimeout(Exception):
    """The time budget ran out; whatever was found so far stands, unproven."""


class Floor:
    """Routes must earn more than ``value`` to be reported; searches raise it as they go."""

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value


class Grower:
    """Route growth for one company on one graph; shared by every train it runs."""

    def __init__(
        self,
        graph: RouteGraph,
        company: str,
        rules: RevenueRules,
        deadline: float | None,
        clock: Callable[[], float],
        *,
        dominance: bool,
    ) -> None:
        self.graph = graph
        self.company = company
        self.rules = rules
        self.deadline = deadline
        self.clock = clock
        self.dominance = dominance
        self.ticks = 0
        self.nodes = 0
        n_stops = len(graph.stops)
        self.n_stops = n_stops
        self.values = [rules.stop_value(graph, s, company) for s in graph.stops]
        self.visit = graph.visit_bits()
        self.reach = graph.reachable(company)
        self.passable = [True] * len(graph.node_keys)
        for i, s in enumerate(graph.stops):
            self.passable[i] = not s.blocks(company)
        self.token = [s.has_token(company) for s in graph.stops]
        self.kind_of = [KIND_INDEX[s.kind] for s in graph.stops]
        self.hex_of = [graph.hex_bit[s.hex] for s in graph.stops]
        self.slow_path = bool(rules.route_bonuses or rules.route_checks)
        chains = graph.chains

        def lure(node: int) -> int:
            if node < n_stops:
                return self.values[node]
            return max((self.values[b] for _, b in graph.chain_adj[node] if b < n_stops), default=0)

        self.adj: list[list[tuple[int, int, int, int, int]]] = []
        """Node -> (chain, other end, track bits, hexes, path code), richest-looking first."""
        for node in range(len(graph.node_keys)):
            out = [
                (ci, nb, chains[ci].units, chains[ci].hexes, 2 * ci + (chains[ci].a != node))
                for ci, nb in graph.chain_adj[node]
                if self.reach[nb]
            ]
            out.sort(key=lambda e: -lure(e[1]))
            self.adj.append(out)
        self.anchors = [s for s in range(n_stops) if self.reach[s] and self.token[s]]
        n_nodes = len(graph.node_keys)
        self.reach_mask = sum(1 << n for n in range(n_nodes) if self.reach[n])
        self.stop_mask = (1 << n_stops) - 1
        self.group_nodes = [0] * n_nodes
        for n in range(n_nodes):
            self.group_nodes[self.visit[n].bit_length() - 1] |= 1 << n
        self.visit_is_node = all(self.visit[n] == 1 << n for n in range(n_nodes))
        """Every node is its own visit group, numbered alike: a visited set is a node set."""
        self.node_hexes = [0] * n_nodes
        for n in range(n_nodes):
            for _ci, _nb, _units, ch_hexes, _code in self.adj[n]:
                self.node_hexes[n] |= ch_hexes
            if n < n_stops:
                self.node_hexes[n] |= self.hex_of[n]
        self.node_sides = [0] * n_nodes
        """Node -> the bits of the sides of a hexside crossing there (see graph.side_bits)."""
        for (node, _hex), bit in graph.side_bits.items():
            self.node_sides[node] |= bit
        self._nbm: list[int] = []
        self._nbm_blocked = -1
        self._plans: dict[TrainKind, Plan] = {}

    def tick(self) -> None:
        self.ticks += 1
        if self.ticks & 1023 == 0 and self.deadline is not None and self.clock() > self.deadline:
            raise SearchTimeout

    def plan(self, train: Train) -> Plan:
        kind = train.kind
        assert isinstance(kind, TrainKind)
        found = self._plans.get(kind)
        if found is None:
            found = self._plans[kind] = Plan(self, train)
        return found

    # --- the search ----------------------------------------------------------------------

    def grow(
        self,
        train: Train,
        blocked: int,
        floor: Floor,
        report: Callable[[Candidate], None],
        *,
        best_only: bool = False,
        squeeze: Squeeze | None = None,
    ) -> None:
        """Call ``report`` for every route of ``train`` avoiding track ``blocked`` that earns
        more than ``floor.value`` (read afresh at every step) and, with dominance on, more
        than each of its sub-routes on the search path.

        ``best_only``: the caller only wants ever better routes (it raises the floor to each
        one reported), so partial routes in the same *state* as one already searched are
        skipped when they have scored no more.  The state — open end, visited nodes, pool
        use, arm and first chain, the side of a crossing it came in on (and hexes for
        H-trains) — fixes every possible completion: track still usable leads to unvisited
        nodes only, and chains share nothing but the sides of the crossing they meet at.  The
        memo is sound for additive values and for best-of values keyed by their top stops;
        with title route hooks (values depending on the route's ends or hexes) it is off.

        ``squeeze``: routes must also beat what the track they take leaves other trains
        (:class:`~roundhouse.core.routes.conflict.Squeeze`)."""
        plan = self.plan(train)
        if self._nbm_blocked != blocked:
            self._nbm = [
                sum({1 << nb for _ci, nb, units, _h, _c in self.adj[n] if not units & blocked})
                for n in range(len(self.adj))
            ]
            self._nbm_blocked = blocked
        kind = plan.kind
        caps, pools_for = plan.caps, plan.pools_for
        used_pool = [0] * len(caps)
        scores_kind = plan.scores_kind
        max_hexes = kind.max_hexes
        mult = kind.multiplier
        fast = not self.slow_path and kind.best_of is None
        adj = self.adj
        visit = self.visit
        passable = self.passable
        n_stops = self.n_stops
        values = self.values
        kind_of = self.kind_of
        hex_of = self.hex_of
        dominance = self.dominance
        prune = plan.bounded
        best_of = kind.best_of
        token = self.token
        node_unit = self.graph.node_unit
        node_sides = self.node_sides
        memo: dict[tuple[object, ...], int] | None = (
            {} if best_only and not self.slow_path else None
        )
        a_stops: list[int] = []
        a_path: list[int] = []
        b_stops: list[int] = []
        b_path: list[int] = []
        excluded = 0
        anchor = -1

        def place(stop: int) -> int:
            for p in pools_for[kind_of[stop]]:
                cap = caps[p]
                if cap is None or used_pool[p] < cap:
                    return p
            return -1

        def route_stops() -> list[int]:
            return [*reversed(a_stops), anchor, *b_stops]

        def route_path() -> list[int]:
            return [code ^ 1 for code in reversed(a_path)] + b_path

        def value_of(total: int) -> int | None:
            if fast:
                return total * mult
            stops = route_stops()
            if not self.slow_path:
                return self._best_of(kind, stops, scores_kind)
            return self._exact(train, kind, stops, route_path())

        def beats(
            sources: Sequence[int],
            visited: int,
            units: int,
            hexes: int,
            need: int,
            n_ends: int | None = None,
        ) -> bool:
            if not prune:
                return True
            return bound.beats(
                self,
                plan,
                used_pool,
                route_stops(),
                sources,
                len(sources) if n_ends is None else n_ends,
                visited,
                hexes,
                need,
                excluded,
            )

        def seen_before(
            phase: int, node: int, visited: int, hexes: int, total: int, first: int, units: int
        ) -> bool:
            if memo is None:
                return False
            # the side of a hexside crossing the route came in on rules out the chains of
            # that side onward (graph.turns_back): part of the state
            side = units & node_sides[node]
            if best_of is None:
                key: tuple[object, ...] = (phase, node, visited, first, side, *used_pool)
                score = total
            else:
                stops = route_stops()
                tops = sorted((values[s] for s in stops if scores_kind[kind_of[s]]), reverse=True)
                stationed = max(
                    (values[s] for s in stops if token[s] and scores_kind[kind_of[s]]), default=-1
                )
                key = (phase, node, visited, first, side, stationed, *tops[:best_of])
                score = 0
            if max_hexes is not None:
                key = (*key, hexes)
            old = memo.get(key)
            if old is not None and old >= score:
                return True
            memo[key] = score
            return False

        def arm_b(
            node: int,
            visited: int,
            units: int,
            hexes: int,
            total: int,
            dom: int,
            first: int,
            tk: tuple[int, ...],
        ) -> None:
            self.tick()
            self.nodes += 1
            if seen_before(1, node, visited, hexes, total, first, units):
                return
            for ci, nb, ch_units, ch_hexes, code in adj[node]:
                if ch_units & units or visited & visit[nb] or excluded >> nb & 1:
                    continue
                if node == anchor and ci <= first:
                    continue
                h2 = hexes | ch_hexes
                u2 = units | ch_units
                if squeeze is not None:
                    tk2 = squeeze.step(tk, ci, nb)
                    lim = max(floor.value, squeeze.need(tk2))
                else:
                    tk2, lim = tk, floor.value
                b_path.append(code)
                if nb < n_stops:
                    h2 |= hex_of[nb]
                    p = place(nb)
                    if p < 0 or (max_hexes is not None and h2.bit_count() > max_hexes):
                        b_path.pop()
                        continue
                    used_pool[p] += 1
                    b_stops.append(nb)
                    t2 = total + (values[nb] if scores_kind[kind_of[nb]] else 0)
                    v = value_of(t2)
                    dom2 = dom
                    if v is not None:
                        if v > lim and v > dom:
                            report(
                                Candidate(
                                    v,
                                    u2 & ~blocked,
                                    a_stops[-1] if a_stops else anchor,
                                    tuple(route_stops()),
                                    tuple(route_path()),
                                )
                            )
                        if dominance and v > dom:
                            dom2 = v
                    if passable[nb]:
                        v2 = visited | visit[nb]
                        if beats((nb,), v2, u2, h2, max(lim, floor.value, dom2)):
                            arm_b(nb, v2, u2, h2, t2, dom2, first, tk2)
                    b_stops.pop()
                    used_pool[p] -= 1
                elif (max_hexes is None or h2.bit_count() <= max_hexes) and not (
                    node_unit[nb] & units
                ):
                    u2 |= node_unit[nb]
                    v2 = visited | visit[nb]
                    if beats((nb,), v2, u2, h2, max(lim, dom)):
                        arm_b(nb, v2, u2, h2, total, dom, first, tk2)
                b_path.pop()

        def arm_a(
            node: int,
            visited: int,
            units: int,
            hexes: int,
            total: int,
            dom: int,
            first: int,
            tk: tuple[int, ...],
        ) -> None:
            self.tick()
            self.nodes += 1
            if seen_before(0, node, visited, hexes, total, first, units):
                return
            for ci, nb, ch_units, ch_hexes, code in adj[node]:
                if ch_units & units or visited & visit[nb] or excluded >> nb & 1:
                    continue
                f2 = ci if node == anchor else first
                h2 = hexes | ch_hexes
                u2 = units | ch_units
                if squeeze is not None:
                    tk2 = squeeze.step(tk, ci, nb)
                    lim = max(floor.value, squeeze.need(tk2))
                else:
                    tk2, lim = tk, floor.value
                a_path.append(code)
                if nb < n_stops:
                    h2 |= hex_of[nb]
                    p = place(nb)
                    if p < 0 or (max_hexes is not None and h2.bit_count() > max_hexes):
                        a_path.pop()
                        continue
                    used_pool[p] += 1
                    a_stops.append(nb)
                    t2 = total + (values[nb] if scores_kind[kind_of[nb]] else 0)
                    v2 = visited | visit[nb]
                    dom2 = dom
                    if dominance:
                        v = value_of(t2)
                        if v is not None and v > dom:
                            dom2 = v
                    ends = (nb, anchor) if passable[nb] else (anchor,)
                    if beats(ends, v2, u2, h2, max(lim, dom2)):
                        arm_b(anchor, v2, u2, h2, t2, dom2, f2, tk2)
                        if passable[nb]:
                            arm_a(nb, v2, u2, h2, t2, dom2, f2, tk2)
                    a_stops.pop()
                    used_pool[p] -= 1
                elif (max_hexes is None or h2.bit_count() <= max_hexes) and not (
                    node_unit[nb] & units
                ):
                    u2 |= node_unit[nb]
                    v2 = visited | visit[nb]
                    if beats((nb, anchor), v2, u2, h2, max(lim, dom)):
                        arm_a(nb, v2, u2, h2, total, dom, f2, tk2)
                a_path.pop()

        for anchor in self.anchors:
            if memo is not None:
                memo.clear()
            p = place(anchor)
            if p >= 0:
                used_pool[p] += 1
                visited = visit[anchor]
                hexes = hex_of[anchor]
                total = values[anchor] if scores_kind[kind_of[anchor]] else 0
                ends = 2 if passable[anchor] else 1
                tk0: tuple[int, ...] = () if squeeze is None else squeeze.zero
                lim0 = floor.value if squeeze is None else max(floor.value, squeeze.need(tk0))
                if beats((anchor,), visited, blocked, hexes, lim0, ends):
                    arm_b(anchor, visited, blocked, hexes, total, -1, -1, tk0)
                    if passable[anchor]:
                        arm_a(anchor, visited, blocked, hexes, total, -1, -1, tk0)
                used_pool[p] -= 1
            excluded |= 1 << anchor

    # --- the value of a finished route -------------------------------------------------------

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
