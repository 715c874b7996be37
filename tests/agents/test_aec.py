"""Issue #22: every playable title, at every player count, as a PettingZoo AEC environment."""

from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from roundhouse.agents import aec_env
from roundhouse.agents.aec import RoundhouseAEC
from tests.agents.playable import seatings

KNOWN_WARNINGS = (
    # pettingzoo's own classic games (chess, go) are listed by name as having dict
    # observations; any other environment with {"observation", "action_mask"} is warned about
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)


@pytest.mark.slow
@pytest.mark.parametrize(("title", "players"), seatings())
def test_pettingzoo_api_test_passes(title: str, players: int) -> None:
    env = aec_env(title, players=players, seed=3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=1000)
    others = [str(w.message) for w in caught if not str(w.message).startswith(KNOWN_WARNINGS)]
    assert others == []


def test_pettingzoo_seed_test_passes() -> None:
    """PettingZoo's own determinism check: two environments, same seeds, same games."""
    seed_test(lambda: aec_env("18RoyalGorge", players=3), num_cycles=200)


def play_out(env: RoundhouseAEC, seed: int) -> tuple[list[int], dict[str, float]]:
    """A game of uniformly random legal tokens: the tokens played and the final rewards."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    tokens: list[int] = []
    rewards: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            rewards[agent] = reward
            env.step(None)
            continue
        token = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        tokens.append(token)
        env.step(token)
    return tokens, rewards


def test_a_seeded_reset_replays_the_same_game() -> None:
    env = aec_env("ChicagoExpress", players=3)
    first = play_out(env, 5)
    assert play_out(env, 5) == first


def test_rank_rewards_are_zero_sum_and_in_range() -> None:
    env = aec_env("ChicagoExpress", players=4)
    _tokens, rewards = play_out(env, 1)
    assert sorted(rewards) == ["player_0", "player_1", "player_2", "player_3"]
    assert abs(sum(rewards.values())) < 1e-9 and max(rewards.values()) == 1.0


def test_a_game_stopped_at_the_action_cap_is_truncated() -> None:
    env = aec_env("18RoyalGorge", players=3, max_actions=20, reward="share")
    play_out(env, 0)
    episode = env.episode
    assert episode is not None and episode.truncated and len(episode.game.log) == 20
    assert not episode.game.finished


def test_only_the_agent_to_move_has_a_mask() -> None:
    env = aec_env("ChicagoExpress", players=3)
    env.reset(seed=0)
    mover = env.agent_selection
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.dtype == np.int8 and (mask.any() == (agent == mover))


def test_render_shows_the_prompt_and_the_tokens_on_offer() -> None:
    env = aec_env("ChicagoExpress", players=3, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text is not None and "initial auction" in text and "kind bid" in text


def test_importing_roundhouse_leaves_the_agent_libraries_out() -> None:
    """The core stays light: neither ``roundhouse`` nor ``roundhouse.agents`` imports them."""
    code = (
        "import sys, roundhouse, roundhouse.agents\n"
        "roundhouse.new_game('ChicagoExpress', ['a', 'b'])\n"
        "heavy = ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel', 'torch')\n"
        "print(','.join(m for m in heavy if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
