"""The greedy player: looks through the rest of its own turn and takes the best-looking line.

A turn is often several small actions by the same seat (pick a gauge, pick a company, place
three locomotives, stop).  The bot searches those own consecutive actions as a beam: every
candidate is played through the public API on a copy of the game (``game.clone()`` then
``apply``, so every move is checked like anyone's), positions are scored with the title's
estimate of each player's worth in the table view (relative to the best opponent), and the
best few lines are extended until control passes to someone else.  It then plays the first
action of the best line.

Bids are thinned to a handful of amounts (minimum, a few steps, the maximum) so a long bid
list does not swamp the search.  Ties are broken by the bot's own seeded RNG.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.bots.random_bot import draw
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng

BEAM = 4
"""Partial lines kept at each depth."""
MAX_DEPTH = 6
"""Own consecutive actions looked through (a full Chicago Express build is 5)."""
MAX_BRANCH = 24
"""Candidates tried per position, after thinning."""
NODE_BUDGET = 160
"""Positions played out per decision at most; keeps heavy titles (18xx tile lays and route
runs on every copy) to a fraction of a second a move."""


def _score(game: Game, player: str) -> float:
    """The player's estimated worth less the best opponent's (the table view's estimates)."""
    rows = game.standings(player)
    mine = next(r.estimate for r in rows if r.id == player)
    others = [r.estimate for r in rows if r.id != player]
    return mine - (max(others) if others else 0.0)


def _after(game: Game, action: Action) -> Game:
    """A copy of ``game`` with ``action`` played (checked, as every move is)."""
    child = game.clone()
    child.apply(action)
    return child


def thin(actions: Sequence[Action]) -> list[Action]:
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
            self._visited = {game.state_hash()}
        self._streak = (len(game.log) + 1, player)
        if len(legal) == 1:
            return legal[0]
        # (score, tie-break, first action, game after the line so far)
        frontier: list[tuple[float, int, Action, Game]] = []
        after: dict[Action, Game] = {}
        budget = self.node_budget
        for action in thin(legal):
            budget -= 1
            child = _after(game, action)
            frontier.append((_score(child, player), draw(self.rng, 1 << 20), action, child))
            after[action] = child
        lines = list(frontier)
        for _ in range(MAX_DEPTH - 1):
            frontier.sort(key=lambda f: (f[0], f[1]), reverse=True)
            expanded: list[tuple[float, int, Action, Game]] = []
            for _s, _t, first, line in frontier[:BEAM]:
                if line.finished or player not in line.acting or budget <= 0:
                    continue
                for action in thin(line.legal_actions(player)):
                    if budget <= 0:
                        break
                    budget -= 1
                    nxt = _after(line, action)
                    expanded.append((_score(nxt, player), draw(self.rng, 1 << 20), first, nxt))
            if not expanded:
                break
            done = [f for f in frontier if f[3].finished or player not in f[3].acting]
            frontier = expanded + done
            lines.extend(expanded)
        return self._fresh(lines, after)

    def _fresh(
        self, lines: list[tuple[float, int, Action, Game]], after: dict[Action, Game]
    ) -> Action:
        """The first move of the best line whose first position is new in this run."""
        lines.sort(key=lambda f: (f[0], f[1]), reverse=True)
        tried: set[Action] = set()
        for _s, _t, first, _line in lines:
            if first in tried:
                continue
            tried.add(first)
            key = after[first].state_hash()
            if key not in self._visited:
                self._visited.add(key)
                return first
        return lines[0][2]

    def __repr__(self) -> str:
        return f"<GreedyBot rng={self.rng.state}>"
