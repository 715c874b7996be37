"""Each train kind of the four titles, on hand-built networks."""

from __future__ import annotations

import itertools

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes import (
    EndpointDoubling,
    RevenueRules,
    Train,
    best_run,
    doubling_train,
    express_train,
    freight_revenue,
    freight_train,
    hex_train,
    n_plus_m_train,
    n_train,
    plus_train,
    revenue_of,
    route_from_segments,
    streamliner,
)
from tests.core.routes.board import Net


def line_net() -> Net:
    """A(X) - t1 - t2 - B - C - t3 - D - E, every stop in its own hex."""
    n = Net().city("A", 20, tokens=["X"]).town("t1", 10).town("t2", 10).city("B", 30)
    n.city("C", 40).town("t3", 10).city("D", 50).city("E", 60)
    order = ["A", "t1", "t2", "B", "C", "t3", "D", "E"]
    for a, b in itertools.pairwise(order):
        n.track(a, b)
    return n


def test_18royalgorge_plus_trains_take_every_town() -> None:
    """18RoyalGorge Fig. 3: a "+" train uses 2–5 cities or off-boards plus as many towns as
    the route reaches: a 2+ runs A-t1-t2-B for 20+10+10+30."""
    g = line_net().graph()
    best = best_run(g, "X", [Train("2+-0", plus_train(2))])
    assert best.total == 70
    assert best.routes[0].stops == ("A", "t1", "t2", "B")


def test_18royalgorge_6x2_counts_six_of_anything_and_doubles() -> None:
    """18RoyalGorge Fig. 3: a 6x2 hits six revenue centers of any kind, then doubles."""
    g = line_net().graph()
    best = best_run(g, "X", [Train("6x2-0", doubling_train(6))])
    assert best.total == 2 * (20 + 10 + 10 + 30 + 40 + 10)
    assert len(best.routes[0].stops) == 6


def test_18usa_12_4_n_train_counts_towns() -> None:
    """18USA §12.4: a 4-train counts small cities too: A-t1-t2-B only."""
    g = line_net().graph()
    assert best_run(g, "X", [Train("4-0", n_train(4))]).total == 70


def test_n_plus_m_train_counts_m_towns_free() -> None:
    """An "n+m" train: n stops of any kind plus up to m more towns."""
    g = line_net().graph()
    assert best_run(g, "X", [Train("2+1-0", n_plus_m_train(2, 1))]).total == 20 + 10 + 10
    assert best_run(g, "X", [Train("2+2-0", n_plus_m_train(2, 2))]).total == 20 + 10 + 10 + 30


def test_18us_6_5_classic_scores_junction_towns_free() -> None:
    """18US §6.5: a Classic 3 scores all Cities and Junction Towns; towns do not count."""
    g = line_net().graph()
    assert best_run(g, "X", [Train("3-0", plus_train(3))]).total == 20 + 10 + 10 + 30 + 40 + 10


def test_18us_6_5_express_ignores_junction_towns() -> None:
    """18US §6.5: an Express train scores all Cities but not Junction Towns."""
    g = line_net().graph()
    best = best_run(g, "X", [Train("3E-0", express_train(3))])
    assert best.total == 20 + 30 + 40
    scored = {s.stop: s.scored for s in best.revenue.runs[0].stops}
    assert scored == {"A": True, "t1": False, "t2": False, "B": True, "C": True}


def coast_net(token_at: str = "SF") -> Net:
    """SF(W) - A - B - t - C - NY(E, off-board), as on 18US / 18West coast routes."""
    n = Net()
    n.city("SF", 40, tags=frozenset({"W"}), tokens=["X"] if token_at == "SF" else [])
    n.city("A", 20, tokens=["X"] if token_at == "A" else [])
    n.city("B", 30).town("t", 10).city("C", 50)
    n.offboard("NY", 80, tags=frozenset({"E"}))
    order = ["SF", "A", "B", "t", "C", "NY"]
    for a, b in itertools.pairwise(order):
        n.track(a, b, via=["h" + a])
    return n


