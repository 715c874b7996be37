"""Win rates and Elo-style ratings from arena games, each with a 95% confidence interval.

- A **win rate** is wins per seat played (a shared win counts as a share), with a Wilson score
  interval.
- **Ratings** come from a Bradley-Terry model fitted to every pair of seats of different
  levels in every game (the higher score beats the lower; equal scores are half a win each),
  by Hunter's MM iteration, on the Elo scale (400 points: ten to one odds) with the levels'
  mean at 1500.  The interval is a bootstrap over games (resampled with replacement).

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

from roundhouse.core.rng import Rng

Z95 = 1.959963984540054
ELO_SCALE = 400.0 / math.log(10.0)
MEAN_RATING = 1500.0
ITERATIONS = 200
BOOTSTRAP = 300


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
"""(winner, loser) -> wins, for every ordered pair of levels."""


def pairwise(
    games: Sequence[tuple[Sequence[str], Sequence[float]]],
) -> dict[tuple[str, str], float]:
    """Wins between levels from each game's (levels by seat, scores by seat)."""
    wins: dict[tuple[str, str], float] = {}
    for levels, scores in games:
        for i, a in enumerate(levels):
            for j in range(i + 1, len(levels)):
                b = levels[j]
                if a == b:
                    continue
                if scores[i] > scores[j]:
                    wins[(a, b)] = wins.get((a, b), 0.0) + 1.0
                elif scores[i] < scores[j]:
                    wins[(b, a)] = wins.get((b, a), 0.0) + 1.0
                else:
                    wins[(a, b)] = wins.get((a, b), 0.0) + 0.5
                    wins[(b, a)] = wins.get((b, a), 0.0) + 0.5
    return wins


def bradley_terry(levels: Sequence[str], wins: Pairs) -> dict[str, float]:
    """Elo-scale ratings (mean 1500) fitted to the pairwise wins; a half win of prior
    between every pair keeps a level that always wins (or loses) finite."""
    strength = dict.fromkeys(levels, 1.0)
    prior = 0.5
    for _ in range(ITERATIONS):
        new: dict[str, float] = {}
        for a in levels:
            won = sum(wins.get((a, b), 0.0) + prior for b in levels if b != a)
            denom = 0.0
            for b in levels:
                if b == a:
                    continue
                games = wins.get((a, b), 0.0) + wins.get((b, a), 0.0) + 2 * prior
                denom += games / (strength[a] + strength[b])
            new[a] = won / denom if denom else strength[a]
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {a: v / scale for a, v in new.items()}
    return {a: MEAN_RATING + ELO_SCALE * math.log(v) for a, v in strength.items()}


def ratings_with_ci(
    levels: Sequence[str],
    games: Sequence[tuple[Sequence[str], Sequence[float]]],
    seed: int = 0,
    samples: int = BOOTSTRAP,
) -> dict[str, tuple[float, float, float]]:
    """Level -> (rating, low, high): the fit on all games and a 95% bootstrap interval."""
    best = bradley_terry(levels, pairwise(games))
    if len(levels) < 2 or not games:
        return {a: (r, r, r) for a, r in best.items()}
    rng = Rng(seed)
    draws: dict[str, list[float]] = {a: [] for a in levels}
    n = len(games)
    for _ in range(samples):
        sample = [games[(rng.next() * n) >> 31] for _ in range(n)]
        fit = bradley_terry(levels, pairwise(sample))
        for a, r in fit.items():
            draws[a].append(r)
    out: dict[str, tuple[float, float, float]] = {}
    for a in levels:
        ordered = sorted(draws[a])
        low = ordered[int(0.025 * (len(ordered) - 1))]
        high = ordered[math.ceil(0.975 * (len(ordered) - 1))]
        out[a] = (best[a], low, high)
    return out
