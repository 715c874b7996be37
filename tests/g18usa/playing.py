"""What the 18USA title's scripted tests share: the title's own state of a public game, a
move written as the site's players write it (an entity defaults to the player), the saved
positions, and a game as written for 18xx.games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import roundhouse
from roundhouse.core.game import Game
from roundhouse.interop import export_18xx_games
from roundhouse.titles.g18usa import TITLE
from roundhouse.titles.g18usa.family1817.company_sale import convert
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


def two_converted(*, compat: bool) -> UsaGame:
    """Ann's ATSF and Bob's GN, started at $70 and both converted to 5-share companies
    (§14.1.1), Cy with no shares: the opening of the merger tests (§14.1.2, §14.1.3)."""
    options = {"compat_18xx_games": True} if compat else {}
    g = usa(Game(TITLE, ["Ann", "Bob", "Cy"], seed=9, options=options))
    g.start_company("Ann", "ATSF", 70)
    g.start_company("Bob", "GN", 70)
    convert(g, "ATSF")
    convert(g, "GN")
    return g


def site_moves(game: Game, *fields: str) -> list[tuple[object, ...]]:
    """The game as written for 18xx.games, each action as its type, its entity and the named
    ``fields`` (None where it has none): what the export tests compare."""
    return [
        (a["type"], a["entity"], *(a.get(f) for f in fields))
        for a in export_18xx_games(game)["actions"]
    ]
