"""``python -m bench.fuzz_throughput``: fuzz games per title, as ``roundhouse fuzz`` plays them.

Each title plays the same seeded random-bot cases (``roundhouse.harness.case.play``: legal
moves listed before every move, the sampled checks, the save/load and undo round trips), in a
worker process of its own, and the CPU time per action is reported.  With ``--baseline REV``
the same cases are played by the engine at git revision ``REV`` too (checked out into a
temporary worktree), worker by worker in turn with this checkout's, and the ratio printed:
both engines measured in the same run, under the same load (``--repeat N``: each side N
times in turn, the fastest kept).  The action counts of both must
agree (the same games were played), or the row says so.

    python -m bench.fuzz_throughput --titles 18US,18RoyalGorge --games 2 --baseline main
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
IMPORTS = ("roundhouse.titles.g18us.draft",)
"""Modules that register titles still drafts (18US), imported where they exist."""


def work(title: str, seeds: Sequence[int], players: int, every: int) -> dict[str, float]:
    """Play the cases in this process: actions, CPU seconds, and the failures seen."""
    import dataclasses
    import importlib

    for name in IMPORTS:
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    from roundhouse.core.title import REGISTRY
    from roundhouse.harness.case import Case, play
    from roundhouse.harness.invariants import Policy

    REGISTRY.get(title)  # the title's modules are imported before the clock starts
    policy = dataclasses.replace(Policy(), every=every)
    actions = failures = 0
    start = time.process_time()
    for seed in seeds:
        game, failure, _ = play(Case(title=title, players=players, seed=seed), policy)
        actions += len(game.log) if game is not None else 0
        failures += failure is not None
    return {"actions": actions, "seconds": time.process_time() - start, "failures": failures}


def worker_output(script: str, root: Path, args: list[str]) -> Any:
    """The JSON that ``script --worker ARGS`` prints last, run in a fresh process importing
    ``roundhouse`` from ``root`` (the script is this checkout's, so a baseline revision need
    not have it)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    found = subprocess.run(
        [sys.executable, str(Path(script).resolve()), "--worker", *args],
        env=env,
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(found.stdout.strip().splitlines()[-1])


def run_worker(root: Path, args: list[str]) -> dict[str, float]:
    """:func:`work` in a fresh process importing ``roundhouse`` from ``root``."""
    return dict(worker_output(__file__, root, args))


def fastest(kept: dict[str, float] | None, found: dict[str, float]) -> dict[str, float]:
    """The run of the two that took less CPU time (a shared machine only ever slows one)."""
    return found if kept is None or found["seconds"] < kept["seconds"] else kept


@contextlib.contextmanager
def checkout(rev: str) -> Iterator[Path]:
    """``rev`` of this repository in a temporary worktree, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="rh-baseline-") as tmp:
        where = Path(tmp) / "tree"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(where), rev],
            check=True,
        )
        try:
            yield where
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(where)], check=True
            )


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bench.fuzz_throughput", description=__doc__.split("\n")[0]
    )
    p.add_argument("--titles", default="18US,18USA,18West,18RoyalGorge,ChicagoExpress")
    p.add_argument("--games", type=int, default=2, help="cases per title")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=9000, help="first case seed")
    p.add_argument("--check-every", type=int, default=200, help="as roundhouse fuzz's option")
    p.add_argument("--repeat", type=int, default=1, help="runs per side, the fastest kept")
    p.add_argument("--baseline", default=None, metavar="REV", help="git revision to compare")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--title", default=None, help=argparse.SUPPRESS)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    seeds = list(range(args.seed, args.seed + args.games))
    if args.worker:
        print(json.dumps(work(args.title, seeds, args.players, args.check_every)))
        return 0
    titles = [t for t in args.titles.split(",") if t]
    with contextlib.ExitStack() as stack:
        base = stack.enter_context(checkout(args.baseline)) if args.baseline else None
        print(f"{'title':14} {'actions':>8} {'ms/action':>10}", end="")
        print(f" {'baseline':>10} {'speed-up':>9}" if base else "")
        for title in titles:
            worker = [
                "--title", title, "--games", str(args.games), "--players", str(args.players),
                "--seed", str(args.seed), "--check-every", str(args.check_every),
            ]  # fmt: skip
            old: dict[str, float] | None = None
            new: dict[str, float] | None = None
            for _ in range(args.repeat):
                if base is not None:
                    old = fastest(old, run_worker(base, worker))
                new = fastest(new, run_worker(ROOT, worker))
            assert new is not None
            ms = 1000 * new["seconds"] / max(1, new["actions"])
            line = f"{title:14} {new['actions']:8.0f} {ms:10.3f}"
            if old is not None:
                old_ms = 1000 * old["seconds"] / max(1, old["actions"])
                line += f" {old_ms:10.3f} {old_ms / ms:8.2f}x"
                if old["actions"] != new["actions"]:
                    line += f"  (baseline played {old['actions']:.0f} actions: other games!)"
            if new["failures"]:
                line += f"  {new['failures']:.0f} failed"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
