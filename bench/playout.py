"""Complete random games per second, single process: the random bot plays every seat.

The games played here are kept (as save files) so the replay and move-listing benchmarks run
on real positions of the same run.
"""

from __future__ import annotations

import dataclasses
import itertools

import roundhouse
from bench.clock import rate, timed
from roundhouse.bots import RandomBot
from roundhouse.core.actions import Json
from roundhouse.harness.case import NAMES, stream


@dataclasses.dataclass(frozen=True, slots=True)
class Playout:
    games: int
    actions: int
    seconds: float
    docs: list[dict[str, Json]]

    def summary(self) -> dict[str, float]:
        return {
            "games": self.games,
            "actions": self.actions,
            "seconds": round(self.seconds, 4),
            "games_per_s": round(rate(self.games, self.seconds), 2),
            "actions_per_s": round(rate(self.actions, self.seconds), 1),
            "actions_per_game": round(self.actions / self.games, 1) if self.games else 0.0,
        }


def play_games(title: str, players: int, seconds: float, min_games: int = 3) -> Playout:
    """Play seeded random games (seeds 0, 1, …) until ``seconds`` have passed."""
    names = list(NAMES[:players])
    seeds = itertools.count()
    docs: list[dict[str, Json]] = []

    def one_game() -> int:
        seed = next(seeds)
        game = roundhouse.new_game(title, names, seed=seed)
        bots = {p: RandomBot(stream(seed, i)) for i, p in enumerate(names)}
        while not game.finished:
            seat = game.acting[0]
            game.apply(bots[seat].choose(game, seat))
        docs.append(game.to_doc())
        return len(game.log)

    games, actions, elapsed = timed(one_game, seconds, min_games)
    return Playout(games, actions, elapsed, docs)
