"""``python -m bench.calibrate_royal_gorge [--games N]``: measure and refit the search's estimate.

The MCTS bot judges an 18RoyalGorge position by each player's expected final score, a weighed
sum of the score parts :func:`roundhouse.titles.g18royalgorge.bot.model.features` measures
(cash, shares at their price, dividends and price rises to come, privates' income, the part of
the railroads' treasuries a player's shares stand for).  This script plays heuristic
self-play games (three players; a move in ``--explore`` is one of the search's next four
plans, so the positions vary), samples positions at the start of turns, and, per stage of the
game (operating rounds left, :func:`~roundhouse.titles.g18royalgorge.bot.model.rounds_left`),
fits a player's final score less the players' mean ~ weights · (features less their
mean) by least squares on the first games (the constant is then the mean level left over).
On the games held out it prints how well the heuristic's weights and the fitted ones
predict: R² of the differences from the mean and how often the player estimated best is the
winner.  It prints the table to paste into ``CALIBRATION``
(``roundhouse/titles/g18royalgorge/bot/model.py``).
"""

from __future__ import annotations

import argparse
import os
import pickle
from collections.abc import Sequence

import roundhouse
from bench.calibrate_chicago_express import solve
from roundhouse.bots.random_bot import draw
from roundhouse.core.rng import Rng
from roundhouse.titles.g18royalgorge.bot.model import (
    FEATURES,
    HEURISTIC_WEIGHTS,
    features,
    read,
    rounds_left,
)
from roundhouse.titles.g18royalgorge.bot.policy import RoyalGorgePolicy

Sample = tuple[int, float, dict[str, list[float]], dict[str, float], frozenset[str]]
"""(game, rounds left, features by player, final score by player, winners)."""


def sample(games: int, seed: int, explore: float, every: int) -> list[Sample]:
    out: list[Sample] = []
    rng = Rng(seed)
    for g in range(games):
        game = roundhouse.new_game("18RoyalGorge", ["P0", "P1", "P2"], seed=seed + g)
        policy = RoyalGorgePolicy(seed + g)
        seen: list[tuple[float, dict[str, list[float]]]] = []
        last: tuple[str, str | None] | None = None
        while not game.finished:
            player = game.acting[0]
            prompt = game.prompt()
            turn = (prompt.round, prompt.entity)
            if turn != last and draw(rng, every) == 0:
                pos = read(game)
                seen.append((rounds_left(pos), features(pos)))
            last = turn
            if draw(rng, 1000) < explore * 1000:
                plans = policy.plans(game, player, rng)
                if len(plans) > 1:
                    policy.follow(game, plans[min(len(plans) - 1, 1 + draw(rng, 4))], player, rng)
                    continue
            game.apply(policy.choose(game, player, rng))
        result = {str(p): float(v) for p, v in (game.result or {}).items()}
        winners = frozenset(str(w) for w in (game.winners or ()))
        for rounds, feats in seen:
            out.append((g, rounds, feats, result, winners))
    return out


STAGES = ((8.0, 99.0), (4.0, 8.0), (0.0, 4.0))
"""Operating rounds left: the early game (privates, first trains), the middle, the end."""


def stage(rounds: float) -> int:
    return next(i for i, (lo, hi) in enumerate(STAGES) if lo <= rounds < hi)


def relative(s: Sample) -> list[tuple[int, list[float], float]]:
    """A position's rows as differences from the players' mean: the search compares players
    (a softmax of the estimates), so the fit is of who ends ahead and by how much, not of
    the level every score shares."""
    _g, _r, feats, result, _w = s
    n = len(feats)
    mean_x = [sum(x[i] for x in feats.values()) / n for i in range(len(FEATURES))]
    mean_y = sum(result.values()) / n
    return [
        (0, [v - m for v, m in zip(x, mean_x, strict=True)], result[p] - mean_y)
        for p, x in feats.items()
    ]


def score(weights: Sequence[float], x: Sequence[float]) -> float:
    return sum(w * v for w, v in zip(weights, x, strict=True))


def judge(samples: Sequence[Sample], weights: Sequence[Sequence[float]]) -> tuple[float, float]:
    """(R² of each final score's difference from the players' mean, share of positions whose
    best estimate is a winner)."""
    errors = total = 0.0
    hits = 0
    for _g, rounds, feats, result, winners in samples:
        w = weights[stage(rounds)]
        est = {p: score(w, x) for p, x in feats.items()}
        mean_est = sum(est.values()) / len(est)
        mean_y = sum(result.values()) / len(result)
        for p, v in est.items():
            errors += (result[p] - mean_y - (v - mean_est)) ** 2
            total += (result[p] - mean_y) ** 2
        hits += max(est, key=lambda p: est[p]) in winners
    return 1.0 - errors / total, hits / len(samples)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.calibrate_royal_gorge")
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--seed", type=int, default=2000)
    p.add_argument("--explore", type=float, default=0.1)
    p.add_argument("--every", type=int, default=3, help="sample one turn start in this many")
    p.add_argument("--holdout", type=float, default=0.25, help="share of games tested on")
    p.add_argument("--samples", help="a file keeping the sampled positions to refit from")
    args = p.parse_args(argv)
    if args.samples and os.path.exists(args.samples):
        with open(args.samples, "rb") as f:
            samples = pickle.load(f)
    else:
        samples = sample(args.games, args.seed, args.explore, args.every)
        if args.samples:
            with open(args.samples, "wb") as f:
                pickle.dump(samples, f)
    cut = int(args.games * (1 - args.holdout))
    train = [s for s in samples if s[0] < cut]
    test = [s for s in samples if s[0] >= cut]
    fitted: list[list[float]] = []
    for i in range(len(STAGES)):
        rows = [row for s in train if stage(s[1]) == i for row in relative(s)]
        if len(rows) < 3 * len(FEATURES):
            fitted.append(list(HEURISTIC_WEIGHTS))
            continue
        fit = solve([(0, x[:-1], y) for _r, x, y in rows])
        # the level the differences leave out: the mean final score less the weighed mean
        level = [
            sum(s[3].values()) / len(s[3])
            - sum(score(fit, x[:-1]) for x in s[2].values()) / len(s[2])
            for s in train
            if stage(s[1]) == i
        ]
        fitted.append([*fit, sum(level) / len(level)])
    print(f"{len(samples)} positions ({len(train)} fitted, {len(test)} held out)")
    tables: list[tuple[str, Sequence[Sequence[float]]]] = [
        ("heuristic", [HEURISTIC_WEIGHTS] * len(STAGES)),
        ("fitted", fitted),
    ]
    for name, weights in tables:
        r2, hits = judge(test, weights)
        print(f"{name:9}: R² {r2:.3f}, best estimate wins {hits:.1%} (held-out positions)")
        for i, (lo, hi) in enumerate(STAGES):
            mine = [s for s in test if stage(s[1]) == i]
            if mine:
                r2, hits = judge(mine, weights)
                print(f"    {lo:g}-{hi:g} rounds left: R² {r2:.3f}, wins {hits:.1%} ({len(mine)})")
    print(f"CALIBRATION = (  # {', '.join(FEATURES)}")
    for (lo, hi), w in zip(STAGES, fitted, strict=True):
        print(f"    ({lo:g}, ({', '.join(f'{v:.2f}' for v in w)})),  # {lo:g}-{hi:g} rounds left")
    print(")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
