"""18US's board as set up (§3.1), for ``roundhouse render``: every home token in place, and a
caption under the key saying the map is reconstructed (no printed 18US map data is
available; docs/18US-board.md).  The live game's map carries the same caption
(:data:`CAPTION`, read by the web app's renderer)."""

from __future__ import annotations

from roundhouse.render.map import MapStyle, board_svg
from roundhouse.titles.g18us.board import board

CAPTION = "Reconstructed board: not the printed 18US map (docs/18US-board.md)"


def starting_map() -> str:
    """The starting board with the caption on a line below the key."""
    return board_svg(board(), MapStyle(caption=CAPTION))
