"""Growing one train's routes from the company's stations, pruned by sound upper bounds.

Every legal route holds a station of the company (18USA §12.4; 18US §6.5; 18West §7.5), so
routes are grown outwards from a *anchor* station instead of from every stop: the anchor is
the lowest-numbered station stop on the route (lower ones are off limits), and the route is
two *arms* leaving it.  Arm A is grown first; each time it ends at a stop, arm B is grown on
the track left over.  A route with the anchor at one end has an empty arm A; a route with the
anchor inside is kept only if arm A starts on the lower-numbered chain, so each route (and
its reverse) is produced exactly once.

At every step the search knows an **upper bound** on what any completion can earn: the stops
already on the route plus the stops still reachable from its open ends over unused track and
unvisited nodes (a flood fill over chain bitsets).  The bound respects the train: a capped
train only reaches stops within its remaining stop count (a 0-1 breadth-first search where a
counted stop costs one), scores only its best ``best_of`` stops, only stop kinds it scores;
stops a route may only end at (full cities, off-boards, dead ends, stops that use the last
unit of capacity) count at most once per open end.  Route bonuses of the core kinds are
bounded from the same reachable set; a title bonus without a bound turns pruning off for
that train (exhaustive, as before).  A branch is cut when its bound cannot beat the
*floor*: a shared, rising threshold (the best value found in "best route" mode, or the least
value a route needs to matter for the joint answer).

*Dominance*: a route that earns no more than one of its own sub-routes (same anchor, shorter
arms, so a subset of its track) is never needed when nothing depends on the combination of
routes beyond their track, so it is not produced and its branch is cut by the same bound.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes.graph import RouteGraph, StopKind
from roundhouse.core.routes.kinds import Train, TrainKind
from roundhouse.core.routes.revenue import (
    EndpointDoubling,
    HexMarkerBonus,
    RevenueRules,
    RouteFacts,
    StopScore,
    score_stops,
)
from roundhouse.core.routes.route import hex_entries

if TYPE_CHECKING:
    from roundhouse.core.routes.conflict import Squeeze

KIND_INDEX = {StopKind.CITY: 0, StopKind.TOWN: 1, StopKind.OFFBOARD: 2}
_KINDS = (StopKind.CITY, StopKind.TOWN, StopKind.OFFBOARD)


class SearchTimeout(Exception):
    """The time budget ran out; whatever was found so far stands, unproven."""


@runtime_checkable
class BoundedRouteBonus(Protocol):
    """A title's route bonus that can say how much it is worth at most to any route of
    ``train``; without it the optimiser cannot prune that train's routes (still exact)."""

    def route_bound(self, graph: RouteGraph, company: str, train: Train) -> int: ...


@runtime_checkable
class StopRouteBonus(Protocol):
    """A title's route bonus earned only by routes that stop at certain stops (18RoyalGorge
    St. Cloud Hotel: +$20 to a route stopping at the hotel).  It says the most it adds to one
    route of ``train`` and the ids of the stops that trigger it; the bound then adds the amount
    only while a trigger stop is on the route or still reachable, so the search keeps pruning
    (a bonus without any bound turns pruning off for the train)."""

    def stop_bound(
        self, graph: RouteGraph, company: str, train: Train
    ) -> tuple[int, frozenset[str]]: ...


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


class Floor:
    """Routes must earn more than ``value`` to be reported; searches raise it as they go."""

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value


