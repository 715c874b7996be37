"""Benchmark: building each title's starting board from its map data (what every new game,
every ``roundhouse.load`` and every ``roundhouse render`` pays before its first action)."""

from __future__ import annotations

import time
from collections.abc import Callable

from roundhouse.core.board import Board


def _boards() -> dict[str, Callable[[], Board]]:
    from roundhouse.titles.g18royalgorge.data import board as royal_gorge
    from roundhouse.titles.g18us.board import board as us
    from roundhouse.titles.g18usa.board import board as usa
    from roundhouse.titles.g18west.board import board as west

    return {"18RoyalGorge": royal_gorge, "18USA": usa, "18West": west, "18US": us}


def bench_board_load() -> dict[str, float]:
    """Median seconds per starting board, after the first (cached map data) build."""
    out: dict[str, float] = {}
    for title, build in _boards().items():
        build()
        times = []
        for _ in range(11):
            start = time.perf_counter()
            build()
            times.append(time.perf_counter() - start)
        out[f"board.{title}_s"] = sorted(times)[len(times) // 2]
    return out


if __name__ == "__main__":
    for key, value in bench_board_load().items():
        print(f"{key:40s} {value:.6f}")
