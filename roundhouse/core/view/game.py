"""The whole view of a game: every part, versioned, as one record (``game.observe()``) or as
plain JSON (``game.view()``).

``view_version`` is this module's :data:`VIEW_VERSION`; ``parts`` gives each part's own
version, so a client can tell which parts it can read (see :mod:`roundhouse.core.view` for
what bumps a version).

>>> import roundhouse
>>> game = roundhouse.new_game("ChicagoExpress", ["Ann", "Bob", "Cy"], seed=7)
>>> shown = game.observe()
>>> shown.view_version, shown.prompt.banner()
(1, 'initial auction · Ann: bid or pass')
>>> sorted(shown.parts) == sorted(PART_VERSIONS)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.view import (
    board,
    market,
    panel,
    private,
    prompt,
    table,
    train,
)
from roundhouse.core.view.board import BoardView
from roundhouse.core.view.market import MarketView
from roundhouse.core.view.panel import Panel
from roundhouse.core.view.part import Part
from roundhouse.core.view.private import PrivateView
from roundhouse.core.view.prompt import Prompt
from roundhouse.core.view.table import TableView
from roundhouse.core.view.train import TrainRoster

VIEW_VERSION = 1
"""Bumped whenever a part's version is, or a part is added to or taken from the view."""

PART_VERSIONS: Mapping[str, int] = {
    "prompt": prompt.VIEW_VERSION,
    "table": table.VIEW_VERSION,
    "board": board.VIEW_VERSION,
    "market": market.VIEW_VERSION,
    "trains": train.VIEW_VERSION,
    "privates": private.VIEW_VERSION,
    "panels": panel.VIEW_VERSION,
}


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class GameView(Part):
    """Everything a UI or bot needs to draw the position and decide, as one seat sees it."""

    view_version: int
    parts: Mapping[str, int]
    """Each part's own version."""
    title: str
    seats: tuple[str, ...]
    acting: tuple[str, ...]
    action_count: int
    finished: bool
    result: Mapping[str, int] | None
    """Final scores once the game is over."""
    end_reason: str | None
    winners: tuple[str, ...] | None = None
    """Who won once the game is over (several share a tie): the best score, unless the
    title's rules name the winner otherwise (the sole solvent player, 18West §9)."""
    prompt: Prompt
    table: TableView
    board: BoardView | None
    market: MarketView | None
    trains: TrainRoster | None
    privates: tuple[PrivateView, ...]
    panels: tuple[Panel, ...]
    """The title's own information (steel market, gauges ...)."""
