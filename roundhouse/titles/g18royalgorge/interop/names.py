"""18RoyalGorge's things as 18xx.games names them: tile copies and cities, rotations of
symmetric tiles, steel cubes, routes written from our notation.

Facts sheet ``docs/facts/18xx-games-format.md`` §5 and the site's own fixtures; used by both
directions of the translator (:mod:`roundhouse.titles.g18royalgorge.interop.reader`,
:mod:`roundhouse.titles.g18royalgorge.interop.writer`).
"""

from __future__ import annotations

import itertools

from roundhouse.core.actions import Json
from roundhouse.core.game import Game
from roundhouse.titles.g18royalgorge.data import city_ids_18xx_games, royal_gorge, steel_market
from roundhouse.titles.g18royalgorge.map_rules import RoyalGorgeMap
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame


def engine(game: Game) -> RoyalGorgeGame:
    state = game.state
    assert isinstance(state, RoyalGorgeGame)
    return state


def board_map(g: RoyalGorgeGame) -> RoyalGorgeMap:
    assert isinstance(g.map, RoyalGorgeMap)
    return g.map


def tile_name(site_tile: str) -> str:
    """``"57-2"`` -> ``"57"``; ``"RG-A-0"`` -> ``"RG-A"``."""
    name, _, copy = site_tile.rpartition("-")
    return name if copy.isdecimal() and name else site_tile


def same_track_rotation(g: RoyalGorgeGame, name: str, rotation: int) -> int:
    """Our rotation for the site's: a symmetric tile (a straight, tile 57) has several
    rotations with the same track; we list only the first of each."""
    tile = board_map(g).board.tiles[name]
    if rotation in tile.rotations:
        return rotation
    links = tile.links(rotation)
    return next((r for r in tile.rotations if tile.links(r) == links), rotation)


class TileCopies:
    """Which copy of each tile lies on which hex, as the site numbers them.

    Reading, the site tells us (``lay_tile`` names the copy) and :meth:`record` keeps it.
    Writing, :meth:`lay` gives each lay the copy the site's interface picks: the first of
    that name in the site's list of unplayed tiles, which starts in copy order and gets a
    tile taken up by an upgrade back at its end (``Game::Base#update_tile_lists``); so
    copies never laid come first, then the freed ones in the order they came back.
    """

    def __init__(self) -> None:
        self.on_hex: dict[str, str] = {}
        self.fresh: dict[str, int] = {}
        """Tile name -> the next copy never laid."""
        self.returned: dict[str, list[int]] = {}
        """Tile name -> copies taken up by upgrades, in the order they came back."""

    def used(self, name: str) -> set[int]:
        out: set[int] = set()
        for site in self.on_hex.values():
            if tile_name(site) == name:
                out.add(int(site.rpartition("-")[2]))
        return out

    def record(self, hex_name: str, site_tile: str) -> None:
        self.on_hex[hex_name] = site_tile
        gorge = royal_gorge()
        name = tile_name(site_tile)
        if name in gorge.brown.values():
            for h in gorge.hexes:
                self.on_hex[h] = f"{gorge.brown[h]}-0"

    def lay(self, hex_name: str, name: str, total: int | None) -> str:
        """The copy of ``name`` laid on ``hex_name``; ``total`` is how many copies the
        title has (None: unlimited)."""
        old = self.on_hex.pop(hex_name, None)
        if old is not None:
            old_name, _, index = old.rpartition("-")
            if index.isdecimal() and old_name not in royal_gorge().brown.values():
                self.returned.setdefault(old_name, []).append(int(index))
        fresh = self.fresh.get(name, 0)
        back = self.returned.get(name, [])
        if (total is None or fresh < total) or not back:
            copy = fresh
            self.fresh[name] = fresh + 1
        else:
            copy = back.pop(0)
        site = f"{name}-{copy}"
        self.record(hex_name, site)
        return site

    def city(self, g: RoyalGorgeGame, hex_name: str) -> str:
        """The site's id of the (only) city on ``hex_name`` now."""
        here = board_map(g).board.hexes[hex_name]
        if here.tile is here.printed.tile:
            printed = city_ids_18xx_games().get(hex_name)
            if printed is not None:
                return printed
            return f"{hex_name}-0-0"
        site = self.on_hex.get(hex_name)
        if site is None or tile_name(site) != here.tile.id:
            site = f"{here.tile.id}-0"
        return f"{site}-0"


def site_steel_choice(g: RoyalGorgeGame, choice: str) -> str:
    """A steel column as the site names it: ``"<column>-<cube price>"``.  Our bare column
    ("B": its cheapest cube) becomes that cube's price, or the empty column's price; the
    site takes exactly the cube named (``G18RoyalGorge::Step::Track#process_choose``).
    Any other choice is returned as it is."""
    columns = {c.name: c for c in steel_market().columns}
    if choice not in columns:
        return choice
    cubes = g.steel.get(choice, [])
    price = min(cubes) if cubes else steel_market().empty_price
    return f"{choice}-{price}"


def our_steel_choice(g: RoyalGorgeGame, choice: str) -> str:
    """The inverse of :func:`site_steel_choice`: ``"B-10"`` is ``"B"`` when $10 is column
    B's cheapest cube now (both take the same cubes in the same order); any other choice is
    returned as it is."""
    column, _, price = choice.partition("-")
    if price.isdecimal() and site_steel_choice(g, column) == choice:
        return column
    return choice


def site_route(route: tuple[str, ...], revenue: int) -> dict[str, Json]:
    """A route in the site's form read straight from our notation (train, stop ids with
    their via hexes between), for a route our board cannot score."""
    stops = [(i, item) for i, item in enumerate(route) if i and "-" in item]
    connections: list[Json] = []
    for (a, start), (b, end) in itertools.pairwise(stops):
        chain = [start.rpartition("-")[0], *route[a + 1 : b], end.rpartition("-")[0]]
        connections.append(list[Json](chain))
    hexes = [s.rpartition("-")[0] for _, s in stops]
    return {
        "train": route[0],
        "connections": connections,
        "hexes": list[Json](hexes),
        "nodes": [s for _, s in stops],
        "revenue": revenue,
        "revenue_str": "-".join(hexes),
    }
