"""Every title as a PettingZoo AEC environment: one agent per seat, one token per step.

>>> from roundhouse.agents import aec_env
>>> env = aec_env("ChicagoExpress", players=3, seed=7)
>>> env.reset()
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), env.agent_selection, int(obs["action_mask"].sum()) > 1
(['action_mask', 'observation'], 'player_0', True)

A step takes one token of the factored action space (:mod:`.tokens`, :mod:`.decision`); a
move of several tokens keeps the same agent selected until it is made.  Rewards come once, at
the end (``reward``: ``"rank"``, ``"share"`` or ``"net_worth"``, :mod:`.reward`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from roundhouse.agents.episode import MAX_ACTIONS, Config, Episode
from roundhouse.agents.observation import LIMIT
from roundhouse.core.title import OptionValue, normalise_title_id

Observation = dict[str, Any]


class RoundhouseAEC(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped
    """A title as an AEC environment; build it with :func:`roundhouse.agents.aec_env`."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (gymnasium and pettingzoo read it per class)
        "render_modes": ["human", "ansi"],
        "name": "roundhouse_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        title: str,
        players: int,
        seed: int = 0,
        *,
        options: Mapping[str, OptionValue] | None = None,
        reward: str = "rank",
        max_actions: int = MAX_ACTIONS,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.config = Config(title, players, options, reward_mode=reward, max_actions=max_actions)
        self.metadata = {**self.metadata, "name": f"roundhouse_{normalise_title_id(title)}_v0"}
        self.render_mode = render_mode
        self.possible_agents: list[str] = list(self.config.names)
        size = self.config.space.size
        features = self.config.features.size
        space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(-LIMIT, LIMIT, (features,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces: dict[str, gymnasium.spaces.Discrete] = {
            a: gymnasium.spaces.Discrete(size) for a in self.possible_agents
        }
        self._next_seed = seed
        self.episode: Episode | None = None
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self.action_spaces[agent]

    # -- the AEC loop ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a game: of ``seed``, or of the seed after the last (the constructor's first)."""
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        self.episode = Episode(self.config, seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._settle()

    def _live(self) -> Episode:
        if self.episode is None:
            raise RuntimeError("call reset() first")
        return self.episode

    def observe(self, agent: str) -> Observation:
        episode = self._live()
        seat = self.config.names.index(agent)
        return {
            "observation": episode.observation(seat),
            "action_mask": episode.mask_array(seat),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: a token from the action mask, not None")
        episode = self._live()
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        episode.step(int(action))
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """Select the seat to move, or end every agent's game with its reward."""
        episode = self._live()
        if episode.over:
            truncated = episode.truncated
            for agent, value in zip(self.config.names, episode.returns(), strict=True):
                if agent in self.agents:
                    self.rewards[agent] = value
                    self.terminations[agent] = not truncated
                    self.truncations[agent] = truncated
                    self.infos[agent] = {"end_reason": episode.game.end_reason}
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        assert episode.seat is not None
        self.agent_selection = self.config.names[episode.seat]

    # -- showing it ------------------------------------------------------------------------

    def render(self) -> str | None:
        """The position as text (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi'")
            return None
        text = self._live().text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.episode = None

    def __repr__(self) -> str:
        return f"<RoundhouseAEC {self.config.title} {self.config.players}p>"
