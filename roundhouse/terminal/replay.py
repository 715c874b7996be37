"""``roundhouse replay FILE``: step through a saved game, one action per Enter."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console

from roundhouse.core.game import Game, new_game
from roundhouse.terminal.display import render_view
from roundhouse.terminal.narration import narrate
from roundhouse.terminal.play import result_table


def replay(
    doc: dict[str, object],
    console: Console,
    *,
    step: bool = True,
    read: Callable[[str], str] = input,
) -> Game:
    """Replay ``doc`` action by action; with ``step`` wait for Enter (q stops) between them."""
    actions = doc.get("actions")
    if not isinstance(actions, list):
        raise ValueError("the file has no action list")
    players = doc.get("players")
    title = doc.get("title")
    seed = doc.get("seed", 0)
    options = doc.get("options") or {}
    assert isinstance(players, list) and isinstance(title, str) and isinstance(seed, int)
    assert isinstance(options, dict)
    game = new_game(title, players, seed, options)
    for line in narrate(game.setup_events):
        console.print(line)
    for index, action in enumerate(actions, start=1):
        applied = game.apply(action)
        console.print(f"[bold]{index:>4}[/bold] {applied}")
        for line in narrate(game.events(index - 1)[0]):
            console.print(line)
        if step:
            console.print(render_view(game.observe()))
            try:
                if read("Enter: next, q: stop ").strip().lower() == "q":
                    return game
            except EOFError:
                step = False
    if game.finished:
        console.print(result_table(game))
    return game
