"""What every bot offers: given a game and a seat, the seat's next move.

Bots go through the public API only (the typed views - ``game.table(player)``,
``game.prompt(player)``, ``game.board()`` ... - to read the position, ``game.legal_actions(player)``
to choose from, ``game.clone()`` and ``apply`` to look ahead), so a bot plays every title and
can sit at any seat a human could, in the terminal, on the server or in the fuzz harness.
"""

from __future__ import annotations

from typing import Protocol

from roundhouse.core.actions import Action
from roundhouse.core.game import Game


class Bot(Protocol):
    """A player that answers with one legal action for ``player`` in ``game``."""

    def choose(self, game: Game, player: str) -> Action:
        """The action ``player`` makes now; ``player`` must be one of ``game.acting``."""
        ...
