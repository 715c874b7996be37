"""Runs as 18xx.games replays them: at the revenue they were recorded with.

The rulebook ("3. Run Trains") lets a train run only on track the railroad can use, and our
route step checks every route.  18xx.games checks a route only when it is drawn on screen;
when it replays a recorded game it builds each route with the revenue written in the action
and never asks the board again.  So a recorded game whose order of turns was rearranged by
hand after the site changed its operating order (fixture 18RoyalGorge_game_end_stock_market:
Rio Grande runs through K5 at action 203, Pueblo & Arkansas Valley lays K5's track at action
211) still replays there.  With ``compat_18xx_games`` a run our board cannot check is taken at
its stated revenue; the routes that do check still say where gold may be shipped from.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes.revenue import Run
from roundhouse.titles.g18royalgorge import gold
from roundhouse.titles.g18royalgorge.data import gold_track
from roundhouse.titles.g18royalgorge.map_rules import RoyalGorgeMap
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame

Routes = tuple[tuple[str, ...], ...]

MAX_RECORDED_REVENUE = 100_000
"""Upper end of the revenue span a recorded run may state (far above any real run)."""


def board_map(g: RoyalGorgeGame) -> RoyalGorgeMap:
    assert isinstance(g.map, RoyalGorgeMap)
    return g.map


def trusted(g: RoyalGorgeGame) -> bool:
    """Whether unchecked runs are taken at their word (``compat_18xx_games``)."""
    return g.variant.compat_18xx_games


def route_available(g: RoyalGorgeGame, corp_id: str) -> bool:
    """Whether 18xx.games offers the railroad its run at all: a walk from one of its
    stations meets a second revenue centre (``Graph#route_info``'s ``route_available``,
    asked by ``Step::Route#actions``; the railroad's own city counts).  Otherwise the site
    skips the run, and with it the coal cubes and the Track Engineer that lengthen a train
    for it (``G18RoyalGorge::Step::Route#actions`` offers ``choose`` only beside a run)."""
    return len(board_map(g).graph.reach(corp_id).stops) >= 2


def check_trains(g: RoyalGorgeGame, corp_id: str, routes: Routes, revenue: int) -> None:
    """What the site does check when replaying a run: each train is the railroad's own and
    runs once; and ours: each stop is on the map, the stated revenue within the span the
    run step offers."""
    if not 0 <= revenue <= MAX_RECORDED_REVENUE:
        raise IllegalAction(
            f"a recorded run states $0 to ${MAX_RECORDED_REVENUE}, not ${revenue}",
            rule="routes.revenue",
        )
    hexes = board_map(g).board.hexes
    for route in routes:
        for stop in route[1:]:
            if stop.partition("-")[0] not in hexes:
                raise IllegalAction(
                    f"route of {route[0]}: {stop} is no place on the map", rule="route.unknown"
                )
    owned = {t.id for t in g.depot.owned_by(corp_id)}
    ids = [r[0] for r in routes if r]
    if len(set(ids)) != len(ids):
        raise IllegalAction("each train runs at most one route", rule="routes.one_per_train")
    for train in ids:
        if train not in owned:
            raise IllegalAction(f"{corp_id} has no train {train}", rule="routes.train")


def scored(g: RoyalGorgeGame, corp_id: str, routes: Routes) -> tuple[Run, ...]:
    """The run of ``routes`` scored on our board (raises when a route breaks a rule)."""
    return board_map(g).scored_runs(g, corp_id, routes)


def usable_runs(g: RoyalGorgeGame, corp_id: str, routes: Routes) -> tuple[Run, ...]:
    """The runs of the routes our board accepts, each checked on its own."""
    out: list[Run] = []
    for route in routes:
        try:
            out.extend(scored(g, corp_id, (route,)))
        except IllegalAction:
            continue
    return tuple(out)


def runs_of(g: RoyalGorgeGame, corp_id: str, routes: Routes) -> Sequence[Run]:
    """The scored runs of ``routes``; in compat mode, when the whole run does not check,
    those of its routes that do."""
    try:
        return scored(g, corp_id, routes)
    except IllegalAction:
        if not trusted(g):
            raise
        return usable_runs(g, corp_id, routes)


def recorded_revenue(g: RoyalGorgeGame, corp_id: str, routes: Routes, recorded: int) -> int:
    """Our revenue for a run the site recorded at ``recorded`` dollars (its routes plus its
    extra revenue): that, plus the gold bonus our runs count before the cube is named when
    a checked route passes a cube ("Shipping Gold"; :class:`~.steps.GoldStep`)."""
    hexes = {h for run in usable_runs(g, corp_id, routes) for h in run.hexes}
    if gold.may_ship(g, corp_id) and gold.gold_hexes(g, tuple(hexes)):
        return recorded + gold_track().ship_bonus
    return recorded
