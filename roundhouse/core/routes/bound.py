"""Upper bounds for route growth: what any completion of a partial route can still earn.

A route grows from its open ends over unused track (:mod:`~roundhouse.core.routes.growth`).
Everything a completion can add lies in the stops reachable from those ends, so the bound is
the stops already on the route plus the best of the reachable ones the train may still take:

* a capped train only reaches stops within its remaining stop count (a 0-1 breadth-first
  search where a counted stop costs one; towns cost nothing for "+" trains);
* a best-of train scores only its best ``best_of`` stops, one of them tokened if it must;
* stops a route may only end at (full cities, off-boards, dead ends, the last unit of
  capacity) count at most once per open end;
* route bonuses: coast-to-coast doubling only if both coasts are in reach, hex markers on
  reachable hexes, stop-triggered bonuses (:class:`StopRouteBonus`) only while a trigger
  stop is on the route or in reach, other bounded bonuses (:class:`BoundedRouteBonus`) by
  their fixed bound.  A bonus with no bound at all turns pruning off for that train.

A cheap bound (every unvisited stop the company can reach at all) is tried first; the flood
runs only when it cannot decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from roundhouse.core.routes.graph import RouteGraph, StopKind
from roundhouse.core.routes.kinds import Train, TrainKind
from roundhouse.core.routes.revenue import EndpointDoubling, HexMarkerBonus, RevenueRules

KIND_INDEX = {StopKind.CITY: 0, StopKind.TOWN: 1, StopKind.OFFBOARD: 2}
KINDS = (StopKind.CITY, StopKind.TOWN, StopKind.OFFBOARD)


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


class Grower(Protocol):
    """What bounding reads of the route search (:class:`roundhouse.core.routes.growth.Grower`,
    which builds on this module): the graph as the company sees it, precomputed per search."""

    graph: RouteGraph
    company: str
    rules: RevenueRules
    n_stops: int
    values: list[int]
    visit: list[int]
    reach: list[bool]
    passable: list[bool]
    token: list[bool]
    kind_of: list[int]
    adj: list[list[tuple[int, int, int, int, int]]]
    reach_mask: int
    stop_mask: int
    group_nodes: list[int]
    visit_is_node: bool
    node_hexes: list[int]
    _nbm: list[int]


class Plan:
    """What bounding needs to know about one train kind, precomputed per search."""

    def __init__(self, grower: Grower, train: Train) -> None:
        kind = train.kind
        assert isinstance(kind, TrainKind)
        self.kind = kind
        self.caps = [c for _, c in kind.limits]
        self.pools_for = [
            [p for p, (kinds, _) in enumerate(kind.limits) if k in kinds] for k in KINDS
        ]
        free = frozenset(k for kinds, cap in kind.limits if cap is None for k in kinds)
        self.capped = [
            (p, cap)
            for p, (kinds, cap) in enumerate(kind.limits)
            if cap is not None and kinds - free
        ]
        """(pool, cap) of the pools that count stops against the train's number."""
        self.counted = any(k not in free for k in KINDS)
        """Some stop kind uses up capacity (False for Streamliners and H-trains)."""
        self.all_counted = not free
        """Every stop uses up capacity: a stop taking the last of it ends the route."""
        scores = [k in kind.scores for k in KINDS]
        n = grower.n_stops
        self.scores_kind = scores
        self.cost = [0 if KINDS[grower.kind_of[s]] in free else 1 for s in range(n)]
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
        self.free_total = sum(self.gain[s] for s in self.by_gain_free)
        """Every reachable free stop (towns of a "+" train) at once."""
        self.tagged_w = [
            any(rb.west in grower.graph.stops[s].tags for rb in self.doubling) for s in range(n)
        ]
        self.tagged_e = [
            any(rb.east in grower.graph.stops[s].tags for rb in self.doubling) for s in range(n)
        ]
        self.all_hexes = 0
        for bit in graph.hex_bit.values():
            self.all_hexes |= bit


def beats(
    grower: Grower,
    plan: Plan,
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
        room = 0
        for p, cap in plan.capped:
            if cap > used_pool[p]:
                room += cap - used_pool[p]
    visit = grower.visit
    all_counted = plan.all_counted
    # the cheap bound first: every unvisited stop the company can reach at all (every free
    # one, those on the route included: no loop over them, and exact when each node is its
    # own visit group, since then a visited free stop is one on the route)
    if plan.plain:
        gain = plan.gain
        cost = plan.cost
        cheap = plan.free_total
        for s in stops:
            if cost[s]:
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
        score(
            grower,
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
        return score(grower, plan, stops, [], [], room, 0, hexes) > need
    # the flood: stops reachable from the open ends, as node bitsets
    if grower.visit_is_node:
        vis_nodes = excluded | visited
    else:
        vis_nodes = excluded
        v = visited
        group_nodes = grower.group_nodes
        while v:
            low = v & -v
            vis_nodes |= group_nodes[low.bit_length() - 1]
            v ^= low
    src = 0
    for s in sources:
        src |= 1 << s
    allowed = grower.reach_mask & ~vis_nodes & ~src
    nbm = grower._nbm
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
    found = seen & grower.stop_mask & ~src & ~far
    end_bits = found & plan.end_mask
    if all_counted:
        end_bits |= found & at_room
    if plan.plain:
        return _plain_value(plan, stops, found & ~end_bits, end_bits, room, n_ends) > need
    through: list[int] = []
    ends: list[int] = []
    reached = hexes
    want_hexes = plan.want_hexes
    node_hexes = grower.node_hexes
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
    return score(grower, plan, stops, through, ends, room, n_ends, reached) > need


def _plain_value(
    plan: Plan, stops: Sequence[int], through: int, ends: int, room: int | None, n_ends: int
) -> int:
    """:func:`score` for a plain plan (stops alone make the value) from node bitsets: the
    stops on the route, every free stop passed through, the best ``room`` counted ones and
    the best ``n_ends`` end-only ones, walking the stops richest first (no lists, no sort)."""
    gain = plan.gain
    total = 0
    for s in stops:
        total += gain[s]
    for s in plan.by_gain_free:
        if through >> s & 1:
            total += gain[s]
    left = room
    if through:
        for s in plan.by_gain_counted:
            if left == 0:
                break
            if through >> s & 1:
                total += gain[s]
                if left is not None:
                    left -= 1
    k = n_ends
    if k and ends:
        for s in plan.by_gain:
            if ends >> s & 1:
                total += gain[s]
                k -= 1
                if not k:
                    break
    return total * plan.kind.multiplier


def score(
    grower: Grower,
    plan: Plan,
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
            token, scores_kind, kind_of = grower.token, plan.scores_kind, grower.kind_of
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
            any(plan.tagged_w[s] for s in everywhere) and any(plan.tagged_e[s] for s in everywhere)
        ):
            kind_of = grower.kind_of
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
