"""Timing loops: run a step until enough time has passed, with the garbage collector settled."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable


def timed(step: Callable[[], int], seconds: float, min_runs: int = 1) -> tuple[int, int, float]:
    """Call ``step`` until ``seconds`` have passed (and at least ``min_runs`` times).

    ``step`` returns how many units of work it did (actions replayed, calls made).  Returns
    (runs, units, elapsed seconds).
    """
    gc.collect()
    runs = units = 0
    start = time.perf_counter()
    elapsed = 0.0
    while runs < min_runs or elapsed < seconds:
        units += step()
        runs += 1
        elapsed = time.perf_counter() - start
    return runs, units, elapsed


def rate(units: int, seconds: float) -> float:
    return units / seconds if seconds > 0 else 0.0
