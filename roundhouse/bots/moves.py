"""Reading a move and a train name the way every title policy does.

Bots may not import the engine's action classes (``tests/test_view_boundary.py``), so a
move's fields are read by name; train ids are ``"<type>-<n>"`` in every 18xx title.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.game import Game


def field(action: Action, name: str) -> str:
    """The move's text field ``name`` ("" when it has none)."""
    value = getattr(action, name, "")
    return value if isinstance(value, str) else ""


def number(action: Action, name: str) -> int:
    """The move's whole-number field ``name`` (0 when it has none)."""
    value = getattr(action, name, 0)
    return value if isinstance(value, int) else 0


def train_type(train: str) -> str:
    """``"3E-1"`` -> ``"3E"``."""
    return train.rsplit("-", 1)[0]


def stops(train: str) -> int:
    """The stops (or hexes) a train's type counts: ``"4D-0"`` -> 4, ``"3+-1"`` -> 3."""
    digits = "".join(ch for ch in train_type(train) if ch.isdigit())
    return int(digits) if digits else 0


def laid_this_turn(game: Game, company: str) -> int:
    """Tiles ``company`` has laid in the run of its own moves that ends the log."""
    count = 0
    for action in reversed(game.log):
        if field(action, "entity") != company:
            break
        count += action.kind == "lay_tile"
    return count
