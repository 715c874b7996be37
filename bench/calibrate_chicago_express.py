"""``python -m bench.calibrate_chicago_express [--games N]``: refit the search's estimate.

The MCTS bot judges a Chicago Express position by each player's cash, this round's dividends
and the later ones (:mod:`roundhouse.titles.chicago_express.bot.value`), weighed by round as
self-play says they turn into final cash (``CALIBRATION``).  This script plays heuristic
self-play games (four players; a move in ``--explore`` is one of the heuristic's next four
plans, so the positions vary), samples positions at the start of turns, and fits, per round,
final cash ~ a * cash + b * this round's dividends + c * later dividends + d by least
squares.  It prints the table to paste into ``CALIBRATION``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import roundhouse
from roundhouse.bots.random_bot import draw
from roundhouse.core.rng import Rng
from roundhouse.titles.chicago_express.bot.model import read
from roundhouse.titles.chicago_express.bot.policy import ChicagoExpressPolicy
from roundhouse.titles.chicago_express.bot.value import rounds_left

Row = tuple[int, list[float], float]
"""(round, features, final cash)."""


def sample(games: int, seed: int, explore: float, every: int) -> list[Row]:
    rows: list[Row] = []
    rng = Rng(seed)
    for g in range(games):
        names = [f"P{i}" for i in range(4)]
        game = roundhouse.new_game("ChicagoExpress", names, seed=seed + g)
        policy = ChicagoExpressPolicy(seed + g)
        valuer = policy.valuer(game)
        seen: list[tuple[int, dict[str, list[float]]]] = []
        while not game.finished:
            player = game.acting[0]
            if game.prompt().step == "gauge" and draw(rng, every) == 0:
                pos = read(game)
                rounds = rounds_left(pos)
                parts = {c: valuer.dividends(pos, c, rounds) for c in pos.companies}
                features = {}
                for p in pos.players:
                    now = sum(n * parts[c][0] for c, n in pos.shares[p].items())
                    later = sum(n * parts[c][1] for c, n in pos.shares[p].items())
                    features[p] = [float(pos.cash[p]), now, later, 1.0]
                seen.append((pos.round, features))
            plans = policy.plans(game, player, rng)
            if len(plans) > 1 and draw(rng, 1000) < explore * 1000:
                plan = plans[min(len(plans) - 1, 1 + draw(rng, 4))]
                for action in plan:
                    if game.finished or game.acting[0] != player:
                        break
                    game.apply(action)
                continue
            game.apply(plans[0][0])
        result = game.result or {}
        for round_, features in seen:
            for p, f in features.items():
                rows.append((round_, f, float(result[p])))  # type: ignore[index]
    return rows


def solve(rows: Sequence[Row]) -> list[float]:
    """Least squares by the normal equations (four unknowns, Gauss-Jordan)."""
    n = len(rows[0][1])
    a = [[0.0] * (n + 1) for _ in range(n)]
    for _r, x, y in rows:
        for i in range(n):
            for j in range(n):
                a[i][j] += x[i] * x[j]
            a[i][n] += x[i] * y
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(a[r][i]))
        a[i], a[pivot] = a[pivot], a[i]
        if abs(a[i][i]) < 1e-12:
            continue
        for r in range(n):
            if r != i:
                factor = a[r][i] / a[i][i]
                a[r] = [v - factor * w for v, w in zip(a[r], a[i], strict=True)]
    return [a[i][n] / a[i][i] if abs(a[i][i]) > 1e-12 else 0.0 for i in range(n)]


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.calibrate_chicago_express")
    p.add_argument("--games", type=int, default=120)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--explore", type=float, default=0.15)
    p.add_argument("--every", type=int, default=4, help="sample one turn start in this many")
    args = p.parse_args(argv)
    rows = sample(args.games, args.seed, args.explore, args.every)
    print(f"{len(rows)} samples")
    print("CALIBRATION = {")
    for round_ in sorted({r for r, _x, _y in rows}):
        mine = [row for row in rows if row[0] == round_]
        if len(mine) < 40:
            continue
        cash, now, later, _const = solve(mine)
        print(f"    {round_}: ({cash:.2f}, {now:.2f}, {later:.2f}),  # {len(mine)} samples")
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
