"""``python -m bench [--titles T1,T2] [--quick]``: the speed table for every registered title.

For each title, single process: complete random games per second; actions per second when the
games recorded in the run are replayed by ``roundhouse.load``; ``legal_actions()`` calls per
second at positions sampled from those games (generated fresh and from the kernel's cache);
``state_hash()`` and undo calls per second; memory per loaded game; agent-environment steps
per second per core (``roundhouse.agents``, random legal tokens).  Ratios compare numbers
measured in the same run.  Results go to ``bench/results/<timestamp>.json``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

from bench import agents_env, hotpath, playout, position, replay
from bench.machine import machine
from roundhouse.core.title import Title
from roundhouse.harness.roster import import_modules, load_titles

RESULTS = Path(__file__).parent / "results"
PREFERRED_PLAYERS = 4
"""Benchmarks use four players where the title allows it, else the nearest count."""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    p.add_argument(
        "--titles",
        type=lambda s: [t for t in s.split(",") if t.strip()],
        default=None,
        help="comma-separated title ids (default: every registered title)",
    )
    p.add_argument("--quick", action="store_true", help="short timing windows (a smoke run)")
    p.add_argument("--players", type=int, default=None, help="player count (default: 4)")
    p.add_argument(
        "--import",
        dest="imports",
        action="append",
        default=[],
        metavar="MODULE",
        help="import a module that registers extra titles (e.g. tests.toy_title)",
    )
    p.add_argument("--out", type=Path, default=RESULTS, help="directory for the JSON results")
    p.add_argument(
        "--no-core",
        action="store_true",
        help="skip the title-independent hot paths (bench/*_bench.py)",
    )
    return p


def players_for(title: Title, wanted: int | None) -> int:
    n = wanted if wanted is not None else PREFERRED_PLAYERS
    return min(max(n, title.players.start), title.players.stop - 1)


def measure(title: Title, players: int, quick: bool) -> dict[str, object]:
    window = 0.4 if quick else 4.0
    played = playout.play_games(title.id, players, seconds=window, min_games=2 if quick else 5)
    docs = played.docs
    spots = position.positions(docs, 20 if quick else 100)
    longest = max(docs, key=lambda d: len(d["actions"]))  # type: ignore[arg-type]
    return {
        "title": title.id,
        "players": players,
        "playout": played.summary(),
        "replay": replay.replay(docs, window / 2),
        "legal": position.legal(spots, window / 4),
        "state_hash": position.hashing(spots, window / 4),
        "undo_redo": position.undo(spots, window / 4),
        "memory": position.memory(longest),
        "agents": agents_env.env_steps(title.id, players, window / 2),
    }


ROWS: list[tuple[str, str, str, str]] = [
    ("random games / s", "playout", "games_per_s", "{:,.1f}"),
    ("actions / game", "playout", "actions_per_game", "{:,.0f}"),
    ("play: actions / s (bots incl.)", "playout", "actions_per_s", "{:,.0f}"),
    ("replay: actions / s (load)", "replay", "actions_per_s", "{:,.0f}"),
    ("replay: ms / load", "replay", "ms_per_load", "{:,.2f}"),
    ("legal_actions fresh / s", "legal", "fresh_calls_per_s", "{:,.0f}"),
    ("legal_actions cached / s", "legal", "cached_calls_per_s", "{:,.0f}"),
    ("moves / position", "legal", "moves_per_position", "{:,.1f}"),
    ("state_hash / s", "state_hash", "calls_per_s", "{:,.0f}"),
    ("undo + redo / s", "undo_redo", "calls_per_s", "{:,.0f}"),
    ("KiB per loaded game", "memory", "kib_per_game", "{:,.0f}"),
    ("agent env steps / s (AEC, 1 core)", "agents", "steps_per_s", "{:,.0f}"),
    ("agent env moves / s", "agents", "moves_per_s", "{:,.0f}"),
    ("agent env tokens / move", "agents", "tokens_per_move", "{:,.2f}"),
]


def ratios(result: dict[str, object]) -> dict[str, float]:
    """Same-run comparisons: replay vs live play, cached vs fresh move lists."""

    def get(section: str, key: str) -> float:
        part = result[section]
        assert isinstance(part, dict)
        return float(part[key])

    out: dict[str, float] = {}
    if get("playout", "actions_per_s"):
        out["replay_vs_play"] = get("replay", "actions_per_s") / get("playout", "actions_per_s")
    if get("legal", "fresh_calls_per_s"):
        out["legal_cached_vs_fresh"] = get("legal", "cached_calls_per_s") / get(
            "legal", "fresh_calls_per_s"
        )
    return {k: round(v, 2) for k, v in out.items()}


def table(results: Sequence[dict[str, object]], info: dict[str, str | int | None]) -> Table:
    t = Table(
        title=f"Roundhouse bench: Python {info['python']} ({info['implementation']}), "
        f"{info['processor']}, {info['cores']} cores, {info['os']}"
    )
    t.add_column("measure")
    for r in results:
        t.add_column(f"{r['title']} ({r['players']}p)", justify="right")
    for label, section, key, fmt in ROWS:
        cells = []
        for r in results:
            part = r[section]
            assert isinstance(part, dict)
            cells.append(fmt.format(part[key]))
        t.add_row(label, *cells)
    for name, label in (
        ("replay_vs_play", "ratio: replay ÷ play"),
        ("legal_cached_vs_fresh", "ratio: cached ÷ fresh legal_actions"),
    ):
        cells = []
        for r in results:
            found = r["ratios"]
            assert isinstance(found, dict)
            cells.append(f"{found[name]:.1f}×" if name in found else "-")
        t.add_row(label, *cells)
    return t


def core_table(core: dict[str, dict[str, float]]) -> Table:
    t = Table(title="core hot paths")
    for column in ("benchmark", "measure", "value"):
        t.add_column(column, justify="right" if column == "value" else "left")
    for name, found in core.items():
        for key, value in found.items():
            t.add_row(name, key, f"{value:,.6g}")
    return t


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    console = Console(highlight=False)
    import_modules(args.imports)
    titles, missing = load_titles(args.titles)
    for gone in missing:
        console.print(f"[yellow]cannot bench {gone.title}: {gone.reason}[/]")
    if not titles:
        console.print("[red]no title to benchmark[/]")
        return 1
    info = machine()
    results: list[dict[str, object]] = []
    for title in titles:
        n = players_for(title, args.players)
        with console.status(f"benchmarking {title.id} with {n} players…"):
            result = measure(title, n, args.quick)
        result["ratios"] = ratios(result)
        results.append(result)
    console.print(table(results, info))
    core: dict[str, dict[str, float]] = {}
    core_errors: dict[str, str] = {}
    if not args.no_core:
        with console.status("benchmarking core hot paths…"):
            core, core_errors = hotpath.run_all(args.quick)
        console.print(core_table(core))
        for name, error in core_errors.items():
            console.print(f"[yellow]{name} did not run: {error}[/]")
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"{stamp}.json"
    doc = {
        "timestamp": stamp,
        "quick": args.quick,
        "machine": info,
        "skipped": {m.title: m.reason for m in missing},
        "results": results,
        "core": core,
        "core_errors": core_errors,
    }
    path.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    console.print(f"results written to {path}")
    return 1 if args.titles and missing else 0


if __name__ == "__main__":
    sys.exit(main())
