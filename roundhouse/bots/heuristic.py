"""The heuristic player: the title's own judgement (:mod:`roundhouse.bots.policy`), one move
at a time, with no search beyond its own turn.

Chicago Express, 18RoyalGorge, 18USA, 18US and 18West have policies of their own (sensible bids
and pars, track toward revenue, blocking, trains before they rust, dividends and loans with
reason; the last three on the generic 18xx base, :mod:`roundhouse.bots.policy18xx`); any
other title plays the generic greedy lookahead.  Ties are broken by the bot's own seeded
generator.
"""

from __future__ import annotations

from roundhouse.bots.policy import TitlePolicy, policy_for
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng


class HeuristicBot:
    """Plays the title policy's move; see the module docstring."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        self._policies: dict[str, TitlePolicy] = {}

    def policy(self, game: Game) -> TitlePolicy:
        found = self._policies.get(game.title.id)
        if found is None:
            found = self._policies[game.title.id] = policy_for(game, self.seed)
        return found

    def choose(self, game: Game, player: str) -> Action:
        legal = game.legal_actions(player)
        if not legal:
            raise ValueError(f"{player} has no legal action in {game!r}")
        if len(legal) == 1:
            return legal[0]
        return self.policy(game).choose(game, player, self.rng)

    def __repr__(self) -> str:
        return f"<HeuristicBot rng={self.rng.state}>"
