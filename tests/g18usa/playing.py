"""What the 18USA title's scripted tests share: the title's own state of a public game, a
move written as the site's players write it (an entity defaults to the player), and the
saved positions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import roundhouse
from roundhouse.core.game import Game
from roundhouse.titles.g18usa.state import UsaGame


def usa(game: Game) -> UsaGame:
    """The game's state as 18USA's (a failed assertion names any other)."""
    state = game.state
    assert isinstance(state, UsaGame), type(state).__name__
    return state


def act(game: Game, kind: str, player: str, **fields: object) -> None:
    """Apply one move of ``kind`` by ``player``, for ``entity`` if named, else for the player."""
    entity = fields.pop("entity", player)
    game.apply({"kind": kind, "player": player, "entity": entity, **fields})


POSITIONS = Path(__file__).parent / "positions"
"""Saved games cut where a check found a fault (fuzz and differential finds), replayed whole."""


def position_doc(name: str) -> dict[str, Any]:
    """A saved position's game document (``positions/``)."""
    doc: dict[str, Any] = json.loads((POSITIONS / name).read_text())
    return doc


def load_position(name: str) -> Game:
    """A saved position, replayed."""
    return roundhouse.load(position_doc(name))
