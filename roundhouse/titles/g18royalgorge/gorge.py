"""Laying track in the Royal Gorge (rulebook "Special Rules for Laying Track" and "Treaty of
Boston"): the gorge takes no tile before the Treaty, its green tiles are laid only by the
Treaty itself (:mod:`.treaty`), never by a player, and the brown gorge is one triple-hex
tile: laying it on one gorge hex lays all three, with one steel."""

from __future__ import annotations

from roundhouse.core.board import Board
from roundhouse.core.flow.board_map import board_of
from roundhouse.core.flow.lay_rule import LayRule, LayScope
from roundhouse.core.track import TileLay
from roundhouse.titles.g18royalgorge.data import royal_gorge
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame


class RoyalGorgeLays(LayRule[RoyalGorgeGame]):
    """The gorge's lays (module docstring)."""

    __slots__ = ()

    def allowed(self, g: RoyalGorgeGame, corp_id: str, lay: TileLay) -> bool:
        gorge = royal_gorge()
        if lay.tile in gorge.green.values():
            return False
        return g.treaty or lay.hex not in gorge.hexes

    def where(self, board: Board) -> LayScope:
        """Lays in the gorge and of the gorge's tiles; they read whether the Treaty has
        happened."""
        gorge = royal_gorge()
        tiles = frozenset(gorge.green.values()) | frozenset(gorge.brown.values())
        return LayScope(hexes=frozenset(gorge.hexes), tiles=tiles, reads=("treaty",))

    def after(self, g: RoyalGorgeGame, corp_id: str, lay: TileLay) -> None:
        gorge = royal_gorge()
        if lay.tile not in gorge.brown.values():
            return
        board = board_of(g)
        for h in gorge.hexes:
            brown = gorge.brown[h]
            if h != lay.hex and board.hexes[h].tile.id != brown:
                here = board.hexes[h]
                board.lay(h, brown, 0, {c: c for c in here.tokens})
