"""Bots: players like any other, reading ``game.view()`` and picking from ``legal_actions()``."""

from roundhouse.bots.base import Bot
from roundhouse.bots.random_bot import RandomBot, draw, pick

__all__ = ["Bot", "RandomBot", "draw", "pick"]
