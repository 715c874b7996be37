"""Running trains on real tiles: the default run, a player's routes, the notation and the
18xx.games route form.  Board layout as in ``test_adapter`` (pointy, edges 0 SW … 5 SE)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roundhouse.core.board import Board
from roundhouse.core.errors import IllegalAction, MalformedAction
from roundhouse.core.routes import (
    FreightKind,
    Train,
    TrainKind,
    freight_train,
    n_train,
    plus_train,
)
from roundhouse.core.routes.adapter import GraphOptions, route_graph
from roundhouse.core.routes.brute import brute_best
from roundhouse.core.routes.run import (
    check_run,
    company_trains,
    from_18xx_games,
    optimal_run,
    resolve_routes,
    route_notation,
    to_18xx_games,
)
from roundhouse.core.trains import Train as RosterTrain
from tests.core.routes.test_adapter import YELLOW, make_board, straight_line
from tests.shared_files import shared_file

TWO = Train("2-0", n_train(2))
TWO_B = Train("2-1", n_train(2))
THREE = Train("3-0", n_train(3))
TWO_PLUS = Train("2+-0", plus_train(2))


def town_board() -> Board:
    """A1 city (57) east to A3 town (tile 3: west and south-west), on to B2 city (57)."""
    board = make_board()
    board.lay("A1", "57", 1, {})
    board.lay("A3", "3", 0, {})
    board.lay("B2", "57", 0, {})
    board.place_token("A1", "c", "X")
    return board


def test_18usa_12_4_two_cities_joined_by_straights() -> None:
    """18USA §12.4: a 2-train runs between two cities and earns both values."""
    board = make_board()
    straight_line(board)
    board.place_token("A1", "c", "X")
    best = optimal_run(board, "X", [TWO], YELLOW)
    assert best.total == 40 and best.proven_optimal
    assert best.routes == (("2-0", "A1-0", "A3", "A5", "A7-0"),)
    exact = check_run(board, "X", [TWO], best.routes, YELLOW)
    assert [s.value for s in exact.runs[0].stops] == [20, 20]
    # stops only: the reader finds the track
    assert check_run(board, "X", [TWO], [("2-0", "A7-0", "A1-0")], YELLOW).total == 40
    with pytest.raises(IllegalAction, match="no track joins") as err:
        check_run(board, "X", [TWO], [("2-0", "A1-0", "A5", "A3", "A7-0")], YELLOW)
    assert err.value.rule == "route.connected"
    with pytest.raises(IllegalAction) as err:
        check_run(board, "X", [TWO], [("2-0", "A1-0", "A7-0")], YELLOW, revenue=50)
    assert err.value.rule == "route.revenue"
    with pytest.raises(IllegalAction) as err:
        check_run(board, "Y", [TWO], [("2-0", "A1-0", "A7-0")], YELLOW)
    assert err.value.rule == "route.no_token"


def test_18royalgorge_plus_train_takes_the_town_on_tile_3() -> None:
    """18RoyalGorge "+" trains: towns do not count against the number; a plain 2-train must
    stop at the town and cannot skip it (18USA §12.4)."""
    board = town_board()
    assert optimal_run(board, "X", [TWO_PLUS], YELLOW).total == 50
    assert optimal_run(board, "X", [THREE], YELLOW).total == 50
    best = optimal_run(board, "X", [TWO], YELLOW)
    assert best.total == 30
    assert best.routes == (("2-0", "A1-0", "A3-0"),)
    rev = check_run(board, "X", [TWO_PLUS], [("2+-0", "A1-0", "A3-0", "B2-0")], YELLOW)
    assert rev.total == 50
    with pytest.raises(IllegalAction) as err:
        check_run(board, "X", [TWO], [("2-0", "A1-0", "A3-0", "B2-0")], YELLOW)
    assert err.value.rule == "route.too_long"
    with pytest.raises(IllegalAction) as err:
        check_run(board, "X", [TWO_PLUS], [("2+-0", "A1-0", "B2-0")], YELLOW)
    assert err.value.rule == "route.connected"


def blocked_board(tokens: tuple[str, str]) -> Board:
    """A1 city - A3 two-slot city (tile 14, W-E through it) - A5 city."""
    board = make_board()
    board.lay("A1", "57", 1, {})
    board.lay("A3", "14", 0, {})
    board.lay("A5", "57", 1, {})
    for company in tokens:
        board.place_token("A3", "c", company)
    return board


def test_18usa_12_1_full_city_blocks_other_companies_but_not_its_own() -> None:
    """18USA §12.1: a route may end at, but not pass through, a city whose slots are all held
    by other companies; a company's own token there lets it through."""
    board = blocked_board(("Y", "Z"))
    board.place_token("A1", "c", "X")
    with pytest.raises(IllegalAction) as err:
        check_run(board, "X", [THREE], [("3-0", "A1-0", "A3-0", "A5-0")], YELLOW)
    assert err.value.rule == "route.blocked"
    assert optimal_run(board, "X", [THREE], YELLOW).total == 50  # A1-A3, ending in the city
    own = blocked_board(("X", "Y"))
    best = optimal_run(own, "X", [THREE], YELLOW)
    assert best.total == 70
    assert best.routes[0][1:] in (("A1-0", "A3-0", "A5-0"), ("A5-0", "A3-0", "A1-0"))
    assert check_run(own, "X", [THREE], [("3-0", "A5-0", "A3-0", "A1-0")], YELLOW).total == 70


