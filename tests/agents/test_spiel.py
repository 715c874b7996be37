"""Issue #22: every playable title as an OpenSpiel game, usable by OpenSpiel's own tools."""

from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random

import roundhouse
from roundhouse.agents import openspiel_game
from roundhouse.agents.spiel import RoundhouseState
from tests.agents.playable import seatings

RANDOM_GAME_MOVES = 600
"""The moves of the random game OpenSpiel checks.  Chicago Express's and 18RoyalGorge's random
games end within it (measured 90-400 moves at their smallest and largest player counts), so
they are checked whole; the long titles' (18USA, 18West, 18US) stop there, truncated and scored
as they stand (what ``max_actions`` is for): whole, each cost one to three minutes a player
count here (18US at 6 players 149 s, 18West at 6 192 s, on the shared 2-core machine)."""


@pytest.mark.slow
@pytest.mark.parametrize(("title", "players"), seatings())
def test_openspiel_random_sim_test_passes(title: str, players: int) -> None:
    """OpenSpiel's own checks over a random game: clone, serialisation, masks, returns."""
    game = openspiel_game(title, players=players, max_actions=RANDOM_GAME_MOVES)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_registered_by_name_with_pyspiel() -> None:
    openspiel_game("ChicagoExpress", players=3)
    assert "roundhouse_chicagoexpress" in pyspiel.registered_names()
    game = pyspiel.load_game("roundhouse_18royalgorge", {"players": 2})
    assert game.num_players() == 2 and game.get_type().min_num_players == 2


def random_state(game: pyspiel.Game, seed: int, moves: int) -> RoundhouseState:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    state.apply_action(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_the_chance_node_draws_the_set_up_seed() -> None:
    game = openspiel_game("18RoyalGorge", players=3, setups=8)
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(s, 1 / 8) for s in range(8)]
    state.apply_action(5)
    doc = state.game_doc()
    assert doc is not None and doc["seed"] == 5
    expected = roundhouse.new_game("18RoyalGorge", doc["players"], seed=5)
    assert [r.id for r in expected.table().companies] == [
        r.id for r in roundhouse.load(doc).table().companies
    ]


def test_clone_and_serialisation_keep_the_position() -> None:
    game = openspiel_game("ChicagoExpress", players=3)
    state = random_state(game, 7, 40)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert str(copy) != str(state)
    _game, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(back) == str(state) and back.legal_actions() == state.legal_actions()
    assert str(pickle.loads(pickle.dumps(state))) == str(state)


def test_mcts_and_evaluation_run_on_a_short_game() -> None:
    """OpenSpiel's MCTS bot (random rollouts) against random bots, through evaluate_bots."""
    game = openspiel_game("ChicagoExpress", players=3, max_actions=30)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng)
    state = random_state(game, 1, 3)
    assert bot.step(state) in state.legal_actions()
    players = [bot] + [uniform_random.UniformRandomBot(p, rng) for p in (1, 2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), players, rng)
    assert len(returns) == 3 and abs(sum(returns)) < 1e-9


def test_observation_tensor_is_the_observation_vector() -> None:
    game = openspiel_game("ChicagoExpress", players=3)
    state = random_state(game, 2, 5)
    tensor = np.asarray(state.observation_tensor(state.current_player()))
    assert tensor.shape == (game.observation_tensor_size(),) and tensor.any()
    assert "player_" in state.observation_string(0)


def test_mcts_with_the_title_estimate_plays_a_whole_game() -> None:
    """The estimate evaluator values leaves without rollouts: MCTS finishes a game quickly."""
    from roundhouse.agents.spiel import EstimateEvaluator

    game = openspiel_game("ChicagoExpress", players=3)
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, 2.0, 6, EstimateEvaluator(), random_state=rng)
    players = [bot] + [uniform_random.UniformRandomBot(p, rng) for p in (1, 2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), players, rng)
    assert sorted(returns) == [-1.0, 0.0, 1.0] or abs(sum(returns)) < 1e-9
