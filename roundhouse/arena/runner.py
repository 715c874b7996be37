"""``roundhouse arena``: bots against bots, many games, on every core; who wins and how often.

A line-up names the bot level at each seat (``mcts:time=1 heuristic heuristic heuristic``).
Game ``k`` is played on seed ``seed + k // seats`` with the line-up rotated by ``k % seats``
places, so with a multiple of the seat count every seed is played from every seat and no level
keeps the first move.  Games run in worker processes (``--jobs``, default every core) under a
progress bar; at the end a table gives each level's seats, wins, win rate with its 95%
interval, Elo-style rating with its 95% interval, and think time per decision.  ``--json``
writes the summary and every game; ``--save-dir`` keeps every game as a save file that
``roundhouse replay`` steps through.  The JSON is rewritten after every game, so a run cut
short keeps its results; ``roundhouse arena report FILE...`` prints the table again from such
files (merged).

Examples::

    roundhouse arena chicago-express --lineup heuristic random random random --games 200
    roundhouse arena chicago-express --lineup mcts:time=1 heuristic heuristic heuristic \\
        --games 200 --json arena.json --save-dir arena-games
    roundhouse arena 18RoyalGorge --lineup mcts:time=1 heuristic heuristic --games 200
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import os
import statistics
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent import futures
from pathlib import Path

from rich.console import Console
from rich.table import Table

from roundhouse.arena.match import GameRecord, GameTask, play
from roundhouse.arena.rating import ratings_with_ci, wilson
from roundhouse.bots.spec import parse_level
from roundhouse.core.actions import Json
from roundhouse.terminal.progress import run_progress


def schedule(
    title: str,
    lineup: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
    save_dir: str | None = None,
) -> list[GameTask]:
    """The games to play: seeds and seat rotations as the module docstring says."""
    n = len(lineup)
    tasks = []
    for k in range(games):
        turn = k % n
        levels = tuple(lineup[turn:]) + tuple(lineup[:turn])
        tasks.append(
            GameTask(
                index=k,
                title=title,
                seed=seed + k // n,
                levels=levels,
                options=dict(options or {}),
                save_dir=save_dir,
            )
        )
    return tasks


def execute(tasks: Sequence[GameTask], jobs: int) -> Iterator[GameRecord]:
    """Play the tasks, in worker processes when ``jobs > 1``; yields records as games end."""
    if jobs <= 1 or len(tasks) <= 1:
        yield from map(play, tasks)
        return
    waiting = collections.deque(tasks)
    with futures.ProcessPoolExecutor(max_workers=min(jobs, len(tasks))) as pool:
        running: set[futures.Future[GameRecord]] = set()
        while waiting or running:
            while waiting and len(running) < 2 * jobs:
                running.add(pool.submit(play, waiting.popleft()))
            done, running = futures.wait(running, return_when=futures.FIRST_COMPLETED)
            for finished in done:
                yield finished.result()


@dataclasses.dataclass(slots=True)
class LevelStats:
    """One level's results over the arena."""

    level: str
    seats: int = 0
    wins: float = 0.0
    games_won: int = 0
    """Games won (or shared) by at least one seat of this level."""
    games: int = 0
    scores: list[float] = dataclasses.field(default_factory=list)
    think: float = 0.0
    decisions: int = 0
    slowest: float = 0.0
    rating: tuple[float, float, float] = (0.0, 0.0, 0.0)

    def win_rate(self) -> tuple[float, float, float]:
        """Wins per seat played, with its 95% interval."""
        low, high = wilson(self.wins, self.seats)
        return (self.wins / self.seats if self.seats else 0.0), low, high

    def to_json(self) -> dict[str, Json]:
        rate, low, high = self.win_rate()
        return {
            "level": self.level,
            "seats": self.seats,
            "wins": self.wins,
            "win_rate": round(rate, 4),
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "games": self.games,
            "games_won": self.games_won,
            "mean_score": round(statistics.fmean(self.scores), 2) if self.scores else None,
            "rating": round(self.rating[0], 1),
            "rating_ci95": [round(self.rating[1], 1), round(self.rating[2], 1)],
            "ms_per_decision": round(1000 * self.think / self.decisions, 2)
            if self.decisions
            else None,
            "slowest_decision_ms": round(1000 * self.slowest, 1),
            "decisions": self.decisions,
        }


