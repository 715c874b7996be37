"""Maps and tile previews drawn by :mod:`roundhouse.render`, kept per game position.

Drawing an 18xx board takes a few milliseconds and every open page asks for it after every
move, so each worker keeps the last few drawings, keyed by the game's version (which every
action and undo advances) and the position shown.
"""

from __future__ import annotations

from collections import OrderedDict

import roundhouse
from roundhouse.render import game_svg, game_tile_svg


class Drawings:
    """At most ``size`` maps and ``size`` tile previews, least recently used dropped first."""

    def __init__(self, size: int = 128) -> None:
        self.size = size
        self._maps: OrderedDict[tuple[str, int, int], str | None] = OrderedDict()
        self._tiles: OrderedDict[tuple[str, str, int], str | None] = OrderedDict()

    def board(self, game_id: str, version: int, game: roundhouse.Game) -> str | None:
        """The map of ``game`` (already at the position wanted); None if it has none."""
        key = (game_id, version, len(game.log))
        if key not in self._maps:
            self._maps[key] = game_svg(game)
            while len(self._maps) > self.size:
                self._maps.popitem(last=False)
        self._maps.move_to_end(key)
        return self._maps[key]

    def tile(self, game: roundhouse.Game, tile_id: str, rotation: int) -> str | None:
        """A tile of the game's title at ``rotation``; None if the title has no such tile."""
        key = (game.title.id, tile_id, rotation % 6)
        if key not in self._tiles:
            self._tiles[key] = game_tile_svg(game, tile_id, rotation)
            while len(self._tiles) > self.size:
                self._tiles.popitem(last=False)
        self._tiles.move_to_end(key)
        return self._tiles[key]
