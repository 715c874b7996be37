"""A title policy that decides each move from the legal list, without searching.

The 18xx title policies (18USA, 18US, 18West) read the position and pick a move by rules
of thumb; what the search needs beyond that is the same for all of them: the table's
estimates as values, the heuristic's move as the quick playout move, and its move first
among a few of each other kind as the plans.  A title writes :meth:`decide` only.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.bots.policy import final_or
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng

PLAN_WIDTH = 3
"""Other moves of a kind offered to a search besides the heuristic's choice."""


class DecidingPolicy:
    """The :class:`~roundhouse.bots.policy.TitlePolicy` protocol around :meth:`decide`."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, game: Game, player: str, legal: Sequence[Action]) -> Action:
        """The heuristic's move among ``legal`` (two or more moves)."""
        raise NotImplementedError(f"{type(self).__name__} must decide its moves")

    def values(self, game: Game) -> dict[str, float]:
        return final_or(game, lambda: {r.id: r.estimate for r in game.standings()})

    def choose(self, game: Game, player: str, rng: Rng) -> Action:
        legal = game.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        action = self.decide(game, player, legal)
        assert action in legal, f"{action!r} is not legal"
        return action

    def quick(self, game: Game, player: str, rng: Rng) -> Action:
        return self.choose(game, player, rng)

    def plans(self, game: Game, player: str, rng: Rng) -> list[list[Action]]:
        best = self.choose(game, player, rng)
        by_kind: dict[str, list[Action]] = {}
        for a in game.legal_actions(player):
            if a != best:
                by_kind.setdefault(a.kind, []).append(a)
        others: list[Action] = []
        for group in by_kind.values():
            others.extend(group[:PLAN_WIDTH])
        return [[best], *([a] for a in others)]
