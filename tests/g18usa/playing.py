"""What the 18USA title's scripted tests share: the title's own state of a public game, and a
move written as the site's players write it (an entity defaults to the player)."""

from __future__ import annotations

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
