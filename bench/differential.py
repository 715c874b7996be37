"""``python -m bench.differential``: our bot games replayed by the 18xx.games engine.

Issues 14 (18RoyalGorge) and 17 (18USA, ``--title 18USA``): every game we export must be
accepted by the site's engine, action by action, with the same result and end reason.  This
plays ``--games`` games of ``--title`` with our bots in ``compat_18xx_games`` mode, exports
each (``export_18xx_games``) and replays the document in the site's Ruby engine
(:mod:`bench.ref18xx`; ``$ROUNDHOUSE_REF18XX``, default ``../ref18xx``).  Game ``i`` has
``players[i % len(players)]`` seats, the bot set ``bots[(i // len(players)) % len(bots)]``
(``mixed``: random and greedy seats alternate; ``heuristic``: the title's own policy) and
seed ``--seed + i``; ``--from i --games 1`` reruns game ``i`` alone (same lists and seed).
Greedy bots look at :data:`GREEDY_BUDGET` positions a move (``--greedy-budget``).

Per game it reports the first action the site refused (its index in the document, the action
of ours it was written for, the site's message and round) or whether the result and end
reason are equal.  Failing documents are saved with our own save file beside them.  Exit
status 1 when any game fails, 0 when all pass or when the engine is absent (it says why: this
is a development tool, not a CI dependency).

    make differential DIFF_ARGS="--games 200 --players 2,3,4 --bots random,greedy,mixed --seed 1"
    make differential DIFF_ARGS="--title 18USA --games 14 --players 2,3,4,5,6,7 --seed 1"
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from rich.console import Console
from rich.table import Table

from bench.ref18xx import ReferenceFailed, SiteReplay, missing, ref_dir, replay_steps
from roundhouse.bots import Bot, GreedyBot, make_bot
from roundhouse.bots.greedy import NODE_BUDGET
from roundhouse.core.actions import Json
from roundhouse.core.game import Game
from roundhouse.core.title import REGISTRY, Title
from roundhouse.interop.export import export_with_origins
from roundhouse.terminal.progress import run_progress

BOTS = ("random", "greedy", "heuristic", "mixed")
GREEDY_BUDGET = NODE_BUDGET // 4
"""Positions the greedy bot looks at per move here: a quarter of the web app's, so that a
200-game run takes hours, not a day (``--greedy-budget`` sets it)."""
MAX_MOVES = 8000
"""A game still running after this many of our moves is reported unfinished."""
FAILURES = Path(__file__).parent / "results" / "differential"


@dataclasses.dataclass(frozen=True)
class Spec:
    """One differential game: its number in the run, seats, bots and seed."""

    index: int
    players: int
    bots: str
    seed: int
    title: str = "18RoyalGorge"

    @property
    def name(self) -> str:
        return f"{self.title}_g{self.index:03d}_{self.players}p_{self.bots}_s{self.seed}"

    def seat_bots(self) -> list[str]:
        if self.bots != "mixed":
            return [self.bots] * self.players
        return ["random" if (self.seed + k) % 2 else "greedy" for k in range(self.players)]


def specs(
    games: int, players: Sequence[int], bots: Sequence[str], seed: int, title: str = "18RoyalGorge"
) -> list[Spec]:
    return [
        Spec(i, players[i % len(players)], bots[(i // len(players)) % len(bots)], seed + i, title)
        for i in range(games)
    ]


def bot(level: str, seed: int, greedy_budget: int) -> Bot:
    """Our bot of ``level``; the greedy one looks at ``greedy_budget`` positions a move."""
    if level == "greedy":
        return GreedyBot(seed, node_budget=greedy_budget)
    return make_bot(level, seed)  # "heuristic": the title's own policy (18USA's bot/)


def play(spec: Spec, greedy_budget: int = GREEDY_BUDGET) -> Game:
    """The bots' game in compat mode (at most :data:`MAX_MOVES` moves)."""
    seats = [f"P{k + 1}" for k in range(spec.players)]
    title: Title = REGISTRY.get(spec.title)
    game = Game(title, seats, seed=spec.seed, options={"compat_18xx_games": True})
    bots = {
        seat: bot(level, spec.seed * 16 + k, greedy_budget)
        for k, (seat, level) in enumerate(zip(seats, spec.seat_bots(), strict=True))
    }
    for _ in range(MAX_MOVES):
        if game.finished:
            break
        seat = game.acting[0]
        game.apply(bots[seat].choose(game, seat))
    return game


