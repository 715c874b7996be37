"""Chicago Express's map for ``roundhouse render`` (:func:`roundhouse.render.render_title`)
and the web app: the area map of a new game, locomotives on their start hexes, in the
charters' colours, with the rivers and lakes of ``scenery.toml``."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from roundhouse.core.view.board import BoardView
from roundhouse.render.area import Lake, River, Scenery, area_board_svg
from roundhouse.titles.chicago_express.scenery import load_scenery, placed_rivers


@functools.cache
def scenery() -> Scenery:
    """The rivers and lakes the board shows (scenery only: no rule reads them)."""
    return Scenery(
        rivers=tuple(River(name=r.name, course=r.course, major=r.major) for r in placed_rivers()),
        lakes=tuple(
            Lake(name=lake.name, cells=lake.cells) for lake in load_scenery().lakes.values()
        ),
    )


def starting_map(board: BoardView | None = None, colours: Mapping[str, str] | None = None) -> str:
    """The map from a game's board view (default: a new game's), in its companies' colours
    (default: the charters')."""
    if board is None or colours is None:
        import roundhouse

        game = roundhouse.new_game("ChicagoExpress", players=["A", "B", "C"], seed=0)
        board = board if board is not None else game.board()
        colours = (
            colours if colours is not None else {c.id: c.colour for c in game.table().companies}
        )
    assert board is not None
    return area_board_svg(board, colours, scenery=scenery())
