"""What routes earn: per-stop values, route bonuses, company bonuses and freight.

The order of scoring, common to the four rulebooks:

1. every stop's value for this company: printed value for the phase, plus bonus tokens, plus
   company-only extras, doubled by the company's "x2" token (18US §6.5 and §6.4.2; 18West
   §7.5; :meth:`RevenueRules.stop_value`);
2. the train kind picks the stops it scores (Express ignores towns; a Streamliner scores its
   best four) — see :mod:`roundhouse.core.routes.kinds`;
3. *route bonuses* that depend on the route alone (coast-to-coast, resource tokens, ghost
   towns) are added;
4. the sum is multiplied by the train's multiplier (6x2, 4D);
5. *company bonuses* that depend on the combination of routes (one gold shipment per company,
   one Pullman car) are added once, and *combination checks* may forbid a combination (18USA
   §12.4.1: at most two routes ending in Mexico).

Titles supply 3 and 5 as small objects (:class:`RouteBonus`, :class:`CompanyBonus`,
:class:`CombinationCheck`) in :class:`RevenueRules`; the generic ones here cover the rules
of the four titles without naming any.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes.graph import MAJOR_KINDS, RouteGraph, Stop, StopKind
from roundhouse.core.routes.kinds import FreightKind, Train, TrainKind
from roundhouse.core.routes.route import Route, Walk, trace


@dataclass(frozen=True, slots=True)
class StopScore:
    stop: str
    value: int
    scored: bool


@dataclass(frozen=True, slots=True)
class Bonus:
    label: str
    amount: int


@dataclass(frozen=True, slots=True)
class Run:
    """A route with what it earned, stop by stop."""

    route: Route
    train: Train
    stops: tuple[StopScore, ...]
    bonuses: tuple[Bonus, ...]
    revenue: int
    hexes: frozenset[str]
    stop_objs: tuple[Stop, ...]


@dataclass(frozen=True, slots=True)
class Revenue:
    """A company's whole run: every train's route, company bonuses, freight and the total."""

    runs: tuple[Run, ...]
    bonuses: tuple[Bonus, ...]
    freight: int
    total: int


@dataclass(frozen=True, slots=True)
class RouteFacts:
    """What a route bonus may look at: the route's stops (objects), hexes and train."""

    train: Train
    stops: tuple[Stop, ...]
    hexes: frozenset[str]
    hex_entries: dict[str, int]


class RouteBonus(Protocol):
    """Extra value of one route, added before the train's multiplier."""

    def apply(
        self, graph: RouteGraph, company: str, facts: RouteFacts, scores: Sequence[StopScore]
    ) -> Bonus | None: ...


class CompanyBonus(Protocol):
    """Extra value of a combination of routes, added once per company."""

    def award(self, graph: RouteGraph, company: str, runs: Sequence[Run]) -> Bonus | None: ...

    def bound(self, graph: RouteGraph, company: str, trains: Sequence[Train]) -> int:
        """An upper bound on :meth:`award` over every legal combination (for pruning)."""
        ...


class CombinationCheck(Protocol):
    """A rule on a combination of routes; it must be monotone: if some routes break it, so
    does every set containing them."""

    def check(self, graph: RouteGraph, company: str, runs: Sequence[Run]) -> None:
        """Raise :class:`IllegalAction` if these runs may not all be run together."""
        ...


class RouteCheck(Protocol):
    """A title's extra rule on a single route (e.g. off-boards only at route ends)."""

    def check(self, graph: RouteGraph, company: str, facts: RouteFacts) -> None: ...


@dataclass(frozen=True, kw_only=True)
class RevenueRules:
    """The hooks a title gives the route machinery; the defaults are the plain rules."""

    route_checks: tuple[RouteCheck, ...] = ()
    route_bonuses: tuple[RouteBonus, ...] = ()
    company_bonuses: tuple[CompanyBonus, ...] = ()
    combination_checks: tuple[CombinationCheck, ...] = ()
    freight_bonus_per_token: int = 0
    """18US §6.5.1: freight bonus per station token in the current phase."""

    def stop_value(self, graph: RouteGraph, stop: Stop, company: str) -> int:
        value = stop.value(graph.phase) + stop.bonus
        if stop.company_bonus:
            value += stop.company_bonus.get(company, 0)
        if company in stop.doubled_for:
            value *= 2
        return value


PLAIN = RevenueRules()


def score_stops(
    kind: TrainKind, stops: Sequence[Stop], values: Sequence[int], company: str
) -> list[StopScore]:
    """Which stops the train scores and for how much (before bonuses and multiplier)."""
    scoring = [i for i, s in enumerate(stops) if s.kind in kind.scores]
    chosen = set(scoring)
    if kind.best_of is not None and len(scoring) > kind.best_of:
        ranked = sorted(scoring, key=lambda i: (-values[i], i))
        top = ranked[: kind.best_of]
        if kind.token_in_scored and not any(stops[i].has_token(company) for i in top):
            tokened = [i for i in ranked if stops[i].has_token(company)]
            if tokened:
                top = [*top[:-1], tokened[0]]
        chosen = set(top)
    return [StopScore(s.id, values[i], i in chosen) for i, s in enumerate(stops)]