def test_18usa_12_4_trains_of_one_company_never_share_track() -> None:
    board = blocked_board(("X", "Y"))
    runs = [("2-0", "A1-0", "A3-0"), ("2-1", "A3-0", "A1-0")]
    with pytest.raises(IllegalAction) as err:
        check_run(board, "X", [TWO, TWO_B], runs, YELLOW)
    assert err.value.rule == "route.shared_track"
    both = check_run(board, "X", [TWO, TWO_B], [runs[0], ("2-1", "A3-0", "A5-0")], YELLOW)
    assert both.total == 100
    assert optimal_run(board, "X", [TWO, TWO_B], YELLOW).total == 100


def two_ways_board() -> Board:
    """A1 city and A5 city joined two ways: east through A3, and south round by B2 and B4."""
    board = make_board()
    board.lay("A1", "5", 4, {})  # city, exits E and SE
    board.lay("A3", "9", 1, {})
    board.lay("A5", "5", 0, {})  # city, exits SW and W
    board.lay("B2", "8", 2, {})  # NW to E
    board.lay("B4", "8", 1, {})  # W to NE
    board.place_token("A1", "c", "X")
    return board


def test_18usa_12_4_stops_only_notation_picks_track_so_the_run_is_legal() -> None:
    """Two trains may both run A1-A5 if each uses its own track (18USA §12.4); given only the
    stops, the reader gives the second train the long way round instead of refusing."""
    board = two_ways_board()
    graph = route_graph(board, YELLOW)
    runs = [("2-0", "A1-0", "A5-0"), ("2-1", "A5-0", "A1-0")]
    routes = resolve_routes(graph, "X", [TWO, TWO_B], runs)
    hexes = [{h for leg in r.legs for h, _ in leg} for r in routes]
    assert hexes == [{"A1", "A3", "A5"}, {"A1", "B2", "B4", "A5"}]
    assert check_run(board, "X", [TWO, TWO_B], runs, YELLOW).total == 80
    assert optimal_run(board, "X", [TWO, TWO_B], YELLOW).total == 80
    long_way = check_run(board, "X", [TWO], [("2-0", "A1-0", "B2", "B4", "A5-0")], YELLOW)
    assert {h for leg in long_way.runs[0].route.legs for h, _ in leg} == {"A1", "B2", "B4", "A5"}
    # an open route still gives way to an exact one; two exact routes on one track do not
    either = [runs[0], ("2-1", "A5-0", "A3", "A1-0")]
    assert check_run(board, "X", [TWO, TWO_B], either, YELLOW).total == 80
    both = [("2-0", "A1-0", "A3", "A5-0"), ("2-1", "A5-0", "A3", "A1-0")]
    with pytest.raises(IllegalAction) as err:
        check_run(board, "X", [TWO, TWO_B], both, YELLOW)
    assert err.value.rule == "route.shared_track"


def junction_loop_board() -> Board:
    """B2 city west-east into B4 (tile 60: every edge joins the junction in the middle), on to
    B6 city; from B4 a loop leaves north-west through A3 and A5 and comes back in north-east."""
    board = make_board()
    board.lay("B2", "57", 1, {})
    board.lay("B4", "60", 0, {})
    board.lay("A3", "7", 4, {})  # E to SE
    board.lay("A5", "7", 0, {})  # SW to W
    board.lay("B6", "57", 1, {})
    board.place_token("B2", "c", "X")
    return board


def test_18usa_12_1_a_leg_may_pass_a_junction_point_twice() -> None:
    """18USA §12.1: a route "may change directions at the junctions in the middle of plain
    track tiles"; only a stretch of track may not be used twice.  A leg that passes B4's
    junction twice (out round the A3-A5 loop and back) is read back from its exact notation,
    as :func:`route_notation` writes it; with junction points marked as visited (the
    default) the same notation is refused."""
    board = junction_loop_board()
    loop = ("2-0", "B2-0", "B4", "A3", "A5", "B4", "B6-0")
    revisits = GraphOptions(junction_revisits=True)
    priced = check_run(board, "X", [TWO], [loop], YELLOW, options=revisits)
    assert priced.total == 40
    assert {h for h, _ in priced.runs[0].route.legs[0]} == {"B2", "B4", "A3", "A5", "B6"}
    graph = route_graph(board, YELLOW, options=revisits)
    assert route_notation(graph, priced.runs[0].route) == loop
    with pytest.raises(IllegalAction) as err:
        check_run(board, "X", [TWO], [loop], YELLOW)
    assert err.value.rule == "route.connected"


