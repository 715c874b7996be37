"""18USA P17 Great Northern Railway's bonus, P19's switcher and P30's extender (18xx.games), run
by the route machinery on the real board."""

from __future__ import annotations

import pytest

from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose, Pass, RunRoutes
from roundhouse.core.routes.kinds import n_train
from roundhouse.titles.g18usa.route_privates import (
    extended,
    switched,
)
from roundhouse.titles.g18usa.state import UsaGame
from tests.g18usa.privates_engine import ANN, apply, board_map, company, give, operating, usa_engine


def _rotation(g: UsaGame, tile: str, exits: set[int]) -> int:
    t = board_map(g).board.tiles[tile]
    return next(r for r in range(6) if t.exits(r) == exits)


def _put(g: UsaGame, hex_name: str, tile: str, exits: set[int]) -> None:
    board = board_map(g).board
    moves = {c.name: board.tiles[tile].cities[0].name for c in board[hex_name].tile.stations}
    board.lay(hex_name, tile, _rotation(g, tile, exits), moves)


def _to_the_run(g: UsaGame) -> None:
    """Pass NYC's track and station steps: the attachments come with the run."""
    for _ in range(5):
        if any(isinstance(a, RunRoutes) for a in g.legal_actions()):
            return
        apply(g, Pass(player=ANN, entity="NYC"))
    raise AssertionError("NYC's turn never reached its run")


def _revenue(g: UsaGame) -> int:
    return board_map(g).runs(g, "NYC")[0][1]


def _helena_fargo() -> UsaGame:
    """NYC in Helena (B8) with track through B10, B12 to Fargo (B14) and a 2-train."""
    g = usa_engine()
    company(g, "NYC", "B8")
    _put(g, "B8", "57", {1, 4})
    _put(g, "B10", "9", {1, 4})
    _put(g, "B12", "9", {1, 4})
    _put(g, "B14", "57", {1, 4})
    g.depot.buy("NYC", "2-0", g.ledger)
    return g


def test_18usa_p17_fargo_helena_bonus() -> None:
    """P17: "+$30 revenue bonus for running Fargo-Helena"."""
    g = _helena_fargo()
    assert _revenue(g) == 40
    give(g, "P17", "NYC")
    board_map(g).board.touch()
    assert _revenue(g) == 70


def _three_cities() -> UsaGame:
    """NYC in St. Louis (E17) with track to Kansas City (E15) and on to Omaha (D14), a
    2-train and the attach step."""
    g = usa_engine()
    company(g, "NYC", "E17")
    _put(g, "E17", "57", {1, 4})
    _put(g, "E15", "6", {2, 4})
    _put(g, "D14", "5", {5, 0})
    g.depot.buy("NYC", "2-0", g.ledger)
    return g


def test_18usa_p30_extender_one_more_city() -> None:
    """P30: a non-permanent train "may attach the Extender to run to one extra city"."""
    g = _three_cities()
    assert _revenue(g) == 40
    give(g, "P30", "NYC")
    operating(g)
    attach = Choose(player=ANN, entity="NYC", choice="2-0", company="P30")
    assert attach not in g.legal_actions()  # not in the track step (18xx.games: the route's)
    _to_the_run(g)
    assert attach in g.legal_actions()
    apply(g, attach)
    assert _revenue(g) == 60
    assert attach not in g.legal_actions()


def test_18usa_p30_not_for_permanent_trains() -> None:
    g = _three_cities()
    for kind in ("2", "2+", "3", "3+", "4", "4+"):
        g.depot.export_all(kind)
    g.ledger.transfer(BANK, "NYC", 600)
    g.depot.buy("NYC", "5-0", g.ledger)
    give(g, "P30", "NYC")
    operating(g)
    assert not any(isinstance(a, Choose) and a.choice.startswith("5") for a in g.legal_actions())


def test_18usa_p19_switcher_kind() -> None:
    """P19: one city more, the least valuable one not scored, a station kept among those
    scored."""
    kind = switched(n_train(2))
    assert kind.limits[0][1] == 3 and kind.best_of == 2 and kind.token_in_scored
    assert extended(n_train(2)).limits[0][1] == 3


def test_18usa_p19_switcher_run() -> None:
    """With the switcher a 2-train runs St. Louis-Kansas City-Omaha and scores two of them."""
    g = _three_cities()
    give(g, "P19", "NYC")
    operating(g)
    _to_the_run(g)
    three = (("2-0", "E17-0", "E15-0", "D14-0"),)
    with pytest.raises(IllegalAction):
        board_map(g).check_run(g, "NYC", three)
    apply(g, Choose(player=ANN, entity="NYC", choice="2-0", company="P19"))
    assert board_map(g).check_run(g, "NYC", three) == 40


def test_18usa_p19_switcher_through_a_blocked_city() -> None:
    """P19: "skip over a city (even a blocked city)": Kansas City is UP's alone; with the
    switcher the 2-train runs St. Louis-(Kansas City)-Omaha, Omaha with a bridge, and the
    blocked city is the one skipped: 20 + 30."""
    g = usa_engine()
    company(g, "NYC", "E17")
    _put(g, "E17", "57", {1, 4})
    _put(g, "E15", "6", {2, 4})
    _put(g, "D14", "5", {5, 0})
    board = board_map(g).board
    board.place_token("E15", "c", "UP")
    board.add_marker("D14", "bridge")
    g.depot.buy("NYC", "2-0", g.ledger)
    give(g, "P19", "NYC")
    operating(g)
    _to_the_run(g)
    through = (("2-0", "E17-0", "E15-0", "D14-0"),)
    assert _revenue(g) == 40  # St. Louis and (blocked) Kansas City at the end
    with pytest.raises(IllegalAction):
        board_map(g).check_run(g, "NYC", through)
    apply(g, Choose(player=ANN, entity="NYC", choice="2-0", company="P19"))
    assert board_map(g).check_run(g, "NYC", through) == 50
    assert _revenue(g) == 50
