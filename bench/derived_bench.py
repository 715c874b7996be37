"""The derived-data cache over a replay: hits, misses and what it still holds (issue #16).

Every recorded 18xx.games fixture our importer replays is built as the web server builds a
live game (:func:`bench.memory_bench.live_game`: one apply per action, then a view, the legal
moves and the state hash) while :meth:`~roundhouse.core.derived.Derived.get` and
:meth:`~roundhouse.core.derived.Derived.peek` are counted.  Dropping entries that can never be
asked for again (:meth:`~roundhouse.core.derived.Derived.hold`) must leave hits and misses as
they were and shrink what the cache holds at the end; the CPU seconds of the build show what
the bookkeeping costs.

    python -m bench.derived_bench [--only TEXT]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from bench.memory_bench import live_game, recorded
from roundhouse.core.derived import Derived

T = TypeVar("T")


@contextmanager
def counting() -> Iterator[dict[str, int]]:
    """Counts of ``hits`` and ``misses`` of every cache while the block runs."""
    counts = {"hits": 0, "misses": 0}
    get, peek = Derived.get, Derived.peek

    def counted_get(self: Derived, key: Hashable, compute: Callable[[], T]) -> T:
        counts["hits" if key in self.entries else "misses"] += 1
        return get(self, key, compute)

    def counted_peek(self: Derived, key: Hashable) -> object | None:
        found = peek(self, key)
        counts["misses" if found is None else "hits"] += 1
        return found

    Derived.get = counted_get  # type: ignore[method-assign]
    Derived.peek = counted_peek  # type: ignore[method-assign]
    try:
        yield counts
    finally:
        Derived.get = get  # type: ignore[method-assign]
        Derived.peek = peek  # type: ignore[method-assign]


def derived_rows(only: str = "") -> list[dict[str, object]]:
    """One row per replaying fixture (whose name holds ``only``): cache hits and misses while
    the live game is built, the entries it holds after, and the build's CPU seconds (best of
    two builds, uncounted)."""
    rows: list[dict[str, object]] = []
    for name, doc in recorded():
        if only not in name:
            continue
        with counting() as counts:
            game = live_game(doc)
        derived = game.state.map.derived  # type: ignore[attr-defined]
        seconds = []
        for _ in range(2):
            start = time.process_time()
            live_game(doc)
            seconds.append(time.process_time() - start)
        rows.append(
            {
                "fixture": name,
                "actions": len(game.log),
                "hits": counts["hits"],
                "misses": counts["misses"],
                "entries": len(derived.entries),
                "generations": len(getattr(derived, "_generations", ())),
                "cpu_s": round(min(seconds), 3),
            }
        )
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="", help="fixtures whose name holds this text")
    args = parser.parse_args()
    print(
        f"{'fixture':44} {'actions':>7} {'hits':>7} {'misses':>7} {'entries':>7} {'gens':>5}"
        f" {'CPU s':>6}"
    )
    for r in derived_rows(args.only):
        print(
            f"{str(r['fixture'])[:44]:44} {r['actions']!s:>7} {r['hits']!s:>7}"
            f" {r['misses']!s:>7} {r['entries']!s:>7} {r['generations']!s:>5} {r['cpu_s']!s:>6}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
