"""The optimiser: exact (equal to brute force), joint over trains, safe under a time budget."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roundhouse.core.routes import (
    AnyRouteBonus,
    RevenueRules,
    Train,
    best_run,
    doubling_train,
    express_train,
    hex_train,
    n_train,
    plus_train,
    revenue_of,
    streamliner,
)
from roundhouse.core.routes.brute import brute_best
from roundhouse.core.routes.graph import NodeKey
from tests.core.routes.board import Net

KINDS = [
    n_train(2),
    n_train(3),
    plus_train(2),
    express_train(2),
    doubling_train(3),
    hex_train(2),
    streamliner(2),
]


@st.composite
def small_boards(draw: st.DrawFn) -> tuple[Net, list[Train]]:
    n = Net()
    n_stops = draw(st.integers(3, 6))
    names = [f"S{i}" for i in range(n_stops)]
    for name in names:
        kind = draw(st.sampled_from(["city", "city", "town", "off"]))
        value = draw(st.sampled_from([0, 10, 20, 30, 40, 50]))
        if kind == "city":
            slots = draw(st.integers(1, 2))
            tokens = draw(st.lists(st.sampled_from(["X", "Y"]), max_size=slots, unique=True))
            n.city(name, value, slots=slots, tokens=tokens)
        elif kind == "town":
            n.town(name, value)
        else:
            n.offboard(name, value, terminal=draw(st.booleans()))
    if not any(s.has_token("X") for s in n.stops.values()):
        n.stops[names[0]] = n.stops[names[0]].__class__(
            id=names[0], hex=names[0], kind=n.stops[names[0]].kind, revenue=10, extra_tokens=("X",)
        )
    points: list[NodeKey] = [*names, ("p", 1), ("p", 2), ("p", 3), "j1"]
    n_segs = draw(st.integers(3, 9))
    for _ in range(n_segs):
        a = draw(st.sampled_from(points))
        b = draw(st.sampled_from([p for p in points if p != a]))
        hex_ = draw(st.sampled_from([*names, "h1", "h2"]))
        n.seg(hex_, a, b)
    n.hex_tags["h1"] = frozenset({"gold"})
    trains = [
        Train(f"t{i}", k)
        for i, k in enumerate(draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=2)))
    ]
    return n, trains


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_boards(), st.booleans())
def test_optimiser_equals_brute_force(board: tuple[Net, list[Train]], gold: bool) -> None:
    """On random small networks the optimiser's total equals the exhaustive solver's, and what
    it returns passes the validator."""
    net, trains = board
    g = net.graph()
    rules = (
        RevenueRules(company_bonuses=(AnyRouteBonus(tag="gold", amount=50),))
        if gold
        else RevenueRules()
    )
    best = best_run(g, "X", trains, rules)
    assert best.proven_optimal and best.note is None
    assert best.total == brute_best(g, "X", trains, rules).total
    assert revenue_of(g, "X", trains, list(best.routes), rules).total == best.total


def test_18usa_12_4_joint_maximum_not_best_per_train() -> None:
    """18USA §12.4: run for the maximum earnings of all trains together, not the best route
    of each train.  The 3-train's best alone (B-A-C, 200) leaves the 2-train only 10; the joint
    best gives the 3-train D-A-B and the 2-train A-C."""
    n = Net().city("A", 10, tokens=["X"]).city("B", 100).city("C", 90).city("D", 80).city("E", 0)
    n.track("B", "A")
    side = n.crossing()
    n.seg("A", "A", side)
    n.seg("C", side, "C")
    n.track("A", "D")
    n.track("D", "E")
    g = n.graph()
    three, two = Train("3-0", n_train(3)), Train("2-0", n_train(2))
    assert best_run(g, "X", [three]).total == 200
    best = best_run(g, "X", [three, two])
    assert best.total == brute_best(g, "X", [three, two]).total == 190 + 100
    assert best.proven_optimal


def grid(width: int, height: int) -> Net:
    """A crowded grid of cities and towns with the company token in a corner."""
    n = Net()
    for x in range(width):
        for y in range(height):
            name = f"c{x}_{y}"
            if (x + y) % 3 == 0 and x + y > 0:
                n.town(name, 10)
            else:
                n.city(
                    name,
                    10 * (1 + (x * 7 + y * 3) % 6),
                    slots=2,
                    tokens=["X"] if x == y == 0 else [],
                )
    for x in range(width):
        for y in range(height):
            if x + 1 < width:
                n.track(f"c{x}_{y}", f"c{x + 1}_{y}")
            if y + 1 < height:
                n.track(f"c{x}_{y}", f"c{x}_{y + 1}", via=[f"v{x}_{y}"])
    return n


def test_time_budget_returns_legal_unproven_best() -> None:
    """With too little time the optimiser still returns legal routes, flagged as unproven."""
    g = grid(7, 7).graph()
    trains = [Train("8-0", n_train(8)), Train("8-1", n_train(8)), Train("4D-0", streamliner())]
    quick = best_run(g, "X", trains, time_budget=0.01)
    assert not quick.proven_optimal
    assert revenue_of(g, "X", trains, list(quick.routes)).total == quick.total


def test_medium_board_is_proven_quickly() -> None:
    g = grid(5, 5).graph()
    trains = [Train("4-0", n_train(4)), Train("4-1", n_train(4)), Train("3-0", plus_train(3))]
    best = best_run(g, "X", trains, time_budget=20)
    assert best.proven_optimal
    assert best.total > 0
    assert revenue_of(g, "X", trains, list(best.routes)).total == best.total