def test_18royalgorge_run_trains_default_is_the_best_and_other_legal_runs_are_accepted() -> None:
    """Issue 4 legal-move integration on 18RoyalGorge "3. Run Trains": the offered run is the
    best (A1-A3-B2, $50, proven), and a player may instead submit any other legal run (a
    shorter one earns its own $30); an illegal one is refused with its rule."""
    board = town_board()
    offered = optimal_run(board, "X", [TWO_PLUS], YELLOW)
    assert offered.total == 50 and offered.proven_optimal
    assert check_run(board, "X", [TWO_PLUS], offered.routes, YELLOW).total == 50
    shorter = check_run(board, "X", [TWO_PLUS], [("2+-0", "A1-0", "A3-0")], YELLOW, revenue=30)
    assert [s.value for s in shorter.runs[0].stops] == [20, 10]
    with pytest.raises(IllegalAction) as err:
        check_run(board, "X", [TWO_PLUS], [("2+-0", "A3-0", "B2-0")], YELLOW)
    assert err.value.rule == "route.no_token"


def test_run_notation_is_checked() -> None:
    board = town_board()
    for bad, rule in (
        (("2+-0", "A1-0"), "route.two_stops"),
        (("2+-0", "A1-0", "Q9-0"), "route.unknown"),
        (("2+-0", "A1", "A3-0"), "route.connected"),
        (("9-0", "A1-0", "A3-0"), "route.unknown_train"),
    ):
        with pytest.raises(IllegalAction) as err:
            check_run(board, "X", [TWO_PLUS], [bad], YELLOW)
        assert err.value.rule == rule, bad
    with pytest.raises(MalformedAction):
        check_run(board, "X", [TWO_PLUS], [()], YELLOW)


def test_18xx_games_route_form_converts_and_scores_the_same() -> None:
    """docs/facts/18xx-games-format.md §4.3: connections in any order and direction, stops
    as "<hex>-<part>" nodes in any order, stop hexes in running order."""
    board = town_board()
    graph = route_graph(board, YELLOW)
    site = {
        "train": "2+-0",
        "connections": [["A3", "B2"], ["A3", "A1"]],
        "hexes": ["A1", "A3", "B2"],
        "nodes": ["A3-0", "A1-0", "B2-2"],  # B2's city as the 3rd part of some tile
        "revenue": 50,
        "revenue_str": "A1-A3-B2",
    }
    notation = from_18xx_games(graph, site)
    assert notation == ("2+-0", "A1-0", "A3-0", "B2-0")
    assert check_run(board, "X", [TWO_PLUS], [notation], YELLOW, revenue=50).total == 50
    line = make_board()
    straight_line(line)
    line.place_token("A7", "c", "X")
    g2 = route_graph(line, YELLOW)
    long = {"train": "2-0", "connections": [["A7", "A5", "A3", "A1"]], "hexes": ["A7", "A1"]}
    long["nodes"] = ["A1-0", "A7-0"]
    assert from_18xx_games(g2, long) == ("2-0", "A7-0", "A5", "A3", "A1-0")
    with pytest.raises(MalformedAction):
        from_18xx_games(g2, {"train": "2-0", "connections": [["A7", "A5"], ["A3", "A1"]]})


def test_18us_10_6_company_trains_run_the_side_in_use() -> None:
    """18US §10.6: a two-sided card runs as the side the buyer chose (3E or 2G)."""
    card = RosterTrain("3E-0", "3E", owner="X")
    card.variant = "2G"
    kinds: dict[str, TrainKind | FreightKind] = {
        "3E": n_train(3, "3E"),
        "2G": freight_train(2),
        "2": n_train(2),
    }
    trains = company_trains([RosterTrain("2-1", "2", owner="X"), card], kinds)
    assert [(t.id, t.kind.name) for t in trains] == [("2-1", "2"), ("3E-0", "2G")]
    with pytest.raises(KeyError):
        company_trains([RosterTrain("9-0", "9")], kinds)


def test_a_kind_listed_by_train_id_is_that_trains_alone() -> None:
    """A kind given for one train's id (a private attached to it for a run) wins over its
    variant's; the company's other trains of the type keep theirs."""
    kinds: dict[str, TrainKind | FreightKind] = {"3": n_train(3), "3-1": n_train(4, "3+1")}
    owned = [RosterTrain("3-0", "3", owner="X"), RosterTrain("3-1", "3", owner="X")]
    assert [t.kind.name for t in company_trains(owned, kinds)] == ["3", "3+1"]


