"""18West's board as set up (§3.1), for ``roundhouse render``: every home token, and the
UP's x2 token, in place."""

from __future__ import annotations

from roundhouse.render.map import board_svg
from roundhouse.titles.g18west.board import board


def starting_map() -> str:
    return board_svg(board())
