"""What search pays at each node: the move list, ``state_hash`` and ``apply`` + ``undo`` on
18RoyalGorge.

Search (MCTS, agents' look-ahead, the fuzzer's round trips) lists the moves, plays one and
takes it back at every node, and hashes positions to recognise them.  Issue #16 asks the
list for a median under 1 ms and a p99 under 10 ms, hashing and undo well under a
millisecond, and the apply + undo pair a median under 0.2 ms, at 18RoyalGorge positions.
Here every position of the recorded 18xx.games games
(``../shared/fixtures/18xx.games/18RoyalGorge``, read by the importer and saved in our
format) and of a few seeded random-bot games is visited in order: at each,
``legal_actions()`` (the first listing there: nothing cached for the position) and
``state_hash()`` are timed, then the next recorded action is applied and undone (timed
apart and as a pair), then applied for good.  Each call is timed alone (CPU time of this
process, the garbage collector paused: a collection's pause is paid by every call together,
not by the one that happens to set it off); the median and 99th percentile per call are
reported.

    python -m bench.search_bench [--random 2] [--repeat 3] [--baseline REV]

With ``--baseline REV`` the same games are walked by the engine at git revision ``REV``
(checked out into a temporary worktree, as :mod:`bench.fuzz_throughput` does), each side in
a fresh process, in turn, ``--repeat`` times; each position keeps its fastest time on each
side, and the table gives both and the ratio, measured in the same run.  ``make bench``
runs :func:`bench_search` (this checkout alone).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from roundhouse.core.game import Game

ROOT = Path(__file__).resolve().parent.parent
TITLE = "18RoyalGorge"
MEASURES = ("legal", "state_hash", "apply", "undo", "apply_undo")


def recorded_docs() -> list[dict[str, object]]:
    """The recorded 18RoyalGorge games, saved in our format (empty without the fixtures)."""
    from roundhouse.interop import import_18xx_games
    from tests.shared_files import fixtures_dir

    docs: list[dict[str, object]] = []
    for path in sorted(fixtures_dir(TITLE).glob("*.json")):
        docs.append(dict(import_18xx_games(json.loads(path.read_text())).to_doc()))
    return docs


def random_docs(count: int, players: int = 4) -> list[dict[str, object]]:
    """``count`` seeded random-bot games (seeds 0, 1, …), as ``bench.playout`` plays them."""
    if count <= 0:
        return []
    from bench.playout import play_games

    return [dict(d) for d in play_games(TITLE, players, seconds=0.0, min_games=count).docs]


def walk(docs: Sequence[dict[str, object]]) -> dict[str, list[float]]:
    """Seconds per call of each measure at every position of ``docs`` (in order)."""
    import roundhouse

    found: dict[str, list[float]] = {m: [] for m in MEASURES}
    clock = time.process_time
    for doc in docs:
        actions = doc["actions"]
        assert isinstance(actions, list)
        game = roundhouse.load({**doc, "actions": []})
        gc.collect()
        gc.disable()  # a collection's pause would land on whichever call set it off
        try:
            _walk_game(game, actions, found, clock)
        finally:
            gc.enable()
    return found


def _walk_game(
    game: Game, actions: list[object], found: dict[str, list[float]], clock: Callable[[], float]
) -> None:
    """One game's positions in order: the move list, hash, apply + undo timed, then the move
    for good.  The list is the first asked at the position (nothing cached for it yet)."""
    for i, action in enumerate(actions):
        if i % 64 == 63:
            gc.collect()  # outside the timed calls
        tl = clock()
        game.legal_actions()
        t0 = clock()
        game.state_hash()
        t1 = clock()
        game.apply(action)
        t2 = clock()
        game.undo()
        t3 = clock()
        game.apply(action)
        found["legal"].append(t0 - tl)
        found["state_hash"].append(t1 - t0)
        found["apply"].append(t2 - t1)
        found["undo"].append(t3 - t2)
        found["apply_undo"].append(t3 - t1)


def quantiles(times: Sequence[float]) -> dict[str, float]:
    """Median and 99th percentile, in milliseconds."""
    ordered = sorted(times)
    if not ordered:
        return {"median_ms": 0.0, "p99_ms": 0.0}
    mid = len(ordered) // 2
    median = ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2
    p99 = ordered[min(len(ordered) - 1, (99 * len(ordered)) // 100)]
    return {"median_ms": round(1e3 * median, 4), "p99_ms": round(1e3 * p99, 4)}


def bench_search(time_budget: float = 30.0) -> dict[str, float]:
    """``make bench``'s figure: median and p99 per call at every recorded-game position
    (the random games too unless the budget is short)."""
    docs = recorded_docs() + random_docs(0 if time_budget < 10 else 2)
    if not docs:
        return {}
    found = walk(docs)
    out: dict[str, float] = {"positions": float(len(found["state_hash"]))}
    for measure, times in found.items():
        for key, value in quantiles(times).items():
            out[f"{measure}.{key}"] = value
    return out


def fastest(
    kept: dict[str, list[float]] | None, found: dict[str, list[float]]
) -> dict[str, list[float]]:
    """Each position's fastest time over the runs so far (a shared machine only slows one)."""
    if kept is None:
        return found
    return {m: [min(a, b) for a, b in zip(kept[m], found[m], strict=True)] for m in MEASURES}


def run_worker(root: Path, docs_file: Path) -> dict[str, list[float]]:
    """:func:`walk` in a fresh process importing ``roundhouse`` from ``root``."""
    from bench.fuzz_throughput import worker_output

    return dict(worker_output(__file__, root, [str(docs_file)]))


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bench.search_bench", description=__doc__.split("\n")[0]
    )
    p.add_argument("--random", type=int, default=2, help="seeded random-bot games added")
    p.add_argument("--repeat", type=int, default=1, help="runs per side, fastest kept")
    p.add_argument("--baseline", default=None, metavar="REV", help="git revision to compare")
    p.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.worker:
        docs = json.loads(Path(args.worker).read_text())
        print(json.dumps(walk(docs)))
        return 0
    from bench.fuzz_throughput import checkout

    docs = recorded_docs() + random_docs(args.random)
    with contextlib.ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="rh-search-")))
        docs_file = tmp / "docs.json"
        docs_file.write_text(json.dumps(docs))
        base = stack.enter_context(checkout(args.baseline)) if args.baseline else None
        old: dict[str, list[float]] | None = None
        new: dict[str, list[float]] | None = None
        for _ in range(args.repeat):
            if base is not None:
                old = fastest(old, run_worker(base, docs_file))
            new = fastest(new, run_worker(ROOT, docs_file))
    assert new is not None
    print(f"{TITLE}: {len(docs)} games, {len(new['state_hash'])} positions (ms per call)")
    head = f"{'measure':12} {'median':>9} {'p99':>9}"
    print(head + (f" {'base med':>9} {'base p99':>9} {'speed-up':>9}" if old else ""))
    for measure in MEASURES:
        q = quantiles(new[measure])
        line = f"{measure:12} {q['median_ms']:9.3f} {q['p99_ms']:9.3f}"
        if old is not None:
            b = quantiles(old[measure])
            ratio = b["median_ms"] / q["median_ms"] if q["median_ms"] else 0.0
            line += f" {b['median_ms']:9.3f} {b['p99_ms']:9.3f} {ratio:8.1f}x"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
