"""§7.4 station tokens with 18West's Bypass ("B") token (§7.4.2): a company that has one
may place it, for $100, in a City on its route where it has no token yet and where no City
circle is open ("these Bypass tokens come with their own built-in City circle"); it then
counts as the company's station there.  One station token per turn in all (§7.4).

A placement is named as any other (``place_token`` with hex and city): a City with an open
circle takes an ordinary token, a full one the Bypass token.  The token stands beside the
City's circles (:attr:`~roundhouse.core.board.Board.beside`): "Once placed, these station
tokens function exactly like any other station token", so it starts the company's runs, its
reach for new track and for further tokens, and lets its routes go on through the City.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.flow.actions import PlaceToken
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.map_steps import TokenStep
from roundhouse.core.tiles import StopKind
from roundhouse.titles.g18west.board import destinations
from roundhouse.titles.g18west.state import WestGame

BYPASS_COST = 100
"""§7.4: "$100 for each station token (including Bypass tokens)"."""


def bypass_places(game: WestGame, corp_id: str) -> list[tuple[str, str]]:
    """Where the company's Bypass token may go now."""
    if game.bypass.get(corp_id, True):
        return []
    if not game.is_public(corp_id) or game.ledger.cash(corp_id) < BYPASS_COST:
        return []
    assert isinstance(game.map, BoardMap)
    board = game.map.board
    reach = game.map.graph.reach(corp_id)
    closed = _closed_destinations(game)
    out: set[tuple[str, str]] = set()
    for hex_name, stop in reach.stops:
        here = board.hexes[hex_name]
        if here.tile.stop(stop).kind is not StopKind.CITY or hex_name in closed:
            continue
        if any(corp_id in held for held in here.tokens.values()):
            continue
        if any(board.open_slots(hex_name, c.name, corp_id) > 0 for c in here.tile.cities):
            continue
        out.add((hex_name, stop))
    return sorted(out)


def _closed_destinations(game: WestGame) -> set[str]:
    from roundhouse.titles.g18west.land_grant import destination_open

    if "6" in game.phases_reached():
        return set()
    return {d for c, d in destinations().items() if not destination_open(game, c)}


class WestTokenStep(TokenStep[WestGame]):
    """Core's station step plus the Bypass token."""

    def _options(self, g: WestGame, corp: str) -> dict[tuple[str, str], int]:
        out = super()._options(g, corp)
        for place in bypass_places(g, corp):
            out.setdefault(place, BYPASS_COST)
        return out

    def process(self, g: WestGame, entity: str, action: Action) -> None:
        if isinstance(action, PlaceToken) and (action.hex, action.city) in bypass_places(g, entity):
            self.done = True
            g.ledger.transfer(entity, BANK, BYPASS_COST)
            g.bypass[entity] = True
            g.map_board().place_beside(action.hex, action.city, entity)
            g.emit(
                "token",
                f"{entity} places its Bypass token in {action.hex}",
                company=entity,
                hex=action.hex,
            )
            return
        super().process(g, entity, action)
