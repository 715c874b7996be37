"""Every title as an OpenSpiel game, registered with ``pyspiel`` by name.

>>> import pyspiel
>>> from roundhouse.agents import openspiel_game
>>> game = openspiel_game("ChicagoExpress", players=3)
>>> game.get_type().short_name, game.num_players(), game.get_parameters()["reward"]
('roundhouse_chicagoexpress', 3, 'rank')
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 1024)

- **Chance**: the first node draws the game's seed (uniformly from ``setups`` seeds); the
  title's set-up draws (18RoyalGorge's railroads and privates) are a function of the seed,
  and every later draw comes from the same seeded generator.
- **Actions** are the tokens of the factored action space (:mod:`.tokens`); a move of several
  tokens is several OpenSpiel actions by the same player.  Forced moves are played by the
  game itself.
- **Information**: perfect (every view is the same for every seat in every playable title;
  ``tests/agents`` checks it).  Observations are the vector of :mod:`.observation`.
- **Parameters**: ``players``, ``reward``, ``setups``, ``max_actions`` and the title's own
  options by name (``hand_picked=True`` for 18RoyalGorge's draft).
- **Returns** come at the end (``reward`` parameter, :mod:`.reward`); a game reaching
  ``max_actions`` moves ends there, scored as it stands.
- ``clone()`` copies the game with ``Game.clone()``; serialisation (``state.serialize()``,
  ``pyspiel.serialize_game_and_state``, pickle) stores the game's save file.
- :class:`EstimateEvaluator` lets OpenSpiel's ``MCTSBot`` value a leaf by the title's own
  estimate of each seat's worth instead of a random rollout to the end of the game.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from roundhouse.agents import reward
from roundhouse.agents.episode import MAX_ACTIONS, Config, Episode
from roundhouse.core.game import load as load_game
from roundhouse.core.title import REGISTRY, OptionValue, Title, normalise_title_id

SETUPS = 1024
"""Seeds the chance node draws from, by default."""
TOKENS_PER_MOVE = 16
"""A bound on the tokens one move takes per field (for OpenSpiel's ``max_game_length``)."""


def short_name(title: str) -> str:
    """The name a title is registered under: ``roundhouse_chicagoexpress``."""
    return f"roundhouse_{normalise_title_id(REGISTRY.get(title).id)}"


def _default_players(title: Title) -> int:
    return min(max(3, title.players.start), title.players.stop - 1)


def game_type(title: Title, reward_mode: str = "rank") -> pyspiel.GameType:
    utility = (
        pyspiel.GameType.Utility.ZERO_SUM
        if reward.zero_sum(reward_mode)
        else pyspiel.GameType.Utility.GENERAL_SUM
    )
    return pyspiel.GameType(
        short_name=short_name(title.id),
        long_name=f"Roundhouse {title.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=title.players.stop - 1,
        min_num_players=title.players.start,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": _default_players(title),
            "reward": "rank",
            "setups": SETUPS,
            "max_actions": MAX_ACTIONS,
            **{o.name: o.default for o in title.options},
        },
    )


OWN_PARAMETERS = ("players", "reward", "setups", "max_actions")
"""The game's parameters that are not the title's options."""

Key = tuple[str, int, str, int, tuple[tuple[str, OptionValue], ...]]
"""What a config is built from: title, players, reward, max actions, the title's options."""


@functools.lru_cache(maxsize=64)
def config(key: Key) -> Config:
    """The environment config for these parameters, built once (probing games is not free)."""
    title, players, reward_mode, max_actions, options = key
    return Config(title, players, dict(options), reward_mode=reward_mode, max_actions=max_actions)


class _Shared:
    """The game's config, held by every state: copied as itself, pickled as its parameters."""

    def __init__(self, key: Key, setups: int) -> None:
        self.key = key
        self.config = config(key)
        self.setups = setups

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[type[_Shared], tuple[Key, int]]:
        return (_Shared, (self.key, self.setups))


class _Play:
    """The episode behind a state: copied with ``Game.clone()``, pickled as its save file."""

    def __init__(self, episode: Episode) -> None:
        self.episode = episode

    def __deepcopy__(self, memo: dict[int, object]) -> _Play:
        return _Play(self.episode.copy())

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        e = self.episode
        c = e.config
        key = (c.title, c.players, c.reward_mode, c.max_actions, tuple(sorted(c.options.items())))
        return (_restore, (key, e.game.to_doc(), e.picked()))


def _restore(key: Key, doc: dict[str, Any], picked: list[int]) -> _Play:
    episode = Episode.resume(config(key), load_game(doc))
    for token in picked:
        episode.step(token)
    return _Play(episode)


class RoundhouseGame(pyspiel.Game):  # type: ignore[misc]
    """A title as an OpenSpiel game (see the module docstring); one subclass per title
    (:func:`game_class`) is what ``pyspiel`` makes games with."""

    title_id = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        found = REGISTRY.get(self.title_id)
        params = {**game_type(found).parameter_specification, **dict(params or {})}
        players = int(params["players"])
        mode = reward.check_mode(str(params["reward"]))
        setups = int(params["setups"])
        max_actions = int(params["max_actions"])
        if setups < 1:
            raise ValueError(f"setups must be 1 or more, not {setups}")
        options = tuple(sorted((k, v) for k, v in params.items() if k not in OWN_PARAMETERS))
        self.shared = _Shared((found.id, players, mode, max_actions, options), setups)
        cfg = self.shared.config
        low, high = reward.bounds(mode, players)
        per_move = 1 + cfg.space.max_fields * TOKENS_PER_MOVE
        info = pyspiel.GameInfo(
            num_distinct_actions=cfg.space.size,
            max_chance_outcomes=setups,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if reward.zero_sum(mode) else None,
            max_game_length=1 + max_actions * per_move,
        )
        super().__init__(game_type(found, mode), info, dict(params))

    def new_initial_state(self) -> RoundhouseState:
        return RoundhouseState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> RoundhouseObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return RoundhouseObserver(self.shared)


