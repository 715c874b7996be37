"""18RoyalGorge's board rules on top of core's :class:`~roundhouse.core.flow.board_map.BoardMap`.

Rulebook "1. Lay Track" and "Special Rules for Laying Track" are lay rules (:data:`LAY_RULES`),
each in its module: steel (:mod:`.steel`), gold on a mine's first tile (:mod:`.gold`), the
Royal Gorge (:mod:`.gorge`), the Prison Labor Force's half terrain (:mod:`.privates`).
"3. Run Trains" and "Shipping Gold": runs count the hotel, ghost towns and the +$50 gold bonus
when the railroad may still ship; a route uses at most one hex of an off-board destination
printed over several hexes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from roundhouse.core.board import Board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.map_steps import RouteList
from roundhouse.core.routes.adapter import GraphOptions, StopExtras
from roundhouse.core.routes.kinds import Train
from roundhouse.core.routes.revenue import (
    AnyRouteBonus,
    HexMarkerBonus,
    Revenue,
    RevenueRules,
    RouteBonus,
    Run,
)
from roundhouse.core.routes.run import check_run, company_trains, optimal_run
from roundhouse.core.station import TokenPlacement
from roundhouse.core.track import LayReach, TrackRules
from roundhouse.core.upgrade import UpgradeRules
from roundhouse.titles.g18royalgorge import (
    coal,
    gold,
    hanging_bridge,
    letter_tile,
    privates,
    site_graph,
    steel,
)
from roundhouse.titles.g18royalgorge.data import (
    gold_track,
    offboard_groups,
    royal_gorge,
    train_kinds,
)
from roundhouse.titles.g18royalgorge.gorge import RoyalGorgeLays
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame


@dataclasses.dataclass(frozen=True)
class OffboardGroups:
    """Stops of one multi-hex destination share a visit group (map.toml [offboard_groups])."""

    groups: tuple[tuple[str, str], ...]

    def __call__(self, board: Board, hex_name: str, stop: str) -> StopExtras | None:
        for h, name in self.groups:
            if h == hex_name:
                return StopExtras(visit_group=name)
        return None


def upgrade_rules() -> UpgradeRules:
    gorge = royal_gorge()
    table: dict[str, frozenset[str]] = {h: frozenset() for h in gorge.hexes}
    for h in gorge.hexes:
        table[gorge.green[h]] = frozenset({gorge.brown[h]})
    return UpgradeRules(table=table)


GROUPS = OffboardGroups(
    tuple((h, name) for name, grp in offboard_groups().items() for h in grp.hexes)
)

LAY_RULES = (
    site_graph.SiteNetworks(),
    steel.Steel(),
    gold.GoldCubes(),
    RoyalGorgeLays(),
    privates.PrisonLabor(),
)
"""Rulebook "1. Lay Track" and "Special Rules for Laying Track", each in its module: the
site's networks are worked out afresh (compat), steel is bought, mines get gold, the gorge
takes its tiles, the Prison Labor Force halves terrain; after-effects run in this order."""


class RoyalGorgeMap(BoardMap[RoyalGorgeGame]):
    def __init__(self, board: Board, *, whole_link: bool = False) -> None:
        """Rule 4 of laying track: the company "must theoretically be able to run a train
        route on at least one portion of the new track segments" - new track, not merely the
        tile, must join its routes (:attr:`LayReach.EXTENDS_ROUTE`).  ``whole_link``
        (``compat_18xx_games``): as 18xx.games, a route must be able to run the new track
        from end to end (:attr:`LayReach.WHOLE_LINK`)."""
        super().__init__(
            board,
            kinds=train_kinds(),
            upgrades=upgrade_rules(),
            options=GraphOptions(decorate=GROUPS),
            lay_reach=LayReach.WHOLE_LINK if whole_link else LayReach.EXTENDS_ROUTE,
            lay_rules=LAY_RULES,
        )

    def track_rules(self, g: RoyalGorgeGame, rules: TrackRules) -> TrackRules:
        """ "Letter Tiles": an ordinary tile once no letter tile fits (:mod:`.letter_tile`);
        whether it does is fixed by the game's variant."""
        return letter_tile.track_rules(rules, g.variant)

    def place_token(self, g: RoyalGorgeGame, corp_id: str, placement: TokenPlacement) -> None:
        site_graph.board_touched(g)
        super().place_token(g, corp_id, placement)

    def revenue_rules(self, g: RoyalGorgeGame, corp_id: str) -> RevenueRules:
        route: list[RouteBonus] = []
        company: list[AnyRouteBonus] = []
        if privates.owner_of(g, privates.HOTEL) == corp_id:
            route.append(privates.HotelBonus(hex=privates.hotel_hex(g)))
        if privates.owner_of(g, privates.GHOSTS) == corp_id:
            route.append(HexMarkerBonus(tag=gold.GHOST_TOWN, amount=10, label="ghost town"))
        if gold.may_ship(g, corp_id):
            company.append(
                AnyRouteBonus(tag=gold.GOLD, amount=gold_track().ship_bonus, label="gold")
            )
        return RevenueRules(
            route_checks=hanging_bridge.route_checks(g, corp_id),
            route_bonuses=tuple(route),
            company_bonuses=tuple(company),
        )

    def graph_options(self, g: RoyalGorgeGame, corp_id: str) -> GraphOptions:
        """The Hanging Bridge Lease's railroad passes the gorge cities (:mod:`.hanging_bridge`)."""
        return hanging_bridge.graph_options(g, corp_id, self.options)

    def trains(self, g: RoyalGorgeGame, corp_id: str) -> list[Train]:
        """The company's trains, those extended by coal this turn one stop longer per cube."""
        boost = g.coal_boost
        return [
            Train(t.id, coal.extended(t.kind, boost.get(t.id, 0)))
            for t in company_trains(g.depot.owned_by(corp_id), self.train_kinds(g, corp_id))
        ]

    def runs(self, g: RoyalGorgeGame, corp_id: str) -> Sequence[tuple[RouteList, int]]:
        if not g.coal_boost:
            return super().runs(g, corp_id)
        best = optimal_run(
            self.board,
            corp_id,
            self.trains(g, corp_id),
            g.depot.phases.current,
            self.revenue_rules(g, corp_id),
            time_budget=self.time_budget,
            options=self.graph_options(g, corp_id),
        )
        return [(best.routes, best.total)]

    def check_run(self, g: RoyalGorgeGame, corp_id: str, routes: RouteList) -> int:
        if not g.coal_boost:
            return super().check_run(g, corp_id, routes)
        ids = [r[0] for r in routes if r]
        if len(set(ids)) != len(ids):
            raise IllegalAction("each train runs at most one route", rule="routes.one_per_train")
        return self._scored(g, corp_id, routes).total

    def scored_runs(
        self, g: RoyalGorgeGame, corp_id: str, routes: tuple[tuple[str, ...], ...]
    ) -> tuple[Run, ...]:
        """The run's routes, each with its hexes and revenue."""
        return self._scored(g, corp_id, routes).runs

    def _scored(self, g: RoyalGorgeGame, corp_id: str, routes: RouteList) -> Revenue:
        """``routes`` checked and scored with the trains as they run this turn (coal)."""
        ids = {r[0] for r in routes if r}
        return check_run(
            self.board,
            corp_id,
            [t for t in self.trains(g, corp_id) if t.id in ids],
            routes,
            g.depot.phases.current,
            self.revenue_rules(g, corp_id),
            options=self.graph_options(g, corp_id),
        )

    def run_hexes(
        self, g: RoyalGorgeGame, corp_id: str, routes: tuple[tuple[str, ...], ...]
    ) -> tuple[str, ...]:
        """Every hex the run uses (gold may be shipped from any of them)."""
        out: set[str] = set()
        for run in self.scored_runs(g, corp_id, routes):
            out |= run.hexes
        return tuple(sorted(out))
