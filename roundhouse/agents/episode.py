"""One game driven token by token: what the PettingZoo, Gymnasium and OpenSpiel adapters share.

An :class:`Episode` holds a :class:`~roundhouse.core.game.Game` (through its public API only),
the :class:`~.decision.Decision` of the seat to move, and plays forced moves (a decision with a
single legal move) and bot seats by itself, so control always rests with a seat that has a
real choice, or the game is over.  ``max_actions`` caps a game's length (a random agent might
otherwise wander a long time); a game stopped there is *truncated* and scored as it stands.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

import roundhouse
from roundhouse.agents import reward
from roundhouse.agents.decision import Decision
from roundhouse.agents.observation import Features, Vector
from roundhouse.agents.tokens import Names, TokenSpace, player_names, probe
from roundhouse.bots.base import Bot
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.title import REGISTRY, OptionValue

MAX_ACTIONS = 10_000
"""Default cap on a game's actions (a long 18xx game has under 2,000)."""


class Config:
    """What stays fixed across the episodes of one environment: title, seats, spaces."""

    def __init__(
        self,
        title: str,
        players: int,
        options: Mapping[str, OptionValue] | None = None,
        *,
        reward_mode: str = "rank",
        max_actions: int = MAX_ACTIONS,
    ) -> None:
        found = REGISTRY.get(title)
        if players not in found.players:
            raise ValueError(
                f"{found.id} takes {found.players.start}–{found.players.stop - 1} players, "
                f"not {players}"
            )
        self.title = found.id
        self.players = players
        self.options: dict[str, OptionValue] = found.resolve_options(options)
        self.reward_mode = reward.check_mode(reward_mode)
        self.max_actions = max_actions
        self.names = player_names(players)
        games = probe(self.title, players, self.options)
        self.space = TokenSpace.from_games(found, players, games)
        self.features = Features(self.space, games)


class Episode:
    """A game in progress, driven by tokens; see the module docstring."""

    def __init__(self, config: Config, seed: int, bots: Mapping[int, Bot] | None = None) -> None:
        self.config = config
        self.seed = seed
        self.bots: dict[int, Bot] = dict(bots or {})
        """Seats played by bots (the Gymnasium wrapper's opponents)."""
        self.game: Game = roundhouse.new_game(config.title, config.names, seed, config.options)
        self.names = Names(config.space, self.game)
        self.decision: Decision | None = None
        self.seat: int | None = None
        """The seat to choose a token, None once the game is over."""
        self.forced = 0
        """Moves played without a choice (forced moves and bot moves)."""
        self._cache: dict[int, Vector] = {}
        self._board: Vector | None = None
        self._cache_at = -1
        self._advance()

    @classmethod
    def resume(
        cls,
        config: Config,
        game: Game,
        bots: Mapping[int, Bot] | None = None,
        names: Names | None = None,
    ) -> Episode:
        """An episode continuing ``game`` (``names``: the ones of the game it was copied from)."""
        episode = cls.__new__(cls)
        episode.config = config
        episode.seed = game.seed
        episode.bots = dict(bots or {})
        episode.game = game
        episode.names = names if names is not None else Names(config.space, game)
        episode.decision = None
        episode.seat = None
        episode.forced = 0
        episode._cache = {}
        episode._board = None
        episode._cache_at = -1
        episode._advance()
        return episode

    def copy(self) -> Episode:
        """An independent copy (the game through ``game.clone()``, the move in progress
        replayed), for search."""
        other = Episode.resume(self.config, self.game.clone(), self.bots, self.names)
        for token in self.picked():
            other.step(token)
        return other

    def picked(self) -> list[int]:
        """The tokens picked so far in the move in progress."""
        return list(self.decision.picked) if self.decision is not None else []

    # -- state -----------------------------------------------------------------------------

    @property
    def truncated(self) -> bool:
        return not self.game.finished and len(self.game.log) >= self.config.max_actions

    @property
    def over(self) -> bool:
        return self.game.finished or self.truncated

    def mask(self) -> list[int]:
        return self.decision.mask() if self.decision is not None else []

    def mask_array(self, seat: int | None = None) -> np.ndarray:
        """The action mask (int8) for ``seat`` (default: the seat to move): zeros off turn."""
        out = np.zeros(self.config.space.size, dtype=np.int8)
        if self.decision is not None and (seat is None or seat == self.seat):
            out[self.mask()] = 1
        return out

    def observation(self, seat: int) -> Vector:
        """The observation vector of ``seat`` (a new array each call)."""
        at = len(self.game.log)
        features = self.config.features
        if at != self._cache_at:
            self._cache = {}
            self._board = None
            self._cache_at = at
        base = self._cache.get(seat)
        if base is None:
            if self._board is None:
                self._board = features.board(self.game, self.names.companies)
            base = self._cache[seat] = features.position(self.game, seat, self._board)
        out = base.copy()
        if self.decision is not None and seat == self.seat:
            self.config.features.write_decision(out, self.decision)
        return out

    def scores(self) -> list[float]:
        """Final scores (or, when truncated or unfinished, each seat's score as it stands)."""
        result = self.game.result
        if result is not None:
            return [float(result[p]) for p in self.game.players]
        rows = {r.id: r.score for r in self.game.standings()}
        return [float(rows[p]) for p in self.game.players]

    def returns(self) -> list[float]:
        """Each seat's reward: zero until the game is over."""
        if not self.over:
            return [0.0] * self.config.players
        named = self.game.winners or ()
        return reward.rewards(
            self.config.reward_mode,
            self.scores(),
            self.config.features.unit,
            winners=[p in named for p in self.game.players],
        )

    # -- play ------------------------------------------------------------------------------

    def step(self, token: int) -> Action | None:
        """The seat to move takes ``token``; returns the move once it is made (and played)."""
        if self.decision is None:
            raise ValueError("the game is over")
        action = self.decision.choose(int(token))
        if action is not None:
            self.game.apply(action)
            self._advance()
        return action

    def _advance(self) -> None:
        """Play forced and bot moves until a seat has a real choice or the game is over."""
        self.decision = None
        self.seat = None
        while not self.over:
            player = self.game.acting[0]
            seat = self.game.players.index(player)
            bot = self.bots.get(seat)
            if bot is not None:
                self.game.apply(bot.choose(self.game, player))
                self.forced += 1
                continue
            decision = Decision(
                self.config.space, self.names, self.game.legal_actions(player), seat
            )
            if decision.action is not None:
                self.game.apply(decision.action)
                self.forced += 1
                continue
            self.decision = decision
            self.seat = seat
            return

    def text(self) -> str:
        """The position in a few lines: the prompt, the players, the move in progress."""
        game = self.game
        lines = [f"{game!r}", game.prompt().banner()]
        for row in game.standings():
            cash = "?" if row.cash is None else f"${row.cash}"
            lines.append(f"  {row.id}: cash {cash}, score {row.score}")
        if self.decision is not None:
            d = self.decision
            lines.append(f"choosing {d.field} of {d.kind or 'a move'}:")
            lines += [f"  {t}: {d.label(t)}" for t in d.mask()]
        elif self.over:
            lines.append(f"over: {game.end_reason or 'truncated'}; returns {self.returns()}")
        return "\n".join(lines)
