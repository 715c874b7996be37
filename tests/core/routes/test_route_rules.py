"""Route rules shared by the four rulebooks, on hand-built networks."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes import (
    Route,
    Train,
    best_run,
    freight_train,
    n_train,
    plus_train,
    revenue_of,
    route_from_segments,
)
from tests.core.routes.board import Net

TWO = Train("2-0", n_train(2))
THREE = Train("3-0", n_train(3))


def line(full_b: bool, own_in_b: bool = False) -> Net:
    """A(X) - B - C, where B has one slot, held by Y (full) or empty."""
    tokens = ["Y"] if full_b else []
    n = Net().city("A", 20, tokens=["X"]).city("C", 40)
    n.city("B", 30, slots=1, tokens=tokens, extra_tokens=("X",) if own_in_b else ())
    n.track("A", "B", via=["h1"])
    n.track("B", "C")
    return n


def route(n: Net, train: Train, *segment_lists: list[tuple[str, int]]) -> Route:
    return route_from_segments(n.graph(), train.id, [s for segs in segment_lists for s in segs])


def test_18usa_12_1_may_end_in_a_full_city_but_not_pass_through() -> None:
    """18USA §12.1 / 18RoyalGorge "Don't forget": a city whose slots all hold other
    companies' tokens may end a route but not be passed through."""
    n = line(full_b=True)
    g = n.graph()
    rev = revenue_of(g, "X", [TWO], [route_from_segments(g, "2-0", [s.id for s in n.segments[:3]])])
    assert rev.total == 50
    through = route_from_segments(g, "3-0", [s.id for s in n.segments])
    with pytest.raises(IllegalAction) as err:
        revenue_of(g, "X", [THREE], [through])
    assert err.value.rule == "route.blocked"
    assert best_run(g, "X", [THREE]).total == 50


def test_18usa_12_1_own_token_lets_the_route_through() -> None:
    """18USA §12.1: a route may pass through a city holding one of the company's tokens;
    18West §7.4.2: a bypass token (no slot) works the same."""
    n = line(full_b=True, own_in_b=True)
    g = n.graph()
    assert best_run(g, "X", [THREE]).total == 90
    assert (
        revenue_of(
            g, "X", [THREE], [route_from_segments(g, "3-0", [s.id for s in n.segments])]
        ).total
        == 90
    )


def test_18royalgorge_running_trains_open_slot_lets_the_route_through() -> None:
    """18RoyalGorge "Don't forget": if any station space is free, a company may run through."""
    g = line(full_b=False).graph()
    assert best_run(g, "X", [THREE]).total == 90


def test_18usa_12_1_route_needs_a_company_token() -> None:
    """18USA §12.1: a route includes at least one of the corporation's station tokens."""
    n = line(full_b=False)
    g = n.graph()
    bc = route_from_segments(g, "2-0", [s.id for s in n.segments[3:]])
    with pytest.raises(IllegalAction) as err:
        revenue_of(g, "X", [TWO], [bc])
    assert err.value.rule == "route.no_token"
    assert best_run(g, "Z", [THREE]).total == 0


def test_18royalgorge_rule_2_no_stop_twice() -> None:
    """18RoyalGorge Rule 2: a train may not enter the same city twice, even on other track."""
    n = Net().city("A", 20, tokens=["X"]).city("B", 30).city("C", 40)
    ab = n.track("A", "B")
    bc = n.track("B", "C")
    cb = n.track("C", "B", via=["h9"])
    g = n.graph()
    bad = Route("3-0", ("A", "B", "C", "B"), (tuple(ab), tuple(bc), tuple(cb)))
    with pytest.raises(IllegalAction) as err:
        revenue_of(g, "X", [Train("4-0", n_train(4))], [Route("4-0", bad.stops, bad.legs)])
    assert err.value.rule == "route.revisit"
    assert best_run(g, "X", [Train("4-0", n_train(4))]).total == 90


def test_18royalgorge_rule_3_trains_may_share_a_city_but_not_track() -> None:
    """18RoyalGorge Rule 3 / 18USA §12.4: a company's trains may not share track, but may run to
    the same city over different track."""
    n = Net().city("A", 20, tokens=["X"]).city("B", 30).city("C", 40)
    ab = n.track("A", "B")
    ac = n.track("A", "C", via=["h1"])
    g = n.graph()
    t1, t2 = Train("2-0", n_train(2)), Train("2-1", n_train(2))
    ok = revenue_of(
        g,
        "X",
        [t1, t2],
        [Route("2-0", ("A", "B"), (tuple(ab),)), Route("2-1", ("A", "C"), (tuple(ac),))],
    )
    assert ok.total == 110
    with pytest.raises(IllegalAction) as err:
        revenue_of(
            g,
            "X",
            [t1, t2],
            [
                Route("2-0", ("A", "B"), (tuple(ab),)),
                Route("2-1", ("B", "A"), (tuple(reversed(ab)),)),
            ],
        )
    assert err.value.rule == "route.shared_track"
    assert best_run(g, "X", [t1, t2]).total == 110


