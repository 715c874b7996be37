"""``python -m bench.bot_latency``: how quickly pages are served while bots think.

A table of searching bots (MCTS, about a second a move) plays 18RoyalGorge on a real server
(``uvicorn`` subprocess) while a reader fetches the game's view again and again; the view's
latency is measured with the bots thinking in a thread of the app's process
(``ROUNDHOUSE_BOT_PROCESSES=0``) and in a worker process (the default), in the same run, and
the ratio printed (issue #20: a bot in the app's process slowed every page while it thought).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Sequence

import httpx2

from bench.server_process import server

LEVEL = "mcts:strength=1"


def measure(processes: int, seconds: float) -> dict[str, float]:
    """View latencies (ms) while three MCTS bots play, bots in ``processes`` workers."""
    os.environ["ROUNDHOUSE_BOT_PROCESSES"] = str(processes)
    try:
        with server(None) as (base, _pid), httpx2.Client(base_url=base, timeout=60) as client:
            seats = [{"name": n, "kind": "bot", "level": LEVEL} for n in ("Ann", "Bob", "Cy")]
            reply = client.post(
                "/api/games", json={"title": "18RoyalGorge", "seats": seats, "seed": 5}
            )
            reply.raise_for_status()
            game_id = reply.json()["game"]["id"]
            samples: list[float] = []
            moves_before = None
            end = time.perf_counter() + seconds
            while time.perf_counter() < end:
                start = time.perf_counter()
                view = client.get(f"/api/games/{game_id}/view")
                samples.append((time.perf_counter() - start) * 1000)
                view.raise_for_status()
                if moves_before is None:
                    moves_before = client.get(f"/api/games/{game_id}").json()["action_count"]
                time.sleep(0.02)
            moves = client.get(f"/api/games/{game_id}").json()["action_count"]
    finally:
        os.environ.pop("ROUNDHOUSE_BOT_PROCESSES", None)
    samples.sort()
    return {
        "median_ms": statistics.median(samples),
        "p95_ms": samples[int(0.95 * (len(samples) - 1))],
        "max_ms": samples[-1],
        "requests": float(len(samples)),
        "bot_moves": float(moves - (moves_before or 0)),
    }


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m bench.bot_latency", description=__doc__.split("\n")[0]
    )
    p.add_argument("--seconds", type=float, default=20.0, help="measuring time per setting")
    args = p.parse_args(argv)
    thread = measure(0, args.seconds)
    process = measure(1, args.seconds)
    for name, row in (("bots in a thread", thread), ("bots in a process", process)):
        print(
            f"{name:18}  view median {row['median_ms']:6.1f} ms  p95 {row['p95_ms']:6.1f} ms  "
            f"max {row['max_ms']:6.1f} ms  "
            f"({row['requests']:.0f} views, {row['bot_moves']:.0f} bot moves)"
        )
    print(
        f"process / thread: median {process['median_ms'] / thread['median_ms']:.2f}x, "
        f"p95 {process['p95_ms'] / thread['p95_ms']:.2f}x"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
