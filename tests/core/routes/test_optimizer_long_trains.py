"""The optimiser on long trains: Streamliners (18West §7.5: any length, best four scored,
doubled), Express trains (18US §6.5: towns passed, not counted or scored), H-trains (18US
§6.8.1: counted in hexes) and "+" trains (18West §7.5: towns do not count), exact against
brute force on small boards and against slower references on 5×5 and 6×6 meshes."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.routes_bench import mesh
from roundhouse.core.routes import (
    MAJOR_KINDS,
    AnyRouteBonus,
    EndpointDoubling,
    RevenueRules,
    RouteGraph,
    Train,
    best_run,
    express_train,
    hex_train,
    n_train,
    plus_train,
    revenue_of,
    streamliner,
)
from roundhouse.core.routes.brute import brute_best
from tests.core.routes.board import Net
from tests.core.routes.test_optimizer import small_boards

LONG_KINDS = [
    streamliner(),
    streamliner(2),
    express_train(2),
    express_train(3),
    hex_train(1),
    hex_train(2),
    plus_train(2),
]


@st.composite
def long_train_boards(draw: st.DrawFn) -> tuple[Net, list[Train], RevenueRules]:
    net, _ = draw(small_boards())
    names = list(net.stops)
    west, east = draw(st.sampled_from(names)), draw(st.sampled_from(names))
    for name, tag in ((west, "W"), (east, "E")):
        stop = net.stops[name]
        net.stops[name] = dataclasses.replace(stop, tags=stop.tags | {tag})
    kinds = draw(st.lists(st.sampled_from(LONG_KINDS), min_size=1, max_size=2))
    others = draw(st.lists(st.sampled_from([n_train(2), n_train(3)]), max_size=1))
    trains = [Train(f"t{i}", k) for i, k in enumerate([*kinds, *others])]
    rules = draw(
        st.sampled_from(
            [
                RevenueRules(),
                RevenueRules(route_bonuses=(EndpointDoubling(),)),
                RevenueRules(company_bonuses=(AnyRouteBonus(tag="gold", amount=50),)),
            ]
        )
    )
    return net, trains, rules


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(long_train_boards())
def test_optimiser_equals_brute_force_on_long_trains(
    board: tuple[Net, list[Train], RevenueRules],
) -> None:
    """18West §7.5, 18US §6.5 and §6.8.1: with Streamliners, Express, H- and "+" trains
    (alone, together, with a short train; plain, coast-to-coast or gold rules) the bound-driven
    optimiser finds exactly the exhaustive solver's total, proven, with legal routes."""
    net, trains, rules = board
    g = net.graph()
    best = best_run(g, "X", trains, rules)
    assert best.proven_optimal and best.note is None
    assert best.total == brute_best(g, "X", trains, rules).total
    assert revenue_of(g, "X", trains, list(best.routes), rules).total == best.total


def streamliner_ceiling(graph: RouteGraph, company: str) -> int:
    """18West §7.5: no Streamliner route beats twice its best station city plus the three best
    other cities or off-boards the company can reach at all."""
    reach = graph.reachable(company)
    majors = [
        (s.revenue, s.has_token(company))
        for i, s in enumerate(graph.stops)
        if reach[i] and s.kind in MAJOR_KINDS
    ]
    station = max(v for v, t in majors if t)
    others = sorted((v for v, t in majors), reverse=True)
    others.remove(station)
    return 2 * (station + sum(others[:3]))


def test_18west_7_5_streamliner_on_5x5_mesh_matches_exhaustive_search() -> None:
    """18West §7.5 on the 5×5 benchmark mesh (seed 7).  Expected total: 460, found once by
    the old exhaustive optimiser (bench/routes_baseline.py, every one of the 6,064,322 legal
    routes listed; 495 s, proven optimal)."""
    g = mesh(5, 5, 7)
    trains = [Train("4D-0", streamliner())]
    best = best_run(g, "X", trains)
    assert best.proven_optimal
    assert best.total == 460
    assert revenue_of(g, "X", trains, list(best.routes)).total == 460


def test_18west_7_5_streamliners_on_6x6_mesh_reach_their_ceiling() -> None:
    """18West §7.5 on the 6×6 benchmark mesh: one 4D earns its ceiling (best station + three
    best others, doubled: 440), so it is optimal by arithmetic; two 4Ds earn twice that (each
    train is bounded by the one-train optimum), on disjoint track."""
    g = mesh(6, 6, 7)
    ceiling = streamliner_ceiling(g, "X")
    assert ceiling == 440
    one = best_run(g, "X", [Train("4D-0", streamliner())])
    assert one.proven_optimal and one.total == ceiling
    two = [Train("4D-0", streamliner()), Train("4D-1", streamliner())]
    both = best_run(g, "X", two)
    assert both.proven_optimal and both.total == 2 * ceiling
    assert revenue_of(g, "X", two, list(both.routes)).total == 2 * ceiling


def test_18west_7_5_streamliner_and_6_train_on_6x6_mesh() -> None:
    """18West §7.5: a 4D and a 6-train (towns free) together on the 6×6 mesh.  The 6-train
    alone earns 480 (the old exhaustive optimiser agrees: 12.5 s), the 4D alone 440; the joint
    run reaches the sum, so it is optimal."""
    g = mesh(6, 6, 7)
    six = [Train("6-0", plus_train(6))]
    alone = best_run(g, "X", six)
    assert alone.proven_optimal and alone.total == 480
    trains = [Train("4D-0", streamliner()), *six]
    best = best_run(g, "X", trains)
    assert best.proven_optimal and best.total == 440 + 480
    assert revenue_of(g, "X", trains, list(best.routes)).total == best.total


def test_18us_6_5_express_and_commuter_trains_on_meshes() -> None:
    """18US §6.5 (5E) and §6.8.1 (2H) and 18West "+" trains on the meshes, against totals the
    old exhaustive optimiser found once (bench/routes_baseline.py, all proven): 5×5 5E 280,
    2H 150, 6+ 450; 6×6 5E 270."""
    cases = [
        (5, Train("5E-0", express_train(5)), 280),
        (5, Train("2H-0", hex_train(2)), 150),
        (5, Train("6-0", plus_train(6)), 450),
        (6, Train("5E-0", express_train(5)), 270),
    ]
    for size, train, expected in cases:
        g = mesh(size, size, 7)
        best = best_run(g, "X", [train])
        assert best.proven_optimal, train.kind.name
        assert best.total == expected, train.kind.name


def test_time_budget_on_long_trains_stays_legal() -> None:
    """A tiny budget on the 6×6 mesh with a 4D and a 6-train: legal routes, flagged unproven
    unless the search finished anyway."""
    g = mesh(6, 6, 7)
    trains = [Train("4D-0", streamliner()), Train("6-0", plus_train(6))]
    quick = best_run(g, "X", trains, time_budget=0.01)
    assert quick.note is None
    assert revenue_of(g, "X", trains, list(quick.routes)).total == quick.total
    assert quick.total <= 440 + 480
    assert not quick.proven_optimal or quick.total == 440 + 480
