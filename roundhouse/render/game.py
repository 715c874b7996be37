"""A game's current map for the web app: drawn from its views, made clickable.

:func:`game_svg` draws the game's board view - on a map of tiles with its tile catalogue and
the companies' colours from the table view, on an area map (Chicago Express) as areas - and
tags it for a page to use:

- every hex group carries ``class="hex"`` and ``data-hex="E11"``;
- on a map of tiles, a layer of transparent stop spots on top carries ``data-hex``,
  ``data-city`` (the tile's stop name, as :class:`~roundhouse.core.flow.actions.PlaceToken`
  names it), ``data-stop`` (the route notation's stop id, ``"E11-0"``) and ``data-tokens``
  (the stations there), so cities can be clicked and routes drawn through the stops' centres.

Everything here reads the public views (``game.board()``, ``game.tiles()``,
``game.table()``); nothing reaches into a game's state.  This is the one map renderer of
every title: the web page draws no map of its own.
"""

from __future__ import annotations

import re
from html import escape

from roundhouse.core.game import Game
from roundhouse.core.hexgrid import Layout
from roundhouse.core.tiles import Colour
from roundhouse.core.title import REGISTRY
from roundhouse.core.view.board import BoardView
from roundhouse.core.view.tile import TileCatalogue
from roundhouse.render.area import Scenery, area_board_svg
from roundhouse.render.geometry import R, centre, num
from roundhouse.render.map import MapStyle, board_svg
from roundhouse.render.tile import stop_positions, tile_svg

SPOT_R = R * 0.22
_HEX_GROUP = re.compile(r'<g id="hex-([A-Za-z0-9]+)"')


def company_colours(game: Game) -> dict[str, str]:
    """Company id -> colour word or ``#rrggbb`` from the title's data (the table view)."""
    return {c.id: c.colour for c in game.table().companies if c.colour}


def game_style(game: Game, board: BoardView, *, legend: bool = True) -> MapStyle:
    """The map style at the game's current phase, in the title's company colours, with the
    caption the title's ``drawing`` part asks for under the key."""
    caption = getattr(REGISTRY.part(game.title.id, "drawing"), "CAPTION", "")
    return MapStyle(
        colours=company_colours(game),
        phase=Colour.parse(board.phase_colour),
        legend=legend,
        caption=caption if isinstance(caption, str) else "",
    )


def _stop_spots(board: BoardView, tiles: TileCatalogue) -> str:
    layout = Layout(board.layout)
    out: list[str] = ['<g class="stops">']
    for here in board.hexes:
        if here.tile is None:
            continue
        tile = tiles.tile(here.id if here.printed else here.tile, printed=here.printed)
        cx, cy = centre(layout, (here.x, here.y))
        pos = stop_positions(tile, here.rotation, layout)
        for stop in here.stops:
            if stop.route_id is None:
                continue
            x, y = pos[stop.name]
            held = ",".join(stop.tokens)
            out.append(
                f'<circle class="stop {stop.kind}" data-hex="{here.id}" '
                f'data-city="{stop.name}" data-stop="{stop.route_id}" '
                f'data-tokens="{escape(held)}" cx="{num(cx + x)}" '
                f'cy="{num(cy + y)}" r="{num(SPOT_R)}" fill="transparent"/>'
            )
    out.append("</g>")
    return "".join(out)


def tag_hexes(drawn: str) -> str:
    """Every hex group of a drawn map gets ``class="hex"`` and ``data-hex``."""
    return _HEX_GROUP.sub(lambda m: f'{m.group(0)} class="hex" data-hex="{m.group(1)}"', drawn)


def board_game_svg(board: BoardView, tiles: TileCatalogue, style: MapStyle) -> str:
    """``board_svg`` with hexes tagged and the clickable stop layer on top."""
    drawn = tag_hexes(board_svg(board, style, tiles))
    head, _, _ = drawn.rpartition("</svg>")
    return head + _stop_spots(board, tiles) + "</svg>"


def title_scenery(game: Game) -> Scenery | None:
    """The rivers and lakes an area map's title draws (its ``drawing`` part's ``scenery()``),
    None if it has none."""
    part = REGISTRY.part(game.title.id, "drawing")
    made = getattr(part, "scenery", None)
    if made is None:
        return None
    drawn = made()
    return drawn if isinstance(drawn, Scenery) else None


def game_svg(game: Game) -> str | None:
    """The game's map as it stands, in the title's colours and with the title's scenery;
    None if the title has no map."""
    board = game.board()
    if board is None:
        return None
    tiles = game.tiles()
    if tiles is not None:
        return board_game_svg(board, tiles, game_style(game, board))
    return tag_hexes(area_board_svg(board, company_colours(game), scenery=title_scenery(game)))


def game_tile_svg(game: Game, tile_id: str, rotation: int = 0) -> str | None:
    """One tile of the game's set at a rotation, in the board's hex layout; None if the
    game has no such tile."""
    tiles = game.tiles()
    if tiles is None or tiles.entry(tile_id) is None:
        return None
    return tile_svg(tiles.tile(tile_id), rotation % 6, Layout(tiles.layout))