@dataclasses.dataclass
class Outcome:
    """One game's verdict."""

    spec: Spec
    moves: int = 0
    site_actions: int = 0
    end_reason: str | None = None
    problem: str = ""
    """Empty when the site accepted the whole game with our result and end reason."""
    live_only: int = 0
    """Actions only a live game refused (site caches; the server accepts them)."""
    detail: dict[str, Json] = dataclasses.field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problem


def judge(
    spec: Spec, game: Game, doc: dict[str, Json], origins: list[int], site: SiteReplay
) -> Outcome:
    """Compare the site's replay with our game."""
    out = Outcome(spec, len(game.log), len(origins), game.end_reason)
    out.live_only = len(site.live_only)
    if site.refused is not None:
        index = site.refused.get("index")
        ours = origins[index] if isinstance(index, int) and 0 <= index < len(origins) else None
        out.problem = "refused"
        out.detail = {
            "index": index,
            "site_action": site.refused.get("action"),
            "message": site.refused.get("error"),
            "round": site.refused.get("round"),
            "acting": site.refused.get("current_entity"),
            "our_index": ours,
            "our_action": str(game.log[ours])
            if ours is not None and ours < len(game.log)
            else None,
        }
    elif not game.finished:
        out.problem = "unfinished"
        out.detail = {"moves": len(game.log)}
    elif not site.finished or not site.result_match or not site.reason_match:
        out.problem = "result" if site.finished and site.reason_match else "end"
        out.detail = {
            "ours": doc.get("result"),
            "site": site.result,
            "our_reason": doc.get("game_end_reason"),
            "site_reason": site.end_reason,
            "site_finished": site.finished,
        }
    return out


def run_one(
    spec: Spec, folder: Path, greedy_budget: int = GREEDY_BUDGET
) -> tuple[Game, dict[str, Json], list[int], Path]:
    game = play(spec, greedy_budget)
    doc, origins = export_with_origins(game)
    path = folder / f"{spec.name}.json"
    path.write_text(json.dumps(doc))
    return game, doc, origins, path


def save_failure(out: Outcome, game: Game, doc: dict[str, Json], failures: Path) -> None:
    failures.mkdir(parents=True, exist_ok=True)
    (failures / f"{out.spec.name}.json").write_text(json.dumps(doc))
    (failures / f"{out.spec.name}.ours.json").write_text(json.dumps(game.to_doc()))
    (failures / f"{out.spec.name}.report.json").write_text(
        json.dumps({"problem": out.problem, **out.detail}, indent=1, default=str)
    )


def describe(out: Outcome) -> str:
    d = out.detail
    if out.problem == "refused":
        return (
            f"site action {d['index']} ({d['round']}, acting {d['acting']}) refused: "
            f"{d['message']}; ours #{d['our_index']}: {d['our_action']}"
        )
    if out.problem == "unfinished":
        return f"our game did not finish in {d['moves']} moves"
    if out.problem == "ruby":
        return f"the site's engine failed: {d['message']}"
    return (
        f"site {d['site_reason']} {d['site']} (finished: {d['site_finished']}) vs ours "
        f"{d['our_reason']} {d['ours']}"
    )


