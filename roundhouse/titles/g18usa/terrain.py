"""Terrain costs waived by privates: P2 Fox Bridge Works, P21 Keystone Bridge and P22 American
Bridge ($10 river), P5 Nobel's Blasting Powder ($15 mountain).

Appendix P2: the owning company "does not have to pay $10 difficult terrain penalties to lay
track on river tiles"; P5: "does not have to pay $15 difficult terrain costs on mountain
tiles".  Terrain is paid only for a first tile (§12.2.2: "Terrain costs are not paid when
upgrading track"), so these only ever lower a lay into an empty hex.  Two waivers of one
terrain do not add up (P5: "No money is refunded"; a hex has one terrain).

The title lists :class:`PrivateTerrain` among its board map's lay rules.  The $15 a coal or ore
token saves is refunded when the token is placed (:mod:`.resources`), so a company that
waived the cost already gets nothing back.
"""

from __future__ import annotations

from collections.abc import Hashable

from roundhouse.core.flow.lay_rule import LayRule
from roundhouse.core.track import TileLay
from roundhouse.titles.g18usa.powers import held
from roundhouse.titles.g18usa.private_abilities import TerrainDiscount
from roundhouse.titles.g18usa.state import UsaGame


def waived(g: UsaGame, corp_id: str, terrain: str) -> int:
    """The most any private of the company waives of ``terrain``'s cost."""
    return max(
        (a.amount for _, a in held(g, corp_id, TerrainDiscount) if a.terrain == terrain),
        default=0,
    )


def terrain_cost(g: UsaGame, corp_id: str, hex_name: str, cost: int) -> int:
    """What the company pays of a first tile's terrain ``cost`` in ``hex_name``."""
    if not cost:
        return cost
    terrain = g.map.board[hex_name].printed.terrain
    return max(0, cost - waived(g, corp_id, terrain))


class PrivateTerrain(LayRule[UsaGame]):
    """The owning company's lays skip the terrain its privates waive."""

    __slots__ = ()

    def terrain(self, g: UsaGame, corp_id: str, lay: TileLay, cost: int) -> int:
        return terrain_cost(g, corp_id, lay.hex, cost)

    def position_key(self, g: UsaGame, corp_id: str) -> Hashable:
        """The terrains the company's privates waive, and how much."""
        return tuple(sorted((a.terrain, a.amount) for _, a in held(g, corp_id, TerrainDiscount)))
