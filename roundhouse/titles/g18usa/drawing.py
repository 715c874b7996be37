"""18USA's printed board for ``roundhouse render``, before the set-up draws (§2.3-§2.6:
red-area values, metropolises, subsidies and resources are drawn onto it when a game
starts)."""

from __future__ import annotations

from roundhouse.render.map import board_svg
from roundhouse.titles.g18usa.board import board


def starting_map() -> str:
    return board_svg(board())
