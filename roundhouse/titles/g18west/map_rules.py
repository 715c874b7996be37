"""18West's board rules on top of core's :class:`~roundhouse.core.flow.board_map.BoardMap`.

Track (§7.1, §8): which colours each type of company may lay, Granger Roads only in the
Eastern Settled Zone, a Public Company's "two yellow tiles or ... a single" upgrade, another
company's Land Grant closed before Phase 3 (§8.1), and the Land Grant rules of
:mod:`.land_grant` (mandatory first lay, subsidies).  Stations (§7.4): Land Grant
Companies place none; Destination Cities stay closed until their company connects or
abandons, until Phase 6.  Runs (§7.5): x2 station tokens double their City for their company,
Coast-To-Coast doubles one City or Off-Map Area, New York's three hexes are one Off-Map Area.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence

from roundhouse.core.board import Board
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.lay_rule import LayRule
from roundhouse.core.routes.adapter import GraphOptions, StopExtras
from roundhouse.core.routes.revenue import EndpointDoubling, RevenueRules
from roundhouse.core.station import TokenPlacement
from roundhouse.core.tiles import Colour
from roundhouse.core.track import Allowance, LayReach, TileLay
from roundhouse.titles.g18west import land_grant
from roundhouse.titles.g18west.board import coast, destinations, offboard_groups, settled_zone
from roundhouse.titles.g18west.data import NP, train_kinds
from roundhouse.titles.g18west.state import WestGame
from roundhouse.titles.g18west.tiles import upgrade_rules

LIMITED_COLOURS = frozenset({Colour.YELLOW, Colour.GREEN})
"""§2.2.1, §8: Granger Roads and Land Grant Companies lay only yellow and green tiles."""

CLOSED_UNTIL_PHASE = "6"
"""§7.4: the Destination Cities' restriction "end[s] once Phase 6 begins"."""

COAST = EndpointDoubling(west="W", east="E", label="Coast-To-Coast")


@dataclasses.dataclass(frozen=True)
class WestStops:
    """Stop extras: New York's hexes share one visit group (§7.5 "may not use any ... Off-Map
    Area ... more than once"); x2 station tokens double their City for their company
    (§7.4.1).  A value: it holds the x2 stations it reads, so the cached graph follows them.
    Bypass tokens (§7.4.2) are stations beside the circles, on the board
    (:attr:`~roundhouse.core.board.Board.beside`)."""

    groups: tuple[tuple[str, str], ...]
    doubled: tuple[tuple[str, str, str], ...] = ()
    """(hex, city, company) of each x2 station."""

    def __call__(self, board: Board, hex_name: str, stop: str) -> StopExtras | None:
        group = next((name for h, name in self.groups if h == hex_name), None)
        who = frozenset(c for h, city, c in self.doubled if h == hex_name and city == stop)
        if group is None and not who:
            return None
        return StopExtras(visit_group=group, doubled_for=who)


GROUPS = tuple((h, name) for name, grp in offboard_groups().items() for h in grp.hexes)


def coast_tags() -> dict[str, frozenset[str]]:
    c = coast()
    tags = {h: frozenset({"W"}) for h in c.west}
    tags.update({h: frozenset({"E"}) for h in c.east})
    return tags


