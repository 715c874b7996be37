"""A move tried on a copy of the game, for the policies that weigh a lay or a station by
what it does (18USA's and 18RoyalGorge's track up to the run): the copy, and what the move
cost the company (terrain, a station's price, as its treasury shows it afterwards)."""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.game import Game


def on_copy(game: Game, action: Action, company: str, cash: int) -> tuple[Game, int]:
    """A copy of ``game`` after ``action``, and what it took from ``company``'s ``cash``."""
    trial = game.clone()
    trial.apply(action)
    return trial, cash - (trial.table().company(company).cash or 0)