def summarize(records: Sequence[GameRecord], lineup: Sequence[str]) -> list[LevelStats]:
    """Per-level results (games that failed are left out)."""
    levels = list(dict.fromkeys(lineup))
    stats = {level: LevelStats(level) for level in levels}
    played = [r for r in records if r.error is None]
    for r in played:
        shared = 1.0 / len(r.winners) if r.winners else 0.0
        present: set[str] = set()
        for i, level in enumerate(r.levels):
            s = stats[level]
            s.seats += 1
            s.scores.append(r.scores[i])
            seconds, decisions, slowest = r.think[i]
            s.think += seconds
            s.decisions += decisions
            s.slowest = max(s.slowest, slowest)
            if i in r.winners:
                s.wins += shared
            present.add(level)
        for level in present:
            stats[level].games += 1
            if any(r.levels[w] == level for w in r.winners):
                stats[level].games_won += 1
    ratings = ratings_with_ci(levels, [(r.levels, r.scores) for r in played])
    for level, rating in ratings.items():
        stats[level].rating = rating
    return [stats[level] for level in levels]


def table(stats: Sequence[LevelStats], title: str) -> Table:
    out = Table(title=title, title_justify="left")
    for column in ("level", "seats", "wins", "win rate (95% CI)", "games won", "Elo (95% CI)"):
        out.add_column(column, justify="left" if column == "level" else "right")
    out.add_column("ms/decision", justify="right")
    out.add_column("slowest ms", justify="right")
    for s in stats:
        rate, low, high = s.win_rate()
        out.add_row(
            s.level,
            str(s.seats),
            f"{s.wins:g}",
            f"{rate:.1%} ({low:.1%}–{high:.1%})",
            f"{s.games_won}/{s.games}",
            f"{s.rating[0]:.0f} ({s.rating[1]:.0f}–{s.rating[2]:.0f})",
            f"{1000 * s.think / s.decisions:.1f}" if s.decisions else "-",
            f"{1000 * s.slowest:.0f}",
        )
    return out


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="roundhouse arena", description="Bots against bots: win rates and ratings."
    )
    p.add_argument("title", help="title id, e.g. chicago-express or 18RoyalGorge")
    p.add_argument(
        "--lineup",
        nargs="+",
        required=True,
        metavar="LEVEL",
        help="the bot level at each seat: random, heuristic, mcts[:time=S|iterations=N|...]",
    )
    p.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: cores)"
    )
    p.add_argument("--json", metavar="FILE", help="write the summary and every game here")
    p.add_argument("--save-dir", metavar="DIR", help="save every game here (replayable)")
    return p


def record_of(doc: Mapping[str, object]) -> GameRecord:
    """A game record back from its JSON (:meth:`GameRecord.to_json`)."""
    think = doc.get("think") or []
    assert isinstance(think, list)
    return GameRecord(
        index=int(doc["index"]),  # type: ignore[call-overload]
        seed=int(doc["seed"]),  # type: ignore[call-overload]
        levels=tuple(doc["levels"]),  # type: ignore[arg-type]
        scores=tuple(float(s) for s in doc["scores"]),  # type: ignore[attr-defined]
        winners=tuple(int(w) for w in doc["winners"]),  # type: ignore[attr-defined]
        end_reason=doc.get("end_reason"),  # type: ignore[arg-type]
        actions=int(doc.get("actions", 0)),  # type: ignore[call-overload]
        seconds=float(doc.get("seconds", 0.0)),  # type: ignore[arg-type]
        think=tuple((float(t["seconds"]), int(t["decisions"]), float(t["slowest"])) for t in think),
        file=doc.get("file"),  # type: ignore[arg-type]
        error=doc.get("error"),  # type: ignore[arg-type]
    )


