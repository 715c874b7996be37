"""Free tile actions on a company's home city in its first operating round:

* §12.2.4 (Phases 5-8): "During a company's first operating round, the company may place or
  upgrade its home city to a brown city tile.  This is a free tile action in addition to the
  normal lay or upgrade track actions." (:class:`HomeBrownStep`)
* the Boomtown subsidy (appendix "Subsidy Tiles"): "Discard boomtown tile to upgrade the
  owning company's home city to green during the first operating round as a free bonus
  action" - in any phase (:class:`BoomtownStep`).

Each stands before the track step in the company's first operating turn and offers every
tile of its colour the home hex may take now (the colours between are skipped at no fee; the
tile's own upgrade rules and labels apply as for any lay) or a pass.  The terrain cost of an
empty hex is paid as for any placement.  The hex then counts as built this turn (§12.2: no
second action on it).
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.engine18xx import Engine
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import LayTile, Pass
from roundhouse.core.flow.step import Step
from roundhouse.core.tiles import Colour
from roundhouse.core.track import TileLay, TrackRules, check_lay, tile_lays
from roundhouse.core.upgrade import ColourSkip
from roundhouse.titles.g18usa.map_rules import UNLIMITED_CASH, UsaMap
from roundhouse.titles.g18usa.state import usa

FREE_SKIP = ColourSkip(fee_per_level=0, plain_track_only=False)
"""A city skipping to brown in this free action pays no skip fee."""


def _rules(board: UsaMap, colour: Colour) -> TrackRules:
    return TrackRules(
        upgrades=board.upgrades,
        colours=frozenset({colour}),
        reach=board.lay_reach,
        colour_skip=FREE_SKIP,
    )


class HomeBrownStep(Step):
    """§12.2.4: the free brown home tile of a company's first operating round."""

    kinds = frozenset({"lay_tile", "pass"})
    name = "home_brown"
    colour = Colour.BROWN

    def __init__(self) -> None:
        self.done = False

    def may(self, g: Engine, corp_id: str) -> bool:
        """Whether the company has the free action now (besides having a tile to lay)."""
        return not g.corps[corp_id].operated and "5" in g.phases_reached()

    def used(self, g: Engine, corp_id: str) -> None:
        """The action was taken."""

    def setup(self, g: Engine, entity: str) -> None:
        self.done = False

    def _lays(self, g: Engine, corp_id: str) -> list[TileLay]:
        game = usa(g)
        board = game.usa_map
        home = board.home_of(corp_id)
        if home is None or home in board.laid_now(g, corp_id):
            return []
        allowance = dataclasses.replace(board.allowance(g, corp_id), cash=UNLIMITED_CASH)
        cash = g.ledger.cash(corp_id)
        return [
            lay
            for lay in tile_lays(
                board.board, board.graph, corp_id, allowance, _rules(board, self.colour)
            )
            if lay.hex == home and lay.cost <= cash
        ]

    def active(self, g: Engine, entity: str) -> bool:
        if self.done or not self.may(g, entity):
            return False
        return bool(self._lays(g, entity))

    def actions(self, g: Engine, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        out: list[Action] = [
            LayTile(player=p, entity=entity, hex=lay.hex, tile=lay.tile, rotation=lay.rotation)
            for lay in self._lays(g, entity)
        ]
        return [*out, Pass(player=p, entity=entity)]

    def check(self, g: Engine, entity: str, action: Action) -> None:
        if action not in self.actions(g, entity):
            raise IllegalAction(
                f"{entity} may lay a {self.colour.label} tile on its home city now, or pass",
                rule=f"track.{self.name}",
            )

    def process(self, g: Engine, entity: str, action: Action) -> None:
        self.done = True
        if isinstance(action, Pass):
            return
        assert isinstance(action, LayTile)
        board = usa(g).usa_map
        lay = next(
            x
            for x in self._lays(g, entity)
            if (x.tile, x.rotation) == (action.tile, action.rotation)
        )
        allowance = dataclasses.replace(board.allowance(g, entity), cash=UNLIMITED_CASH)
        _, moves = check_lay(
            board.board,
            board.graph,
            entity,
            (lay.hex, lay.tile, lay.rotation),
            allowance,
            _rules(board, self.colour),
        )
        g.ledger.transfer(entity, BANK, lay.cost)
        board.lay_free(g, entity, lay, moves)
        self.used(g, entity)


class BoomtownStep(HomeBrownStep):
    """The Boomtown subsidy: a free green home city in the first operating round, once."""

    name = "boomtown"
    colour = Colour.GREEN

    def may(self, g: Engine, corp_id: str) -> bool:
        subsidy = usa(g).company_subsidies.get(corp_id)
        return not g.corps[corp_id].operated and subsidy is not None and subsidy.kind == "boomtown"

    def used(self, g: Engine, corp_id: str) -> None:
        """ "Discard boomtown tile"."""
        del usa(g).company_subsidies[corp_id]
