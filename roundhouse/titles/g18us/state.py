"""The 18US game state: core's 18xx engine with what 18US keeps besides (Stock Round order
set by the Eastern Railroad Convention, the Western Railroad Convention coming due).

Everything here is declared state: copied, hashed and restored with the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.config import TitleConfig
from roundhouse.core.engine18xx import Engine, TitleData
from roundhouse.core.flow.map_steps import MapRules
from roundhouse.core.hooks import Hooks
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng


class UsGame(Engine):
    """One 18US game in progress."""

    def __init__(
        self,
        players: Sequence[PlayerId],
        rng: Rng,
        *,
        data: TitleData,
        config: TitleConfig,
        hooks: Hooks,
        board: MapRules,
    ) -> None:
        order: list[str] = list(players)
        rng.shuffle(order)
        self.seat_order: list[str] = order
        """Player numbers #1, #2 ...: drawn at random (§3.1), then set by cash after the
        Eastern Railroad Convention (§3.2).  Stock Round order follows it."""
        self.wrrc_due = False
        """The first 4-train was bought or discarded: the Western Railroad Convention follows
        this pair of Operating Rounds (§6.8, §7.1)."""
        self.southern_revenue = False
        """The Southern Railway has earned revenue (§10.1.6 closes P6)."""
        super().__init__(players, rng, data=data, config=config, hooks=hooks, board=board)

    def turn_order_from(self, player: str) -> list[str]:
        """Solvent players in Stock Round order (§5), starting with ``player``."""
        i = self.seat_order.index(player)
        order = self.seat_order[i:] + self.seat_order[:i]
        return [p for p in order if not self.seats[p].bankrupt]