def summary(outcomes: list[Outcome], console: Console) -> None:
    titles = sorted({o.spec.title for o in outcomes}) or ["18RoyalGorge"]
    table = Table(title=f"{', '.join(titles)} differential: our export replayed by 18xx.games")
    columns = ("players", "bots", "games", "accepted", "refused", "result/end differ", "live only")
    for column in columns:
        table.add_column(column, justify="right" if column not in ("bots",) else "left")
    groups: dict[tuple[int, str], list[Outcome]] = {}
    for o in outcomes:
        groups.setdefault((o.spec.players, o.spec.bots), []).append(o)
    for (players, bots), group in sorted(groups.items()):
        table.add_row(
            str(players),
            bots,
            str(len(group)),
            str(sum(o.ok for o in group)),
            str(sum(o.problem == "refused" for o in group)),
            str(sum(o.problem in ("result", "end", "unfinished") for o in group)),
            str(sum(o.live_only for o in group)),
        )
    table.add_row(
        "all",
        "",
        str(len(outcomes)),
        str(sum(o.ok for o in outcomes)),
        str(sum(o.problem == "refused" for o in outcomes)),
        str(sum(o.problem in ("result", "end", "unfinished") for o in outcomes)),
        str(sum(o.live_only for o in outcomes)),
    )
    console.print(table)
    failed = [o for o in outcomes if not o.ok]
    if failed:
        fails = Table(title="failing games")
        fails.add_column("game")
        fails.add_column("problem")
        for o in failed:
            fails.add_row(o.spec.name, describe(o))
        console.print(fails)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bench.differential", description=__doc__.split("\n")[0]
    )
    p.add_argument("--title", default="18RoyalGorge", help="18RoyalGorge or 18USA (2-7 players)")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--players", type=lambda s: [int(x) for x in s.split(",")], default=[2, 3, 4])
    p.add_argument("--bots", type=lambda s: [b.strip() for b in s.split(",")], default=list(BOTS))
    p.add_argument("--seed", type=int, default=1, help="seed of game 0 (game i: seed + i)")
    p.add_argument("--from", dest="start", type=int, default=0, help="first game to play")
    p.add_argument("--failures", type=Path, default=FAILURES, help="folder for failing games")
    p.add_argument("--ref", type=Path, default=None, help="the engine's folder (see ref18xx)")
    p.add_argument(
        "--greedy-budget",
        type=int,
        default=GREEDY_BUDGET,
        help=f"positions the greedy bot looks at per move (default {GREEDY_BUDGET}; "
        f"the web app's bot: {NODE_BUDGET})",
    )
    return p


def main(argv: Sequence[str] | None = None, console: Console | None = None) -> int:
    args = parser().parse_args(argv)
    console = console or Console()
    unknown = [b for b in args.bots if b not in BOTS]
    if unknown:
        console.print(f"unknown bots {unknown}; choose from {', '.join(BOTS)}")
        return 2
    ref = args.ref or ref_dir()
    why = missing(ref)
    if why is not None:
        console.print(f"differential skipped: {why}")
        return 0
    plan = specs(args.start + args.games, args.players, args.bots, args.seed, args.title)[
        args.start :
    ]
    outcomes: list[Outcome] = []
    with (
        tempfile.TemporaryDirectory() as tmp,
        ThreadPoolExecutor(max_workers=1) as ruby,
        run_progress(console) as progress,
    ):
        task = progress.add_task("games", total=len(plan))
        pending: list[tuple[Spec, Game, dict[str, Json], list[int], Future[SiteReplay]]] = []

        def collect(limit: int) -> None:
            while len(pending) > limit:
                spec, game, doc, origins, future = pending.pop(0)
                try:
                    out = judge(spec, game, doc, origins, future.result())
                except ReferenceFailed as exc:
                    out = Outcome(spec, len(game.log), len(origins), game.end_reason, "ruby")
                    out.detail = {"message": str(exc)}
                if not out.ok:
                    save_failure(out, game, doc, args.failures)
                    progress.console.print(f"[red]{spec.name}[/red]: {describe(out)}")
                outcomes.append(out)
                progress.advance(task)

        for spec in plan:
            game, doc, origins, path = run_one(spec, Path(tmp), args.greedy_budget)
            pending.append((spec, game, doc, origins, ruby.submit(replay_steps, ref, path)))
            collect(1)
        collect(0)
    summary(outcomes, console)
    failed = [o for o in outcomes if not o.ok]
    if failed:
        console.print(
            f"{len(failed)} of {len(outcomes)} games failed; documents in {args.failures}"
        )
        return 1
    console.print(f"all {len(outcomes)} games accepted with equal results and end reasons")
    return 0


if __name__ == "__main__":
    sys.exit(main())