def test_18royalgorge_fixture_run_converts_and_scores_as_recorded() -> None:
    """A real 18xx.games run (18RoyalGorge_game_end_bankrupt.json, action 77: RG's first run,
    after ten plain tile lays and no upgrades, so the board is rebuilt from those lays alone):
    its route object converts to our notation and scores the recorded $90, which is also the
    best run (18RoyalGorge "+" trains: Kit Carson, Denver and three towns)."""
    path = shared_file(
        "fixtures",
        "18xx.games",
        "18RoyalGorge",
        FIXTURE,
        feature="exact optimal runs at recorded 18RoyalGorge positions",
        issue="#16",
    )
    from roundhouse.titles.g18royalgorge.data import Source
    from roundhouse.titles.g18royalgorge.data import board as royal_gorge_board

    board = royal_gorge_board(("RG", "KP"), source=Source.EIGHTEEN_XX_GAMES)
    board.place_token("L2", "c", "RG")  # RG's home station, Denver
    actions = json.loads(path.read_text())["actions"]
    run = next(a for a in actions if a["type"] == "run_routes")
    for action in actions:
        if action["type"] == "lay_tile" and action["id"] < run["id"]:
            board.lay(action["hex"], action["tile"].rpartition("-")[0], action["rotation"], {})
    graph = route_graph(board, YELLOW)
    trains = [Train("2+-0", plus_train(2))]
    (site,) = run["routes"]
    notation = from_18xx_games(graph, site)
    assert notation == ("2+-0", "O3-0", "N4", "M3-0", "L4", "L2-0", "K3-0", "J4", "I5", "H4-0")
    assert check_run(board, "RG", trains, [notation], YELLOW, revenue=site["revenue"]).total == 90
    assert optimal_run(board, "RG", trains, YELLOW).total == 90


FIXTURE = "18RoyalGorge_game_end_bankrupt.json"


# --- property tests on random real boards ---------------------------------------------------

HEXES = ("A1", "A3", "A5", "B2", "B4", "B6", "C1", "C3", "C5")
POOL = ("3", "4", "5", "6", "7", "8", "9", "57", "58", "14", "15", "23", "24", "81", "87", "63")
RED = {"code": "offboard o revenue=yellow:30/brown:60; track 1-o", "color": "red"}
KINDS = (n_train(2), n_train(3), plus_train(2))


@st.composite
def random_boards(draw: st.DrawFn) -> tuple[Board, list[Train]]:
    """Random lays of standard tiles in any rotation, random tokens of X and Y, and an
    off-board east of A5."""
    board = make_board({"A7": RED})
    for name in HEXES:
        tile = draw(st.sampled_from((None, *POOL)))
        if tile is not None:
            board.lay(name, tile, draw(st.integers(0, 5)), {})
    cities = [(h.printed.name, c) for h in board for c in h.tokens]
    for name, city in cities:
        for company in draw(st.lists(st.sampled_from(["X", "Y"]), max_size=2, unique=True)):
            if board.open_slots(name, city, company) > 0:
                board.place_token(name, city, company)
    if cities and not board.tokens_of("X"):
        name, city = cities[0]
        if board.open_slots(name, city, "X") > 0:
            board.place_token(name, city, "X")
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=2))
    return board, [Train(f"{k.name}-{i}", k) for i, k in enumerate(kinds)]


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(random_boards())
def test_routes_optimal_run_equals_brute_force_on_random_real_boards(
    case: tuple[Board, list[Train]],
) -> None:
    """The default run is the true maximum (issue 4), and every route it offers is accepted
    by check_run in notation, stops-only notation and the 18xx.games form, for the same sum."""
    board, trains = case
    best = optimal_run(board, "X", trains, YELLOW)
    graph = route_graph(board, YELLOW)
    assert best.proven_optimal
    assert best.total == brute_best(graph, "X", trains).total
    assert check_run(board, "X", trains, best.routes, YELLOW, revenue=best.total).total == (
        best.total
    )
    stops_only = [tuple(i for i in r if i == r[0] or i in graph.stop_index) for r in best.routes]
    assert len(resolve_routes(graph, "X", trains, stops_only)) == len(best.routes)
    assert check_run(board, "X", trains, stops_only, YELLOW).total == best.total
    site = [to_18xx_games(graph, run) for run in best.revenue.runs]
    assert [s["revenue"] for s in site] == [r.revenue for r in best.revenue.runs]
    back = [from_18xx_games(graph, s) for s in site]
    assert check_run(board, "X", trains, back, YELLOW).total == best.total
