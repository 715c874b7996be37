"""An 18RoyalGorge game in progress: core's 18xx engine plus what only this title tracks.

The extra state - steel market, gold track, debt, coal and jeweler money, which train cards
have left the deck - lives on :class:`RoyalGorgeGame` so that snapshots, undo and state hashes
cover it like everything else.  The rules that use it are in the sibling modules (steel,
gold, metals, treaty, privates, upkeep, scoring), called from :mod:`.rules`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Self

from roundhouse.core.actions import Json
from roundhouse.core.board import Board
from roundhouse.core.config import EndTrigger, TitleConfig
from roundhouse.core.engine18xx import Engine, TitleData
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.map_steps import MapRules
from roundhouse.core.hooks import Hooks
from roundhouse.core.ids import PlayerId
from roundhouse.core.market import Cell
from roundhouse.core.rng import Rng
from roundhouse.titles.g18royalgorge import metal_president
from roundhouse.titles.g18royalgorge.company import METALS as METALS
from roundhouse.titles.g18royalgorge.variant import Variant


class RoyalGorgeGame(Engine):
    """Core's engine with the title's own counters."""

    def __init__(
        self,
        players: Sequence[PlayerId],
        rng: Rng,
        *,
        data: TitleData,
        config: TitleConfig,
        hooks: Hooks[RoyalGorgeGame],
        board: MapRules[RoyalGorgeGame],
        variant: Variant,
        tranches: dict[str, str],
        metal_start: dict[str, int],
    ) -> None:
        self.variant = variant
        self.tranches = dict(tranches)
        """Railroad -> the phase from which it may be started ("Setting Up the Game")."""
        self.steel: dict[str, list[int]] = {}
        """Steel column -> cube prices still in it, cheapest first."""
        self.steel_pick: dict[str, tuple[str, int]] = {}
        """Tile colour -> (column, lowest cube price) chosen by the railroad operating now."""
        self.steel_turn: tuple[int, int, str] = (0, 0, "")
        self.gold_shipped = 0
        """Cubes on the gold shipment track this set."""
        self.gold_this_turn: dict[str, bool] = {}
        self.gold_pending: str | None = None
        """Railroad whose run earned the gold bonus and has yet to say which cube it ships."""
        self.run_hexes: tuple[str, ...] = ()
        self.treaty = False
        self.debt_cell: Cell | None = None
        self.debt_owed: dict[str, int] = {}
        """Debtor -> debt tokens it has still to buy."""
        self.debt_paid_or: dict[str, tuple[int, int]] = {}
        self.departed: set[str] = set()
        """Train ids that have left the deck (bought or exported)."""
        self.jeweler_cash = 0
        self.bridge_due = 0
        """Hanging Bridge Lease (G3): what the operating railroad owes Rio Grande for its run."""
        self.nugget_used = False
        self.ghost_tokens = 0
        self.mint_used = False
        self.metals_bought: dict[str, set[str]] = {}
        """Metals Investor: player -> metal companies bought at the discount this SR."""
        self.exporting = False
        """An end-of-set export is under way (the Game End card then still gives a stock
        round and a set, rulebook "Shorter Game")."""
        self.steel_depot = 0
        """Steel cubes left on the Steel Depot card (B3)."""
        self.steel_depot_turn = 0
        """Depot cubes used by the railroad operating now."""
        self.coal: dict[str, int] = {}
        """Private (Y3, G6) -> coal cubes on it."""
        self.coal_mined = 0
        """Cubes the Coal Creek Mines (Y3) have given out of their supply."""
        self.coal_boost: dict[str, int] = {}
        """Train id -> stops coal adds to it for the current operating turn."""
        self.coal_used: set[str] = set()
        """Coal privates already spent in the current operating turn."""
        self.metal_start = dict(metal_start)
        self.network_cached = False
        """18xx.games has Rio Grande's network worked out since the board last changed
        (compat, :mod:`.site_graph`)."""
        self.network_pinned = False
        """Rio Grande's network stands as before the Treaty of Boston (compat,
        :mod:`.site_graph`)."""
        self.metal_president: dict[str, str | None] = {}
        """CF&I/VGC -> the player holding the site's president's certificate of it
        (``compat_18xx_games``, :mod:`.metal_president`)."""
        self.watched_books = METALS if variant.compat_18xx_games else ()
        super().__init__(players, rng, data=data, config=config, hooks=hooks, board=board)

    # -- title overrides of the engine ----------------------------------------------------

    def after_price_move(self, corp_id: str) -> None:
        """Only railroads end the game from the red cells ("Ending 2: Stock Value Cap";
        CF&I and VGC never do)."""
        if corp_id in METALS:
            return
        super().after_price_move(corp_id)

    def after_share_moves(self) -> None:
        """With ``compat_18xx_games`` (the only time CF&I and VGC are watched): the site's
        president of each moves as its share pool would (:func:`.metal_president.follow`)."""
        metal_president.follow(self)

    def trigger(self, trigger: EndTrigger) -> None:
        self.end.trigger(self, trigger)

    def debt_price(self) -> int:
        assert self.debt_cell is not None
        return self.debt_cell.price

    def view(self: Self, player: PlayerId | None) -> dict[str, Json]:
        out = super().view(player)
        out["steel"] = {k: list(v) for k, v in self.steel.items()}
        out["cfi_box"] = self.ledger.cash("CF&I")
        out["gold_shipped"] = self.gold_shipped
        out["treaty_of_boston"] = self.treaty
        out["debt"] = {k: v for k, v in self.debt_owed.items()}
        out["debt_price"] = self.debt_price() if self.debt_cell is not None else None
        out["jeweler"] = self.jeweler_cash
        gold: dict[str, Json] = {}
        for h in self.map_board().hexes.values():
            n = h.markers.count("gold")
            if n:
                gold[h.printed.name] = n
        out["gold_cubes"] = gold
        for step in self.round.steps:
            shown = step.view(self)
            if shown:
                # the draft's hand, a railroad's start auction: plain ids and amounts
                out[step.name] = json.loads(json.dumps(shown))
        return out

    def map_board(self) -> Board:
        assert isinstance(self.map, BoardMap)
        return self.map.board
