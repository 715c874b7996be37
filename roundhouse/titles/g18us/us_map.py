"""18US's board in play: core's board machinery with the cards (:class:`~.card_board.
CardBoardMap`) and what 18US changes about track, stations and runs.

* §6.2: a 4-Share Eastern company (and the DRG) places yellow tiles or upgrades yellow to
  green; new track must extend a route (§6.2.1, :data:`~.tiles.LAY_REACH`); plain yellow track
  upgrades only to a Junction Town, which founds the company's station (§6.2.2, the upgrade
  rules of :func:`~.tiles.play_upgrade_rules`).
* §6.4: a station token costs $20 per hex of distance from the company's nearest station
  token, traced along the rail network (:func:`rail_distance`).
* §3.1: every base station stands on the map from the start, so a company's first token is
  already down when it opens (:meth:`UsMap.place_home`).
* §6.5: Classic trains score Cities and Junction Towns, the towns free
  (:func:`~roundhouse.core.routes.kinds.plus_train`).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from collections import deque
from collections.abc import Hashable
from typing import Any

from roundhouse.core.board import Board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.routes.adapter import GraphOptions
from roundhouse.core.routes.graph import RouteGraph, StopKind
from roundhouse.core.routes.kinds import TrainKind
from roundhouse.core.routes.revenue import EndpointDoubling, RevenueRules, RouteFacts
from roundhouse.core.tiles import Colour
from roundhouse.core.track import Allowance, TileLay, iter_tile_lays
from roundhouse.titles.g18us.board import coast, reserved_hexes
from roundhouse.titles.g18us.card_board import CardBoardMap
from roundhouse.titles.g18us.data import DRG, EASTERN, freight_token_bonus, train_kinds
from roundhouse.titles.g18us.doubling import DoublingTokens
from roundhouse.titles.g18us.land_grant import (
    after_own_tile,
    five_share,
    grant_complete,
    next_tile_charge,
)
from roundhouse.titles.g18us.state import UsGame
from roundhouse.titles.g18us.tiles import LAY_REACH, play_upgrade_rules

TOKEN_PRICE_PER_HEX = 20
"""§6.4: "$20 per hex of distance from the company's nearest station token"."""

FOUR_SHARE_UPGRADES = frozenset({Colour.GREEN})
"""§3.5, §6.2: "4-Share companies may only place yellow tiles or upgrade yellow tiles to
green tiles" (the DRG likewise, §10.2.4; 5-Share Land Grant companies, §7.3.1)."""

FIVE_SHARE_UPGRADES = frozenset({Colour.GREEN, Colour.BROWN})
"""§3.5, §6.2: "5-Share Eastern companies and all 10-Share companies may also upgrade green
tiles to brown tiles. 10-Share companies may also upgrade brown tiles to gray tiles"."""

COAST_TO_COAST = EndpointDoubling(families=frozenset({"express"}))
"""§6.5.2: "Only Express trains ... may score 'Coast-To-Coast' routes ... An Express train
... running a 'Coast-To-Coast' route scores any single City on the route at double value. If
the selected City is already doubled by a 'x2' token, it is quadrupled" (the best City once
more)."""


@dataclasses.dataclass(frozen=True)
class ExpressRailhead:
    """§6.2.2: "an E-train may not use such a station token [on a Junction Town] as the only
    station on its route"."""

    def check(self, graph: RouteGraph, company: str, facts: RouteFacts) -> None:
        kind = facts.train.kind
        if not isinstance(kind, TrainKind) or kind.family != "express":
            return
        stations = [s for s in facts.stops if s.has_token(company)]
        if stations and all(s.kind is StopKind.TOWN for s in stations):
            raise IllegalAction(
                f"a {kind.name}-train needs a {company} station in a City, not only in a "
                "Junction Town",
                rule="route.no_token",
            )


def graph_options() -> GraphOptions:
    """The coasts' "W" and "E" flags (§6.5.2) and the doubling tokens (§6.4.1)."""
    tags = {h: frozenset({"W"}) for h in coast().west}
    tags.update({h: frozenset({"E"}) for h in coast().east})
    return GraphOptions(tags=tags, decorate=DoublingTokens())


@functools.cache
def revenue_rules(per_token: int) -> RevenueRules:
    """§6.5.1-§6.5.2: coast-to-coast for Express trains, the phase's Freight Bonus per station
    token for Freight trains."""
    return RevenueRules(
        route_checks=(ExpressRailhead(),),
        route_bonuses=(COAST_TO_COAST,),
        freight_bonus_per_token=per_token,
    )


def rail_distance(board: Board, starts: set[str], edges: dict[str, frozenset[int]], to: str) -> int:
    """Hexes from the nearest of ``starts`` to ``to``, stepping only between neighbours whose
    track joins across their shared side (``edges``: hex -> sides joined to the company's
    routes, from :class:`~roundhouse.core.graph.Reach`).  A hex the network does not join
    is as far as the grid makes it (never cheaper than the rail)."""
    if to in starts:
        return 0
    grid = board.grid
    seen = {h: 0 for h in starts}
    queue = deque(sorted(starts))
    while queue:
        here = queue.popleft()
        for edge in sorted(edges.get(here, frozenset())):
            there = grid.neighbour(here, edge)
            if there is None or there in seen:
                continue
            back = grid.edge_towards(there, here)
            if back is None or back not in edges.get(there, frozenset()):
                continue
            seen[there] = seen[here] + 1
            if there == to:
                return seen[there]
            queue.append(there)
    return min((grid.distance(h, to) for h in starts), default=0)