def run_walk(
    graph: RouteGraph,
    company: str,
    train: Train,
    walk: Walk,
    rules: RevenueRules = PLAIN,
) -> Run:
    """Score a traced route; raises for title route rules and the 4D token rule."""
    assert isinstance(train.kind, TrainKind)
    kind = train.kind
    stops = tuple(graph.stops[n] for n in walk.stops)
    facts = RouteFacts(train, stops, walk.hexes, walk.hex_entries)
    for rule in rules.route_checks:
        rule.check(graph, company, facts)
    values = [rules.stop_value(graph, s, company) for s in stops]
    scores = score_stops(kind, stops, values, company)
    if kind.token_in_scored and not any(
        sc.scored and s.has_token(company) for sc, s in zip(scores, stops, strict=True)
    ):
        raise IllegalAction(
            f"{walk.route}: a {kind.name}-train must score a stop with a {company} station",
            rule="route.no_token",
        )
    bonuses = []
    for rb in rules.route_bonuses:
        b = rb.apply(graph, company, facts, scores)
        if b is not None and b.amount:
            bonuses.append(b)
    base = sum(sc.value for sc in scores if sc.scored) + sum(b.amount for b in bonuses)
    return Run(
        route=walk.route,
        train=train,
        stops=tuple(scores),
        bonuses=tuple(bonuses),
        revenue=base * kind.multiplier,
        hexes=walk.hexes,
        stop_objs=stops,
    )


def freight_revenue(
    graph: RouteGraph, company: str, trains: Sequence[Train], rules: RevenueRules = PLAIN
) -> int:
    """18US §6.5.1: the best tokened stops up to the Freight Capacity, plus the per-token
    Freight Bonus times the capacity or the tokens on the map, whichever is less."""
    capacity = sum(t.kind.capacity for t in trains if isinstance(t.kind, FreightKind))
    if capacity == 0:
        return 0
    values = sorted(
        (rules.stop_value(graph, s, company) for s in graph.stops if s.has_token(company)),
        reverse=True,
    )
    per_token = rules.freight_bonus_per_token * min(capacity, graph.token_count(company))
    return sum(values[:capacity]) + per_token


def company_bonuses(
    graph: RouteGraph, company: str, runs: Sequence[Run], rules: RevenueRules
) -> tuple[Bonus, ...]:
    out = []
    for cb in rules.company_bonuses:
        b = cb.award(graph, company, runs)
        if b is not None and b.amount:
            out.append(b)
    return tuple(out)


def revenue_of(
    graph: RouteGraph,
    company: str,
    trains: Sequence[Train],
    routes: Sequence[Route],
    rules: RevenueRules = PLAIN,
) -> Revenue:
    """Check a set of routes for a company's trains and say what they earn.

    Raises :class:`IllegalAction` if any route breaks a rule, a train runs twice, or two
    trains share track (18RoyalGorge Rule 3; 18USA §12.4; 18US §6.5; 18West §7.5).
    """
    by_id = {t.id: t for t in trains}
    used = 0
    seen: set[str] = set()
    runs: list[Run] = []
    for route in routes:
        train = by_id.get(route.train)
        if train is None:
            raise IllegalAction(f"{company} has no train {route.train}", rule="route.unknown_train")
        if isinstance(train.kind, FreightKind):
            raise IllegalAction(
                f"{train.kind.name}-trains run no route; they score {company}'s stations",
                rule="route.freight",
            )
        if train.id in seen:
            raise IllegalAction(f"train {train.id} may run only once", rule="route.train_twice")
        seen.add(train.id)
        walk = trace(graph, company, route, train.kind)
        if walk.units & used:
            raise IllegalAction(
                f"{route}: shares track with another {company} train", rule="route.shared_track"
            )
        used |= walk.units
        runs.append(run_walk(graph, company, train, walk, rules))
    for cc in rules.combination_checks:
        cc.check(graph, company, runs)
    bonuses = company_bonuses(graph, company, runs, rules)
    freight = freight_revenue(graph, company, trains, rules)
    total = sum(r.revenue for r in runs) + sum(b.amount for b in bonuses) + freight
    return Revenue(runs=tuple(runs), bonuses=bonuses, freight=freight, total=total)


# --- generic bonuses and checks the titles compose ------------------------------------------


@dataclass(frozen=True, kw_only=True)
class EndpointDoubling:
    """Coast-to-coast: a route with one end tagged ``west`` and the other ``east`` scores its
    best scored city or off-board once more (18US §6.5.2; 18West §7.5)."""

    west: str = "W"
    east: str = "E"
    families: frozenset[str] | None = None
    """Train families that earn it (18US: only Express); None: every train."""
    label: str = "coast-to-coast"

    def apply(
        self, graph: RouteGraph, company: str, facts: RouteFacts, scores: Sequence[StopScore]
    ) -> Bonus | None:
        if self.families is not None:
            kind = facts.train.kind
            if not isinstance(kind, TrainKind) or kind.family not in self.families:
                return None
        first, last = facts.stops[0].tags, facts.stops[-1].tags
        if not (
            (self.west in first and self.east in last) or (self.east in first and self.west in last)
        ):
            return None
        best = max(
            (
                sc.value
                for sc, s in zip(scores, facts.stops, strict=True)
                if sc.scored and s.kind in MAJOR_KINDS
            ),
            default=0,
        )
        return Bonus(self.label, best)


