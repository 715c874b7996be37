"""18West §7: a company's turn goes through its steps in order - track, Land Grant
conversion, treasury stock, station, run, trains - and never back.  Core's round used to
offer a track step again once it became affordable (a withheld run, a subsidy): random
seed 3 below had the SP lay a tile in H3 after its dividend (action 457)."""

from __future__ import annotations

from roundhouse.bots.random_bot import RandomBot
from roundhouse.core.game import new_game

KINDS_BEFORE_THE_RUN = frozenset({"lay_tile", "place_token"})


def test_18west_7_no_track_or_station_after_the_dividend_in_a_turn() -> None:
    names = ["A", "B", "C"]
    seed = 3
    game = new_game("18West", names, seed, {})
    bots = {p: RandomBot(seed * 7 + i) for i, p in enumerate(names)}
    turn: tuple[int, object] | None = None
    paid = False
    while not game.finished and len(game.log) < 700:
        seat = game.acting[0]
        action = bots[seat].choose(game, seat)
        key = (id(game.state.round), getattr(action, "entity", None))
        if key != turn:
            turn, paid = key, False
        if action.kind == "dividend":
            paid = True
        assert not (paid and action.kind in KINDS_BEFORE_THE_RUN), (len(game.log), action)
        game.apply(action)
    assert len(game.log) >= 700
