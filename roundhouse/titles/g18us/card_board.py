"""The board as 18US's cards act on it: terrain paid by a card (18US §10.1.3), extra station
hexes (:class:`~.ability.BonusToken`) and revenue markers on cities (§10.1.1-§10.1.2).

:class:`CardBoardMap` is core's :class:`~roundhouse.core.flow.board_map.BoardMap` reading the
:mod:`.ability` records of the cards a company (or its president) holds; a title with such
cards builds its map on it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from roundhouse.core.ability import Ability
from roundhouse.core.board import Board
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.routes.adapter import GraphOptions
from roundhouse.core.station import TokenPlacement
from roundhouse.core.track import TileLay
from roundhouse.titles.g18us.ability import BonusToken, ExtraTileLay, TerrainDiscount
from roundhouse.titles.g18us.revenue_marker import with_markers
from roundhouse.titles.g18us.state import UsGame
from roundhouse.titles.g18us.terrain_card import Absorbed, Card, absorb, discounts, serving_cards


def company_abilities(g: UsGame, corp_id: str) -> list[tuple[str, Ability]]:
    """(private id, ability) for every open private the company owns."""
    return [
        (p.id, a)
        for p in g.privates.values()
        if p.owner == corp_id and not p.closed
        for a in p.spec.abilities
    ]


def extra_lays(g: UsGame, corp_id: str) -> int:
    """Tile lays the company's :class:`ExtraTileLay` privates add to a turn (for a title's
    ``Hooks.track_lays``)."""
    return sum(a.count for _, a in company_abilities(g, corp_id) if isinstance(a, ExtraTileLay))


class CardBoardMap(BoardMap[UsGame]):
    """A board whose costs, station hexes and stop values cards change."""

    def __init__(self, board: Board, **options: Any) -> None:
        """``options`` are :class:`BoardMap`'s."""
        super().__init__(board, **options)
        self.absorbed: Absorbed = {}
        """What each terrain card absorbed in the turn it last served (:mod:`.terrain_card`)."""
        self.revenue_markers = 0
        """Revenue markers placed (18US §10.1.1 bonus tokens); while none is, the title's
        graph options are used unwrapped."""

    # -- terrain cards (18US §10.1.3) ---------------------------------------------------

    def terrain_cards(
        self, g: UsGame, corp_id: str
    ) -> list[tuple[Card, TerrainDiscount, int | None]]:
        """The :class:`TerrainDiscount` cards that serve ``corp_id`` now, with the dollars
        each may still absorb this turn (:func:`~.terrain_card.serving_cards`)."""
        return serving_cards(g, corp_id, self.absorbed)

    def terrain_discounts(self, g: UsGame, corp_id: str, lay: TileLay) -> list[tuple[Card, int]]:
        """(card, dollars) each :meth:`terrain_cards` card takes off this lay
        (:func:`~.terrain_card.discounts`)."""
        parts = self.board.cost_parts(
            lay.hex,
            self.board.tiles[lay.tile],
            lay.rotation,
            terrain_on_upgrade=self.allowance(g, corp_id).terrain_on_upgrade,
        )
        return discounts(parts, self.terrain_cards(g, corp_id))

    def lay_cost(self, g: UsGame, corp_id: str, lay: TileLay) -> int:
        """Terrain cost after :meth:`terrain_discounts`."""
        if not lay.cost:
            return 0
        return lay.cost - sum(off for _, off in self.terrain_discounts(g, corp_id, lay))

    def listing_key(self, g: UsGame, corp_id: str) -> Hashable:
        """The cards serving the company and what each may still absorb."""
        return tuple((card, left) for card, _, left in self.terrain_cards(g, corp_id))

    def lay_tile(self, g: UsGame, corp_id: str, lay: TileLay) -> None:
        """The lay, and what the cards absorbed of it this turn (priced on the board before
        the tile goes down)."""
        taken = self.terrain_discounts(g, corp_id, lay)
        super().lay_tile(g, corp_id, lay)
        absorb(self.absorbed, (g.set_count, g.or_in_set, corp_id), taken)

    # -- bonus station hexes -------------------------------------------------------------

    def token_placements(self, g: UsGame, corp_id: str) -> Sequence[TokenPlacement]:
        """The board's stations, and those the company's :class:`BonusToken` cards open at
        their price (none after a lay that founded a station this turn)."""
        out = list(super().token_placements(g, corp_id))
        if self.founded == (g.set_count, g.or_in_set, corp_id):
            return out
        bonus = [a for _, a in company_abilities(g, corp_id) if isinstance(a, BonusToken)]
        for ability in bonus:
            for hex_name in sorted(ability.hexes):
                here = self.board.hexes.get(hex_name)
                if here is None:
                    continue
                for city in here.tokens:
                    spot = (hex_name, city)
                    if self.board.open_slots(hex_name, city, corp_id) > 0 and spot not in {
                        (t.hex, t.city) for t in out
                    }:
                        out.append(TokenPlacement(hex_name, city, ability.price))
        return out

    # -- revenue markers (18US §10.1.1-§10.1.2) ------------------------------------------

    def route_options(self, g: UsGame, corp_id: str) -> GraphOptions:
        """The title's graph options, reading revenue markers once one is on the board."""
        options = super().route_options(g, corp_id)
        return with_markers(options) if self.revenue_markers else options

    def place_revenue_marker(self, hex_name: str, text: str) -> None:
        """Put a revenue marker (:func:`~.revenue_marker.marker_text`) on the board; it
        changes the board's version, so cached runs are dropped."""
        self.board.add_marker(hex_name, text)
        self.revenue_markers += 1
