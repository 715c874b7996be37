"""The optimiser on "+" trains (18RoyalGorge "+" trains: towns do not count against the
train number; 18US §6.5 Classic; 18West §7.5) and on several trains at once, identical or
not: squeezed route lists, provisional lists and better first runs stay exact — equal to the
brute-force solver on small boards and to the old list-every-route optimiser on meshes."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.routes_baseline import baseline_best_run
from bench.routes_bench import CASES, mesh
from roundhouse.core.routes import Train, TrainKind, best_run, n_train, plus_train, revenue_of
from roundhouse.core.routes import optimizer as optimizer_module
from roundhouse.core.routes.brute import brute_best
from roundhouse.core.routes.graph import NodeKey
from tests.core.routes.board import Net

PLUS_KINDS = [plus_train(1), plus_train(2), plus_train(3), n_train(2)]


@st.composite
def town_boards(draw: st.DrawFn) -> tuple[Net, list[Train]]:
    """Small networks rich in towns and branch points, two or three trains."""
    n = Net()
    names = [f"S{i}" for i in range(draw(st.integers(4, 6)))]
    for i, name in enumerate(names):
        value = draw(st.sampled_from([10, 20, 30, 40]))
        if i == 0:
            n.city(name, value, slots=2, tokens=["X"])
        elif draw(st.booleans()):
            n.town(name, value)
        else:
            slots = draw(st.integers(1, 2))
            tokens = draw(st.lists(st.sampled_from(["X", "Y"]), max_size=slots, unique=True))
            n.city(name, value, slots=slots, tokens=tokens)
    points: list[NodeKey] = [*names, ("p", 1), ("p", 2), "j1"]
    for _ in range(draw(st.integers(4, 9))):
        a = draw(st.sampled_from(points))
        b = draw(st.sampled_from([p for p in points if p != a]))
        n.seg(draw(st.sampled_from([*names, "h1", "h2"])), a, b)
    kinds = draw(st.lists(st.sampled_from(PLUS_KINDS), min_size=2, max_size=3))
    return n, [Train(f"t{i}", k) for i, k in enumerate(kinds)]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(town_boards(), st.booleans())
def test_18royalgorge_plus_trains_jointly_equal_brute_force(
    board: tuple[Net, list[Train]], eager: bool
) -> None:
    """Two or three trains, "+" and plain, some identical: the optimiser's total equals the
    exhaustive solver's and its routes pass the validator.  ``eager`` tries for a better
    first run on every provisional list, however short."""
    net, trains = board
    g = net.graph()
    saved = optimizer_module.IMPROVE_WHEN
    optimizer_module.IMPROVE_WHEN = 1 if eager else saved
    try:
        best = best_run(g, "X", trains)
    finally:
        optimizer_module.IMPROVE_WHEN = saved
    assert best.proven_optimal and best.note is None
    assert best.total == brute_best(g, "X", trains).total
    assert revenue_of(g, "X", trains, list(best.routes)).total == best.total


@pytest.mark.parametrize(
    ("seed", "kinds"),
    [
        (3, (plus_train(3), plus_train(4))),
        (3, (plus_train(4), plus_train(4))),
        (7, (plus_train(3), plus_train(4))),
        (7, (plus_train(2), plus_train(3), n_train(3))),
    ],
)
def test_18royalgorge_plus_trains_on_5x5_mesh_match_the_listing_optimiser(
    seed: int, kinds: tuple[TrainKind, ...]
) -> None:
    """On 5x5 meshes (a town in three points) the squeezed search finds the same total as
    the old optimiser that lists every route of every train."""
    g = mesh(5, 5, seed)
    trains = [Train(f"t{i}", k) for i, k in enumerate(kinds)]
    reference = baseline_best_run(g, "X", trains, time_budget=60)
    best = best_run(g, "X", trains)
    assert reference.proven_optimal and best.proven_optimal
    assert best.total == reference.total
    assert revenue_of(g, "X", trains, list(best.routes)).total == best.total


@pytest.mark.slow
def test_18royalgorge_plus_trains_6x6_mesh_worst_case_totals() -> None:
    """The slowest bench case (6x6 mesh, seed 3): 3+ and 4+ earn $820 together (the old
    optimiser's proven answer), two 4+ trains $900."""
    g = mesh(6, 6, 3)
    pair = best_run(g, "X", [Train("3+-0", plus_train(3)), Train("4+-0", plus_train(4))])
    twins = best_run(g, "X", [Train("4+-0", plus_train(4)), Train("4+-1", plus_train(4))])
    assert pair.proven_optimal and pair.total == 820
    assert twins.proven_optimal and twins.total == 900


DENSE_PLUS_TOTALS = {
    "mesh6x6 3+ 4+": 560,
    "mesh6x6s3 3+ 4+": 820,
    "mesh6x6s11 3+ 4+": 640,
    "mesh6x6 2x4+": 620,
    "mesh6x6s3 2x4+": 900,
    "mesh7x7s3 3+ 4+": 800,
    "mesh6x6 4D+6+": 920,
}
"""Proven totals of the bench's dense-mesh "+" cases (bench/routes_bench.py CASES), as the
optimiser found them before its speed work of issue 16; the 6x6 s3 ones are also the old
list-every-route optimiser's proven answers."""


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(DENSE_PLUS_TOTALS))
def test_dense_mesh_plus_train_totals_stay_exact(case: str) -> None:
    """Speed-ups of the squeezed lists and bounds keep the answer exact: each dense "+" case
    of the bench earns its pinned total, proven, with routes the validator accepts."""
    (width, height, seed), trains = CASES[case]
    g = mesh(width, height, seed)
    best = best_run(g, "X", trains)
    assert best.proven_optimal
    assert best.total == DENSE_PLUS_TOTALS[case]
    assert revenue_of(g, "X", trains, list(best.routes)).total == best.total
