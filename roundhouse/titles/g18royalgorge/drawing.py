"""18RoyalGorge's map for ``roundhouse render`` (:func:`roundhouse.render.render_title`)."""

from __future__ import annotations

from roundhouse.core.board import Board
from roundhouse.render.map import MapStyle, board_svg
from roundhouse.titles.g18royalgorge.company import railroads
from roundhouse.titles.g18royalgorge.data import board


def style() -> MapStyle:
    """Railroad colours from 18RoyalGorge's companies.toml; terrain costs apply to the first
    tile only (rulebook "Terrain Costs" names no upgrade charge)."""
    return MapStyle(colours={rid: r.colour for rid, r in railroads().items()})


def every_railroad_board() -> Board:
    """The board with every railroad in play, so every home shows as reserved."""
    return board(tuple(railroads()))


def starting_map() -> str:
    return board_svg(every_railroad_board(), style())
