"""The arena: bots play bots over many seeded games with rotating seats, and the results come
out as win rates and Elo-style ratings with confidence intervals (``roundhouse arena``)."""

from roundhouse.arena.match import GameRecord, GameTask, play
from roundhouse.arena.rating import bradley_terry, ratings_with_ci, wilson
from roundhouse.arena.runner import main, schedule, summarize

__all__ = [
    "GameRecord",
    "GameTask",
    "bradley_terry",
    "main",
    "play",
    "ratings_with_ci",
    "schedule",
    "summarize",
    "wilson",
]
