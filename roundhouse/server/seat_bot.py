"""The bots that sit in a game's bot seats, one per seat, made once per worker.

Bots come from :func:`roundhouse.bots.make_bot`; a seat's level is the text a player picked
("random", "heuristic", "mcts:strength=3"; "greedy", from older games, is the heuristic).
"""

from __future__ import annotations

from typing import Protocol

import roundhouse
from roundhouse.bots import make_bot, parse_level


class SeatBot(Protocol):
    def choose(self, game: roundhouse.Game, player: str) -> roundhouse.Action: ...


def make_seat_bot(level: str, seed: int) -> SeatBot:
    return make_bot(level, seed=seed)


def seat_label(kind: str, level: str | None) -> str:
    """Who plays a seat, for people: "person", "random bot", "MCTS bot (strength 3: 1 s a
    move)"."""
    if kind != "bot":
        return "person"
    try:
        spec = parse_level(level or "heuristic")
    except ValueError:
        return f"{level} bot"
    name = spec.label()
    if name.startswith("MCTS"):
        return name.replace("MCTS", "MCTS bot", 1)
    return f"{name} bot"


class BotSeats:
    """``(game, seat) -> bot``; each bot has its own seed so replays of a worker agree."""

    def __init__(self) -> None:
        self._bots: dict[tuple[str, str], SeatBot] = {}

    def bot(self, game_id: str, seat: str, level: str, seed: int) -> SeatBot:
        key = (game_id, seat)
        if key not in self._bots:
            self._bots[key] = make_seat_bot(level, seed)
        return self._bots[key]

    def forget(self, game_id: str) -> None:
        for key in [k for k in self._bots if k[0] == game_id]:
            del self._bots[key]
