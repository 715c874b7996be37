"""The progress bar of the long runs (fuzzing, the arena, the differential bench): a
description, the bar, done/total, time spent and time left.

Rich draws its bar only on a terminal; written to a log (CI, ``nohup``) it prints nothing
until the run ends, so an hour-long fuzz run said nothing for an hour.  There the bar is a
plain line instead, printed at most every :data:`LOG_EVERY` seconds and when a task ends.
"""

from __future__ import annotations

import time
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

LOG_EVERY = 30.0
"""Seconds between progress lines in a log."""


def run_progress(console: Console) -> Progress:
    """A bar for ``with run_progress(console) as progress:`` (Rich's :class:`Progress`)."""
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    if console.is_terminal:
        return Progress(*columns, console=console)
    return LogProgress(*columns, console=console)


class LogProgress(Progress):
    """Progress for a log: a line such as ``games 120/600 · 1,800 actions, 0 failing ·
    2m10s spent, about 8m40s left`` now and then, instead of a bar."""

    def __init__(self, *args: Any, every: float = LOG_EVERY, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.every = every
        self._last = time.monotonic()

    def update(self, task_id: TaskID, **kwargs: Any) -> None:
        super().update(task_id, **kwargs)
        self._maybe_log(task_id)

    def advance(self, task_id: TaskID, advance: float = 1) -> None:
        super().advance(task_id, advance)
        self._maybe_log(task_id)

    def _maybe_log(self, task_id: TaskID) -> None:
        task = next((t for t in self.tasks if t.id == task_id), None)
        if task is None:
            return
        now = time.monotonic()
        if now - self._last < self.every and not task.finished:
            return
        self._last = now
        self.console.print(
            log_line(
                task.description, task.completed, task.total, task.elapsed, task.time_remaining
            ),
            highlight=False,
        )


def log_line(
    description: str,
    done: float,
    total: float | None,
    spent: float | None,
    left: float | None,
) -> str:
    """One progress line for a log.

    >>> log_line("[green]12 actions[/]", 3, 10, 65.2, 151.9)
    '3/10 · 12 actions · 1m05s spent, about 2m32s left'
    """
    parts = [f"{done:.0f}/{total:.0f}" if total is not None else f"{done:.0f}"]
    plain = Text.from_markup(description).plain
    if plain:
        parts.append(plain)
    times = []
    if spent is not None:
        times.append(f"{_duration(spent)} spent")
    if left is not None and done != total:
        times.append(f"about {_duration(left)} left")
    if times:
        parts.append(", ".join(times))
    return " · ".join(parts)


def _duration(seconds: float) -> str:
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h{minutes:02d}m"
    if minutes:
        return f"{minutes}m{secs:02d}s"
    return f"{secs}s"
