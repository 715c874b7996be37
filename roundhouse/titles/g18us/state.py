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
from roundhouse.titles.g18us.data import set_aside_types


class UsGame(Engine):
    """One 18US game in progress."""

    def __init__(
        self,
        players: Sequence[PlayerId],
        rng: Rng,
        *,
        data: TitleData,
        config: TitleConfig,
        hooks: Hooks[UsGame],
        board: MapRules[UsGame],
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
        self.wrrc_sessions = 0
        """Sessions of the Western Railroad Convention held (§7.1: another follows the next
        pair of Operating Rounds while nobody has bought the Pacific Railway Act)."""
        self.pacific_company: str | None = None
        """The Land Grant company whose President's Certificate came with the Pacific Railway
        Act (P11, §10.2.5); set once a player bought it, which opens the Land Grant companies
        (§7.1, §7.3)."""
        self.remorse_set: int | None = None
        """The set of Operating Rounds whose first round allows "Buyer's Remorse" (§6.8)."""
        self.remorse_used: set[str] = set()
        """Companies that have turned a 4-train into a 2G-train (§6.8: "a single 4-train")."""
        self.golden_spike: dict[str, int] = {}
        """Land Grant company -> spaces its doubling token has moved right of $60 on the
        Stock Market for the Golden Spike (§7.3.3)."""
        self.ten_share: set[str] = set()
        """Companies converted to 10-Share companies (§6.3.1, §6.3.2)."""
        self.systems: set[str] = set()
        """Companies that are Systems: the higher-valued company of each merged pair
        (§7.4.1)."""
        self.credit_mobilier: dict[str, tuple[tuple[int, int], int]] = {}
        """Land Grant company -> (set, round) and the Crédit Mobilier it paid in that turn
        (§7.3.2)."""
        self.doubling_turn: dict[str, tuple[int, int]] = {}
        """Company -> the turn it converted and placed its doubling token, which took that
        turn's token placement (§6.3.1, §6.3.2, §6.4.1)."""
        super().__init__(players, rng, data=data, config=config, hooks=hooks, board=board)
        for tid in list(self.depot.upcoming):
            if self.depot.train(tid).type in set_aside_types():
                self.depot.upcoming.remove(tid)  # §3.1: with the Bank, out of the stack

    @property
    def pacific_act(self) -> bool:
        """A player has bought the Pacific Railway Act (§7.1)."""
        return self.pacific_company is not None

    def turn_key(self) -> tuple[int, int]:
        """The Operating Round now: (set, round in the set)."""
        return (self.set_count, self.or_in_set)

    def turn_order_from(self, player: str) -> list[str]:
        """Solvent players in Stock Round order (§5), starting with ``player``."""
        i = self.seat_order.index(player)
        order = self.seat_order[i:] + self.seat_order[:i]
        return [p for p in order if not self.seats[p].bankrupt]
