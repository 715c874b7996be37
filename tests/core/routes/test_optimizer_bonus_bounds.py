"""Route bonuses with optimiser bounds: still exact (equal to brute force), and pruning.

18RoyalGorge private Y1 St. Cloud Hotel ("Yellow/Green/Brown Privates Reference"): +$20 to
each route of the owning railroad that stops at the hotel.  Its bound
(:class:`~roundhouse.core.routes.growth.StopRouteBonus`) lets the search cut branches that
can no longer reach the hotel instead of searching every route.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roundhouse.core.routes import (
    Bonus,
    RevenueRules,
    RouteFacts,
    StopScore,
    Train,
    best_run,
    n_train,
    plus_train,
    revenue_of,
)
from roundhouse.core.routes.brute import brute_best
from roundhouse.core.routes.graph import RouteGraph
from roundhouse.core.routes.growth import Grower, StopRouteBonus
from roundhouse.titles.g18royalgorge.privates import HotelBonus
from tests.core.routes.board import Net
from tests.core.routes.test_optimizer import grid, small_boards


@dataclasses.dataclass(frozen=True)
class UnboundedHotel:
    """The same bonus without a bound: the optimiser must search it exhaustively."""

    inner: HotelBonus

    def apply(
        self, graph: RouteGraph, company: str, facts: RouteFacts, scores: Sequence[StopScore]
    ) -> Bonus | None:
        return self.inner.apply(graph, company, facts, scores)


def hotel_in(net: Net, sid: str, hex_: str) -> None:
    """Rename stop ``sid`` so its id reads as a city in ``hex_`` (the title's "HEX-n" ids)."""
    stop = net.stops.pop(sid)
    new = f"{hex_}-0"
    net.stops[new] = dataclasses.replace(stop, id=new)
    for i, seg in enumerate(net.segments):
        a = new if seg.a == sid else seg.a
        b = new if seg.b == sid else seg.b
        net.segments[i] = dataclasses.replace(seg, a=a, b=b)


def test_18royalgorge_st_cloud_hotel_has_a_stop_bound() -> None:
    """The hotel bonus tells the optimiser what it can add and where."""
    n = Net().city("G17-0", 30, hex="G17", tokens=["X"]).city("B", 20)
    n.track("G17-0", "B")
    g = n.graph()
    hotel = HotelBonus(hex="G17")
    assert isinstance(hotel, StopRouteBonus)
    assert hotel.stop_bound(g, "X", Train("2-0", n_train(2))) == (20, frozenset({"G17-0"}))
    rules = RevenueRules(route_bonuses=(hotel,))
    assert best_run(g, "X", [Train("2-0", n_train(2))], rules).total == 30 + 20 + 20


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_boards(), st.integers(0, 5))
def test_18royalgorge_st_cloud_hotel_bound_equals_brute_force(
    board: tuple[Net, list[Train]], at: int
) -> None:
    """With the hotel on a random stop, the bounded search equals the exhaustive solver."""
    net, trains = board
    names = list(net.stops)
    hotel_in(net, names[at % len(names)], "H9")
    g = net.graph()
    rules = RevenueRules(route_bonuses=(HotelBonus(hex="H9"),))
    best = best_run(g, "X", trains, rules)
    assert best.proven_optimal and best.note is None
    assert best.total == brute_best(g, "X", trains, rules).total
    assert revenue_of(g, "X", trains, list(best.routes), rules).total == best.total


def test_18royalgorge_st_cloud_hotel_bound_prunes_on_a_grid() -> None:
    """On a 5x5 grid the bounded hotel finds the same best run as the unbounded one (one
    route through the hotel: $200 plain, $220 with it) while searching far fewer partial
    routes."""
    net = grid(5, 5)
    hotel_in(net, "c2_1", "G17")
    g = net.graph()
    trains = [Train("3+-0", plus_train(3)), Train("4-0", n_train(4))]
    bounded = RevenueRules(route_bonuses=(HotelBonus(hex="G17"),))
    unbounded = RevenueRules(route_bonuses=(UnboundedHotel(HotelBonus(hex="G17")),))
    fast = best_run(g, "X", trains, bounded)
    slow = best_run(g, "X", trains, unbounded)
    assert fast.proven_optimal and slow.proven_optimal
    assert fast.total == slow.total == 220
    assert best_run(g, "X", trains).total == 200
    assert any(b.label == "St. Cloud Hotel" for r in fast.revenue.runs for b in r.bonuses)
    assert fast.nodes * 2 < slow.nodes
    grower = Grower(g, "X", bounded, None, lambda: 0.0, dominance=True)
    assert grower.plan(trains[0]).bounded
