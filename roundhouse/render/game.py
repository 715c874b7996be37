"""A game's current map for the web app: the title's board and colours, made clickable.

:func:`game_svg` draws whatever board a game has now (tiles laid, stations placed) with the
title's company colours and the current phase's revenues, then tags it for a page to use:

- every hex group carries ``data-hex="E11"``;
- a layer of transparent stop spots on top carries ``data-hex``, ``data-city`` (the tile's
  stop name, as :class:`~roundhouse.core.flow.actions.PlaceToken` names it) and ``data-stop``
  (the route notation's stop id, ``"E11-0"``) and ``data-tokens`` (the stations there), so
  cities can be clicked, stations counted and routes drawn through the stops' centres.

The drawing itself is :func:`~roundhouse.render.map.board_svg`'s; nothing here draws track.
Titles meet the renderer in :mod:`.title`, which this module asks for a title's style.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from html import escape

from roundhouse.core.board import Board
from roundhouse.core.game import Game
from roundhouse.core.hexgrid import Layout
from roundhouse.core.tiles import Colour, Tile
from roundhouse.render.geometry import R, centre, num
from roundhouse.render.map import MapStyle, board_svg
from roundhouse.render.tile import stop_positions, tile_svg
from roundhouse.render.title import chicago_express_svg, royal_gorge_style

STYLES: dict[str, Callable[[], MapStyle]] = {"18royalgorge": royal_gorge_style}
"""Normalised title id -> its map style (titles not listed draw in neutral colours)."""

SPOT_R = R * 0.22
_HEX_GROUP = re.compile(r'<g id="hex-([A-Za-z0-9]+)"')


def _key(title_id: str) -> str:
    return re.sub(r"[^a-z0-9]", "", title_id.lower())


def game_board(game: Game) -> Board | None:
    """The board a game is played on, or None for titles without tiles (Chicago Express).

    18xx titles keep it behind their map rules (``state.map.board``); simpler ones may hold
    it as ``state.board``."""
    state = game.state
    for holder in (getattr(state, "map", None), state):
        board = getattr(holder, "board", None)
        if isinstance(board, Board):
            return board
    return None


def _phase_colour(game: Game) -> Colour:
    """The colour whose revenues count now, from the view's phase name ("Yellow", "Green")."""
    phase = game.view().get("phase")
    if isinstance(phase, str):
        word = phase.split()[0].upper() if phase.split() else ""
        if word in Colour.__members__:
            return Colour[word]
    return Colour.YELLOW


def game_style(game: Game, *, legend: bool = True) -> MapStyle:
    """The title's map style at the game's current phase."""
    make = STYLES.get(_key(game.title.id))
    base = make() if make is not None else MapStyle()
    return MapStyle(
        colours=base.colours,
        phase=_phase_colour(game),
        terrain_on_upgrade=base.terrain_on_upgrade,
        coordinates=base.coordinates,
        legend=legend,
    )


def company_colours(game: Game) -> dict[str, str]:
    """Company id -> colour word or ``#rrggbb`` as the title's data gives it."""
    make = STYLES.get(_key(game.title.id))
    return dict(make().colours) if make is not None else {}


def _stop_spots(board: Board) -> str:
    layout = board.grid.coords.layout
    out: list[str] = ['<g class="stops">']
    for here in board:
        name = here.printed.name
        cx, cy = centre(layout, board.grid.point(name))
        pos = stop_positions(here.tile, here.rotation, layout)
        index = 0
        for stop in here.tile.stops:
            if not stop.counts_as_stop:
                continue
            x, y = pos[stop.name]
            held = ",".join(here.tokens.get(stop.name, []))
            out.append(
                f'<circle class="stop {stop.kind.name.lower()}" data-hex="{name}" '
                f'data-city="{stop.name}" data-stop="{name}-{index}" '
                f'data-tokens="{escape(held)}" cx="{num(cx + x)}" '
                f'cy="{num(cy + y)}" r="{num(SPOT_R)}" fill="transparent"/>'
            )
            index += 1
    out.append("</g>")
    return "".join(out)


def board_game_svg(board: Board, style: MapStyle) -> str:
    """``board_svg`` with hexes tagged ``data-hex`` and the clickable stop layer on top."""
    drawn = board_svg(board, style)
    tagged = _HEX_GROUP.sub(lambda m: f'{m.group(0)} data-hex="{m.group(1)}"', drawn)
    head, _, _ = tagged.rpartition("</svg>")
    return head + _stop_spots(board) + "</svg>"


def game_svg(game: Game) -> str | None:
    """The game's map as it stands, in the title's colours; None if the title has no map
    this module can draw."""
    board = game_board(game)
    if board is not None:
        return board_game_svg(board, game_style(game))
    if _key(game.title.id) == "chicagoexpress":
        drawn = chicago_express_svg(game.view())
        return _HEX_GROUP.sub(lambda m: f'{m.group(0)} data-hex="{m.group(1)}"', drawn)
    return None


def game_tile(game: Game, tile_id: str) -> Tile | None:
    """A tile of the game's tile set (for previews), or None."""
    board = game_board(game)
    if board is None or tile_id not in board.tiles:
        return None
    return board.tiles[tile_id]


def game_tile_svg(game: Game, tile_id: str, rotation: int = 0) -> str | None:
    """One tile of the game's set at a rotation, in the board's hex layout."""
    board = game_board(game)
    tile = game_tile(game, tile_id)
    if board is None or tile is None:
        return None
    layout: Layout = board.grid.coords.layout
    return tile_svg(tile, rotation % 6, layout)


def market_grid(game: Game) -> dict[str, object] | None:
    """The stock market as rows of cells (price, zones, the companies there, top of the stack
    first), for titles on core's market; None for others."""
    market = getattr(game.state, "market", None)
    grid = getattr(market, "grid", None)
    cells = getattr(grid, "cells", None)
    stacks = getattr(market, "stacks", None)
    if not isinstance(cells, Mapping) or not isinstance(stacks, Mapping):
        return None
    rows: list[list[dict[str, object] | None]] = []
    width = max(c for _, c in cells) + 1
    height = max(r for r, _ in cells) + 1
    for r in range(height):
        row: list[dict[str, object] | None] = []
        for c in range(width):
            cell = cells.get((r, c))
            if cell is None:
                row.append(None)
                continue
            row.append(
                {
                    "price": cell.price,
                    "zones": sorted(cell.zones),
                    "companies": list(stacks.get((r, c), [])),
                }
            )
        rows.append(row)
    return {"rows": rows}
