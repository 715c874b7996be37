"""The progress bar of the long runs (fuzzing, the arena, the differential bench): a
description, the bar, done/total, time spent and time left."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


def run_progress(console: Console) -> Progress:
    """A bar for ``with run_progress(console) as progress:`` (Rich's :class:`Progress`)."""
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
    )
