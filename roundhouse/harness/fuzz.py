"""``roundhouse fuzz``: many seeded random games per title and player count, on every core.

Each game is checked after every action (:mod:`roundhouse.harness.invariants`).  A failure is
shrunk to its shortest failing prefix, printed with the title, players, seed and the command
that replays it, and saved under ``--save-dir`` where ``tests/regressions`` picks it up.
The exit code is 1 if any game failed (or a requested title could not be loaded).  A game
that stops at a rule its title declares not written yet (``NotImplementedError`` naming the
section) is no failure: such games are listed apart with the rule, so a title still being
written can be fuzzed for everything it does claim.

Examples::

    roundhouse fuzz --games 20                          # what CI runs
    roundhouse fuzz --games 5000 --time-budget 3600     # a long run, all titles, all cores
    roundhouse fuzz --titles ChicagoExpress --players 4 --seed 1234 --games 1 --jobs 1
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import os
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent import futures
from pathlib import Path

from rich.console import Console
from rich.table import Table

from roundhouse.core.title import Title
from roundhouse.harness.case import DRIVERS, MAX_ACTIONS, Case, Outcome, run
from roundhouse.harness.invariants import Policy
from roundhouse.harness.regression import save
from roundhouse.harness.roster import import_modules, load_titles
from roundhouse.terminal.progress import run_progress

SHOWN_ACTIONS = 40
"""Longest failing prefix printed in full; longer ones are shown by their tail."""


def parse_players(spec: str) -> list[int]:
    """``"2-6"``, ``"3,4"`` or ``"2-3,5"`` as a sorted list of player counts."""
    counts: set[int] = set()
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        low, dash, high = part.partition("-")
        try:
            first = int(low)
            last = int(high) if dash else first
        except ValueError:
            raise argparse.ArgumentTypeError(f"bad player count {part!r}") from None
        if first < 1 or last < first:
            raise argparse.ArgumentTypeError(f"bad player range {part!r}")
        counts.update(range(first, last + 1))
    if not counts:
        raise argparse.ArgumentTypeError("no player count given")
    return sorted(counts)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="roundhouse fuzz",
        description="Play seeded random games of every title, checking every action.",
    )
    p.add_argument("--games", type=int, default=20, help="games per title and player count")
    p.add_argument(
        "--titles",
        type=lambda s: [t for t in s.split(",") if t.strip()],
        default=None,
        help="comma-separated title ids (default: every registered title)",
    )
    p.add_argument(
        "--players",
        type=parse_players,
        default=None,
        help="player counts, e.g. 2-6 or 3,4 (default: each title's whole range)",
    )
    p.add_argument("--seed", type=int, default=0, help="first seed; games use seed, seed+1, …")
    p.add_argument(
        "--drivers",
        choices=DRIVERS,
        default="random",
        help="random bots at every seat (quick games), the title's heuristic bot at every "
        "seat (long games that reach the late phases), or mixed: either, or each seat one "
        "of the two, drawn for each game",
    )
    p.add_argument(
        "--time-budget",
        type=float,
        default=None,
        metavar="SECONDS",
        help="start no new game after this many seconds",
    )
    p.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: cores)"
    )
    p.add_argument(
        "--save-dir",
        type=Path,
        default=Path("tests/regressions"),
        help="where failing games are saved as regression files",
    )
    p.add_argument(
        "--max-actions",
        type=int,
        default=MAX_ACTIONS,
        help="a game longer than this counts as never ending",
    )
    p.add_argument(
        "--check-every",
        type=int,
        default=Policy().every,
        metavar="K",
        help="run the thorough checks at every K-th position (1: at all positions)",
    )
    p.add_argument(
        "--import",
        dest="imports",
        action="append",
        default=[],
        metavar="MODULE",
        help="import a module that registers extra titles (e.g. tests.toy_title)",
    )
    return p


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Task:
    """One case and how to run it, sent to a worker process."""

    case: Case
    policy: Policy
    max_actions: int
    deadline: float | None


def cases(
    titles: Sequence[Title],
    players: Sequence[int] | None,
    games: int,
    seed: int,
    drivers: str = "random",
) -> list[Case]:
    """Every (title, player count, seed) to play, counts limited to each title's range.

    Interleaved seed by seed (every title and count plays its first game, then every one
    its second, ...), so a run cut short by ``--time-budget`` still covers them all evenly.
    """
    groups = [
        (title.id, n) for title in titles for n in (players or title.players) if n in title.players
    ]
    return [
        Case(title=title_id, players=n, seed=seed + i, drivers=drivers)
        for i in range(games)
        for title_id, n in groups
    ]


def _work(task: Task) -> Outcome:
    return run(task.case, task.policy, task.max_actions, deadline=task.deadline)


def execute(tasks: Sequence[Task], jobs: int, imports: Sequence[str]) -> Iterator[Outcome]:
    """Run the tasks, in worker processes when ``jobs > 1``; yields outcomes as they finish.

    Tasks are handed out a few at a time, so once the time budget has passed the rest are
    reported as skipped at once instead of queueing through the workers.
    """
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(_work, tasks)
        return
    jobs = min(jobs, len(tasks))
    waiting = collections.deque(tasks)
    with futures.ProcessPoolExecutor(
        max_workers=jobs, initializer=import_modules, initargs=(list(imports),)
    ) as pool:
        running: set[futures.Future[Outcome]] = set()
        while waiting or running:
            while waiting and len(running) < 2 * jobs:
                task = waiting.popleft()
                if task.deadline is not None and time.time() > task.deadline:
                    yield Outcome(case=task.case, actions=0, seconds=0.0, skipped=True)
                else:
                    running.add(pool.submit(_work, task))
            if running:
                done, running = futures.wait(running, return_when=futures.FIRST_COMPLETED)
                for finished in done:
                    yield finished.result()


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``roundhouse fuzz``; returns the process exit code."""
    args = parser().parse_args(argv)
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 140)
    imports: tuple[str, ...] = tuple(args.imports)
    import_modules(imports)
    titles, missing = load_titles(args.titles)
    for gone in missing:
        style = "red" if args.titles else "yellow"
        console.print(f"[{style}]cannot fuzz {gone.title}: {gone.reason}[/]")
    todo = cases(titles, args.players, args.games, args.seed, args.drivers)
    if not todo:
        console.print("[red]nothing to fuzz: no title with the requested player counts[/]")
        return 1
    policy = dataclasses.replace(Policy(), every=max(1, args.check_every))
    deadline = time.time() + args.time_budget if args.time_budget is not None else None
    tasks = [
        Task(case=c, policy=policy, max_actions=args.max_actions, deadline=deadline) for c in todo
    ]
    console.print(
        f"fuzzing {', '.join(t.id for t in titles)}: {len(todo)} games, seeds from {args.seed}, "
        f"{args.jobs} job(s)"
    )
    outcomes: list[Outcome] = []
    start = time.perf_counter()
    with run_progress(console) as progress:
        bar = progress.add_task("games", total=len(tasks))
        failures = 0
        for outcome in execute(tasks, args.jobs, imports):
            outcomes.append(outcome)
            if outcome.failed:
                failures += 1
                path = None if args.save_dir is None else save(outcome, args.save_dir, imports)
                report(progress.console, outcome, path, imports)
            elif outcome.unwritten is not None:
                progress.console.print(
                    f"[yellow]stopped[/] {outcome.case} at a rule not written yet: "
                    f"{outcome.unwritten}"
                )
            actions = sum(o.actions for o in outcomes)
            progress.update(
                bar,
                advance=1,
                description=f"{actions:,} actions, "
                f"[{'red' if failures else 'green'}]{failures} failing[/]",
            )
    console.print(summary(outcomes, time.perf_counter() - start))
    failed = sum(o.failed for o in outcomes)
    skipped = sum(o.skipped for o in outcomes)
    if skipped:
        console.print(f"time budget reached: {skipped} game(s) not played")
    stops = collections.Counter(o.unwritten for o in outcomes if o.unwritten is not None)
    for message, count in stops.most_common():
        console.print(f"[yellow]{count} game(s) stopped at a rule not written yet:[/] {message}")
    if failed:
        console.print(f"[red bold]{failed} game(s) failed[/]; files are in {args.save_dir}")
    return 1 if failed or (args.titles and missing) else 0


