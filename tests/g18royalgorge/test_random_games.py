"""18RoyalGorge random games for 2, 3 and 4 players: every game finishes, and after every
action money is conserved and no invariant is broken (shares add up, limits, no negative
cash); replaying the log gives the same state."""

from __future__ import annotations

import pytest

from roundhouse.bots import RandomBot
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.titles.g18royalgorge import TITLE

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def steady(moves: list[Action], rng: Rng) -> Action:
    """A random player that avoids bankruptcy and buys trains, so games last into the
    Treaty of Boston and beyond."""
    kinds: dict[str, list[Action]] = {}
    for m in moves:
        kinds.setdefault(m.kind, []).append(m)
    if len(kinds) > 1:
        kinds.pop("bankrupt", None)
    trains = kinds.get("buy_train", [])
    if trains and rng.below(4):
        return min(trains, key=lambda m: int(getattr(m, "price", 0)))
    if "lay_tile" in kinds and rng.below(3):
        return kinds["lay_tile"][rng.below(len(kinds["lay_tile"]))]
    if "sell_shares" in kinds and len(kinds) > 1 and rng.below(5):
        kinds.pop("sell_shares")
    names = sorted(kinds)
    k = names[rng.below(len(names))]
    return kinds[k][rng.below(len(kinds[k]))]


def check_game(game: Game, total: int | None) -> None:
    state = game.state
    assert state.conserved_money() == total
    assert state.invariant_violations() == []


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_18royalgorge_random_bot_games_finish_with_invariants(players: int, seed: int) -> None:
    game = Game(TITLE, PLAYERS[:players], seed=seed)
    bots = {p: RandomBot(seed * 10 + i) for i, p in enumerate(PLAYERS[:players])}
    total = game.state.conserved_money()
    for _ in range(5000):
        if game.finished:
            break
        player = game.acting[0]
        game.apply(bots[player].choose(game, player))
        check_game(game, total)
    assert game.finished and game.end_reason is not None
    assert game.result is not None and set(game.result) == set(PLAYERS[:players])
    replay = Game(TITLE, PLAYERS[:players], seed=seed)
    for action in game.log:
        replay.apply(action)
    assert replay.state_hash() == game.state_hash()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [3, 4, 5])
def test_18royalgorge_steady_games_reach_late_phases(players: int, seed: int) -> None:
    """Longer games through the Treaty of Boston, gold shipping and upkeep."""
    game = Game(TITLE, PLAYERS[:players], seed=seed)
    rng = Rng(seed)
    total = game.state.conserved_money()
    for _ in range(8000):
        if game.finished:
            break
        game.apply(steady(list(game.legal_actions()), rng))
        check_game(game, total)
    assert game.finished
