"""Actions applied per second when a save file is loaded (every page view replays a log)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import roundhouse
from bench.clock import rate, timed
from roundhouse.core.actions import Json


def replay(docs: Sequence[dict[str, Json]], seconds: float) -> dict[str, float]:
    """Load the save files round-robin until ``seconds`` have passed."""
    cycle = itertools.cycle(docs)

    def one_load() -> int:
        return len(roundhouse.load(next(cycle)).log)

    loads, actions, elapsed = timed(one_load, seconds, min_runs=len(docs))
    return {
        "loads": loads,
        "actions": actions,
        "seconds": round(elapsed, 4),
        "actions_per_s": round(rate(actions, elapsed), 1),
        "ms_per_load": round(1000 * elapsed / loads, 3),
    }