def test_18usa_12_1_hexside_is_track_too() -> None:
    """18USA §12.1: a route never uses the same stretch of track twice.  Two paths of one tile
    leaving by the same hexside share that stretch, so two trains cannot both use it."""
    n = Net().city("A", 20, tokens=["X"]).city("B", 30).city("C", 40)
    side = n.crossing()
    n.seg("A", "A", side)
    n.seg("m", side, ("m", 1))
    n.seg("m", side, ("m", 2))
    n.seg("B", ("m", 1), "B")
    n.seg("C", ("m", 2), "C")
    g = n.graph()
    t1, t2 = Train("2-0", n_train(2)), Train("2-1", n_train(2))
    assert best_run(g, "X", [t1, t2]).total == 60
    r1 = route_from_segments(g, "2-0", [("A", 0), ("m", 0), ("B", 0)])
    r2 = route_from_segments(g, "2-1", [("A", 0), ("m", 1), ("C", 0)])
    with pytest.raises(IllegalAction):
        revenue_of(g, "X", [t1, t2], [r1, r2])


def test_18us_6_5_two_cities_in_one_hex_are_separate() -> None:
    """18US §6.5: separate City circles on one tile are separate Cities; a train may run from
    New Orleans (H17-E) to Shreveport (H17-W)."""
    n = Net().city("H17-E", 40, hex="H17", tokens=["X"]).city("H17-W", 30, hex="H17")
    n.seg("H17", "H17-E", "H17-W")
    g = n.graph()
    assert best_run(g, "X", [TWO]).total == 70


def test_18west_7_1_1_one_city_circle_per_hex() -> None:
    """18West §7.1.1: a route may not use more than one City circle on the same hex."""
    n = (
        Net()
        .city("F-N", 40, hex="F", tokens=["X"], visit_group="F")
        .city("F-S", 30, hex="F", visit_group="F")
    )
    n.city("G", 20)
    n.seg("F", "F-N", "F-S")
    n.track("F-S", "G")
    g = n.graph()
    # F-N to G would pass F-S, the other circle of hex F: no legal route at all
    assert best_run(g, "X", [THREE]).total == 0
    with pytest.raises(IllegalAction) as err:
        revenue_of(g, "X", [TWO], [route_from_segments(g, "2-0", [("F", 0)])])
    assert err.value.rule == "route.revisit"


def test_18usa_12_4_1_offboard_ends_a_route() -> None:
    """18USA §12.4.1: Montreal, Mexico, New Orleans port only at a route's ends."""
    n = Net().city("A", 20, tokens=["X"]).offboard("M", 60).city("B", 30)
    n.track("A", "M")
    n.track("M", "B")
    g = n.graph()
    assert best_run(g, "X", [THREE]).total == 80
    with pytest.raises(IllegalAction) as err:
        revenue_of(g, "X", [THREE], [route_from_segments(g, "3-0", [s.id for s in n.segments])])
    assert err.value.rule == "route.blocked"


def test_18royalgorge_running_trains_two_revenue_centers() -> None:
    """18RoyalGorge "3 Rules": each route contains at least two revenue centers."""
    n = Net().city("A", 20, tokens=["X"])
    g = n.graph()
    with pytest.raises(IllegalAction) as err:
        revenue_of(g, "X", [TWO], [Route("2-0", ("A",), ())])
    assert err.value.rule == "route.two_stops"


def test_18usa_12_4_train_number_counts_every_stop() -> None:
    """18USA §12.4: the number is the most cities, small cities, junctions and red areas."""
    n = Net().city("A", 20, tokens=["X"]).town("t", 10).city("B", 30)
    n.track("A", "t")
    n.track("t", "B")
    g = n.graph()
    with pytest.raises(IllegalAction) as err:
        revenue_of(g, "X", [TWO], [route_from_segments(g, "2-0", [s.id for s in n.segments])])
    assert err.value.rule == "route.too_long"
    assert best_run(g, "X", [TWO]).total == 30  # A-t; t-B holds no X token
    plus = Train("2+-0", plus_train(2))
    assert best_run(g, "X", [plus]).total == 60


def test_route_unknown_train_and_running_twice() -> None:
    n = line(full_b=False)
    g = n.graph()
    r = route_from_segments(g, "9-9", [s.id for s in n.segments[:3]])
    with pytest.raises(IllegalAction) as err:
        revenue_of(g, "X", [TWO], [r])
    assert err.value.rule == "route.unknown_train"
    r2 = route_from_segments(g, "2-0", [s.id for s in n.segments[:3]])
    with pytest.raises(IllegalAction) as err:
        revenue_of(g, "X", [TWO], [r2, r2])
    assert err.value.rule == "route.train_twice"


