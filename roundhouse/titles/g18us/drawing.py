"""18US's board as set up (§3.1), for ``roundhouse render``: every home token in place, and a
caption under the key saying the map is reconstructed (no printed 18US map data is
available; docs/18US-board.md)."""

from __future__ import annotations

import re

from roundhouse.render.map import board_svg
from roundhouse.titles.g18us.board import board

CAPTION = "Reconstructed board: not the printed 18US map (docs/18US-board.md)"
_HEAD = re.compile(r'height="([\d.]+)" viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"')
_SHEET = re.compile(r'(<rect x="[-\d.]+" y="[-\d.]+" width="[\d.]+" height=")([\d.]+)(")')
LINE = 20.0


def starting_map() -> str:
    """The starting board with the caption on a line added below the key."""
    svg = board_svg(board())
    m = _HEAD.search(svg)
    if m is None:
        return svg
    height, left, top, width, view_h = (float(g) for g in m.groups())
    svg = _HEAD.sub(
        f'height="{height + LINE:.0f}" viewBox="{left:g} {top:g} {width:g} {view_h + LINE:g}"',
        svg,
        count=1,
    )
    svg = _SHEET.sub(lambda s: f"{s[1]}{float(s[2]) + LINE:g}{s[3]}", svg, count=1)
    caption = (
        f'<text class="caption" x="{left + 8:g}" y="{top + view_h + LINE - 6:g}" '
        f'font-size="12" font-weight="bold" fill="#8a1c1c">{CAPTION}</text>'
    )
    return svg.removesuffix("</svg>") + caption + "</svg>"