class WestLays(LayRule[WestGame]):
    """§7.1's and §8's limits on who may lay what where; subsidies after the lay."""

    __slots__ = ()

    def allowed(self, g: WestGame, corp_id: str, lay: TileLay) -> bool:
        board = g.map_board()
        colour = board.tiles[lay.tile].colour
        if not g.is_public(corp_id) and colour not in LIMITED_COLOURS:
            return False
        if g.is_granger(corp_id) and lay.hex not in settled_zone():
            return False
        if g.is_public(corp_id):
            laid = g.map.laid_now(g, corp_id) if isinstance(g.map, BoardMap) else []
            if laid and (lay.upgrade or g.upgraded_turn == _turn(g, corp_id)):
                return False
        if not land_grant.grant_open(g, corp_id, lay.hex):
            return False
        if not land_grant.x2_lay_ok(g, corp_id, lay):
            return False
        return land_grant.lay_allowed(g, corp_id, lay)

    def terrain(self, g: WestGame, corp_id: str, lay: TileLay, cost: int) -> int:
        return land_grant.terrain(g, corp_id, lay, cost)

    def position_key(self, g: WestGame, corp_id: str) -> Hashable:
        x2 = sorted((c, h, side) for c, sides in g.x2_sides.items() for h, side in sides.items())
        return (
            g.kind(corp_id),
            g.upgraded_turn == _turn(g, corp_id),
            land_grant.position_key(g, corp_id),
            tuple(x2),
        )

    def after(self, g: WestGame, corp_id: str, lay: TileLay) -> None:
        if lay.upgrade:
            g.upgraded_turn = _turn(g, corp_id)
            land_grant.x2_into_circle(g, lay.hex)
        if land_grant.x2_sides_in(g, lay.hex):
            land_grant.sync_stubs(g, lay.hex)  # §8.2: the connections the tile left out
        land_grant.after_lay(g, corp_id, lay)


def _turn(g: WestGame, corp_id: str) -> tuple[int, int, str]:
    return (g.set_count, g.or_in_set, corp_id)


class WestMap(BoardMap[WestGame]):
    def __init__(self, board: Board) -> None:
        """§7.1.2: "some part of the new track created must form part of a route of the
        Company" (:attr:`LayReach.EXTENDS_ROUTE`)."""
        super().__init__(
            board,
            kinds=train_kinds(),
            upgrades=upgrade_rules(),
            options=GraphOptions(
                tags=coast_tags(), one_city_per_hex=True, decorate=WestStops(GROUPS)
            ),
            revenue=RevenueRules(route_bonuses=(COAST,)),
            lay_reach=LayReach.EXTENDS_ROUTE,
            lay_rules=(WestLays(),),
        )

    def allowance(self, g: WestGame, corp_id: str) -> Allowance:
        """§8.2: where another company's x2 track needs a tight curve to join, or several
        companies' tokens share a hex, the stub is this title's to check
        (:func:`.land_grant.stub_waived`, :func:`.land_grant.x2_lay_ok`)."""
        base = super().allowance(g, corp_id)
        waived = land_grant.stub_waived(g, corp_id)
        return dataclasses.replace(base, stub_waived=waived) if waived else base

    def graph_options(self, g: WestGame, corp_id: str) -> GraphOptions:
        doubled = tuple(
            sorted((h, c, company) for company, st in g.x2_stations.items() for h, c in st)
        )
        return dataclasses.replace(self.options, decorate=WestStops(GROUPS, doubled))

    def token_placements(self, g: WestGame, corp_id: str) -> Sequence[TokenPlacement]:
        """§8: a Land Grant Company "may not place any station tokens"; §7.4: no token in a
        Destination City until its company has connected or abandoned, before Phase 6."""
        if not g.is_public(corp_id):
            return []
        out = super().token_placements(g, corp_id)
        if CLOSED_UNTIL_PHASE in g.phases_reached():
            return out
        closed = {
            dest
            for company, dest in destinations().items()
            if land_grant.destination_open(g, company) is False
        }
        return [t for t in out if t.hex not in closed]

    def token_cost(self, g: WestGame, corp_id: str, hex_name: str, city: str) -> int:
        """§3.3.2, §8.9: the NP's base tokens, back on its charter after conversion, are
        "ordinary $100 station tokens" (core prices tokens beyond the charter at $0)."""
        corp = g.corps[corp_id]
        return (
            NP_RETURNED_TOKEN
            if corp_id == NP and corp.tokens_placed >= len(corp.spec.tokens)
            else 0
        )


NP_RETURNED_TOKEN = 100