def test_18usa_12_1_a_route_never_uses_the_same_track_twice() -> None:
    """18USA §12.1: "A route may never reverse or otherwise use the same stretch of track more
    than once."  A(X) - x - B with a branch x - C: A, B, C would reverse over x - B."""
    n = Net().city("A", 20, tokens=["X"]).city("B", 30).city("C", 40)
    x = n.crossing()
    a_x, x_b, x_c = n.seg("A", "A", x), n.seg("B", x, "B"), n.seg("C", x, "C")
    g = n.graph()
    reverse = Route("3-0", ("A", "B", "C"), ((a_x, x_b), (x_b, x_c)))
    with pytest.raises(IllegalAction) as err:
        revenue_of(g, "X", [THREE], [reverse])
    assert err.value.rule == "route.reuse_track"
    # the same hexside crossed twice without reusing a segment: B - x - C, then C back to x
    loop = Net().city("A", 20, tokens=["X"]).city("B", 30)
    y = loop.crossing()
    first, second = loop.seg("A", "A", y), loop.seg("h", y, "j")
    back = loop.seg("h", "j", y)
    on = loop.seg("B", y, "B")
    g2 = loop.graph()
    twice = Route("2-0", ("A", "B"), ((first, second, back, on),))
    with pytest.raises(IllegalAction) as err:
        revenue_of(g2, "X", [TWO], [twice])
    assert err.value.rule == "route.reuse_track"
    assert best_run(g, "X", [THREE]).total == 60  # A-B or A-C, never both


def test_18west_7_1_1_a_route_is_unbranched() -> None:
    """18West §7.1.1 / 18US §6.5: "a continuous unbranched length of track": track that
    forks (A to B and to C from one crossing) is not a route, however it is given."""
    n = Net().city("A", 20, tokens=["X"]).city("B", 30).city("C", 40)
    x = n.crossing()
    segs = [n.seg("A", "A", x), n.seg("B", x, "B"), n.seg("C", x, "C")]
    g = n.graph()
    with pytest.raises(IllegalAction) as err:
        route_from_segments(g, "3-0", segs)
    assert err.value.rule == "route.connected"
    jump = Route("3-0", ("A", "B", "C"), ((segs[0], segs[1]), (segs[2],)))
    with pytest.raises(IllegalAction) as err:
        revenue_of(g, "X", [THREE], [jump])
    assert err.value.rule == "route.connected"


def test_18us_6_5_1_freight_trains_trace_no_route() -> None:
    """18US §6.5.1: Freight trains "are not required to trace a route": they score the
    company's stations, so a route given for one is refused."""
    n = Net().city("A", 20, tokens=["X"]).city("B", 30)
    n.track("A", "B")
    g = n.graph()
    freight = Train("2G-0", freight_train(2))
    r = route_from_segments(g, "2G-0", [s.id for s in n.segments])
    with pytest.raises(IllegalAction) as err:
        revenue_of(g, "X", [freight], [r])
    assert err.value.rule == "route.freight"
    assert revenue_of(g, "X", [freight], []).freight == 20


def test_18usa_12_1_small_red_cities_are_passed_through() -> None:
    """18USA §12.4.1: "The red small cities are treated as normal. Routes may be traced
    through them" (San Francisco, Seattle, Winnipeg, Florida), unlike Montreal, Mexico and
    the Port of New Orleans."""
    n = Net().city("A", 20, tokens=["X"]).offboard("SEA", 30, terminal=False).city("B", 40)
    n.track("A", "SEA")
    n.track("SEA", "B")
    g = n.graph()
    assert best_run(g, "X", [THREE]).total == 90
    through = route_from_segments(g, "3-0", [s.id for s in n.segments])
    assert revenue_of(g, "X", [THREE], [through]).total == 90


def junction_at_an_edge() -> tuple[Net, list[tuple[str, int]], list[tuple[str, int]]]:
    """A(X) and B in hex H, whose tile has two paths to the same edge (like tile 23); C beyond
    that edge in hex K: (the hairpin A-edge-B, the crossing A-edge-C)."""
    n = Net().city("A", 10, tokens=["X"], hex="H").city("B", 90, hex="H").city("C", 30, hex="K")
    side = n.crossing()
    a = n.seg("H", "A", side)
    b = n.seg("H", side, "B")
    c = n.seg("K", side, "C")
    return n, [a, b], [a, c]


def test_18royalgorge_no_reversal_between_two_paths_meeting_at_an_edge() -> None:
    """18RoyalGorge "3 Rules About Running Trains" (no sharp reversals), 18USA §12.1: two
    paths of one tile ending at the same edge do not join there; a train on one must cross
    into the next hex, it cannot turn back onto the other (18xx.games finds no route there:
    fixture-free differential game g009_2p_mixed_s109 ran I9-J10-J12-I11 through tile 23)."""
    n, hairpin, crossing = junction_at_an_edge()
    g = n.graph()
    with pytest.raises(IllegalAction, match="turns back"):
        revenue_of(g, "X", [TWO], [route(n, TWO, hairpin)])
    assert revenue_of(g, "X", [TWO], [route(n, TWO, crossing)]).total == 40
    best = best_run(g, "X", [TWO])
    assert best.total == 40
