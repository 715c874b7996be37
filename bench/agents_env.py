"""Environment steps per second per core: the PettingZoo AEC environment of a title played by
uniformly random legal tokens, an observation and a mask built at every step (what a learner
pays per sample).  Needs the ``agents`` extra; without it the numbers are zero and the reason
is given."""

from __future__ import annotations

import itertools

from bench.clock import rate, timed


def env_steps(title: str, players: int, seconds: float) -> dict[str, float | str]:
    """Play random-token games in the AEC environment until ``seconds`` of CPU have passed."""
    try:
        import numpy as np

        from roundhouse.agents import aec_env

        env = aec_env(title, players=players)
    except ImportError as exc:  # the agents extra is not installed
        return {"steps_per_s": 0.0, "moves_per_s": 0.0, "tokens_per_move": 0.0, "error": str(exc)}
    rng = np.random.default_rng(0)
    seeds = itertools.count()
    moves = 0
    chosen = 0

    def one_game() -> int:
        nonlocal moves, chosen
        env.reset(seed=next(seeds))
        steps = 0
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        episode = env.episode
        assert episode is not None
        moves += len(episode.game.log)
        chosen += len(episode.game.log) - episode.forced
        return steps

    games, steps, elapsed = timed(one_game, seconds, min_runs=1)
    return {
        "games": games,
        "steps": steps,
        "seconds": round(elapsed, 4),
        "steps_per_s": round(rate(steps, elapsed), 1),
        "moves_per_s": round(rate(moves, elapsed), 1),
        "tokens_per_move": round(steps / chosen, 2) if chosen else 0.0,
    }
