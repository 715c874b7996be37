"""The bots that sit in a game's bot seats, one per seat, made once per worker.

Bots come from :func:`roundhouse.bots.make_bot` (levels "random", "greedy").  Until that
function exists, a stand-in plays the first legal action, so bot seats never stall a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import roundhouse
from roundhouse import bots as bot_package


class SeatBot(Protocol):
    def choose(self, game: roundhouse.Game, player: str) -> roundhouse.Action: ...


class FirstLegal:
    """Stand-in bot: the first legal action of the seat."""

    def choose(self, game: roundhouse.Game, player: str) -> roundhouse.Action:
        return game.legal_actions(player)[0]


def make_seat_bot(level: str, seed: int) -> SeatBot:
    maker: Callable[..., SeatBot] | None = getattr(bot_package, "make_bot", None)
    if maker is None:
        return FirstLegal()
    return maker(level, seed=seed)


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
