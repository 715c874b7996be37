"""Command-line entry points for 18xx.games documents; ``roundhouse/cli.py`` wires them in.

* ``roundhouse verify FILE...`` -> :func:`verify_main` (directories are searched for ``*.json``)
* ``roundhouse import FILE --save OUT`` -> :func:`import_main`
* ``roundhouse export GAME --format 18xx.games`` -> :func:`export_main`

Each returns the process exit code: 0 when all went well, 1 when a game failed, 2 when the
input could not be used.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from roundhouse.core.errors import IllegalAction, InvalidSetup
from roundhouse.interop.document import read_document
from roundhouse.interop.export import export_18xx_games
from roundhouse.interop.replay import import_18xx_games
from roundhouse.interop.report import VerifyReport
from roundhouse.interop.verify import verify

FORMATS = ("18xx.games",)


def document_paths(paths: Sequence[str | Path]) -> list[Path]:
    """Files as given; directories expanded to the ``*.json`` files beneath them, sorted."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        found.extend(sorted(path.rglob("*.json")) if path.is_dir() else [path])
    return found


def verify_report(path: Path) -> VerifyReport:
    try:
        document = read_document(path)
    except InvalidSetup as exc:
        return VerifyReport(source=str(path), title="?", game_id="?", error=str(exc))
    return verify(document, source=str(path))


def verify_main(paths: Sequence[str | Path], *, console: Console | None = None) -> int:
    """Replay every document, print a table of verdicts and the details of each failure."""
    console = console or Console()
    files = document_paths(paths)
    if not files:
        console.print("[red]no 18xx.games documents given[/red]")
        return 2
    reports: list[VerifyReport] = []
    with Progress(console=console, transient=True, disable=len(files) < 2) as progress:
        task = progress.add_task("replaying", total=len(files))
        for path in files:
            progress.update(task, description=f"replaying {path.name}")
            reports.append(verify_report(path))
            progress.advance(task)
    console.print(_table(reports))
    for report in reports:
        if not report.ok:
            console.print("\n".join(report.lines()), markup=False, highlight=False)
    return 0 if all(r.ok for r in reports) else 1


def _table(reports: Sequence[VerifyReport]) -> Table:
    table = Table(title="18xx.games replay")
    table.add_column("file", overflow="fold", max_width=24)
    table.add_column("title", no_wrap=True)
    for column in ("actions", "result", "end reason", "revenue", "first divergence"):
        table.add_column(column)
    for r in reports:
        if r.error:
            table.add_row(Path(r.source).name, r.title, "", "", "", "", "[red]cannot replay[/red]")
            continue
        table.add_row(
            Path(r.source).name,
            r.title,
            f"{r.replayed}/{r.effective_actions}",
            _verdict(r.result_matches),
            _verdict(r.end_reason_matches, f"{r.end_reason} vs {r.expected_end_reason}"),
            f"{r.revenue_checked - len(r.revenue_mismatches)}/{len(r.revenue)}",
            "" if r.divergence is None else f"{r.divergence.kind} at {r.divergence.where}",
        )
    return table


def _verdict(ok: bool, detail: str = "") -> str:
    if ok:
        return "[green]match[/green]"
    return f"[red]mismatch[/red] {detail}".rstrip()


def import_main(
    path: str | Path, save: str | Path | None, *, console: Console | None = None
) -> int:
    """Replay an 18xx.games document; save it as a Roundhouse game (``Game.to_doc``)."""
    console = console or Console()
    try:
        game = import_18xx_games(read_document(path))
    except (InvalidSetup, IllegalAction) as exc:
        console.print(f"[red]{path}: {exc}[/red]", highlight=False)
        return 1
    if save is not None:
        Path(save).write_text(json.dumps(game.to_doc()), encoding="utf-8")
    console.print(f"{path}: {game!r}, {len(game.log)} actions", highlight=False)
    return 0


def export_main(
    path: str | Path,
    fmt: str,
    out: str | Path | None = None,
    *,
    console: Console | None = None,
) -> int:
    """Load a saved Roundhouse game and write it in ``fmt`` to ``out`` (or standard output)."""
    import roundhouse

    console = console or Console()
    if fmt not in FORMATS:
        console.print(f"[red]unknown format {fmt!r}; formats: {', '.join(FORMATS)}[/red]")
        return 2
    try:
        game = roundhouse.load(json.loads(Path(path).read_text(encoding="utf-8")))
        text = json.dumps(export_18xx_games(game))
    except (OSError, json.JSONDecodeError, InvalidSetup, IllegalAction) as exc:
        console.print(f"[red]{path}: {exc}[/red]", highlight=False)
        return 1
    if out is None:
        print(text)
    else:
        Path(out).write_text(text, encoding="utf-8")
    return 0
