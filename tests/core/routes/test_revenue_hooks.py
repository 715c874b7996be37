"""Revenue hooks: phase values, bonus and x2 tokens, resources, gold, Pullman, Mexico."""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes import (
    AnyRouteBonus,
    EndpointLimit,
    HexMarkerBonus,
    OneRouteStopBonus,
    RevenueRules,
    RouteFacts,
    StopKind,
    Train,
    best_run,
    express_train,
    n_train,
    revenue_of,
    route_from_segments,
)
from roundhouse.core.routes.graph import RouteGraph
from tests.core.routes.board import Net


def test_18royalgorge_offboards_change_value_with_the_phase() -> None:
    """18RoyalGorge "Off-Boards": Kit Carson pays 20, and 40 once the green phase begins."""
    n = Net().city("A", 20, tokens=["X"])
    n.offboard("KC", 20, phase_revenue={"yellow": 20, "green": 40})
    n.track("A", "KC")
    two = [Train("2-0", n_train(2))]
    assert best_run(n.graph("yellow"), "X", two).total == 40
    assert best_run(n.graph("green"), "X", two).total == 60


def test_18us_6_4_x2_token_doubles_city_with_its_bonus_tokens() -> None:
    """18US §6.5: a City scores printed value plus Bonus Tokens, doubled by the company's x2
    token; other companies get the plain value with bonuses."""
    n = Net().city("A", 20, tokens=["X", "Y"], slots=2)
    n.city("G", 30, bonus=10, doubled_for=frozenset({"X"}), slots=0)
    n.track("A", "G")
    g = n.graph()
    two = [Train("2-0", n_train(2))]
    assert best_run(g, "X", two).total == 20 + 80
    assert best_run(g, "Y", two).total == 20 + 40


def test_18usa_13_resource_token_adds_once_per_route() -> None:
    """18USA §13.2: an oil token adds $10 to the run of any train passing through it ($20
    from phase 5); two trains through different track each collect it."""
    n = Net().city("A", 20, tokens=["X"]).city("B", 30)
    n.track("A", "B", via=["oil"])
    n.track("A", "B", via=["oil"])
    n.hex_tags["oil"] = frozenset({"oil"})
    rules = RevenueRules(
        route_bonuses=(HexMarkerBonus(tag="oil", amount=10, phase_amount={"5": 20}),)
    )
    two = [Train("2-0", n_train(2)), Train("2-1", n_train(2))]
    assert best_run(n.graph("2"), "X", two, rules).total == 2 * (50 + 10)
    assert best_run(n.graph("5"), "X", two, rules).total == 2 * (50 + 20)


def test_18usa_13_1_coal_tile_passed_only_once() -> None:
    """18USA §13.1: a train may only pass through a tile with a coal token once."""
    n = Net().city("A", 20, tokens=["X"]).city("B", 30).city("C", 40)
    ab = n.track("A", "B", via=["coal"])
    bc = n.track("B", "C", via=["coal"])
    n.hex_tags["coal"] = frozenset({"coal"})
    rules = RevenueRules(route_bonuses=(HexMarkerBonus(tag="coal", amount=10, single_pass=True),))
    g = n.graph()
    three = [Train("3-0", n_train(3))]
    with pytest.raises(IllegalAction) as err:
        revenue_of(g, "X", three, [route_from_segments(g, "3-0", ab + bc)], rules)
    assert err.value.rule == "route.single_pass"
    assert best_run(g, "X", three, rules).total == 20 + 30 + 10


def test_18royalgorge_shipping_gold_once_per_company() -> None:
    """18RoyalGorge "Shipping Gold": one gold cube per company per turn adds $50, however many
    trains pass gold."""
    n = Net().city("A", 20, tokens=["X"]).city("B", 30).city("C", 10)
    n.track("A", "B", via=["mine"])
    n.track("A", "C", via=["mine2"])
    n.hex_tags.update(mine=frozenset({"gold"}), mine2=frozenset({"gold"}))
    rules = RevenueRules(company_bonuses=(AnyRouteBonus(tag="gold", amount=50),))
    two = [Train("2-0", n_train(2)), Train("2-1", n_train(2))]
    best = best_run(n.graph(), "X", two, rules)
    assert best.total == 50 + 30 + 50
    assert [b.amount for b in best.revenue.bonuses] == [50]


