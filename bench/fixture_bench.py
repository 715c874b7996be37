"""Replaying the recorded 18xx.games games (``../shared/fixtures/18xx.games``).

For every fixture our importer can replay: actions per second through the importer (reading
the site's actions) and through ``roundhouse.load`` of the same game saved in our format
(the baseline, measured in the same run), their ratio, and fresh ``legal_actions()`` and
``state_hash()`` calls per second at positions spread through the game.  Where the
18xx.games engine is set up (:mod:`bench.ref18xx`), it loads the same documents in the same
run and the table gives its actions per second and ours over its (``import_vs_ruby``: the
site's actions in the document over the time each engine takes to replay it).  Fixtures that do not
replay yet are listed with the reason (``python -m bench.fixture_bench``), so the table shows
progress as titles land.  Both engines are timed in CPU time (the Ruby engine by
``bench/site_load_time.rb``), so a loaded machine slows both alike.  DESIGN.md "Performance by
design" sets the target: ten times the Ruby engine (issue #16: three times, on the way).

    python -m bench.fixture_bench [--only TEXT] [--runs N] [--profile]

``--profile`` prints where one import replay of each chosen fixture spends its time
(:mod:`cProfile`, by cumulative time) instead of the table.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import roundhouse
from roundhouse.core.game import Game
from tests.shared_files import fixtures_dir

IMPORTED = frozenset({"18RoyalGorge", "18USA"})
"""The titles whose recorded games our importer replays (the site's engine times only
these: the others would only cost time)."""

POSITIONS = 40
"""Positions per game sampled for the legal-action and hashing rates."""


def _seconds(fn: Callable[[], object], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def _rate(count: int, seconds: float) -> float | None:
    return round(count / seconds, 1) if seconds else None


def _legal_fresh(positions: list[Game]) -> None:
    """Listed by the title each time (``Game.legal_actions`` would answer from its cache)."""
    for game in positions:
        game.state.legal_actions()


def fixture_rows(runs: int = 3, only: str = "") -> list[dict[str, object]]:
    """One row per fixture (whose ``folder/name`` holds ``only``): actions and rates, or why
    it does not replay."""
    from roundhouse.interop import import_18xx_games

    rows: list[dict[str, object]] = []
    folder = fixtures_dir()
    if not folder.is_dir():
        return [{"fixture": str(folder), "status": "absent (set ROUNDHOUSE_SHARED)"}]
    paths = [p for p in sorted(folder.glob("*/*.json")) if only in f"{p.parent.name}/{p.name}"]
    ruby = _ruby_seconds(paths, runs)
    for path in paths:
        doc = json.loads(path.read_text())
        name = f"{path.parent.name}/{path.name}"
        try:
            game = import_18xx_games(doc)
        except ValueError as exc:
            rows.append({"fixture": name, "status": f"does not replay: {str(exc)[:80]}"})
            continue
        ours = game.to_doc()
        n = len(game.log)
        imported = _seconds(lambda doc=doc: import_18xx_games(doc), runs)  # type: ignore[misc]
        native = _seconds(lambda ours=ours: roundhouse.load(ours), runs)  # type: ignore[misc]
        step = max(1, n // POSITIONS)
        positions = [game.at(i) for i in range(0, n, step)]
        legal = _seconds(lambda ps=positions: _legal_fresh(ps), runs)  # type: ignore[misc]
        hashing = _seconds(lambda ps=positions: [g.state_hash() for g in ps], runs)  # type: ignore[misc]
        site_actions = len(doc.get("actions", []))
        ruby_s = ruby.get(name)
        rows.append(
            {
                "fixture": name,
                "status": "replays",
                "actions": n,
                "site_actions": site_actions,
                "ruby_actions_per_s": _rate(site_actions, ruby_s) if ruby_s else None,
                "import_vs_ruby": round(ruby_s / imported, 2) if ruby_s and imported else None,
                "import_actions_per_s": _rate(n, imported),
                "load_actions_per_s": _rate(n, native),
                "import_over_load": round(imported / native, 2) if native else None,
                "legal_actions_per_s": _rate(len(positions), legal),
                "state_hash_per_s": _rate(len(positions), hashing),
            }
        )
    return rows


def _ruby_seconds(paths: list[Path], runs: int) -> dict[str, float]:
    """The site's engine's time per fixture (``folder/name``), or nothing when it is absent
    or fails (the table then shows ours alone)."""
    from bench.ref18xx import ReferenceFailed, load_seconds, missing, ref_dir

    ref = ref_dir()
    if missing(ref) is not None:
        return {}
    mine = [p for p in paths if p.parent.name in IMPORTED]
    try:
        return load_seconds(ref, mine, repeats=max(2, runs))
    except (ReferenceFailed, OSError, subprocess.SubprocessError):
        return {}


def bench_fixture_replay() -> dict[str, float]:
    """``make bench``'s core table: each replaying fixture's rates (measure names start with
    the fixture's file name)."""
    out: dict[str, float] = {}
    for row in fixture_rows(runs=2):
        if row.get("status") == "replays":
            out.update(
                per_fixture(
                    row,
                    (
                        "ruby_actions_per_s",
                        "import_vs_ruby",
                        "load_actions_per_s",
                        "import_actions_per_s",
                        "import_over_load",
                        "legal_actions_per_s",
                        "state_hash_per_s",
                    ),
                )
            )
    return out


def per_fixture(row: Mapping[str, object], keys: Sequence[str]) -> dict[str, float]:
    """A fixture row's numeric measures under ``make bench`` names: the fixture's file name,
    then the measure (``post_boston import_vs_ruby``); measures the row lacks are left out."""
    stem = str(row["fixture"]).rsplit("/", 1)[-1].removesuffix(".json")
    return {
        f"{stem} {key}": float(value)
        for key in keys
        if isinstance(value := row.get(key), int | float)
    }


def profile(only: str = "", top: int = 40) -> None:
    """Print where one import replay of each fixture (whose name holds ``only``) spends its
    time, after one unprofiled replay (what every game shares is made then)."""
    from roundhouse.interop import import_18xx_games

    for path in sorted(fixtures_dir().glob("*/*.json")):
        name = f"{path.parent.name}/{path.name}"
        if only not in name:
            continue
        doc = json.loads(path.read_text())
        try:
            import_18xx_games(doc)
        except ValueError:
            continue
        profiler = cProfile.Profile(time.process_time)
        profiler.runcall(import_18xx_games, doc)
        print(f"== {name} (CPU seconds)")
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(top)


def main() -> int:
    parser = argparse.ArgumentParser(description="replaying the recorded 18xx.games games")
    parser.add_argument("--only", default="", help="fixtures whose folder/name holds this")
    parser.add_argument("--runs", type=int, default=1, help="timed runs, the fastest kept")
    parser.add_argument("--profile", action="store_true", help="profile one replay instead")
    args = parser.parse_args()
    if args.profile:
        profile(args.only)
        return 0
    for row in fixture_rows(runs=args.runs, only=args.only):
        print(row)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
