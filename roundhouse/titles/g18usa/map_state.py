"""What 18USA's map keeps besides the board, and the reads and changes on it that need no
rule: the turn's upgrades and free lays (§12.2, §12.2.4), the Free Station subsidy's holders
and the subsidy cities' bonuses (appendix "Subsidy Tiles"), the Mexico hexes (§12.4.1).

:class:`UsaMapState` is generic over the family's game and imports no rule, so the game's
state (:mod:`.state`) can name its map's type while the rules, which
:class:`~.map_rules.UsaMap` adds on top, are typed over that game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from roundhouse.core.board import Board
from roundhouse.core.track import TileLay
from roundhouse.titles.g18usa.family1817.engine import FG
from roundhouse.titles.g18usa.family1817.token_board import TakeoverBoardMap
from roundhouse.titles.g18usa.law_firm import settle_law_firm


class UsaMapState(TakeoverBoardMap[FG]):
    """The 18USA board of one game and what its map keeps beside it."""

    def __init__(self, board: Board, *, mexico_hexes: tuple[str, ...], **options: Any) -> None:
        """``options`` are :class:`~.family1817.token_board.TakeoverBoardMap`'s."""
        super().__init__(board, **options)
        self.mexico_hexes = mexico_hexes
        self.upgraded: list[str] = []
        """Hexes upgraded in the current turn (§12.2: at most one of two tile actions)."""
        self.free_laid: list[str] = []
        """Hexes built in the current turn by a free action (§12.2.4's brown home)."""
        self.free_stations: set[str] = set()
        """Companies holding the Free Station subsidy's token, not yet placed (appendix)."""
        self.city_bonus: dict[str, tuple[int, int]] = {}
        """Hex -> its subsidy token's bonus before and from Phase 5 (appendix)."""

    def _sync_turn(self, g: FG, corp_id: str) -> None:
        key = (g.set_count, g.or_in_set, corp_id)
        if key != self.turn:
            self.upgraded = []
            self.free_laid = []
        super()._sync_turn(g, corp_id)

    def free_now(self, g: FG, corp_id: str) -> list[str]:
        return self.free_laid if self.turn == (g.set_count, g.or_in_set, corp_id) else []

    def lay_free(self, g: FG, corp_id: str, lay: TileLay, moves: Mapping[str, str]) -> None:
        """A tile action outside the track step's count (§12.2.4's brown home): the tile
        goes down, and the hex counts as built this turn."""
        self._sync_turn(g, corp_id)
        for back in self.board.lay(lay.hex, lay.tile, lay.rotation, moves):
            if back in g.corps:
                g.corps[back].tokens_placed -= 1
        self.laid.append(lay.hex)
        self.free_laid.append(lay.hex)
        settle_law_firm(self.board)

    def count_upgrade(self, g: FG, corp_id: str, hex_name: str) -> None:
        """A tile upgrade action that lays no tile (§13.3's ore token): the hex counts as
        built and upgraded this turn."""
        self._sync_turn(g, corp_id)
        self.laid.append(hex_name)
        self.upgraded.append(hex_name)
        self.board.touch()

    def upgraded_now(self, g: FG, corp_id: str) -> list[str]:
        """Hexes upgraded by the turn's tile actions so far (free actions apart)."""
        laid = self.laid_now(g, corp_id)
        return [h for h in laid if h in self.upgraded and h not in self.free_laid]

    def reckon_stations(self, g: FG, corp_id: str, *, charter_choice: bool = True) -> None:
        """§14.3 after a merger or acquisition: the company's stations counted, the excess
        left for its president to take off (the rules', with the privates' stations:
        :meth:`.map_rules.UsaMap.reckon_stations`)."""
        raise NotImplementedError(f"{type(self).__name__} does not count stations")

    def home_of(self, corp_id: str) -> str | None:
        """The hex of the company's first station (appendix "Home city"), if on the map."""
        tokens = self.board.tokens_of(corp_id)
        return tokens[0][0] if tokens else None
