"""Denver's metropolis tile orientation (§12.2.3): "If a company begins in Denver, it may
choose the orientation of the Denver metropolis city tile.  If no company starts in Denver,
the first company to lay a track connecting to the Denver hex may choose the tile's
orientation."

Set-up lays Denver's tile (X04, three exits) at rotation 0; it has two distinct orientations,
exits 1-3-5 (rotation 0) or 0-2-4 (rotation 1).  :class:`DenverStep` asks the first company
whose home is Denver, or which has just laid track pointing into Denver, to choose - once
per game.  It stands before the track step (a company based in Denver chooses before it
builds; 18xx.games asks right after the home token is placed) and after it (a company whose
new track points into Denver).
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose
from roundhouse.core.flow.step import Step
from roundhouse.titles.g18usa.state import UsaGame

DENVER = "E11"
ORIENTATIONS = {"exits 1-3-5": 0, "exits 0-2-4": 1}
"""§12.2.3: the two orientations of Denver's tile, by the edges its track leaves by."""


def points_into_denver(g: UsaGame, corp_id: str) -> bool:
    """Whether the company's home is Denver, or track it laid this turn leads into it."""
    board = g.map.board
    if g.map.home_of(corp_id) == DENVER:
        return True
    for hex_name in g.map.laid_now(g, corp_id):
        here = board.hexes[hex_name]
        for edge in here.tile.exits(here.rotation):
            if board.grid.neighbour(hex_name, edge) == DENVER:
                return True
    return False


class DenverStep(Step[UsaGame]):
    """The once-a-game choice of Denver's orientation (§12.2.3)."""

    kinds = frozenset({"choose"})
    name = "denver"

    def active(self, g: UsaGame, entity: str) -> bool:
        return g.denver_open and points_into_denver(g, entity)

    def actions(self, g: UsaGame, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        return [Choose(player=p, entity=entity, choice=c) for c in ORIENTATIONS]

    def check(self, g: UsaGame, entity: str, action: Action) -> None:
        if action not in self.actions(g, entity):
            raise IllegalAction(
                f"{entity} chooses Denver's orientation: {' or '.join(ORIENTATIONS)}",
                rule="track.denver",
            )

    def process(self, g: UsaGame, entity: str, action: Action) -> None:
        assert isinstance(action, Choose)
        board = g.map.board
        board.hexes[DENVER].rotation = ORIENTATIONS[action.choice]
        board.touch()
        g.denver_open = False
        g.emit("denver", f"{entity} turns Denver's tile: {action.choice}", company=entity)
