"""The president's choice of which station tokens stay after an acquisition (18USA §14.3).

"If there are more than eight station tokens between the two companies, first identify any
hexes with more than one station and set the excess aside.  Then: If there are still more
than eight tokens on the map, the president selects which eight to keep and the rest are
removed from the game."  :meth:`~.token_board.TakeoverBoardMap.convert_station_tokens`
(with ``token_choice`` on) converts every token and records how many are over the cap; this
blocking step then has the buyer's president take them off one at a time, each a ``choose``
naming the station ("hex city", or what else the board's
:meth:`~.token_board.TakeoverBoardMap.cut_choices` offers), before anything else happens in
the round.  A title lists
it first in its merger and acquisition rounds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose
from roundhouse.core.flow.step import Step
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine

if TYPE_CHECKING:
    from roundhouse.titles.g18usa.family1817.token_board import TakeoverBoardMap


class StationTokenCutStep(Step[FamilyEngine]):
    kinds = frozenset({"choose"})
    name = "station_token_cut"
    on_behalf = True

    @staticmethod
    def _board(g: FamilyEngine) -> TakeoverBoardMap | None:
        from roundhouse.titles.g18usa.family1817.token_board import TakeoverBoardMap

        return g.map if isinstance(g.map, TakeoverBoardMap) else None

    def company(self, g: FamilyEngine, entity: str) -> str | None:
        """The company with tokens to remove that ``entity`` (it, or its president) acts
        for."""
        board = self._board(g)
        if board is None:
            return None
        boss = g.controller(entity) if entity in g.corps else entity
        for corp in sorted(board.token_cuts):
            if board.token_cuts[corp] > 0 and (corp == entity or g.controller(corp) == boss):
                return corp
        return None

    def takes(self, g: FamilyEngine, action: Action) -> bool:
        return isinstance(action, Choose)

    def active(self, g: FamilyEngine, entity: str) -> bool:
        return self.company(g, entity) is not None

    def actions(self, g: FamilyEngine, entity: str) -> list[Action]:
        corp = self.company(g, entity)
        board = self._board(g)
        if corp is None or board is None:
            return []
        p = g.controller_id(corp)
        return [Choose(player=p, entity=corp, choice=c) for c in board.cut_choices(g, corp)]

    def check(self, g: FamilyEngine, entity: str, action: Action) -> None:
        if action not in self.actions(g, entity):
            corp = self.company(g, entity) or entity
            raise IllegalAction(
                f"{corp} must take one of its own stations off the map (keeping eight), "
                f"not {getattr(action, 'choice', action)}",
                rule="tokens.keep_eight",
            )

    def process(self, g: FamilyEngine, entity: str, action: Action) -> None:
        assert isinstance(action, Choose)
        board = self._board(g)
        assert board is not None
        corp = action.entity
        board.cut(g, corp, action.choice)
        board.token_cuts[corp] -= 1
        if board.token_cuts[corp] <= 0:
            del board.token_cuts[corp]
            board.cuts_done(g, corp)
