"""Title knowledge for bots: how a title's heuristic player moves and judges a position.

A :class:`TitlePolicy` is what the heuristic bot plays and what the MCTS bot searches with:

- :meth:`~TitlePolicy.choose`: the heuristic's move (its full judgement, well under 200 ms);
- :meth:`~TitlePolicy.quick`: a cheap move for playouts (the search calls it thousands of
  times a move);
- :meth:`~TitlePolicy.values`: each player's expected final score, the search's value
  estimate at the end of a playout;
- :meth:`~TitlePolicy.plans`: the acting seat's ways through the rest of its turn (its own
  consecutive moves), best first, for the search to branch on (a long bid list thinned to
  sensible amounts).

Policies read the position through the public API and the typed views only, like any player
(``tests/test_view_boundary.py``).  A title without a policy of its own gets
:class:`GenericPolicy`: the greedy lookahead steering by the table's estimates.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from roundhouse.bots.greedy import GreedyBot, thin
from roundhouse.bots.random_bot import draw, pick
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.core.title import REGISTRY as TITLES


class TitlePolicy(Protocol):
    """A title's heuristic play and position estimate; see the module docstring."""

    def choose(self, game: Game, player: str, rng: Rng) -> Action:
        """The heuristic player's move for ``player`` (one of ``game.acting``)."""
        ...

    def quick(self, game: Game, player: str, rng: Rng) -> Action:
        """A cheap, sensible move for playouts."""
        ...

    def values(self, game: Game) -> dict[str, float]:
        """Each player's expected final score (the result itself once the game is over)."""
        ...

    def plans(self, game: Game, player: str, rng: Rng) -> list[list[Action]]:
        """Ways through the rest of ``player``'s turn worth searching, best first (never
        empty while ``player`` acts); each is a run of ``player``'s own moves."""
        ...


def final_or(game: Game, estimate: Callable[[], dict[str, float]]) -> dict[str, float]:
    """The result of a finished game, else ``estimate()``."""
    result = game.result
    if result is not None:
        return {p: float(v) for p, v in result.items()}
    return estimate()


class GenericPolicy:
    """Any title: the greedy lookahead, random-by-kind playouts, the table's estimates."""

    def __init__(self, seed: int = 0) -> None:
        self._greedy = GreedyBot(seed)

    def choose(self, game: Game, player: str, rng: Rng) -> Action:
        self._greedy.rng = rng
        return self._greedy.choose(game, player)

    def quick(self, game: Game, player: str, rng: Rng) -> Action:
        legal = game.legal_actions(player)
        return pick(rng, legal.of_kind(pick(rng, legal.kinds())))

    def values(self, game: Game) -> dict[str, float]:
        return final_or(game, lambda: {r.id: r.estimate for r in game.standings()})

    def plans(self, game: Game, player: str, rng: Rng) -> list[list[Action]]:
        best = self.choose(game, player, rng)
        legal = [a for a in thin(game.legal_actions(player)) if a != best]
        # a fair shuffle, so widening does not always favour the first listed kind
        for i in range(len(legal) - 1, 0, -1):
            j = draw(rng, i + 1)
            legal[i], legal[j] = legal[j], legal[i]
        return [[best], *([a] for a in legal)]


PolicyFactory = Callable[[int, bool], TitlePolicy]
REGISTRY: dict[str, PolicyFactory] = {}
"""Title id -> its policy's constructor (taking a seed, and whether a search will use it);
filled from each title folder's ``bot`` part as its title is first played."""


def register(title_id: str, factory: PolicyFactory) -> None:
    REGISTRY[title_id] = factory


def policy_for(game: Game, seed: int = 0, search: bool = False) -> TitlePolicy:
    """The policy of ``game``'s title, or the generic one; ``search``: for the MCTS bot (a
    title may judge positions differently for a search than for its one-move heuristic)."""
    factory = _title_policy(game.title.id)
    return factory(seed, search) if factory is not None else GenericPolicy(seed)


def _title_policy(title_id: str) -> PolicyFactory | None:
    """A registered policy, else the title folder's ``bot`` part (its ``make_policy``)."""
    if title_id not in REGISTRY:
        part = TITLES.part(title_id, "bot")
        factory = getattr(part, "make_policy", None)
        if factory is None:
            return None
        register(title_id, factory)
    return REGISTRY[title_id]
