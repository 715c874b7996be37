"""Bots are ordinary players: they only pick listed moves, and the greedy one plays better."""

from __future__ import annotations

import pytest

import roundhouse
from roundhouse.bots import make_bot


def _play(names: list[str], levels: dict[str, str], seed: int) -> roundhouse.Game:
    game = roundhouse.new_game("ChicagoExpress", names, seed=seed)
    bots = {n: make_bot(levels[n], seed * 10 + i) for i, n in enumerate(names)}
    while not game.finished:
        player = game.acting[0]
        action = bots[player].choose(game, player)
        assert action in game.legal_actions(player)
        game.apply(action)
    return game


def test_greedy_beats_two_random_bots_at_chicago_express() -> None:
    """Chicago Express §6: most cash wins.  A bot that values expected dividends (§5.1)
    should win most three-player games against uniform random play."""
    wins = 0
    for seed in range(10):
        game = _play(["G", "R1", "R2"], {"G": "greedy", "R1": "random", "R2": "random"}, seed)
        assert game.result is not None
        wins += game.result["G"] == max(game.result.values())
    assert wins >= 7


def test_bot_levels_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown bot level 'genius'"):
        make_bot("genius", 1)


def test_same_seed_same_bot_game() -> None:
    levels = {"A": "greedy", "B": "random"}
    first = _play(["A", "B"], levels, 3)
    second = _play(["A", "B"], levels, 3)
    assert first.log == second.log


def test_greedy_moves_on_where_a_turn_offers_moves_that_change_nothing_lasting() -> None:
    """18RoyalGorge with ``compat_18xx_games`` lets a railroad name a steel column again and
    again during its track step (18xx.games does), each naming a position of its own but
    none better: the greedy bot never comes back to a position of the same run of its own
    moves, so it leaves the step instead of naming columns for ever."""
    from roundhouse.bots.greedy import GreedyBot
    from roundhouse.core.canonical import digest
    from roundhouse.core.flow.actions import Choose

    game = roundhouse.new_game(
        "18RoyalGorge", ["A", "B"], seed=5, options={"compat_18xx_games": True}
    )
    walker = make_bot("random", 5)
    while not any(isinstance(a, Choose) for a in game.legal_actions()):
        game.apply(walker.choose(game, game.acting[0]))
    seat = game.acting[0]
    greedy = GreedyBot(7, node_budget=24)
    seen = {digest(game.state)}
    for _ in range(80):
        if game.acting != (seat,) or not any(isinstance(a, Choose) for a in game.legal_actions()):
            break
        game.apply(greedy.choose(game, seat))
        here = digest(game.state)
        assert here not in seen, "the greedy bot came back to a position of its own run"
        seen.add(here)
    else:
        raise AssertionError("the greedy bot kept naming steel columns")
