"""Issue #22: every playable title as a Gymnasium environment for one seat, bots in the others."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from roundhouse.agents import gym_env
from roundhouse.agents.gym import bot_level
from tests.agents.playable import seatings


@pytest.mark.slow
@pytest.mark.parametrize(("title", "players"), seatings())
def test_gymnasium_check_env_passes(title: str, players: int) -> None:
    """Through ``gymnasium.make`` (so the render modes are checked too), default opponents."""
    env = gymnasium.make(f"roundhouse/{title}-v0", players=players, seat=players - 1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []


def test_opponent_levels_are_the_bots_levels() -> None:
    """Opponents are any level the bots read (issue #21's heuristic and MCTS included); a
    level that does not exist is refused by name before any game starts."""
    for level in ("random", "heuristic", "mcts", "mcts:strength=2", "greedy"):
        assert bot_level(level) == level
    with pytest.raises(ValueError, match="grandmaster"):
        bot_level("grandmaster")
    with pytest.raises(ValueError, match="grandmaster"):
        gym_env("ChicagoExpress", players=3, opponents="grandmaster")


def test_an_illegal_token_is_replaced_or_refused() -> None:
    env = gym_env("ChicagoExpress", players=3, opponents="random")
    obs, _info = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _obs, _r, _term, _trunc, info = env.step(illegal)
    assert info["illegal"] is True
    strict = gym_env("ChicagoExpress", players=3, opponents="random", illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)


def test_a_game_runs_to_its_end_with_one_reward() -> None:
    env = gym_env("ChicagoExpress", players=3, seat=1, opponents="random")
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    rewards = []
    done = False
    while not done:
        token = int(rng.choice(np.flatnonzero(env.action_masks())))
        obs, reward, terminated, truncated, info = env.step(token)
        rewards.append(float(reward))
        done = terminated or truncated
    assert terminated and info["end_reason"] and len(info["scores"]) == 3
    assert all(r == 0.0 for r in rewards[:-1]) and -1.0 <= rewards[-1] <= 1.0
    assert not obs["action_mask"].any()
