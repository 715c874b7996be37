"""SVG drawings of tiles and boards (no third-party dependencies)."""

from roundhouse.render.map import board_svg, tile_svg
from roundhouse.render.title import demo_board, render_title

__all__ = ["board_svg", "demo_board", "render_title", "tile_svg"]
