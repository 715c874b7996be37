"""The long runs' progress written to a log (not a terminal): plain lines now and then, the
last one when the task ends, instead of a bar Rich would show only at the very end."""

from __future__ import annotations

import io

from rich.console import Console

from roundhouse.terminal.progress import LogProgress, run_progress


def test_a_log_gets_plain_progress_lines_and_the_end() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=False, width=120)
    progress = run_progress(console)
    assert isinstance(progress, LogProgress)
    progress.every = 0.0
    with progress:
        task = progress.add_task("games", total=3)
        for n in range(3):
            progress.update(task, advance=1, description=f"[green]{n + 1} done[/]")
    lines = [line for line in out.getvalue().splitlines() if "/3 · " in line]
    assert lines[0].startswith("1/3 · 1 done · ")
    assert lines[2].startswith("3/3 · 3 done · ") and "left" not in lines[2]


def test_a_log_is_not_flooded() -> None:
    out = io.StringIO()
    progress = LogProgress(console=Console(file=out, force_terminal=False), every=3600)
    with progress:
        task = progress.add_task("games", total=100)
        for _ in range(99):
            progress.advance(task)
    assert "/100 · " not in out.getvalue()


def test_a_terminal_keeps_the_bar() -> None:
    console = Console(file=io.StringIO(), force_terminal=True)
    assert not isinstance(run_progress(console), LogProgress)
