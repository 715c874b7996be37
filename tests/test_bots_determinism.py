"""A bot made with a seed plays the same moves in the same position on any machine (issue #21):
nothing a bot decides may depend on how fast the machine is.  Each title's heuristic players
play an opening twice, the second time under a clock that jumps ten seconds at every reading
(so any wall-clock or CPU-time budget would run out at once); the moves must be the same.  The
search bot made without a budget counts iterations, not seconds, so it too plays the same."""

from __future__ import annotations

import itertools
import time

import pytest

import roundhouse
from roundhouse.bots import make_bot
from roundhouse.bots.mcts import MctsBot
from roundhouse.bots.spec import DEFAULT_ITERATIONS, parse_level
from roundhouse.core.actions import Action

OPENINGS = {"ChicagoExpress": 80, "18RoyalGorge": 100, "18USA": 80, "18West": 40}
"""Moves played per title: past the first track lays, runs and train purchases (seed 5)."""

CLOCKS = ("perf_counter", "monotonic", "time", "thread_time", "process_time")


def _slow_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every reading of every clock in :mod:`time` is ten seconds after the one before."""
    ticks = itertools.count()
    for name in CLOCKS:
        real = getattr(time, name)
        monkeypatch.setattr(time, name, lambda real=real: real() + 10.0 * next(ticks))


def _opening(title: str, moves: int, level: str = "heuristic") -> list[Action]:
    """The first ``moves`` moves of a three-seat game with a ``level`` bot at every seat."""
    names = ["A", "B", "C"]
    game = roundhouse.new_game(title, names, seed=5)
    bots = {p: make_bot(level, 50 + i) for i, p in enumerate(names)}
    played: list[Action] = []
    while len(played) < moves and not game.finished:
        seat = game.acting[0]
        action = bots[seat].choose(game, seat)
        played.append(action)
        game.apply(action)
    return played


@pytest.mark.parametrize(("title", "moves"), OPENINGS.items())
def test_heuristic_plays_the_same_moves_whatever_the_clock(
    title: str, moves: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _opening(title, moves)
    assert len(first) == moves
    _slow_clock(monkeypatch)
    assert _opening(title, moves) == first


def test_search_bot_without_a_budget_counts_iterations() -> None:
    """``mcts`` alone is an iteration budget; a strength or ``time=`` is the one setting that
    reads a clock (a think time for people at a table)."""
    bot = make_bot("mcts", 1)
    assert isinstance(bot, MctsBot)
    assert (bot.iterations, bot.time) == (DEFAULT_ITERATIONS, None)
    assert parse_level("mcts").label() == f"MCTS ({DEFAULT_ITERATIONS} iterations a move)"
    timed = make_bot("mcts:strength=1", 1)
    assert isinstance(timed, MctsBot) and timed.time == 0.25


def test_search_bot_plays_the_same_moves_whatever_the_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = _opening("ChicagoExpress", 12, level="mcts")
    _slow_clock(monkeypatch)
    assert _opening("ChicagoExpress", 12, level="mcts") == first


_OPENING_SCRIPT = """
import roundhouse
from roundhouse.bots import make_bot
game = roundhouse.new_game("18RoyalGorge", ["A", "B", "C"], seed=3)
bots = {p: make_bot("heuristic", 3) for p in game.players}
while not game.finished:
    seat = game.acting[0]
    game.apply(bots[seat].choose(game, seat))
print(game.state_hash())
"""


def test_royal_gorge_heuristic_plays_the_same_whatever_the_hash_seed() -> None:
    """Python salts string hashes per process (``PYTHONHASHSEED``), so a set of railroad
    names iterates in another order in each process; the starting railroad chosen among
    equally ranked ones must not depend on it (seed 3 chose differently under hash seeds 1 and
    3: another game to the end), or the same bot plays another game in another process."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[1])
    hashes = set()
    for salt in ("1", "3"):
        env = {**os.environ, "PYTHONHASHSEED": salt, "PYTHONPATH": root}
        out = subprocess.run(
            [sys.executable, "-c", _OPENING_SCRIPT],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
        )
        hashes.add(out.stdout.strip())
    assert len(hashes) == 1
