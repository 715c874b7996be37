"""Seeded random games play the same moves to the same end, whatever the engine's speed-ups.

The games ``bench.playout`` plays (the random bot in every seat, seeded per seat from the
game's seed) are pinned here: the digest of every move, of the legal list before every 16th
move and of the final position, and each game's final cash (Chicago Express §6: the most cash
wins).  They were recorded before the move listing shared its action objects, read its rules
from tables and let ``apply`` trust it (issue #16); a change that alters any game fails here.
Regenerate with ``python -m tests.chicago_express.test_playout_golden`` only when a rule
change is meant to change the games.
"""

from __future__ import annotations

import hashlib
import json

import roundhouse
from roundhouse.bots import RandomBot
from roundhouse.core.game import Game
from roundhouse.harness.case import NAMES, stream

SEEDS = range(40)

FINAL_CASH = {
    0: {"Ann": 11, "Bob": 16, "Cy": 16, "Dee": 31},
    1: {"Ann": 49, "Bob": 24, "Cy": 23},
    2: {"Ann": 13, "Bob": 12, "Cy": 30, "Dee": 22},
    3: {"Ann": 42, "Bob": 26, "Cy": 21, "Dee": 7, "Ed": 19},
    4: {"Ann": 17, "Bob": 14, "Cy": 23, "Dee": 19},
    5: {"Ann": 40, "Bob": 47},
}
"""Final cash of the first games (the digest covers the rest)."""

DIGEST = "600c75cd5a0465511b9d1e6e3873179626f6ce90be246ce4b98b9abf988cd890"
"""sha256 of the games of :data:`SEEDS` (:func:`digest`)."""


def players_for(seed: int) -> int:
    """Two to six players over the seeds, four for every even seed (the bench's count)."""
    return 2 + seed % 5 if seed % 2 else 4


def play(seed: int, record: hashlib._Hash | None = None) -> Game:
    names = list(NAMES[: players_for(seed)])
    game = roundhouse.new_game("ChicagoExpress", names, seed=seed)
    bots = {p: RandomBot(stream(seed, i)) for i, p in enumerate(names)}
    moves = 0
    while not game.finished:
        seat = game.acting[0]
        if record is not None and moves % 16 == 0:
            record.update(repr(list(game.legal_actions())).encode())
        game.apply(bots[seat].choose(game, seat))
        moves += 1
    if record is not None:
        record.update(json.dumps(game.to_doc(), sort_keys=True).encode())
        record.update(json.dumps(game.view(), sort_keys=True).encode())
        record.update(repr(game.result).encode())
    return game


def digest() -> str:
    record = hashlib.sha256()
    for seed in SEEDS:
        play(seed, record)
    return record.hexdigest()


def test_chicago_express_seeded_random_games_final_cash() -> None:
    for seed, cash in FINAL_CASH.items():
        assert play(seed).result == cash


def test_chicago_express_seeded_random_games_are_the_recorded_ones() -> None:
    assert digest() == DIGEST


if __name__ == "__main__":
    print({s: play(s).result for s in range(6)})
    print(digest())
