"""Every title as a Gymnasium environment for one seat, the other seats played by our bots.

>>> from roundhouse.agents import gym_env
>>> env = gym_env("ChicagoExpress", players=3, seat=0, opponents="random")
>>> obs, info = env.reset(seed=7)
>>> obs["observation"].shape == env.observation_space["observation"].shape
True

The agent's steps are tokens of the factored action space (:mod:`.tokens`); opponents'
moves, and forced moves, happen inside ``step``.  The reward is 0 until the game ends, then
the seat's final reward (``reward``: :mod:`.reward`).  ``obs["action_mask"]`` (and
:meth:`RoundhouseGym.action_masks`, as sb3-contrib's masked PPO reads it) marks the legal
tokens; a token outside it is replaced by a random legal one (``illegal="random"``, reported
in ``info["illegal"]``) or refused (``illegal="raise"``).

Importing this module registers ``roundhouse/<title id>-v0`` for every registered title, so
``gymnasium.make("roundhouse/ChicagoExpress-v0", players=4)`` works too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from roundhouse.agents.episode import MAX_ACTIONS, Config, Episode
from roundhouse.agents.observation import LIMIT
from roundhouse.bots import make_bot, parse_level
from roundhouse.bots.base import Bot
from roundhouse.core.title import REGISTRY, OptionValue

Observation = dict[str, Any]
ILLEGAL = ("random", "raise")


def bot_level(level: str) -> str:
    """The opponents' level as the bots read it (``heuristic``, ``mcts:strength=2``, ...);
    raises ValueError naming what is wrong (:func:`roundhouse.bots.parse_level`)."""
    parse_level(level)
    return level


def bot_seed(game_seed: int, seat: int) -> int:
    """Each opponent's own seed: a function of the game's seed and its seat."""
    return (game_seed * 1_000_003 + seat * 7_919) % (1 << 31)


class RoundhouseGym(gymnasium.Env[Observation, np.int64]):
    """One seat of a title; build it with :func:`roundhouse.agents.gym_env`."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        title: str,
        players: int,
        seat: int = 0,
        opponents: str = "heuristic",
        *,
        options: Mapping[str, OptionValue] | None = None,
        reward: str = "rank",
        max_actions: int = MAX_ACTIONS,
        illegal: str = "random",
        render_mode: str | None = None,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {ILLEGAL}, not {illegal!r}")
        self.config = Config(title, players, options, reward_mode=reward, max_actions=max_actions)
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0–{players - 1}, not {seat}")
        self.seat = seat
        self.opponents = bot_level(opponents)
        """The bot level playing the other seats (:func:`bot_level`)."""
        self.illegal = illegal
        self.render_mode = render_mode
        size = self.config.space.size
        self.observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    -LIMIT, LIMIT, (self.config.features.size,), np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.action_space = gymnasium.spaces.Discrete(size)
        self.episode: Episode | None = None

    def _bots(self, game_seed: int) -> dict[int, Bot]:
        return {
            s: make_bot(self.opponents, bot_seed(game_seed, s))
            for s in range(self.config.players)
            if s != self.seat
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game: of ``seed`` if given, else of a seed drawn from the env's generator."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(1 << 31))
        self.episode = Episode(self.config, game_seed, self._bots(game_seed))
        return self._observation(), self._info()

    def _live(self) -> Episode:
        if self.episode is None:
            raise RuntimeError("call reset() first")
        return self.episode

    def _observation(self) -> Observation:
        episode = self._live()
        return {
            "observation": episode.observation(self.seat),
            "action_mask": episode.mask_array(self.seat),
        }

    def _info(self, **extra: Any) -> dict[str, Any]:
        episode = self._live()
        info: dict[str, Any] = {"actions": len(episode.game.log), **extra}
        if episode.over:
            info["end_reason"] = episode.game.end_reason
            info["scores"] = episode.scores()
        return info

    def action_masks(self) -> np.ndarray:
        """The legal tokens as booleans (what sb3-contrib's ``MaskablePPO`` asks for)."""
        return self._live().mask_array(self.seat).astype(bool)

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        episode = self._live()
        extra: dict[str, Any] = {}
        if not episode.over:
            legal = episode.mask()
            token = int(action)
            if token not in legal:
                if self.illegal == "raise":
                    shown = ", ".join(map(str, legal))
                    raise ValueError(f"token {token} is not legal; legal tokens: {shown}")
                token = int(self.np_random.choice(legal))
                extra["illegal"] = True
            episode.step(token)
        value = episode.returns()[self.seat] if episode.over else 0.0
        terminated = episode.game.finished
        truncated = episode.truncated
        if self.render_mode == "human":
            self.render()
        return self._observation(), value, terminated, truncated, self._info(**extra)

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


def register_all() -> None:
    """Register ``roundhouse/<title id>-v0`` with Gymnasium for every registered title."""
    for title_id in REGISTRY.ids():
        name = f"roundhouse/{title_id}-v0"
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point="roundhouse.agents.gym:RoundhouseGym",
                kwargs={"title": title_id},
            )


register_all()
