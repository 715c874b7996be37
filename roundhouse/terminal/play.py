"""``roundhouse play``: a game in the terminal, humans at the prompt and bots on their own."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

from roundhouse.core.errors import IllegalAction
from roundhouse.core.event import Event
from roundhouse.core.game import Game
from roundhouse.terminal.command import CommandError, parse_command
from roundhouse.terminal.display import describe, moves_table, render_view
from roundhouse.terminal.narration import entry_lines, narrate

Chooser = Callable[[Game, str], object]

HELP = (
    "Type a move's number, or the move itself: its kind (any unambiguous start: 'pass', "
    "'place') then its values ('bid PRR 9', 'place K4'), or a JSON action.  "
    "u undoes your last move, v shows the table again, 'info K4' shows one hex or company, "
    "l shows the narrated log of the last moves, s saves, q quits."
)


def result_table(game: Game) -> Table:
    """Final scores, the winners first (as the game names them: 18West §9's sole solvent
    player wins whatever the scores), then best first; equal scores share the place."""
    table = Table(title=f"Game over ({game.end_reason})", title_justify="left")
    table.add_column("place")
    table.add_column("player")
    table.add_column("score", justify="right")
    scores = game.result or {}
    winners = game.winners or ()
    keys = {p: (p in winners, s) for p, s in scores.items()}
    for name in sorted(scores, key=lambda p: keys[p], reverse=True):
        place = 1 + sum(1 for k in keys.values() if k > keys[name])
        table.add_row(str(place), name, f"${scores[name]}")
    return table


def save(game: Game, path: Path | None) -> None:
    if path is not None:
        path.write_text(json.dumps(game.to_doc(), indent=1))


def play(
    game: Game,
    bots: Mapping[str, Chooser],
    console: Console,
    *,
    save_path: Path | None = None,
    read: Callable[[str], str] | None = None,
    quiet_bots: bool = False,
) -> int:
    """Run the loop until the game ends or a human quits; returns a process exit code."""
    ask = read if read is not None else (lambda prompt: input(prompt))
    shown_at = -1
    if not game.log:
        _tell(console, game.setup_events)
    while not game.finished:
        actor = game.acting[0]
        if actor in bots:
            action = bots[actor](game, actor)
            applied = game.apply(action)  # type: ignore[arg-type]
            if not quiet_bots:
                console.print(f"[dim]{applied}[/dim]")
                _tell(console, game.events(len(game.log) - 1)[0])
            save(game, save_path)
            continue
        legal = game.legal_actions(actor)
        if shown_at != len(game.log):
            # Redraw only when the position changed, so a refusal stays next to the prompt.
            console.print(render_view(game.observe(actor)))
            console.print(moves_table(legal))
            shown_at = len(game.log)
        try:
            text = ask(f"{actor}> ")
        except EOFError:
            text = "q"
        text = text.strip()
        if text in {"q", "quit"}:
            save(game, save_path)
            console.print("Stopped." + (f" Saved to {save_path}." if save_path else ""))
            return 0
        if text in {"u", "undo"}:
            _undo_to_human(game, bots, console)
            continue
        if text in {"s", "save"}:
            save(game, save_path)
            console.print(f"Saved to {save_path}." if save_path else "Start with --save FILE.")
            continue
        if text in {"v", "view"}:
            shown_at = -1
            continue
        if text.lower().startswith("info "):
            console.print(describe(game.observe(actor), text[5:].strip()))
            continue
        if text in {"?", "h", "help"}:
            console.print(HELP)
            continue
        if text in {"l", "log"}:
            for entry in game.log_entries(max(0, len(game.log) - 20)):
                for line in entry_lines(entry):
                    console.print(line)
            continue
        try:
            chosen = parse_command(text, legal)
            applied = game.apply(chosen)
        except (CommandError, IllegalAction) as exc:
            console.print(f"[red]{exc}[/red]")
            continue
        console.print(f"[green]{applied}[/green]")
        _tell(console, game.events(len(game.log) - 1)[0])
        save(game, save_path)
    console.print(render_view(game.observe()))
    console.print(result_table(game))
    save(game, save_path)
    return 0


def _tell(console: Console, events: Sequence[Event]) -> None:
    """What a move set off, under it (round headers, payouts, price moves, phases)."""
    for line in narrate(events):
        console.print(line)


def _undo_to_human(game: Game, bots: Mapping[str, Chooser], console: Console) -> None:
    """Take back bot moves and then the last human move, so the human can choose again."""
    log = game.log
    cut = len(log)
    while cut > 0 and log[cut - 1].player in bots:
        cut -= 1
    if cut == 0:
        console.print("[yellow]Nothing of yours to undo.[/yellow]")
        return
    game.undo(len(log) - cut + 1)
    console.print(f"[yellow]Undid {len(log) - cut + 1} move(s).[/yellow]")
