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


GREEDY_STEEL_OPENING: list[dict[str, object]] = [
    {"kind": "bid", "entity": "P1", "company": "Y2", "price": 275},
    {"kind": "bid", "entity": "P2", "company": "Y2", "price": 525},
    {"kind": "bid", "entity": "P3", "company": "Y2", "price": 540},
    {"kind": "bid", "entity": "P1", "company": "Y2", "price": 545},
    {"kind": "pass", "entity": "P2"},
    {"kind": "pass", "entity": "P3"},
    {"kind": "bid", "entity": "P2", "company": "Y5", "price": 200},
    {"kind": "pass", "entity": "P3"},
    {"kind": "bid", "entity": "P3", "company": "G1", "price": 190},
    {"kind": "pass", "entity": "P2"},
    {"kind": "bid", "entity": "P2", "company": "G4", "price": 300},
    {"kind": "pass", "entity": "P3"},
    {"kind": "pass", "entity": "P3"},
    {"kind": "bid", "entity": "P2", "company": "B6", "price": 45},
    {"kind": "pass", "entity": "P3"},
    {"kind": "par", "entity": "P3", "corporation": "RG", "share_price": 65},
    {"kind": "pass", "entity": "P1"},
    {"kind": "pass", "entity": "P2"},
    {"kind": "buy_shares", "entity": "P3", "shares": ["VGC_0"]},
    {"kind": "pass", "entity": "P1"},
    {"kind": "pass", "entity": "P2"},
    {"kind": "par", "entity": "P3", "corporation": "PAV", "share_price": 65},
    {"kind": "pass", "entity": "P1"},
    {"kind": "pass", "entity": "P2"},
    {"kind": "buy_shares", "entity": "P3", "shares": ["VGC_1"]},
    {"kind": "pass", "entity": "P1"},
    {"kind": "pass", "entity": "P2"},
    {"kind": "pass", "entity": "P3"},
    {"kind": "lay_tile", "entity": "RG", "hex": "L4", "tile": "7", "rotation": 3},
    {"kind": "choose", "entity": "RG", "choice": "B"},
    {"kind": "lay_tile", "entity": "RG", "hex": "M3", "tile": "3", "rotation": 0},
    {"kind": "lay_tile", "entity": "RG", "hex": "M5", "tile": "7", "rotation": 2},
    {"kind": "choose", "entity": "RG", "choice": "D"},
    {"kind": "lay_tile", "entity": "RG", "hex": "K3", "tile": "58", "rotation": 4},
    {"kind": "lay_tile", "entity": "RG", "hex": "K5", "tile": "8", "rotation": 3},
    {"kind": "choose", "entity": "RG", "choice": "A"},
    {"kind": "choose", "entity": "RG", "choice": "B"},
    {"kind": "choose", "entity": "RG", "choice": "A"},
]
"""Three greedy bots' opening of an 18RoyalGorge game (seed 5, compat) up to Rio Grande's
first track step, where it has named steel columns A, B, A: the position where the greedy
bot without the rule below kept naming columns."""


def test_greedy_moves_on_where_a_turn_offers_moves_that_change_nothing_lasting() -> None:
    """18RoyalGorge with ``compat_18xx_games`` lets a railroad name a steel column again and
    again during its track step (18xx.games does), each naming a position of its own but
    none better: the greedy bot never comes back to a position of the same run of its own
    moves, so it leaves the step instead of naming columns for ever."""
    from roundhouse.bots.greedy import GreedyBot
    from roundhouse.core.canonical import digest

    game = roundhouse.new_game(
        "18RoyalGorge", ["P1", "P2", "P3"], seed=5, options={"compat_18xx_games": True}
    )
    for move in GREEDY_STEEL_OPENING:
        game.apply({**move, "player": next(p for p in game.acting)})
    seat = game.acting[0]
    for seed in (3, 4, 5):
        here = game.clone()
        greedy = GreedyBot(seed, node_budget=24)
        seen = {digest(here.state)}
        for _ in range(40):
            if here.acting != (seat,):
                break
            here.apply(greedy.choose(here, seat))
            position = digest(here.state)
            assert position not in seen, f"bot seed {seed} came back to a position of its run"
            seen.add(position)
