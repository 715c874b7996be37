"""Timing loops: run a step until enough time has passed, with the garbage collector settled.

Rates are per second of this process's CPU time, not wall time: the benchmarks are single
threaded, and on a shared machine (CI runners, several jobs on few cores) wall time mostly
measures the neighbours.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable


def timed(step: Callable[[], int], seconds: float, min_runs: int = 1) -> tuple[int, int, float]:
    """Call ``step`` until ``seconds`` have passed (and at least ``min_runs`` times).

    ``step`` returns how many units of work it did (actions replayed, calls made).  Returns
    (runs, units, CPU seconds spent).
    """
    gc.collect()
    runs = units = 0
    start = time.process_time()
    elapsed = 0.0
    while runs < min_runs or elapsed < seconds:
        units += step()
        runs += 1
        elapsed = time.process_time() - start
    return runs, units, elapsed


def rate(units: int, seconds: float) -> float:
    return units / seconds if seconds > 0 else 0.0


def paired(old: Callable[[], int], new: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Seconds per unit of ``old`` and of ``new``, timed in alternating short batches.

    Alternating puts both under the same machine load, and the fastest batch of each is
    kept (CPU time of this process, so other processes on the machine count for little):
    the ratio of the two is what this run can say with confidence.  Each step returns the
    number of units it did.
    """
    gc.collect()
    best = [float("inf"), float("inf")]
    start = time.perf_counter()
    rounds = 0
    while rounds < 3 or time.perf_counter() - start < seconds:
        for i, step in enumerate((old, new)):
            t0 = time.process_time()
            units = step()
            spent = time.process_time() - t0
            if units:
                best[i] = min(best[i], spent / units)
        rounds += 1
    return best[0], best[1]
