"""Every legal tile lay or upgrade, and every legal token placement, for one company.

A lay (hex, tile, rotation) is legal when (18USA §12.2, 18West §7.1, 18US §6.2,
18RoyalGorge "Lay/Upgrade"):

- the company may build there this turn (its :class:`Allowance`: new tiles, which upgrade
  colours, hexes already built this turn, cash);
- the hex is not fixed (off-board, gray, non-upgradeable print);
- the tile is in the supply and may replace the current one (:mod:`roundhouse.core.upgrade`);
- no new track runs off the map, over an impassable hexside or into a blank side of a red or
  gray hex;
- some track of the new tile touches the company's routes (:mod:`roundhouse.core.graph`);
- the company can pay the terrain and hexside costs.

Enumeration reuses cached per-rotation tile data and the cached upgrade fits, so a bot can
call :func:`tile_lays` every turn.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from roundhouse.core.board import Board, HexState
from roundhouse.core.errors import IllegalAction
from roundhouse.core.graph import Graph, Reach
from roundhouse.core.tiles import Colour, Tile
from roundhouse.core.upgrade import StopMap, UpgradeRules, check_replacement, path_fit


@dataclasses.dataclass(frozen=True, slots=True)
class TileLay:
    hex: str
    tile: str
    rotation: int
    cost: int
    upgrade: bool

    def __str__(self) -> str:
        verb = "upgrades to" if self.upgrade else "lays"
        return f"{verb} {self.tile} on {self.hex}, rotation {self.rotation} (${self.cost})"


@dataclasses.dataclass(frozen=True, slots=True)
class TokenPlacement:
    hex: str
    city: str
    cost: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class Allowance:
    """What one company may still build in this step (the title's track-laying rules)."""

    cash: int
    lay: bool = True
    """May put a tile on a hex that has none."""
    upgrade_colours: frozenset[Colour] = frozenset({Colour.GREEN, Colour.BROWN, Colour.GRAY})
    """Colours it may upgrade to (18US §6.2: a 4-share company only to green)."""
    skip_hexes: frozenset[str] = frozenset()
    """Hexes it may not touch again this turn (18USA §12.2: no lay-and-upgrade)."""
    terrain_on_upgrade: bool = False


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrackRules:
    """The title's fixed track settings."""

    upgrades: UpgradeRules = dataclasses.field(default_factory=UpgradeRules)
    colours: frozenset[Colour] = frozenset({Colour.YELLOW})
    """Tile colours available in the current phase."""


def _touches(
    tile: Tile, rotation: int, mapping: StopMap, reach: Reach, here: HexState, name: str
) -> bool:
    edges = reach.edges.get(name, frozenset())
    stops = {mapping.get(s, s) for s in reach.stops_in(name)}
    for a, b in tile.links(rotation):
        for end in (a, b):
            if (end in edges) if isinstance(end, int) else (end in stops):
                return True
    return False


def _fit(
    board: Board,
    name: str,
    here: HexState,
    tile: Tile,
    rotation: int,
    free: bool,
) -> StopMap | None:
    mapping = path_fit(here.tile, here.rotation, tile, rotation, free)
    if mapping is None:
        return None
    for edge in tile.exits(rotation) - here.tile.exits(here.rotation):
        if board.exit_blocked(name, edge):
            return None
    for city, held in here.tokens.items():
        target = mapping.get(city)
        if held and (target is None or tile.stop(target).slots < len(held)):
            return None
    return mapping


def _kind_ok(here: HexState, tile: Tile, allowance: Allowance) -> bool:
    if here.tile.colour is Colour.WHITE:
        return allowance.lay
    return tile.colour in allowance.upgrade_colours


def tile_lays(
    board: Board, graph: Graph, company: str, allowance: Allowance, rules: TrackRules
) -> list[TileLay]:
    """Every legal (hex, tile, rotation, cost) for ``company`` now."""
    reach = graph.reach(company)
    ids = [t for t in board.tiles.tiles if board.available(t)]
    out: list[TileLay] = []
    candidates: dict[tuple[int, str | None], list[Tile]] = {}
    for name in sorted(reach.hexes):
        if name in allowance.skip_hexes:
            continue
        here = board.hexes[name]
        if here.fixed:
            continue
        key = (id(here.tile), here.label)
        if key not in candidates:
            fits = []
            for tile_id in ids:
                tile = board.tiles[tile_id]
                try:
                    check_replacement(
                        here.tile,
                        tile,
                        rules=rules.upgrades,
                        colours=rules.colours,
                        label=here.printed.label,
                    )
                except IllegalAction:
                    continue
                fits.append(tile)
            candidates[key] = fits
        upgrade = here.tile.colour is not Colour.WHITE
        for tile in candidates[key]:
            if not _kind_ok(here, tile, allowance):
                continue
            free = (here.tile.id, tile.id) in rules.upgrades.free_stops
            for rotation in tile.rotations:
                mapping = _fit(board, name, here, tile, rotation, free)
                if mapping is None or not _touches(tile, rotation, mapping, reach, here, name):
                    continue
                cost = board.lay_cost(
                    name, tile, rotation, terrain_on_upgrade=allowance.terrain_on_upgrade
                )
                if cost <= allowance.cash:
                    out.append(TileLay(name, tile.id, rotation, cost, upgrade))
    return out


def check_lay(
    board: Board,
    graph: Graph,
    company: str,
    lay: tuple[str, str, int],
    allowance: Allowance,
    rules: TrackRules,
) -> tuple[int, StopMap]:
    """Cost and token moves of one lay; IllegalAction with the first rule it breaks."""
    name, tile_id, rotation = lay
    if name not in board.hexes:
        raise IllegalAction(f"there is no hex {name}", rule="track.no_hex")
    here = board.hexes[name]
    if name in allowance.skip_hexes:
        raise IllegalAction(f"{name} already took a tile this turn", rule="track.one_per_hex")
    if here.fixed:
        raise IllegalAction(f"the tile in {name} can never be replaced", rule="track.fixed")
    if tile_id not in board.tiles or not board.available(tile_id):
        raise IllegalAction(f"no tile {tile_id} is left in the supply", rule="track.supply")
    tile = board.tiles[tile_id]
    if not _kind_ok(here, tile, allowance):
        what = "lay new tiles" if here.tile.colour is Colour.WHITE else "upgrade to this colour"
        raise IllegalAction(f"{company} may not {what} now", rule="track.allowance")
    check_replacement(
        here.tile, tile, rules=rules.upgrades, colours=rules.colours, label=here.printed.label
    )
    free = (here.tile.id, tile.id) in rules.upgrades.free_stops
    mapping = _fit(board, name, here, tile, rotation, free)
    if mapping is None:
        raise IllegalAction(
            f"tile {tile_id} at rotation {rotation} loses track, leaves no room for tokens, "
            "or runs off the map or into a blocked hexside",
            rule="track.keep_paths",
        )
    if not _touches(tile, rotation, mapping, graph.reach(company), here, name):
        raise IllegalAction(
            f"no route from {company}'s stations reaches the track of {tile_id} in {name}",
            rule="track.no_route",
        )
    cost = board.lay_cost(name, tile, rotation, terrain_on_upgrade=allowance.terrain_on_upgrade)
    if cost > allowance.cash:
        raise IllegalAction(f"{company} cannot pay ${cost} to build in {name}", rule="track.cash")
    return cost, mapping


def token_placements(
    board: Board,
    graph: Graph,
    company: str,
    cash: int,
    cost: int | Callable[[str, str], int] = 0,
) -> list[TokenPlacement]:
    """Every city slot ``company`` may put a station token in now and can pay for."""
    out: list[TokenPlacement] = []
    for name, city in sorted(graph.reach(company).stops):
        if city in board.hexes[name].tokens and graph.can_token(company, name, city):
            price = cost(name, city) if callable(cost) else cost
            if price <= cash:
                out.append(TokenPlacement(name, city, price))
    return out
