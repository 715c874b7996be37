"""One arena game: bots of the given levels at the seats, played to the end.

A :class:`GameTask` names the title, options, seed and the bot level at each seat; :func:`play`
makes the bots (each seeded from the game's seed and its seat), plays the game through the
public API, times every decision (CPU time of the playing thread) and returns a
:class:`GameRecord` with the scores, the winners and the save file (the same JSON
``roundhouse replay`` and ``roundhouse.load`` read, with the line-up added under ``"arena"``).
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Mapping
from pathlib import Path

import roundhouse
from roundhouse.bots import make_bot
from roundhouse.core.actions import Json

MAX_ACTIONS = 20_000
"""A game longer than this is stopped and scored as it stands (it should never happen)."""


@dataclasses.dataclass(frozen=True, slots=True)
class GameTask:
    """One game to play: title, options, seed and the bot level at each seat."""

    index: int
    title: str
    seed: int
    levels: tuple[str, ...]
    """Bot level (text, :func:`roundhouse.bots.parse_level`) of each seat, in seat order."""
    options: Mapping[str, object] = dataclasses.field(default_factory=dict)
    save_dir: str | None = None

    def seats(self) -> tuple[str, ...]:
        """Seat names: the seat number and its level ("1 mcts:time=1")."""
        return tuple(f"{i + 1} {level}" for i, level in enumerate(self.levels))


@dataclasses.dataclass(frozen=True, slots=True)
class GameRecord:
    """How one arena game went."""

    index: int
    seed: int
    levels: tuple[str, ...]
    scores: tuple[float, ...]
    """Final score of each seat, in seat order."""
    winners: tuple[int, ...]
    """Seats (0-based) with the best score; several share a win."""
    end_reason: str | None
    actions: int
    seconds: float
    think: tuple[tuple[float, int, float], ...]
    """Per seat: seconds thinking, decisions made (with a choice), slowest decision."""
    file: str | None = None
    error: str | None = None

    def to_json(self) -> dict[str, Json]:
        return {
            "index": self.index,
            "seed": self.seed,
            "levels": list(self.levels),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "end_reason": self.end_reason,
            "actions": self.actions,
            "seconds": round(self.seconds, 3),
            "think": [
                {"seconds": round(s, 4), "decisions": n, "slowest": round(m, 4)}
                for s, n, m in self.think
            ],
            "file": self.file,
            "error": self.error,
        }


def play(task: GameTask) -> GameRecord:
    """Play ``task`` to the end (see the module docstring)."""
    seats = task.seats()
    started = time.perf_counter()
    game = roundhouse.new_game(task.title, seats, seed=task.seed, options=dict(task.options))
    bots = {
        seat: make_bot(level, seed=task.seed * 1009 + i)
        for i, (seat, level) in enumerate(zip(seats, task.levels, strict=True))
    }
    think = {seat: [0.0, 0, 0.0] for seat in seats}
    error = None
    while not game.finished and len(game.log) < MAX_ACTIONS:
        seat = game.acting[0]
        choices = len(game.legal_actions(seat))
        t0 = time.thread_time()
        try:
            action = bots[seat].choose(game, seat)
            game.apply(action)
        except Exception as exc:  # a bot's failure is recorded, not fatal to the arena
            error = f"{seat}: {type(exc).__name__}: {exc}"
            break
        spent = time.thread_time() - t0
        if choices > 1:
            mine = think[seat]
            mine[0] += spent
            mine[1] += 1
            mine[2] = max(mine[2], spent)
    result = {str(p): v for p, v in (game.result or {}).items()}
    if result:
        scores = tuple(float(result[s]) for s in seats)
    else:
        scores = tuple(float(r.score) for r in game.standings())
    named = game.winners
    if error is not None:
        winners: tuple[int, ...] = ()
    elif named is not None:  # the game's own word (18West §9: the sole solvent player wins)
        winners = tuple(i for i, s in enumerate(seats) if s in named)
    else:  # stopped unfinished: the best standing
        winners = tuple(i for i, s in enumerate(scores) if s == max(scores))
    file = None
    if task.save_dir is not None:
        doc = game.to_doc()
        doc["arena"] = {
            "index": task.index,
            "levels": list(task.levels),
            "scores": list(scores),
            "winners": list(winners),
            "error": error,
        }
        path = Path(task.save_dir) / f"game-{task.index:05d}-seed{task.seed}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(doc))
        file = str(path)
    return GameRecord(
        index=task.index,
        seed=task.seed,
        levels=task.levels,
        scores=scores,
        winners=winners,
        end_reason=game.end_reason,
        actions=len(game.log),
        seconds=time.perf_counter() - started,
        think=tuple((t[0], int(t[1]), t[2]) for t in think.values()),
        file=file,
        error=error,
    )
