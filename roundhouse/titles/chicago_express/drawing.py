"""Chicago Express's map for ``roundhouse render`` (:func:`roundhouse.render.render_title`):
the area map of a new game, locomotives on their start hexes, in the charters' colours."""

from __future__ import annotations

from collections.abc import Mapping

from roundhouse.core.view.board import BoardView
from roundhouse.render.area import area_board_svg


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
    return area_board_svg(board, colours)
