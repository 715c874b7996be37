"""Win rates and Elo-style ratings from arena games, each with a 95% confidence interval.

- A **win rate** is wins per seat played (a shared win counts as a share), with a Wilson score
  interval.
- **Ratings** come from a Bradley-Terry model fitted to the games' results between levels: in
  each game, every two levels present meet once, scoring the share of their seat pairs the
  first won (a higher score beats a lower, equal scores are half each), so a game of one MCTS
  seat against three heuristic seats counts once, not three times.  Hunter's MM iteration
  fits it, with half a game of prior each way between every two levels so that a level that
  always wins stays finite; ratings are on the Elo scale (400 points: ten to one odds) with
  the levels' mean at 1500.  The interval is ±1.96 standard errors from the fit's Fisher
  information (the mean held at 1500).

>>> wins = {("a", "b"): 30.0, ("b", "a"): 10.0}
>>> r = bradley_terry(["a", "b"], wins)
>>> round(r["a"] - r["b"])  # 3:1 odds (191), pulled in a little by the prior
185
>>> low, high = wilson(70, 100)
>>> round(low, 3), round(high, 3)
(0.604, 0.781)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

Z95 = 1.959963984540054
ELO_SCALE = 400.0 / math.log(10.0)
MEAN_RATING = 1500.0
ITERATIONS = 300
PRIOR = 0.5
"""Games' worth of results each way between every two levels before any are played."""


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (``successes`` may be fractional)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


Pairs = Mapping[tuple[str, str], float]
"""(winner, loser) -> games' worth of wins, for every ordered pair of levels."""
Game = tuple[Sequence[str], Sequence[float]]
"""One game: the level at each seat and each seat's score."""


def pairwise(games: Sequence[Game]) -> dict[tuple[str, str], float]:
    """Wins between levels, each game counting once for each two levels in it."""
    wins: dict[tuple[str, str], float] = {}
    for levels, scores in games:
        tally: dict[tuple[str, str], list[float]] = {}
        for i, a in enumerate(levels):
            for j, b in enumerate(levels):
                if a == b or i == j:
                    continue
                won = 1.0 if scores[i] > scores[j] else 0.5 if scores[i] == scores[j] else 0.0
                tally.setdefault((a, b), []).append(won)
        for pair, results in tally.items():
            wins[pair] = wins.get(pair, 0.0) + sum(results) / len(results)
    return wins


def _games(wins: Pairs, a: str, b: str) -> float:
    return wins.get((a, b), 0.0) + wins.get((b, a), 0.0) + 2 * PRIOR


def _strengths(levels: Sequence[str], wins: Pairs) -> dict[str, float]:
    strength = dict.fromkeys(levels, 1.0)
    for _ in range(ITERATIONS):
        new: dict[str, float] = {}
        for a in levels:
            won = sum(wins.get((a, b), 0.0) + PRIOR for b in levels if b != a)
            denom = sum(_games(wins, a, b) / (strength[a] + strength[b]) for b in levels if b != a)
            new[a] = won / denom if denom else strength[a]
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {a: v / scale for a, v in new.items()}
    return strength


def bradley_terry(levels: Sequence[str], wins: Pairs) -> dict[str, float]:
    """Elo-scale ratings (mean 1500) fitted to the pairwise wins (see the module docstring)."""
    strength = _strengths(levels, wins)
    return {a: MEAN_RATING + ELO_SCALE * math.log(v) for a, v in strength.items()}


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small well-conditioned matrix."""
    n = len(matrix)
    a = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(matrix)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(a[r][i]))
        a[i], a[pivot] = a[pivot], a[i]
        lead = a[i][i]
        a[i] = [v / lead for v in a[i]]
        for r in range(n):
            if r != i:
                factor = a[r][i]
                a[r] = [v - factor * w for v, w in zip(a[r], a[i], strict=True)]
    return [row[n:] for row in a]


def ratings_with_ci(
    levels: Sequence[str], games: Sequence[Game]
) -> dict[str, tuple[float, float, float]]:
    """Level -> (rating, low, high): the fit and its 95% interval (module docstring)."""
    wins = pairwise(games)
    ratings = bradley_terry(levels, wins)
    if len(levels) < 2:
        return {a: (r, r, r) for a, r in ratings.items()}
    strength = _strengths(levels, wins)
    k = len(levels)
    # Fisher information of the log-strengths: a Laplacian weighted by n p (1 - p); the mean
    # is held fixed by inverting L + J/k and taking J/k back off.
    info = [[0.0] * k for _ in range(k)]
    for i, a in enumerate(levels):
        for j, b in enumerate(levels):
            if i >= j:
                continue
            p = strength[a] / (strength[a] + strength[b])
            w = _games(wins, a, b) * p * (1 - p)
            info[i][j] -= w
            info[j][i] -= w
            info[i][i] += w
            info[j][j] += w
    held = [[info[i][j] + 1.0 / k for j in range(k)] for i in range(k)]
    cov = _inverse(held)
    out: dict[str, tuple[float, float, float]] = {}
    for i, a in enumerate(levels):
        var = max(cov[i][i] - 1.0 / k, 0.0)
        half = Z95 * ELO_SCALE * math.sqrt(var)
        out[a] = (ratings[a], ratings[a] - half, ratings[a] + half)
    return out
