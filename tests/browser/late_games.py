"""Whole games of the later titles played by heuristic bots (seed 7), kept as game documents
for the browser tests of a game's end (test_endgame_web.py): a walk-through there starts where
the end is already set (the last train bought, the bank broken) and plays the rest, a quick
check of the end beside the whole games played from the lobby (minutes each, one per title:
test_walkthrough_web.py).

Each file (``late_games/<name>.json.gz``) holds ``{"doc", "mid", "late"}``: the finished game,
the log length of an operating round in its middle (for the mid-game screenshots), and the
first log length at which the game's end is set (``prompt.ending``), or the last 25 actions
where that is earlier.  Regenerate with ``python -m tests.browser.late_games`` (minutes: an
18West heuristic game is slow); the bots' choices may change with the engine, so a test reads
the positions from the file, never from a move number.
"""

from __future__ import annotations

import functools
import gzip
import json
import sys
from pathlib import Path

from roundhouse.bots import make_bot
from roundhouse.core.game import Game, load, new_game

HERE = Path(__file__).parent / "late_games"
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
GAMES = {
    "18USA": ("18USA", 3),
    "18West": ("18West", 3),
    "18USA-6p": ("18USA", 6),
    "18US": ("18US", 3),
}
"""File name -> title and player count."""
SEED = 7
TAIL = 25
"""At most this many actions are left to play from the late position."""


@functools.cache
def late_game(name: str) -> dict:
    """``{"doc", "mid", "late"}`` of the game ``name`` (a key of :data:`GAMES`)."""
    with gzip.open(HERE / f"{name}.json.gz", "rt", encoding="utf-8") as f:
        return dict(json.load(f))


def cut(doc: dict, length: int) -> dict:
    """The game document after its first ``length`` actions."""
    return {**doc, "actions": doc["actions"][:length]}


def positions(game: Game) -> tuple[int, int]:
    """The log lengths of a mid-game operating round and of the late position (see the
    module's docstring), replaying ``game``'s log."""
    doc = game.to_doc()
    actions = doc["actions"]
    replay = load(cut(doc, 0))
    mid = late = None
    for i, action in enumerate(actions):
        if mid is None and i >= len(actions) // 2 and replay.prompt().round.startswith("OR"):
            mid = i
        if late is None and replay.prompt().ending:
            late = i
        replay.apply(action)
    assert mid is not None and late is not None, f"{doc['title']}: no mid or late position"
    return mid, max(late, len(actions) - TAIL)


def write(name: str, game: Game) -> None:
    """Keep the finished ``game`` under ``name`` with its positions."""
    mid, late = positions(game)
    HERE.mkdir(exist_ok=True)
    with gzip.open(HERE / f"{name}.json.gz", "wt", encoding="utf-8") as f:
        json.dump({"doc": game.to_doc(), "mid": mid, "late": late}, f)


def play(title: str, players: int) -> Game:
    """A whole game of heuristic bots."""
    names = list(NAMES[:players])
    game = new_game(title, names, SEED, {})
    bots = {n: make_bot("heuristic", SEED + i) for i, n in enumerate(names)}
    while not game.finished:
        seat = game.acting[0]
        game.apply(bots[seat].choose(game, seat))
    return game


def main(names: list[str]) -> None:
    for name in names or list(GAMES):
        title, players = GAMES[name]
        write(name, play(title, players))
        print(name, "written")


if __name__ == "__main__":
    main(sys.argv[1:])