class UsMap(CardBoardMap):
    """The 18US board behind the operating round's map steps."""

    def __init__(self, board: Board, **options: Any) -> None:
        super().__init__(
            board,
            kinds=train_kinds(),
            upgrades=play_upgrade_rules(),
            lay_reach=LAY_REACH,
            options=graph_options(),
            **options,
        )

    def allowance(self, g: UsGame, corp_id: str) -> Allowance:
        """The upgrades the company's size allows (§3.5, §6.2): green for a 4-Share company,
        the DRG and a 5-Share Land Grant company; brown too for a 5-Share Eastern company;
        every colour the phase has for a 10-Share company."""
        base = super().allowance(g, corp_id)
        kind = g.corps[corp_id].spec.kind
        size = g.books[corp_id].size
        if kind == DRG or five_share(g, corp_id) or (kind == EASTERN and size == 4):
            colours = FOUR_SHARE_UPGRADES
        elif kind == EASTERN and size == 5:
            colours = FIVE_SHARE_UPGRADES
        else:
            return base
        return Allowance(cash=base.cash, skip_hexes=base.skip_hexes, upgrade_colours=colours)

    def listing_key(self, g: UsGame, corp_id: str) -> Hashable:
        """The cards' key and the company's size, which sets :meth:`allowance`: a conversion
        changes the lays without changing the board."""
        return (super().listing_key(g, corp_id), g.books[corp_id].size)

    def revenue_rules(self, g: UsGame, corp_id: str) -> RevenueRules:
        return revenue_rules(freight_token_bonus()[g.depot.phases.current.name])

    def lays_if_permitted(self, g: UsGame, corp_id: str, owners: frozenset[str]) -> list[TileLay]:
        """The lays ``corp_id`` could make and pay for in the reserved hexes of ``owners``
        if their Presidents permitted them (§7.3: what it may ask for), worked out on a view
        of the board with those reservations lifted."""
        reach = self.graph.reach(corp_id).hexes
        hexes = frozenset(h for h, o in reserved_hexes().items() if o in owners) & reach
        if not hexes:
            return []
        key = (
            "18US reserved lays",
            self.board.version,
            corp_id,
            g.depot.phases.current.name,
            tuple(self.laid_now(g, corp_id)),
            self.listing_key(g, corp_id),
            owners,
        )

        def work() -> tuple[TileLay, ...]:
            view = copy.copy(self.board)
            view.released = self.board.released | owners
            base = self.allowance(g, corp_id)
            allowance = dataclasses.replace(base, skip_hexes=base.skip_hexes | (reach - hexes))
            found = iter_tile_lays(view, self.graph, corp_id, allowance, self._track_rules(g))
            return tuple(
                dataclasses.replace(lay, cost=self.lay_cost(g, corp_id, lay))
                for lay in found
                if self.lay_allowed(g, corp_id, lay)
            )

        cash = g.ledger.cash(corp_id)
        lays: tuple[TileLay, ...] = self.derived.get(key, work)
        return [lay for lay in lays if self._price(g, corp_id, lay) <= cash]

    def extra_cost(self, g: UsGame, corp_id: str, lay: TileLay) -> int:
        """§7.3.2: a 5-Share Land Grant company's next tile's Crédit Mobilier."""
        extra = super().extra_cost(g, corp_id, lay)
        return extra + next_tile_charge(g, corp_id) if five_share(g, corp_id) else extra

    def lay_tile(self, g: UsGame, corp_id: str, lay: TileLay) -> None:
        """The lay, then the Land Grant company's Golden Spike and Pacific Railway Act
        (:func:`~.land_grant.after_own_tile`)."""
        complete = five_share(g, corp_id) and grant_complete(g, corp_id)
        super().lay_tile(g, corp_id, lay)
        if five_share(g, corp_id):
            after_own_tile(g, corp_id, lay, complete)

    def token_cost(self, g: UsGame, corp_id: str, hex_name: str, city: str) -> int:
        """§6.4: $20 per hex of rail distance from the nearest station token."""
        stations = {h for h, _ in self.board.tokens_of(corp_id)}
        edges = self.graph.reach(corp_id).edges
        return TOKEN_PRICE_PER_HEX * rail_distance(self.board, stations, dict(edges), hex_name)

    def place_home(self, g: UsGame, corp_id: str) -> None:
        """§3.1: the base station is on the map from the start ("these stations pre-exist the
        formation of the associated companies"); opening the company counts it as placed.
        An upgrade may have merged the base's circle into another (Shreveport into New
        Orleans' #405, §10.3), taking the station along."""
        corp = g.corps[corp_id]
        if not self.board.tokens_of(corp_id):
            super().place_home(g, corp_id)
        if corp.tokens_placed == 0 and self.board.tokens_of(corp_id):
            corp.tokens_placed = 1
