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

from collections import deque
from typing import Any

from roundhouse.core.board import Board
from roundhouse.core.engine18xx import Engine
from roundhouse.core.tiles import Colour
from roundhouse.core.track import Allowance
from roundhouse.titles.g18us.card_board import CardBoardMap
from roundhouse.titles.g18us.data import DRG, EASTERN, train_kinds
from roundhouse.titles.g18us.tiles import LAY_REACH, play_upgrade_rules

TOKEN_PRICE_PER_HEX = 20
"""§6.4: "$20 per hex of distance from the company's nearest station token"."""

FOUR_SHARE_UPGRADES = frozenset({Colour.GREEN})
"""§3.5, §6.2: "4-Share companies may only place yellow tiles or upgrade yellow tiles to
green tiles" (the DRG likewise, §10.2.4)."""


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
            **options,
        )

    def allowance(self, g: Engine, corp_id: str) -> Allowance:
        base = super().allowance(g, corp_id)
        if g.corps[corp_id].spec.kind in (EASTERN, DRG):
            return Allowance(
                cash=base.cash, skip_hexes=base.skip_hexes, upgrade_colours=FOUR_SHARE_UPGRADES
            )
        return base

    def token_cost(self, g: Engine, corp_id: str, hex_name: str, city: str) -> int:
        """§6.4: $20 per hex of rail distance from the nearest station token."""
        stations = {h for h, _ in self.board.tokens_of(corp_id)}
        edges = self.graph.reach(corp_id).edges
        return TOKEN_PRICE_PER_HEX * rail_distance(self.board, stations, dict(edges), hex_name)

    def place_home(self, g: Engine, corp_id: str) -> None:
        """§3.1: the base station is on the map from the start ("these stations pre-exist the
        formation of the associated companies"); opening the company counts it as placed."""
        super().place_home(g, corp_id)
        corp = g.corps[corp_id]
        if corp.tokens_placed == 0 and self.board.tokens_of(corp_id):
            corp.tokens_placed = 1
