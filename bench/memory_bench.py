"""Memory of a live game as the web server holds one, and of its undo history (issue #16).

Issue #16 asks a live game in the web server to take at most 2 MB and 10,000 snapshots' worth
of undo history to stay bounded.  The server keeps each live game as a
:class:`~roundhouse.Game` built by applying its stored log one action at a time
(``roundhouse/server/cache.py``) and asks it for views and moves.  Here every recorded
18xx.games fixture our importer replays (``../shared/fixtures/18xx.games``), saved in our
format, is built the same way, then asked for ``view()``, ``legal_actions()`` and
``state_hash()`` (what a page load and a bot fill in); the bytes still held are measured with
:mod:`tracemalloc`.  The same game is built once before, untraced, so what every game shares
(the tile catalogue, static title data, caches of frozen values) is not charged to it.

For the undo history, per fixture: the snapshots the game holds (one every
``SNAPSHOT_EVERY`` actions) and the bytes of one state copy (``snapshots_10k_kib``: what a
10,000-action log's regular snapshots take at this state size); then 10,000 undo + redo pairs
at its last position (search, a table taking moves back): the states the game holds before
and after (snapshots, the spare, states kept for undo: at most ``KEEP_AFTER_UNDO``) and the
bytes it holds more after 1,000 further pairs traced by :mod:`tracemalloc` (tracing slows
every allocation, so not all 10,000).

    python -m bench.memory_bench [--only TEXT] [--cycles N]
"""

from __future__ import annotations

import argparse
import gc
import json
import tracemalloc
from collections.abc import Callable
from typing import TypeVar

import roundhouse
from bench.fixture_bench import per_fixture
from roundhouse.core.actions import Json
from roundhouse.core.copying import deep_copy
from roundhouse.core.game import KEEP_AFTER_UNDO, SNAPSHOT_EVERY, Game
from tests.shared_files import fixtures_dir

T = TypeVar("T")

CYCLES = 10_000
"""Undo + redo pairs played at the last position of each game."""

TRACED_CYCLES = 1_000
"""Of which are traced for the bytes they leave held."""

LIMIT_KIB = 2048
"""Issue #16: a live game in the web server takes at most 2 MB."""


def held(make: Callable[[], T]) -> tuple[T, int]:
    """What ``make`` returns and the bytes it allocated that are still held afterwards."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        value = make()
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return value, after - before


def live_game(doc: dict[str, Json]) -> Game:
    """A game as the server's cache builds it (one apply per stored action), asked for what a
    page and a bot ask."""
    game = roundhouse.new_game(
        str(doc["title"]),
        [str(p) for p in doc["players"]],  # type: ignore[union-attr]
        int(str(doc["seed"])),
        doc.get("options"),  # type: ignore[arg-type]
    )
    actions = doc["actions"]
    assert isinstance(actions, list)
    for action in actions:
        game.apply(action)  # type: ignore[arg-type]
    game.view()
    if not game.finished:
        game.legal_actions()
    game.state_hash()
    return game


def resting_game(doc: dict[str, Json]) -> Game:
    """A :func:`live_game` as the server keeps it between the requests that use it: trimmed
    (:meth:`~roundhouse.Game.trim`: derived values dropped, snapshots packed)."""
    game = live_game(doc)
    game.trim()
    return game


def churn(game: Game, cycles: int) -> None:
    """``cycles`` undo + redo pairs at the game's last position."""
    last = game.log[-1]
    for _ in range(cycles):
        game.undo()
        game.apply(last)


def recorded(only: str = "") -> list[tuple[str, dict[str, Json]]]:
    """(``title/file``, the game in our format) for every fixture our importer replays (whose
    name holds ``only``)."""
    from roundhouse.interop import import_18xx_games

    found: list[tuple[str, dict[str, Json]]] = []
    folder = fixtures_dir()
    for path in sorted(folder.glob("*/*.json")) if folder.is_dir() else []:
        if only not in f"{path.parent.name}/{path.name}":
            continue
        try:
            game = import_18xx_games(json.loads(path.read_text()))
        except ValueError:
            continue  # not replayed yet: bench.fixture_bench lists why
        found.append((f"{path.parent.name}/{path.name}", game.to_doc()))
    return found