def test_18us_6_5_2_express_coast_to_coast_doubles_one_city() -> None:
    """18US §6.5.2: only Express trains score coast-to-coast; one city counts double, and a
    city already doubled by the company's x2 token is quadrupled."""
    n = coast_net()
    n.stops["NY"] = n.stops["NY"].__class__(
        **{**_fields(n.stops["NY"]), "doubled_for": frozenset({"X"})}
    )
    g = n.graph()
    rules = RevenueRules(route_bonuses=(EndpointDoubling(families=frozenset({"express"})),))
    five_e = Train("5E-0", express_train(5))
    best = best_run(g, "X", [five_e], rules)
    assert best.total == 40 + 20 + 30 + 50 + 160 + 160
    assert best.revenue.runs[0].bonuses[0].label == "coast-to-coast"
    classic = Train("6-0", plus_train(6))
    assert best_run(g, "X", [classic], rules).total == 40 + 20 + 30 + 10 + 50 + 160


def _fields(stop: object) -> dict[str, object]:
    return {f: getattr(stop, f) for f in stop.__slots__}  # type: ignore[attr-defined]


def test_18west_7_5_streamliner_best_four_doubled_with_coast_to_coast() -> None:
    """18West §7.5: a 4D scores its best four Cities/Off-Map Areas (no towns), coast-to-coast
    doubles one, then the total doubles: (80+50+40+30 + 80) x 2."""
    g = coast_net().graph()
    rules = RevenueRules(route_bonuses=(EndpointDoubling(),))
    best = best_run(g, "X", [Train("4D-0", streamliner())], rules)
    assert best.total == (80 + 50 + 40 + 30 + 80) * 2


def test_18west_7_5_streamliner_must_score_a_tokened_city() -> None:
    """18West §7.5: one of the four scored must hold a company token: A (20) replaces B (30)."""
    g = coast_net(token_at="A").graph()
    rules = RevenueRules(route_bonuses=(EndpointDoubling(),))
    best = best_run(g, "X", [Train("4D-0", streamliner())], rules)
    assert best.total == (80 + 50 + 40 + 20 + 80) * 2


def test_18us_6_8_1_h_trains_count_hexes() -> None:
    """18US §6.8.1: a 1H runs its base hex and one more; a 2H two more, either side."""
    n = Net().city("A", 30, tokens=["X"]).city("B", 40).city("C", 50).city("D", 60)
    n.track("A", "B")  # two hexes
    n.track("A", "C", via=["h1"])  # three hexes
    n.track("B", "D")
    g = n.graph()
    assert best_run(g, "X", [Train("1H-0", hex_train(1))]).total == 70
    two = best_run(g, "X", [Train("2H-0", hex_train(2))])
    assert two.total == 30 + 40 + 60  # A-B-D: three hexes; C-A-B would be four
    with pytest.raises(IllegalAction) as err:
        revenue_of(
            g,
            "X",
            [Train("1H-0", hex_train(1))],
            [route_from_segments(g, "1H-0", [s.id for s in n.segments[2:5]])],
        )
    assert err.value.rule == "route.hex_limit"


def test_18us_6_5_1_freight_capacity_and_bonus() -> None:
    """18US §6.5.1: two 2G-trains give capacity 4: the four best tokened stops (x2 counted),
    plus the per-token bonus times min(capacity, tokens on the map) = 30 x 4."""
    n = Net()
    for i, v in enumerate((10, 20, 30, 40, 50)):
        n.city(f"S{i}", v, tokens=["X"])
    n.stops["S0"] = n.stops["S0"].__class__(
        **{**_fields(n.stops["S0"]), "doubled_for": frozenset({"X"})}
    )
    g = n.graph()
    trains = [Train("2G-0", freight_train(2)), Train("2G-1", freight_train(2))]
    rules = RevenueRules(freight_bonus_per_token=30)
    assert freight_revenue(g, "X", trains, rules) == 50 + 40 + 30 + 20 + 120
    assert best_run(g, "X", trains, rules).total == 260
    with pytest.raises(IllegalAction) as err:
        revenue_of(g, "X", trains, [route_from_segments(g, "2G-0", [])])
    assert err.value.rule in {"route.connected", "route.freight"}