@dataclass(frozen=True, kw_only=True)
class HexMarkerBonus:
    """+``amount`` once per route for each hex tagged ``tag`` it runs through.

    18USA §13.1–13.3 resource tokens (and "a train may only pass through a tile with a coal
    token once": ``single_pass``); 18RoyalGorge ghost towns.  ``amount`` may differ by phase.
    """

    tag: str
    amount: int
    phase_amount: dict[str, int] = field(default_factory=dict)
    single_pass: bool = False
    label: str = ""

    def __hash__(self) -> int:
        """Revenue rules key cached runs; the phase table is hashed by its items."""
        phases = tuple(sorted(self.phase_amount.items()))
        return hash((self.tag, self.amount, phases, self.single_pass, self.label))

    def apply(
        self, graph: RouteGraph, company: str, facts: RouteFacts, scores: Sequence[StopScore]
    ) -> Bonus | None:
        amount = self.phase_amount.get(graph.phase or "", self.amount)
        hits = 0
        for h in facts.hexes:
            if self.tag in graph.hex_tags.get(h, ()):
                if self.single_pass and facts.hex_entries.get(h, 0) > 1:
                    raise IllegalAction(
                        f"a train may pass through the {self.tag} in {h} only once",
                        rule="route.single_pass",
                    )
                hits += 1
        return Bonus(self.label or self.tag, amount * hits) if hits else None


@dataclass(frozen=True, kw_only=True)
class AnyRouteBonus:
    """+``amount`` once per company if any of its routes runs through a hex tagged ``tag``
    (18RoyalGorge "Shipping Gold": one gold cube per company per operating turn)."""

    tag: str
    amount: int
    label: str = ""

    def award(self, graph: RouteGraph, company: str, runs: Sequence[Run]) -> Bonus | None:
        for run in runs:
            if any(self.tag in graph.hex_tags.get(h, ()) for h in run.hexes) or any(
                self.tag in s.tags for s in run.stop_objs
            ):
                return Bonus(self.label or self.tag, self.amount)
        return None

    def bound(self, graph: RouteGraph, company: str, trains: Sequence[Train]) -> int:
        return self.amount


@dataclass(frozen=True, kw_only=True)
class OneRouteStopBonus:
    """+``amount`` for each stop of ``kinds`` on the one route that profits most (18USA §12.7
    Pullman car: +$20 per city, small city and red area of a single train's run)."""

    amount: int
    kinds: frozenset[StopKind] = frozenset({StopKind.CITY, StopKind.TOWN, StopKind.OFFBOARD})
    exclude_tags: frozenset[str] = frozenset()
    label: str = "pullman"

    def _count(self, run: Run) -> int:
        return sum(
            1 for s in run.stop_objs if s.kind in self.kinds and not (s.tags & self.exclude_tags)
        )

    def award(self, graph: RouteGraph, company: str, runs: Sequence[Run]) -> Bonus | None:
        best = max((self._count(r) for r in runs), default=0)
        return Bonus(self.label, best * self.amount) if best else None

    def bound(self, graph: RouteGraph, company: str, trains: Sequence[Train]) -> int:
        matching = sum(1 for s in graph.stops if s.kind in self.kinds)
        best = 0
        for t in trains:
            if isinstance(t.kind, TrainKind):
                cap = sum(c if c is not None else matching for _, c in t.kind.limits)
                best = max(best, min(cap, matching))
        return best * self.amount


@dataclass(frozen=True, kw_only=True)
class EndpointLimit:
    """At most ``limit`` of a company's routes may start or end at stops tagged ``tag``
    (18USA §12.4.1: Mexico)."""

    tag: str
    limit: int

    def check(self, graph: RouteGraph, company: str, runs: Sequence[Run]) -> None:
        n = sum(
            1 for r in runs if self.tag in r.stop_objs[0].tags or self.tag in r.stop_objs[-1].tags
        )
        if n > self.limit:
            raise IllegalAction(
                f"at most {self.limit} routes may start or end at {self.tag}",
                rule="route.endpoint_limit",
            )


@dataclass(frozen=True, kw_only=True)
class EndOnly:
    """Stops tagged ``tag`` may only be at a route's ends (18USA §12.4.1: Montreal, Mexico,
    Port of New Orleans).  Adapters may instead mark such stops ``terminal``."""

    tag: str

    def check(self, graph: RouteGraph, company: str, facts: RouteFacts) -> None:
        for s in facts.stops[1:-1]:
            if self.tag in s.tags:
                raise IllegalAction(
                    f"{s.id} must be at the beginning or end of a route", rule="route.blocked"
                )