class RoundhouseState(pyspiel.State):  # type: ignore[misc]
    """One position: the set-up draw (a chance node), then the game token by token."""

    def __init__(self, game: RoundhouseGame) -> None:
        super().__init__(game)
        self._shared = game.shared
        self._play: _Play | None = None

    # -- what OpenSpiel asks -----------------------------------------------------------------

    @property
    def episode(self) -> Episode | None:
        return self._play.episode if self._play is not None else None

    def current_player(self) -> int:
        episode = self.episode
        if episode is None:
            return int(pyspiel.PlayerId.CHANCE)
        if episode.seat is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return episode.seat

    def _legal_actions(self, player: int) -> list[int]:
        episode = self.episode
        assert episode is not None and player == episode.seat
        return episode.mask()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._shared.setups
        return [(seed, 1.0 / n) for seed in range(n)]

    def _apply_action(self, action: int) -> None:
        episode = self.episode
        if episode is None:
            self._play = _Play(Episode(self._shared.config, int(action)))
        else:
            episode.step(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"set-up seed {action}"
        episode = self.episode
        if episode is not None and episode.decision is not None and action in episode.mask():
            return episode.decision.label(action)
        return self._shared.config.space.label(action)

    def is_terminal(self) -> bool:
        episode = self.episode
        return episode is not None and episode.over

    def returns(self) -> list[float]:
        episode = self.episode
        if episode is None:
            return [0.0] * self._shared.config.players
        return episode.returns()

    def game_doc(self) -> dict[str, Any] | None:
        """The Roundhouse save file of the game so far (``roundhouse.load`` replays it)."""
        episode = self.episode
        return episode.game.to_doc() if episode is not None else None

    def __str__(self) -> str:
        episode = self.episode
        if episode is None:
            return "set-up draw"
        game = episode.game
        last = str(game.log[-1]) if game.log else "-"
        d = episode.decision
        move = f"{d.kind or '?'} {d.field} {d.chosen}" if d is not None else "-"
        return f"{game!r} after {len(game.log)} actions (last: {last}); move: {move}"


class RoundhouseObserver:
    """OpenSpiel's observer protocol over :class:`~.observation.Features`."""

    def __init__(self, shared: _Shared) -> None:
        self.features = shared.config.features
        self.tensor = np.zeros(self.features.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RoundhouseState, player: int) -> None:
        episode = state.episode
        if episode is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = episode.observation(player)

    def string_from(self, state: RoundhouseState, player: int) -> str:
        episode = state.episode
        if episode is None:
            return "set-up draw"
        return f"player_{player}: " + episode.text()


_CLASSES: dict[str, type[RoundhouseGame]] = {}


def game_class(title: Title) -> type[RoundhouseGame]:
    """The title's game class.  pyspiel keeps the class it was given until the process
    ends; a class (unlike a ``functools.partial``) is never freed by that last release, which
    happens after the interpreter has shut down and would crash it."""
    if title.id not in _CLASSES:
        name = f"{normalise_title_id(title.id).capitalize()}Game"
        _CLASSES[title.id] = type(name, (RoundhouseGame,), {"title_id": title.id})
    return _CLASSES[title.id]


class EstimateEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """An evaluator for OpenSpiel's ``MCTSBot`` that reads the title's own estimate of each
    seat's worth (``PlayerRow.estimate`` in the table view) instead of playing random games
    to the end: a leaf costs one view, not a rollout of hundreds of moves.

    The estimates are turned into rewards the way final scores are (the game's ``reward``
    parameter), so a finished game's value is its real return.
    """

    def evaluate(self, state: RoundhouseState) -> np.ndarray:
        episode = state.episode
        if episode is None or episode.over:
            return np.asarray(state.returns(), dtype=np.float64)
        rows = {r.id: r.estimate for r in episode.game.standings()}
        config = episode.config
        scores = [rows[p] for p in episode.game.players]
        return np.asarray(reward.rewards(config.reward_mode, scores, config.features.unit))

    def prior(self, state: RoundhouseState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def register_all() -> None:
    """Register every registered title with ``pyspiel`` (once)."""
    known = set(pyspiel.registered_names())
    for title in REGISTRY.all():
        if short_name(title.id) not in known:
            pyspiel.register_game(game_type(title), game_class(title))


def load(title: str, players: int, **params: Any) -> Any:
    """``pyspiel.load_game`` of the title's registered name with ``players``."""
    register_all()
    return pyspiel.load_game(short_name(title), {"players": players, **params})


register_all()

__all__ = [
    "EstimateEvaluator",
    "RoundhouseGame",
    "RoundhouseState",
    "load",
    "register_all",
    "short_name",
]
