"""§13.3: "An ore token increases the run of any train which passes through it by $10.  This
can be upgraded to $20 by using a tile upgrade action from Phase 3 on.  This does not upgrade
the tile."

:class:`OreUpgradeStep`, offered beside the open track step, turns a $10 ore token on a hex
the company's route reaches (§7.1) to its $20 side (:func:`.resources.upgrade_ore`).  It is
one of the turn's tile actions and its upgrade (§12.2: the $20 with the second action, at
most one upgrade; P11's two), so the hex counts as upgraded this turn.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Entity, HexName
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.core.flow.step import Step
from roundhouse.titles.g18usa.family1817.turn_stage import open_track_step
from roundhouse.titles.g18usa.resources import ore_upgrades, upgrade_ore
from roundhouse.titles.g18usa.state import UsaGame
from roundhouse.titles.g18usa.tile_actions import plan


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class UpgradeOre(Action):
    """Company ``entity`` uses a tile upgrade action to turn the ore token in ``hex`` to $20
    (18xx.games: a ``lay_tile`` of the same tile with the ore marker)."""

    kind: ClassVar[str] = "upgrade_ore"
    entity: Entity
    hex: HexName

    def __str__(self) -> str:
        return f"{self.entity} turns the ore token in {self.hex} to $20"


class OreUpgradeStep(Step[UsaGame]):
    """§13.3's upgrade of an ore token, beside the track step."""

    kinds = frozenset({"upgrade_ore"})
    blocking = False
    name = "ore_upgrade"

    @staticmethod
    def _track(g: UsaGame, entity: str) -> TrackStep | None:
        return open_track_step(g, entity)

    @staticmethod
    def _fee(g: UsaGame, track: TrackStep, entity: str) -> int:
        return plan(g, entity).fee if track.lays == 1 else 0

    def moves(self, g: UsaGame, entity: str) -> list[UpgradeOre]:
        if entity not in g.corps:
            return []
        track = self._track(g, entity)
        if track is None or track.lays >= g.hooks.track_lays(g, entity):
            return []
        board = g.map
        if not board.allowance(g, entity).upgrade_colours:
            return []  # §12.2: the turn's upgrade is spent
        if self._fee(g, track, entity) > g.ledger.cash(entity):
            return []
        done = set(board.laid_now(g, entity))
        reach = board.graph.reach(entity).hexes
        player = g.controller_id(entity)
        return [
            UpgradeOre(player=player, entity=entity, hex=h)
            for h in ore_upgrades(g, entity, reach)
            if h not in done
        ]

    def active(self, g: UsaGame, entity: str) -> bool:
        return bool(self.moves(g, entity))

    def actions(self, g: UsaGame, entity: str) -> list[Action]:
        return list(self.moves(g, entity))

    def check(self, g: UsaGame, entity: str, action: Action) -> None:
        if action not in self.moves(g, entity):
            assert isinstance(action, UpgradeOre)
            raise IllegalAction(
                f"{entity} cannot turn an ore token in {action.hex} to $20 now (§13.3: a $10 "
                "ore token its route reaches, from phase 3, with the turn's tile upgrade "
                "action)",
                rule="resources.ore_upgrade",
            )

    def process(self, g: UsaGame, entity: str, action: Action) -> None:
        assert isinstance(action, UpgradeOre)
        board = g.map
        track = self._track(g, entity)
        assert track is not None
        fee = self._fee(g, track, entity)
        upgrade_ore(g, entity, action.hex, board.graph.reach(entity).hexes)
        board.count_upgrade(g, entity, action.hex)
        track.lays += 1
        if fee:
            g.ledger.transfer(entity, BANK, fee)
        g.emit("resource", f"{entity} turns the ore token in {action.hex} to $20", company=entity)
