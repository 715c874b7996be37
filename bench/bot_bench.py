"""``python -m bench.bot_bench [--games N] [--titles ...] [--max-actions N]``: how long the
heuristic bot thinks.

Issue #21's target: a heuristic move under 200 ms.  For each playable title this plays
heuristic self-play games and reports the CPU time of every decision with a choice (median,
mean, 95th percentile, slowest), split into the bot's own thinking and the engine's listing of
the moves it chose from.  ``--max-actions`` stops each game after that many actions (an 18West
self-play game runs to thousands).  Results go to ``bench/results/bots-<timestamp>.json``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

import roundhouse
from roundhouse.bots import make_bot
from roundhouse.harness.case import NAMES

RESULTS = Path(__file__).parent / "results"
TITLES = {"ChicagoExpress": 4, "18RoyalGorge": 3, "18USA": 3, "18West": 3, "18US": 3}
"""Playable titles and the player count they are measured at."""


def measure(
    title: str, players: int, games: int, seed: int, max_actions: int | None = None
) -> dict[str, object]:
    """Heuristic self-play: CPU milliseconds per decision with a choice."""
    think: list[float] = []
    listing: list[float] = []
    for g in range(games):
        names = list(NAMES[:players])  # the fuzz harness's names: "P1" is an 18US Concession
        game = roundhouse.new_game(title, names, seed=seed + g)
        bots = {p: make_bot("heuristic", (seed + g) * 10 + i) for i, p in enumerate(names)}
        while not game.finished and (max_actions is None or len(game.log) < max_actions):
            player = game.acting[0]
            t0 = time.thread_time()
            legal = game.legal_actions(player)
            t1 = time.thread_time()
            action = bots[player].choose(game, player)
            t2 = time.thread_time()
            if len(legal) > 1:
                listing.append(1000 * (t1 - t0))
                think.append(1000 * (t2 - t1))
            game.apply(action)
    total = [a + b for a, b in zip(think, listing, strict=True)]
    return {
        "title": title,
        "players": players,
        "games": games,
        "decisions": len(total),
        "median_ms": round(statistics.median(total), 2),
        "mean_ms": round(statistics.fmean(total), 2),
        "p95_ms": round(sorted(total)[int(0.95 * (len(total) - 1))], 1),
        "max_ms": round(max(total), 1),
        "bot_mean_ms": round(statistics.fmean(think), 2),
        "listing_mean_ms": round(statistics.fmean(listing), 2),
        "under_200ms": round(sum(t < 200 for t in total) / len(total), 4),
    }


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.bot_bench", description=__doc__)
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--titles", type=lambda s: [t for t in s.split(",") if t], default=list(TITLES))
    p.add_argument("--max-actions", type=int, default=None, help="stop each game after N")
    p.add_argument("--out", type=Path, default=RESULTS)
    args = p.parse_args(argv)
    console = Console()
    rows = [measure(t, TITLES[t], args.games, args.seed, args.max_actions) for t in args.titles]
    table = Table(title="Heuristic bot: CPU time per decision (self-play)")
    columns = ("title", "players", "decisions", "median ms", "mean ms", "p95 ms", "max ms")
    for column in (*columns, "< 200 ms"):
        table.add_column(column, justify="left" if column == "title" else "right")
    for r in rows:
        table.add_row(
            str(r["title"]),
            str(r["players"]),
            str(r["decisions"]),
            str(r["median_ms"]),
            str(r["mean_ms"]),
            str(r["p95_ms"]),
            str(r["max_ms"]),
            f"{float(str(r['under_200ms'])):.1%}",
        )
    console.print(table)
    args.out.mkdir(parents=True, exist_ok=True)
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%S")
    path = args.out / f"bots-{stamp}.json"
    path.write_text(json.dumps(rows, indent=1))
    console.print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
