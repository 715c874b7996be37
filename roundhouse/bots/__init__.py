"""Bots: players like any other, reading the typed views and picking from ``legal_actions()``."""

from roundhouse.bots.base import Bot
from roundhouse.bots.greedy import GreedyBot
from roundhouse.bots.random_bot import RandomBot, draw, pick

LEVELS = ("random", "greedy")
"""Bot levels offered by the terminal and the web app, weakest first."""


def make_bot(level: str, seed: int) -> Bot:
    """A bot of the named level with its own seeded randomness."""
    if level == "random":
        return RandomBot(seed)
    if level == "greedy":
        return GreedyBot(seed)
    raise ValueError(f"unknown bot level {level!r}; levels are {', '.join(LEVELS)}")


__all__ = ["LEVELS", "Bot", "GreedyBot", "RandomBot", "draw", "make_bot", "pick"]