def test_18usa_12_7_pullman_on_the_best_train() -> None:
    """18USA §12.7: the Pullman adds $20 per city, small city and red area of one train's run
    (not rural junctions)."""
    n = (
        Net()
        .city("A", 20, tokens=["X"])
        .city("B", 30)
        .town("s", 10)
        .town("rj", 10, tags=frozenset({"rural"}))
    )
    n.city("C", 20)
    n.track("A", "B")
    n.track("A", "s", via=["h1"])
    n.track("s", "rj")
    n.track("rj", "C")
    pullman = OneRouteStopBonus(amount=20, exclude_tags=frozenset({"rural"}))
    rules = RevenueRules(company_bonuses=(pullman,))
    trains = [Train("2-0", n_train(2)), Train("4-0", n_train(4))]
    best = best_run(n.graph(), "X", trains, rules)
    # 4: A-s-rj-C = 60 (+3 x 20 Pullman), 2: A-B = 50
    assert best.total == 60 + 50 + 60


def test_18usa_12_4_1_at_most_two_routes_end_in_mexico() -> None:
    """18USA §12.4.1: a company cannot have more than two routes starting or ending in Mexico:
    the optimiser runs the third train elsewhere, and three such routes are refused."""
    n = Net().offboard("MEX", 60, tags=frozenset({"mexico"}))
    legs = []
    for c in ("A", "B", "C"):
        n.city(c, 30, tokens=["X"])
        legs.append(n.track(c, "MEX", via=[f"h{c}"]))
    n.city("D", 10)
    n.track("A", "D")
    rules = RevenueRules(combination_checks=(EndpointLimit(tag="mexico", limit=2),))
    trains = [Train(f"2-{i}", n_train(2)) for i in range(3)]
    best = best_run(n.graph(), "X", trains, rules)
    assert best.total == 90 + 90 + 40
    assert best_run(n.graph(), "X", trains).total == 3 * 90
    g = n.graph()
    routes = [route_from_segments(g, f"2-{i}", legs[i]) for i in range(3)]
    assert revenue_of(g, "X", trains, routes[:2], rules).total == 180
    with pytest.raises(IllegalAction) as err:
        revenue_of(g, "X", trains, routes, rules)
    assert err.value.rule == "route.endpoint_limit"


@dataclasses.dataclass(frozen=True)
class ExpressNeedsCityStation:
    """18US §6.2.2: an E-train may not use a Junction Town station as its only station."""

    def check(self, graph: RouteGraph, company: str, facts: RouteFacts) -> None:
        kind = facts.train.kind
        if getattr(kind, "family", None) != "express":
            return
        if not any(s.has_token(company) and s.kind is not StopKind.TOWN for s in facts.stops):
            raise IllegalAction("an Express train needs a city station", rule="route.no_token")


def test_18us_6_2_2_title_route_check_hook() -> None:
    """A title's route check (18US §6.2.2) removes routes from the optimiser's choice."""
    n = Net().town("J", 10, extra_tokens=("X",)).city("B", 30).city("C", 40)
    n.track("J", "B")
    n.track("B", "C")
    g = n.graph()
    rules = RevenueRules(route_checks=(ExpressNeedsCityStation(),))
    e = [Train("3E-0", express_train(3))]
    assert best_run(g, "X", e).total == 70
    assert best_run(g, "X", e, rules).total == 0


def test_18us_6_5_x2_token_lets_the_company_run_through_a_full_city() -> None:
    """18US §6.5: "A train may always run to a City even if completely filled with other
    companies' station tokens. If the City has the company's ... doubling ("x2") token in it,
    the train may also run through it"; §6.4.1: the x2 token takes no City circle and acts as
    a station.  A(X) - G (full of Y and Z, X's x2 token) - B: X runs A-G-B with G doubled;
    Z, with a station in G, runs through at face value; a company with no station there
    could only end in G.  The x2 token alone is enough of a station to run from."""
    n = Net().city("A", 20, tokens=["X"]).city("B", 50)
    n.city("G", 40, slots=2, tokens=["Y", "Z"], extra_tokens=("X",), doubled_for=frozenset({"X"}))
    n.track("A", "G")
    n.track("G", "B")
    g = n.graph()
    assert not g.stop("G").blocks("X") and g.stop("G").blocks("W")
    three = [Train("3-0", n_train(3))]
    assert best_run(g, "X", three).total == 20 + 80 + 50
    through = route_from_segments(g, "3-0", [s.id for s in n.segments])
    assert [s.value for s in revenue_of(g, "X", three, [through]).runs[0].stops] == [20, 80, 50]
    assert best_run(g, "Z", three).total == 20 + 40 + 50
    only_x2 = Net().city("G", 40, slots=1, tokens=["Y"], extra_tokens=("X",))
    only_x2.city("B", 50)
    only_x2.track("G", "B")
    assert best_run(only_x2.graph(), "X", three).total == 90
