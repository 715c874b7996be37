"""The greedy player: looks through the rest of its own turn and takes the best-looking line.

A turn is often several small actions by the same seat (pick a gauge, pick a company, place
three locomotives, stop).  The bot searches those own consecutive actions as a beam: every
candidate is played on a copy of the title state, positions are scored with the title's
``heuristic_value`` (relative to the best opponent), and the best few lines are extended until
control passes to someone else.  It then plays the first action of the best line.

Bids are thinned to a handful of amounts (minimum, a few steps, the maximum) so a long bid
list does not swamp the search.  Ties are broken by the bot's own seeded RNG.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from roundhouse.bots.random_bot import draw
from roundhouse.core.actions import Action
from roundhouse.core.canonical import digest
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.core.state import TitleState

BEAM = 4
"""Partial lines kept at each depth."""
MAX_DEPTH = 6
"""Own consecutive actions looked through (a full Chicago Express build is 5)."""
MAX_BRANCH = 24
"""Candidates tried per position, after thinning."""
NODE_BUDGET = 160
"""Positions played out per decision at most; keeps heavy titles (18xx tile lays and route
runs on every copy) to a fraction of a second a move."""


def _score(state: TitleState, player: PlayerId) -> float:
    mine = state.heuristic_value(player)
    others = [state.heuristic_value(p) for p in state.players if p != player]
    return mine - (max(others) if others else 0.0)


def _thin(actions: Sequence[Action]) -> list[Action]:
    """At most MAX_BRANCH actions, keeping every kind and spreading over long runs."""
    if len(actions) <= MAX_BRANCH:
        return list(actions)
    by_kind: dict[str, list[Action]] = {}
    for a in actions:
        by_kind.setdefault(a.kind, []).append(a)
    share = max(2, MAX_BRANCH // len(by_kind))
    kept: list[Action] = []
    for group in by_kind.values():
        if len(group) <= share:
            kept.extend(group)
            continue
        step = (len(group) - 1) / (share - 1)
        kept.extend(group[round(i * step)] for i in range(share))
    return kept


class GreedyBot:
    """Best line through its own turn by the title's heuristic; see the module docstring.

    A turn may offer moves that lead nowhere lasting (18RoyalGorge with ``compat_18xx_games``
    lets a railroad name a steel column again and again, as 18xx.games does).  So that the
    bot always moves on, it never returns to a position it already reached in the same run
    of its own moves, unless every move does.
    """

    def __init__(self, seed: int, node_budget: int = NODE_BUDGET) -> None:
        self.rng = Rng(seed)
        self.node_budget = node_budget
        self._streak: tuple[int, str] | None = None
        """(log length, seat) expected at the next call if nobody else moved in between."""
        self._visited: set[str] = set()

    def choose(self, game: Game, player: str) -> Action:
        legal = game.legal_actions(player)
        if not legal:
            raise ValueError(f"{player} has no legal action in {game!r}")
        if self._streak != (len(game.log), player):
            self._visited = {digest(game.state)}
        self._streak = (len(game.log) + 1, player)
        if len(legal) == 1:
            return legal[0]
        seat = PlayerId(player)
        # (score, tie-break, first action, state after the line so far)
        frontier: list[tuple[float, int, Action, TitleState]] = []
        after: dict[Action, TitleState] = {}
        budget = self.node_budget
        for action in _thin(legal):
            budget -= 1
            state = copy.deepcopy(game.state)
            state.execute(action)
            frontier.append((_score(state, seat), draw(self.rng, 1 << 20), action, state))
            after[action] = state
        lines = list(frontier)
        for _ in range(MAX_DEPTH - 1):
            frontier.sort(key=lambda f: (f[0], f[1]), reverse=True)
            expanded: list[tuple[float, int, Action, TitleState]] = []
            for _s, _t, first, state in frontier[:BEAM]:
                if state.finished or seat not in state.acting() or budget <= 0:
                    continue
                for action in _thin([a for a in state.legal_actions() if a.player == seat]):
                    if budget <= 0:
                        break
                    budget -= 1
                    nxt = copy.deepcopy(state)
                    nxt.execute(action)
                    expanded.append((_score(nxt, seat), draw(self.rng, 1 << 20), first, nxt))
            if not expanded:
                break
            done = [f for f in frontier if f[3].finished or seat not in f[3].acting()]
            frontier = expanded + done
            lines.extend(expanded)
        return self._fresh(lines, after)

    def _fresh(
        self,
        lines: list[tuple[float, int, Action, TitleState]],
        after: dict[Action, TitleState],
    ) -> Action:
        """The first move of the best line whose first position is new in this run."""
        lines.sort(key=lambda f: (f[0], f[1]), reverse=True)
        tried: set[Action] = set()
        for _s, _t, first, _state in lines:
            if first in tried:
                continue
            tried.add(first)
            key = digest(after[first])
            if key not in self._visited:
                self._visited.add(key)
                return first
        return lines[0][2]

    def __repr__(self) -> str:
        return f"<GreedyBot rng={self.rng.state}>"