def report(argv: Sequence[str]) -> int:
    """``roundhouse arena report FILE...``: the table again from arena JSON files (merged;
    say, a run continued on other seeds), e.g. after an interrupted run."""
    p = argparse.ArgumentParser(prog="roundhouse arena report")
    p.add_argument("files", nargs="+", metavar="FILE", help="--json files of arena runs")
    args = p.parse_args(argv)
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 140)
    records: list[GameRecord] = []
    lineup: list[str] = []
    title = ""
    for name in args.files:
        doc = json.loads(Path(name).read_text())
        title = title or str(doc["title"])
        lineup = lineup or [str(x) for x in doc["lineup"]]
        records.extend(record_of(r) for r in doc["records"])
    heading = f"{title}, {len(lineup)} players: {', '.join(lineup)} ({len(records)} games)"
    console.print(table(summarize(records, lineup), heading))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``roundhouse arena``; returns the process exit code."""
    from roundhouse.core.errors import InvalidSetup
    from roundhouse.core.title import REGISTRY, parse_option_pairs

    if argv and argv[0] == "report":
        return report(argv[1:])
    args = parser().parse_args(argv)
    try:
        option_values = parse_option_pairs(args.option)
    except InvalidSetup as exc:
        raise SystemExit(str(exc)) from None
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 140)
    try:
        title = REGISTRY.get(args.title)
        lineup = [str(parse_level(level)) for level in args.lineup]
    except (KeyError, ValueError) as exc:
        console.print(f"[red]{exc}[/]")
        return 2
    if len(lineup) not in title.players:
        console.print(
            f"[red]{title.name} takes {title.players.start}–{title.players.stop - 1} players, "
            f"not {len(lineup)}[/]"
        )
        return 2
    tasks = schedule(title.id, lineup, args.games, args.seed, option_values, args.save_dir)
    console.print(
        f"arena: {title.id}, {len(lineup)} seats ({', '.join(lineup)}), {len(tasks)} games, "
        f"seeds from {args.seed}, {args.jobs} job(s)"
    )
    records: list[GameRecord] = []
    start = time.perf_counter()
    command = "roundhouse arena " + " ".join(argv if argv is not None else sys.argv[2:])
    options = {k: str(v) for k, v in option_values.items()}

    def write(final: bool) -> None:
        if not args.json:
            return
        ordered = sorted(records, key=lambda r: r.index)
        doc: dict[str, Json] = {
            "title": title.id,
            "lineup": list(lineup),
            "games": len(ordered),
            "planned": len(tasks),
            "complete": final,
            "seed": args.seed,
            "options": dict(options),
            "seconds": round(time.perf_counter() - start, 1),
            "command": command,
            "levels": [s.to_json() for s in summarize(ordered, lineup)],
            "records": [r.to_json() for r in ordered],
        }
        Path(args.json).write_text(json.dumps(doc, indent=1))

    with run_progress(console) as progress:
        bar = progress.add_task("games", total=len(tasks))
        for record in execute(tasks, args.jobs):
            records.append(record)
            if record.error:
                progress.console.print(f"[red]game {record.index}: {record.error}[/]")
            wins: dict[str, float] = collections.defaultdict(float)
            for r in records:
                for w in r.winners:
                    wins[r.levels[w]] += 1 / len(r.winners)
            progress.update(
                bar,
                advance=1,
                description=", ".join(f"{lv} {wins[lv]:.0f}" for lv in dict.fromkeys(lineup)),
            )
            write(final=False)  # an interrupted run keeps what it played
    records.sort(key=lambda r: r.index)
    stats = summarize(records, lineup)
    heading = f"{title.id}, {len(lineup)} players: {', '.join(lineup)} ({len(records)} games)"
    console.print(table(stats, heading))
    failed = [r for r in records if r.error]
    if failed:
        console.print(f"[red]{len(failed)} game(s) stopped on a bot error[/]")
    console.print(f"{time.perf_counter() - start:.0f} s")
    if args.json:
        write(final=True)
        console.print(f"wrote {args.json}")
    return 1 if failed else 0
