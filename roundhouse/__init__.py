"""Roundhouse: stock-and-track railway games (Chicago Express and 18xx) as a Python engine.

>>> import roundhouse
>>> game = roundhouse.new_game("ChicagoExpress", players=["Ann", "Bob", "Cy"], seed=7)
>>> game.acting
('Ann',)
"""

from roundhouse import titles as _titles  # registers the built-in titles
from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction, InvalidSetup, MalformedAction
from roundhouse.core.game import Game, load, new_game
from roundhouse.titles import titles

__all__ = [
    "Action",
    "Game",
    "IllegalAction",
    "InvalidSetup",
    "MalformedAction",
    "load",
    "new_game",
    "titles",
]
del _titles