def growth(game: Game, cycles: int) -> int:
    """Bytes held more after ``cycles`` undo + redo pairs than before them, both measured
    once a first round of pairs has replaced the states the game holds with traced ones
    (their untraced predecessors' release is invisible to :mod:`tracemalloc`, so their
    replacements would count as growth)."""
    gc.collect()
    tracemalloc.start()
    try:
        churn(game, 2 * KEEP_AFTER_UNDO)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        churn(game, cycles)
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def states_held(game: Game) -> int:
    """Whole states the game holds besides the one in play: snapshots (the spare among them)
    and states kept for undo."""
    return len(game._snapshots) + len(game._kept)


def memory_rows(
    cycles: int = CYCLES, traced: int = TRACED_CYCLES, only: str = ""
) -> list[dict[str, object]]:
    """One row per replaying fixture (whose name holds ``only``): KiB held by the live game
    at rest (:func:`resting_game`, the limit's measure) and just after the asks of a request
    (:func:`live_game`, ``busy_kib``), its snapshots, the KiB of a state copy, the states
    held before and after ``cycles`` undo + redo pairs, and the KiB held more after
    ``traced`` further pairs (:func:`growth`)."""
    rows: list[dict[str, object]] = []
    for name, doc in recorded(only):
        live_game(doc)  # warm: what every game shares is made once, untraced
        _, busy_bytes = held(lambda doc=doc: live_game(doc))  # type: ignore[misc]
        game, game_bytes = held(lambda doc=doc: resting_game(doc))  # type: ignore[misc]
        snapshots = len(game._snapshots)
        state = game.state
        _, copy_bytes = held(lambda state=state: deep_copy(state))  # type: ignore[misc]
        churn(game, 16)  # the kept states and the spare a search holds
        before = states_held(game)
        churn(game, cycles)
        after = states_held(game)
        churn_bytes = growth(game, traced)
        rows.append(
            {
                "fixture": name,
                "actions": len(game.log),
                "live_kib": round(game_bytes / 1024, 1),
                "within_limit": game_bytes <= LIMIT_KIB * 1024,
                "busy_kib": round(busy_bytes / 1024, 1),
                "snapshots": snapshots,
                "state_copy_kib": round(copy_bytes / 1024, 1),
                "snapshots_10k_kib": round((10_000 // SNAPSHOT_EVERY) * copy_bytes / 1024, 1),
                "states_before_churn": before,
                "states_after_churn": after,
                "after_churn_kib": round(churn_bytes / 1024, 1),
            }
        )
    return rows


def bench_memory() -> dict[str, float]:
    """``make bench``'s figures: per fixture (measure names start with its file name), and
    the largest live game."""
    out: dict[str, float] = {}
    rows = memory_rows()
    for row in rows:
        out.update(
            per_fixture(
                row,
                (
                    "live_kib",
                    "busy_kib",
                    "snapshots",
                    "state_copy_kib",
                    "states_after_churn",
                    "after_churn_kib",
                ),
            )
        )
    if rows:
        out["largest live_kib"] = max(float(str(r["live_kib"])) for r in rows)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description="memory of a live game and its undo history")
    parser.add_argument("--only", default="", help="fixtures whose name holds this text")
    parser.add_argument("--cycles", type=int, default=CYCLES, help="undo + redo pairs")
    parser.add_argument(
        "--traced", type=int, default=TRACED_CYCLES, help="further pairs traced for growth"
    )
    args = parser.parse_args()
    rows = memory_rows(args.cycles, args.traced, args.only)
    print(
        f"live game at rest (limit {LIMIT_KIB} KiB) and busy; undo history: states held"
        f" before and after {args.cycles:,} undo + redo, KiB held more after {args.traced:,} more"
    )
    print(
        f"{'fixture':44} {'actions':>7} {'live KiB':>8} {'busy KiB':>8} {'snaps':>5}"
        f" {'copy KiB':>8} {'10k-log KiB':>11} {'states':>7} {'churn KiB':>9}"
    )
    for r in rows:
        states = f"{r['states_before_churn']}->{r['states_after_churn']}"
        print(
            f"{str(r['fixture'])[:44]:44} {r['actions']!s:>7} {r['live_kib']!s:>8}"
            f" {r['busy_kib']!s:>8}"
            f" {r['snapshots']!s:>5} {r['state_copy_kib']!s:>8} {r['snapshots_10k_kib']!s:>11}"
            f" {states:>7} {r['after_churn_kib']!s:>9}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
