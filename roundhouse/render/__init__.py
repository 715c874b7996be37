"""SVG drawings of tiles and boards (no third-party dependencies)."""

from roundhouse.render.game import game_svg, game_tile_svg
from roundhouse.render.map import MapStyle, board_svg
from roundhouse.render.tile import tile_svg
from roundhouse.render.title import demo_board, render_title

__all__ = [
    "MapStyle",
    "board_svg",
    "demo_board",
    "game_svg",
    "game_tile_svg",
    "render_title",
    "tile_svg",
]