def report(console: Console, outcome: Outcome, path: Path | None, imports: tuple[str, ...]) -> None:
    """Print one failure: case, options, check, message and the shortest failing prefix."""
    failure = outcome.failure
    assert failure is not None
    case = outcome.case
    doc = outcome.doc or {}
    actions = doc.get("actions")
    prefix = actions if isinstance(actions, list) else []
    console.print(
        f"[red bold]FAIL[/] {case.title}, players {', '.join(case.names)}, seed {case.seed}, "
        f"options {json.dumps(doc.get('options', {}))}"
    )
    console.print(f"  [{failure.check}] after {failure.position} actions: {failure.message}")
    if failure.action is not None:
        console.print(f"  action: {json.dumps(failure.action)}")
    console.print(f"  shortest failing prefix: {len(prefix)} actions")
    shown = prefix[-SHOWN_ACTIONS:]
    if len(shown) < len(prefix):
        console.print(f"    … {len(prefix) - len(shown)} earlier actions in the saved file")
    for i, action in enumerate(shown, start=len(prefix) - len(shown)):
        console.print(f"    {i:>5}  {json.dumps(action)}", soft_wrap=True)
    if path is not None:
        console.print(f"  saved: {path}")
    console.print(f"  replay: {case.command(imports)}")


def summary(outcomes: Iterable[Outcome], seconds: float) -> Table:
    """One row per title and player count: games, actions, failures, how games ended."""
    groups: dict[tuple[str, int], list[Outcome]] = collections.defaultdict(list)
    for o in outcomes:
        groups[(o.case.title, o.case.players)].append(o)
    table = Table(title=f"fuzz results ({seconds:.1f} s)")
    for column in ("title", "players", "games", "actions", "mean length", "failed", "endings"):
        table.add_column(
            column,
            justify="left" if column in ("title", "endings") else "right",
            no_wrap=column != "endings",
        )
    for (title, players), group in sorted(groups.items()):
        played = [o for o in group if not o.skipped]
        actions = sum(o.actions for o in played)
        failed = sum(o.failed for o in played)
        endings = collections.Counter(
            "rule not written" if o.unwritten is not None else o.end_reason
            for o in played
            if not o.failed
        )
        table.add_row(
            title,
            str(players),
            str(len(played)),
            f"{actions:,}",
            f"{actions / len(played):.0f}" if played else "-",
            f"[red]{failed}[/]" if failed else "0",
            ", ".join(f"{k} {v}" for k, v in endings.most_common()),
        )
    return table