class _Plan:
    """What bounding needs to know about one train kind, precomputed per search."""

    def __init__(self, grower: Grower, train: Train) -> None:
        kind = train.kind
        assert isinstance(kind, TrainKind)
        self.kind = kind
        self.caps = [c for _, c in kind.limits]
        self.pools_for = [
            [p for p, (kinds, _) in enumerate(kind.limits) if k in kinds] for k in _KINDS
        ]
        free = frozenset(k for kinds, cap in kind.limits if cap is None for k in kinds)
        self.capped = [
            (p, cap)
            for p, (kinds, cap) in enumerate(kind.limits)
            if cap is not None and kinds - free
        ]
        """(pool, cap) of the pools that count stops against the train's number."""
        self.counted = any(k not in free for k in _KINDS)
        """Some stop kind uses up capacity (False for Streamliners and H-trains)."""
        self.all_counted = not free
        """Every stop uses up capacity: a stop taking the last of it ends the route."""
        scores = [k in kind.scores for k in _KINDS]
        n = grower.n_stops
        self.scores_kind = scores
        self.cost = [0 if _KINDS[grower.kind_of[s]] in free else 1 for s in range(n)]
        self.gain = [max(0, grower.values[s]) if scores[grower.kind_of[s]] else 0 for s in range(n)]
        self.end_only_static = [not grower.passable[s] or len(grower.adj[s]) <= 1 for s in range(n)]
        self.end_mask = 0
        self.cost_mask = 0
        self.expand_mask = 0
        for node in range(len(grower.graph.node_keys)):
            if node >= n:
                self.expand_mask |= 1 << node
            else:
                if self.end_only_static[node]:
                    self.end_mask |= 1 << node
                else:
                    self.expand_mask |= 1 << node
                if self.cost[node]:
                    self.cost_mask |= 1 << node
        self.by_gain = sorted(
            (s for s in range(n) if grower.reach[s] and (self.gain[s] > 0 or grower.token[s])),
            key=lambda s: -self.gain[s],
        )
        self.bounded = True
        self.doubling: list[EndpointDoubling] = []
        self.markers: list[tuple[int, int]] = []
        """(amount, bitset of tagged hexes) per hex-marker bonus."""
        self.fixed = 0
        self.stop_bonuses: list[tuple[int, int]] = []
        """(amount, bitset of trigger stop nodes) per stop-triggered bonus."""
        graph = grower.graph
        for rb in grower.rules.route_bonuses:
            if isinstance(rb, EndpointDoubling):
                if rb.families is None or kind.family in rb.families:
                    self.doubling.append(rb)
            elif isinstance(rb, HexMarkerBonus):
                amount = max(0, rb.phase_amount.get(graph.phase or "", rb.amount))
                mask = 0
                for h, bit in graph.hex_bit.items():
                    if rb.tag in graph.hex_tags.get(h, ()):
                        mask |= bit
                self.markers.append((amount, mask))
            elif isinstance(rb, StopRouteBonus):
                amount, ids = rb.stop_bound(graph, grower.company, train)
                mask = 0
                for sid in ids:
                    if sid in graph.stop_index:
                        mask |= 1 << graph.stop_index[sid]
                if amount > 0 and mask:
                    self.stop_bonuses.append((amount, mask))
            elif isinstance(rb, BoundedRouteBonus):
                self.fixed += max(0, rb.route_bound(graph, grower.company, train))
            else:
                self.bounded = False
        self.want_hexes = bool(self.markers)
        self.plain = (
            kind.best_of is None
            and not self.doubling
            and not self.markers
            and not self.stop_bonuses
            and not self.fixed
        )
        """Stops alone make the value: the cheap bound can skip :meth:`Grower._score`."""
        self.by_gain_counted = [s for s in self.by_gain if self.cost[s]]
        self.by_gain_free = [s for s in self.by_gain if not self.cost[s]]
        self.tagged_w = [
            any(rb.west in grower.graph.stops[s].tags for rb in self.doubling) for s in range(n)
        ]
        self.tagged_e = [
            any(rb.east in grower.graph.stops[s].tags for rb in self.doubling) for s in range(n)
        ]
        self.all_hexes = 0
        for bit in graph.hex_bit.values():
            self.all_hexes |= bit


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
        self.node_hexes = [0] * n_nodes
        for n in range(n_nodes):
            for _ci, _nb, _units, ch_hexes, _code in self.adj[n]:
                self.node_hexes[n] |= ch_hexes
            if n < n_stops:
                self.node_hexes[n] |= self.hex_of[n]
        self._nbm: list[int] = []
        self._nbm_blocked = -1
        self._plans: dict[TrainKind, _Plan] = {}

    def tick(self) -> None:
        self.ticks += 1
        if self.ticks & 1023 == 0 and self.deadline is not None and self.clock() > self.deadline:
            raise SearchTimeout

    def plan(self, train: Train) -> _Plan:
        kind = train.kind
        assert isinstance(kind, TrainKind)
        found = self._plans.get(kind)
        if found is None:
            found = self._plans[kind] = _Plan(self, train)
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
        use, arm and first chain (and hexes for H-trains) — fixes every possible completion:
        track still usable leads to unvisited nodes only, and chains never share track.  The
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
            return self._beats(
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
            phase: int, node: int, visited: int, hexes: int, total: int, first: int
        ) -> bool:
            if memo is None:
                return False
            if best_of is None:
                key: tuple[object, ...] = (phase, node, visited, first, *used_pool)
                score = total
            else:
                stops = route_stops()
                tops = sorted((values[s] for s in stops if scores_kind[kind_of[s]]), reverse=True)
                stationed = max(
                    (values[s] for s in stops if token[s] and scores_kind[kind_of[s]]), default=-1
                )
                key = (phase, node, visited, first, stationed, *tops[:best_of])
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
            if seen_before(1, node, visited, hexes, total, first):
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
            if seen_before(0, node, visited, hexes, total, first):
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

    # --- the bound -------------------------------------------------------------------------

    def _beats(
        self,
        plan: _Plan,
        used_pool: Sequence[int],
        stops: Sequence[int],
        sources: Sequence[int],
        n_ends: int,
        visited: int,
        hexes: int,
        need: int,
        excluded: int,
    ) -> bool:
        """False if no route that extends the current one from ``sources`` (nodes where it
        may go on, ``n_ends`` open ends between them: the anchor alone has two) over unused
        track to nodes not in ``visited`` or ``excluded`` can earn more than ``need``: an
        upper bound on its value is at most ``need``.  Track already used by this route only
        joins visited nodes, so the flood needs no track bits."""
        room: int | None = None
        if plan.counted:
            room = sum(max(0, cap - used_pool[p]) for p, cap in plan.capped)
        visit = self.visit
        all_counted = plan.all_counted
        # the cheap bound first: every unvisited stop the company can reach at all
        if plan.plain:
            gain = plan.gain
            cheap = 0
            for s in stops:
                cheap += gain[s]
            for s in plan.by_gain_free:
                if not visited & visit[s]:
                    cheap += gain[s]
            left = room
            for s in plan.by_gain_counted:
                if left == 0:
                    break
                if not visited & visit[s]:
                    cheap += gain[s]
                    if left is not None:
                        left -= 1
            if cheap * plan.kind.multiplier <= need:
                return False
        elif (
            self._score(
                plan,
                stops,
                [s for s in plan.by_gain if not visited & visit[s]],
                [],
                room,
                n_ends,
                plan.all_hexes,
                coasts=True,
            )
            <= need
        ):
            return False
        if not sources:
            return self._score(plan, stops, [], [], room, 0, hexes) > need
        # the flood: stops reachable from the open ends, as node bitsets
        vis_nodes = excluded
        v = visited
        group_nodes = self.group_nodes
        while v:
            low = v & -v
            vis_nodes |= group_nodes[low.bit_length() - 1]
            v ^= low
        src = 0
        for s in sources:
            src |= 1 << s
        allowed = self.reach_mask & ~vis_nodes & ~src
        nbm = self._nbm
        expand = plan.expand_mask
        seen = src
        far = 0
        at_room = 0
        if room is None:
            front = src
            while front:
                new = 0
                while front:
                    low = front & -front
                    new |= nbm[low.bit_length() - 1]
                    front ^= low
                new &= allowed & ~seen
                seen |= new
                front = new & expand
        else:
            counted = plan.cost_mask
            cur, nxt, d = src, 0, 0
            while cur or nxt:
                if not cur:
                    d += 1
                    cur, nxt = nxt, 0
                    if d == room:
                        at_room = cur
                    cur &= expand
                    if all_counted and d >= room:
                        cur = 0
                    continue
                new = 0
                while cur:
                    low = cur & -cur
                    new |= nbm[low.bit_length() - 1]
                    cur ^= low
                new &= allowed & ~seen
                seen |= new
                c1 = new & counted
                if d + 1 <= room:
                    nxt |= c1
                else:
                    far |= c1
                cur = new & ~c1 & expand
        found = seen & self.stop_mask & ~src & ~far
        end_bits = found & plan.end_mask
        if all_counted:
            end_bits |= found & at_room
        through: list[int] = []
        ends: list[int] = []
        reached = hexes
        want_hexes = plan.want_hexes
        node_hexes = self.node_hexes
        rest = found
        while rest:
            low = rest & -rest
            n = low.bit_length() - 1
            rest ^= low
            if end_bits & low:
                ends.append(n)
            else:
                through.append(n)
        if want_hexes:
            rest = seen
            while rest:
                low = rest & -rest
                reached |= node_hexes[low.bit_length() - 1]
                rest ^= low
        return self._score(plan, stops, through, ends, room, n_ends, reached) > need

    def _score(
        self,
        plan: _Plan,
        stops: Sequence[int],
        through: Sequence[int],
        ends: Sequence[int],
        room: int | None,
        n_ends: int,
        hexes: int,
        coasts: bool = False,
    ) -> int:
        """Most that the route's ``stops`` plus some of ``through`` and at most ``n_ends`` of
        ``ends`` can score for the plan's train (times its multiplier).  ``coasts``: assume
        both coasts are within reach (the cheap bound does not look)."""
        kind = plan.kind
        gain = plan.gain
        end_vals = sorted([gain[s] for s in ends], reverse=True)[:n_ends] if n_ends else []
        best = kind.best_of
        if best is not None:
            pool = [gain[s] for s in stops]
            pool.extend(gain[s] for s in through)
            pool.extend(end_vals)
            pool.sort(reverse=True)
            scored = sum(pool[:best])
            if kind.token_in_scored and best > 0:
                # the scored stops must include a station: the best one, and the rest
                token, scores_kind, kind_of = self.token, plan.scores_kind, self.kind_of
                stationed = -1
                for group in (stops, through, ends):
                    for s in group:
                        if token[s] and scores_kind[kind_of[s]] and gain[s] > stationed:
                            stationed = gain[s]
                if stationed < 0:
                    return -1
                scored = min(scored, stationed + sum(pool[: best - 1]))
        else:
            cost = plan.cost
            scored = sum(end_vals)
            for s in stops:
                scored += gain[s]
            counted: list[int] = []
            for s in through:
                if cost[s]:
                    counted.append(gain[s])
                else:
                    scored += gain[s]
            if room is None or len(counted) <= room:
                scored += sum(counted)
            elif room > 0:
                counted.sort(reverse=True)
                scored += sum(counted[:room])
        bonus = plan.fixed
        if plan.doubling:
            everywhere = [*stops, *through, *ends]
            if coasts or (
                any(plan.tagged_w[s] for s in everywhere)
                and any(plan.tagged_e[s] for s in everywhere)
            ):
                kind_of = self.kind_of
                top_major = max((gain[s] for s in everywhere if kind_of[s] != 1), default=0)
                bonus += top_major * len(plan.doubling)
        for amount, mask in plan.markers:
            bonus += amount * (hexes & mask).bit_count()
        if plan.stop_bonuses:
            on = 0
            for group in (stops, through, ends):
                for s in group:
                    on |= 1 << s
            for amount, mask in plan.stop_bonuses:
                if coasts or on & mask:
                    bonus += amount
        return (scored + bonus) * kind.multiplier

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
