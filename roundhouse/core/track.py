"""Every legal tile lay or upgrade for one company (token placements: :mod:`.station`).

A lay (hex, tile, rotation) is legal when (18USA §12.2, 18West §7.1, 18US §6.2,
18RoyalGorge "Lay/Upgrade"):

- the company may build there this turn (its :class:`Allowance`: new tiles, which upgrade
  colours, hexes already built this turn, cash);
- the hex is not fixed (off-board, gray, non-upgradeable print);
- the tile is in the supply and may replace the current one (:mod:`roundhouse.core.upgrade`);
- no new track runs off the map, over an impassable hexside or into a blank side of a red or
  gray hex;
- the new tile connects to the company's routes (:mod:`roundhouse.core.graph`) in the sense
  the title's :class:`LayReach` gives;
- the company can pay the terrain and hexside costs, plus any fee for skipping colours;
- the tile uses every edge of a track stub in the hex (18West §8.2 Doubling tokens:
  :meth:`~roundhouse.core.board.Board.set_stubs`), unless the company's
  :attr:`Allowance.stub_waived` names the hex;
- the hex is not reserved for another company's building (18US §7.3: a Land Grant
  company's reserved hexes), or its owner has permitted this tile there
  (:meth:`~roundhouse.core.board.Board.may_build`).

A lay that founds a station (18US §6.2.2 Junction Towns) names the stop in
:attr:`TileLay.station`; whether the company has a token and the money for it is the
operating round's to check (:class:`~roundhouse.core.flow.board_map.BoardMap`).

Phase-dependent colour policies sit on :class:`TrackRules`: ``colour_skip`` (18USA §12.2.4,
plain track built colours ahead at a fee per colour; from an empty hex it counts as the turn's
upgrade) and ``empty_city_colour`` (18USA §12.2.4, an empty city hex takes a green tile as a
first placement).  ``label_fallback`` waives a hex's label when no tile with that label could
be laid there now (18RoyalGorge "Letter Tiles").

Enumeration reuses cached per-rotation tile data and the cached upgrade fits, so a bot can
call :func:`tile_lays` every turn.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import cast

from roundhouse.core.board import Board, HexState
from roundhouse.core.errors import IllegalAction
from roundhouse.core.graph import Graph
from roundhouse.core.lay_reach import LayReach as LayReach  # re-exported: titles name it here
from roundhouse.core.lay_reach import connects, connects_at, spent_ends
from roundhouse.core.tiles import Colour, Tile, TileSet
from roundhouse.core.upgrade import (
    ColourSkip,
    StopMap,
    UpgradeRules,
    check_replacement,
    founded_station,
    path_fit,
    tokens_fit,
)


@dataclasses.dataclass(frozen=True, slots=True)
class TileLay:
    hex: str
    tile: str
    rotation: int
    cost: int
    upgrade: bool
    station: str | None = None
    """The new tile's stop this lay founds a station on: the laying company's token goes
    there with the tile (:attr:`UpgradeRules.founds_station`, 18US §6.2.2)."""

    def __str__(self) -> str:
        verb = "upgrades to" if self.upgrade else "lays"
        text = f"{verb} {self.tile} on {self.hex}, rotation {self.rotation} (${self.cost})"
        return text if self.station is None else f"{text} with a station token"


_Candidate = tuple[Tile, bool, int, bool]
"""A tile that may replace another, whether that is an upgrade, its colour-skip fee, and
whether its stops may change (:attr:`UpgradeRules.free_stops`)."""


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
    stub_waived: frozenset[str] = frozenset()
    """Hexes whose track stub this company's tile need not continue: the title's lay rules
    say what it must connect there instead (18West §8.2: a connection to another company's
    Doubling token that "would require a tight curve ... may be disregarded"; with two or
    more such tokens "the new tile need only connect to the track of one")."""

    def stub(self, board: Board, name: str) -> frozenset[int]:
        """The stub edges a tile laid in ``name`` by this company must use."""
        if name in self.stub_waived:
            return frozenset()
        return board.stubs.get(name, frozenset())


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrackRules:
    """The title's track settings for the current phase."""

    upgrades: UpgradeRules = dataclasses.field(default_factory=UpgradeRules)
    colours: frozenset[Colour] = frozenset({Colour.YELLOW})
    """Tile colours available in the current phase."""
    reach: LayReach = LayReach.ANY_LINK_TOUCHES
    colour_skip: ColourSkip | None = None
    """Plain track may be built colours ahead at a fee (18USA §12.2.4, phases 5-8)."""
    empty_city_colour: Colour | None = None
    """The colour an empty city hex takes instead of yellow (18USA §12.2.4: green, phases
    5-8); such a lay is a placement, not an upgrade."""
    label_fallback: bool = False
    """When no tile with the hex's label may be laid there now (none left, none of the
    phase's colour), an unlabelled tile may be (18RoyalGorge "Letter Tiles")."""
    _fits: dict[tuple[int, Tile, str | None, bool], tuple[TileSet, list[_Candidate]]] = (
        dataclasses.field(default_factory=dict, init=False, repr=False, compare=False)
    )
    """Cache of :meth:`candidates` (these settings never change, so neither do the answers)."""

    def candidates(
        self, tiles: TileSet, old: Tile, label: str | None, waive: bool
    ) -> list[_Candidate]:
        """Every tile of ``tiles`` (in catalogue order, supply not considered) that passes
        :meth:`check_replacement` over ``old`` in a hex labelled ``label``, with what laying
        it means: an upgrade or not, the colour-skip fee, free stops."""
        key = (id(tiles), old, label, waive)
        hit = self._fits.get(key)
        if hit is not None and hit[0] is tiles:
            return hit[1]
        found: list[_Candidate] = []
        colours, special = self.colours, self.upgrades.special
        for tile in tiles.tiles.values():
            if tile.colour not in colours or tile.id in special:
                continue  # the first two checks of check_replacement, without the message
            try:
                self.check_replacement(old, tile, label, waive_label=waive)
            except IllegalAction:
                continue
            free = (old.id, tile.id) in self.upgrades.free_stops
            found.append((tile, self.is_upgrade(old, tile), self.skip_fee(old, tile), free))
        self._fits[key] = (tiles, found)
        return found

    def check_replacement(
        self, old: Tile, new: Tile, label: str | None, *, waive_label: bool = False
    ) -> None:
        """:func:`~roundhouse.core.upgrade.check_replacement` under these settings."""
        check_replacement(
            old,
            new,
            rules=self.upgrades,
            colours=self.colours,
            label=label,
            skip=self.colour_skip,
            empty_city_colour=self.empty_city_colour,
            waive_label=waive_label,
        )

    def skip_fee(self, old: Tile, new: Tile) -> int:
        """What building ``new`` over ``old`` costs in colour-skip fees (0 without a skip)."""
        if self.colour_skip is None or (old.id, new.id) in self.upgrades.free_colour:
            return 0
        if self.empty_city_colour is not None and old.colour is Colour.WHITE and old.cities:
            return 0
        return self.colour_skip.fee(old, new)

    def is_upgrade(self, old: Tile, new: Tile) -> bool:
        """Does this lay use the turn's upgrade?  Any lay over a tile does; a first tile in an
        empty hex does only when it skips colours (18USA §12.2.4), and an empty city's
        ``empty_city_colour`` tile never does ("treated as a yellow track placement")."""
        if old.colour is not Colour.WHITE:
            return True
        if self.empty_city_colour is not None and old.cities:
            return False
        return new.colour > Colour.YELLOW


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
    if any(here.tokens.values()) and not tokens_fit(
        tile, mapping, {city: len(held) for city, held in here.tokens.items()}
    ):
        return None
    return mapping


def _kind_ok(here: HexState, tile: Tile, allowance: Allowance, rules: TrackRules) -> bool:
    if rules.is_upgrade(here.tile, tile):
        return tile.colour in allowance.upgrade_colours
    return allowance.lay


def _waive_label(board: Board, here: HexState, rules: TrackRules) -> bool:
    """18RoyalGorge "Letter Tiles": the hex's label binds only while some tile carrying it could
    replace the current tile now (in the supply, of a colour this phase allows)."""
    want = here.label
    if not rules.label_fallback or want is None:
        return False
    for tile_id in board.tiles.tiles:
        tile = board.tiles[tile_id]
        if tile.label != want or not board.available(tile_id):
            continue
        try:
            rules.check_replacement(here.tile, tile, here.printed.label)
        except IllegalAction:
            continue
        return False
    return True


def tile_lays(
    board: Board, graph: Graph, company: str, allowance: Allowance, rules: TrackRules
) -> list[TileLay]:
    """Every legal (hex, tile, rotation, cost) for ``company`` now (:func:`iter_tile_lays`)."""
    return list(iter_tile_lays(board, graph, company, allowance, rules))


def iter_tile_lays(
    board: Board, graph: Graph, company: str, allowance: Allowance, rules: TrackRules
) -> Iterator[TileLay]:
    """Every legal (hex, tile, rotation, cost) for ``company`` now, hex by hex, worked out
    only as far as it is read (whether a company may lay at all reads to the first).

    Hexes in name order, then tiles in catalogue order, then rotations: the same lays, in the
    same order, as :func:`check_lay` accepts one by one.  The rotation-free checks come from
    :meth:`TrackRules.candidates` (cached), and each hex's lays are remembered (in the
    board's :class:`~roundhouse.core.derived.Derived` cache) under everything they depend on:
    the hex's tile, rotation and tokens, its neighbours' tiles and the borders between, the
    tiles that may go there, what the company reaches in it, and the allowance.  A lay
    changes one hex and its neighbours, so most hexes are answered from the memo."""
    reach = graph.reach(company)
    stops_by_hex: dict[str, set[str]] = {}
    for hex_name, stop in reach.stops:
        stops_by_hex.setdefault(hex_name, set()).add(stop)
    through_by_hex: dict[str, set[str]] = {}
    for hex_name, stop in reach.through:
        through_by_hex.setdefault(hex_name, set()).add(stop)
    derived = board.derived
    sides = board.hexsides
    hexes = board.hexes
    neighbours = board.grid.neighbours
    borders = board.borders
    fixed_terms = (
        rules.reach,
        allowance.cash,
        allowance.terrain_on_upgrade,
        rules.upgrades.founds_station,
    )
    no_edges: frozenset[int] = frozenset()
    no_pairs: frozenset[tuple[int | str, int | str]] = frozenset()
    whole = rules.reach is LayReach.WHOLE_LINK
    allowed: dict[int, tuple[_Candidate, ...]] = {}
    for name in sorted(reach.hexes):
        if name in allowance.skip_hexes:
            continue
        here = hexes[name]
        if here.fixed:
            continue
        waive = _waive_label(board, here, rules)
        found = rules.candidates(board.tiles, here.tile, here.label, waive)
        options = allowed.get(id(found))
        if options is None:
            options = allowed[id(found)] = tuple(
                c
                for c in found
                if board.available(c[0].id)
                and (c[0].colour in allowance.upgrade_colours if c[1] else allowance.lay)
            )
        if not options:
            continue
        edges = reach.entries.get(name, no_edges)
        old_stops = frozenset(stops_by_hex.get(name, ()))
        through = frozenset(through_by_hex.get(name, ()))
        spent = spent_ends(graph, company, name) if whole else no_pairs
        key = (
            "hex_lays",
            name,
            here.tile,
            here.rotation,
            tuple((city, len(held)) for city, held in here.tokens.items()),
            tuple((e, hexes[n].tile, hexes[n].rotation) for e, n in neighbours(name).items()),
            tuple(borders.get(side) for side in sides(name)),
            allowance.stub(board, name),
            options,
            edges,
            old_stops,
            through,
            spent,
            fixed_terms,
        )
        lays = cast("tuple[TileLay, ...] | None", derived.peek(key))
        if lays is None:
            lays = _hex_lays(
                board, name, here, options, edges, old_stops, through, spent, allowance, rules
            )
            derived.put(key, lays)
        if here.printed.build_reserved is not None:
            yield from (lay for lay in lays if board.may_build(name, company, lay.tile))
        else:
            yield from lays


def lay_of(
    board: Board,
    graph: Graph,
    company: str,
    lay: tuple[str, str, int],
    allowance: Allowance,
    rules: TrackRules,
) -> TileLay:
    """The :class:`TileLay` that :func:`tile_lays` lists for ``lay`` (hex, tile, rotation),
    worked out for that lay alone (:func:`check_lay`: checking a move lists nothing), its
    rotation made canonical; IllegalAction with the first rule it breaks."""
    name, tile_id, rotation = lay
    cost, mapping = check_lay(board, graph, company, lay, allowance, rules)
    here = board.hexes[name]
    tile = board.tiles[tile_id]
    station = founded_station(here.tile, tile, mapping, rules.upgrades)
    upgrade = rules.is_upgrade(here.tile, tile)
    return TileLay(name, tile_id, tile.canonical_rotation(rotation), cost, upgrade, station)


def _hex_lays(
    board: Board,
    name: str,
    here: HexState,
    options: tuple[_Candidate, ...],
    edges: frozenset[int],
    old_stops: frozenset[str],
    through: frozenset[str],
    spent: frozenset[tuple[int | str, int | str]],
    allowance: Allowance,
    rules: TrackRules,
) -> tuple[TileLay, ...]:
    """The lays :func:`tile_lays` finds in one hex."""
    old_exits = here.tile.exits(here.rotation)
    blocked = frozenset(e for e in range(6) if board.exit_blocked(name, e))
    stub = allowance.stub(board, name)
    held = {city: len(t) for city, t in here.tokens.items()}
    any_held = any(held.values())
    out: list[TileLay] = []
    for tile, upgrade, fee, free in options:
        for rotation in tile.rotations:
            mapping = path_fit(here.tile, here.rotation, tile, rotation, free)
            if mapping is None or (tile.exits(rotation) - old_exits) & blocked:
                continue
            if not stub <= tile.exits(rotation):
                continue
            if any_held and not tokens_fit(tile, mapping, held):
                continue
            if not connects_at(
                tile, rotation, mapping, edges, old_stops, through, here, rules.reach, spent
            ):
                continue
            cost = fee + board.lay_cost(
                name, tile, rotation, terrain_on_upgrade=allowance.terrain_on_upgrade
            )
            if cost > allowance.cash:
                continue
            try:
                station = founded_station(here.tile, tile, mapping, rules.upgrades)
            except ValueError:
                continue
            out.append(TileLay(name, tile.id, rotation, cost, upgrade, station))
    return tuple(out)


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
    if not board.may_build(name, company, tile_id):
        raise IllegalAction(
            f"{name} is reserved for {here.printed.build_reserved}, which has not let "
            f"{company} lay tile {tile_id} there",
            rule="track.reserved_hex",
        )
    if tile_id not in board.tiles or not board.available(tile_id):
        raise IllegalAction(f"no tile {tile_id} is left in the supply", rule="track.supply")
    tile = board.tiles[tile_id]
    if not _kind_ok(here, tile, allowance, rules):
        what = "upgrade to this colour" if rules.is_upgrade(here.tile, tile) else "lay new tiles"
        raise IllegalAction(f"{company} may not {what} now", rule="track.allowance")
    rules.check_replacement(
        here.tile, tile, here.printed.label, waive_label=_waive_label(board, here, rules)
    )
    free = (here.tile.id, tile.id) in rules.upgrades.free_stops
    mapping = _fit(board, name, here, tile, rotation, free)
    if mapping is None:
        raise IllegalAction(
            f"tile {tile_id} at rotation {rotation} loses track, leaves no room for tokens, "
            "or runs off the map or into a blocked hexside",
            rule="track.keep_paths",
        )
    stub = allowance.stub(board, name)
    if not stub <= tile.exits(rotation):
        raise IllegalAction(
            f"tile {tile_id} at rotation {rotation} does not continue the track stub in "
            f"{name} (edges {', '.join(map(str, sorted(stub)))})",
            rule="track.stub",
        )
    try:
        founded_station(here.tile, tile, mapping, rules.upgrades)
    except ValueError as exc:
        raise IllegalAction(str(exc), rule="track.no_station") from None
    reach = graph.reach(company)
    if not connects(tile, rotation, mapping, reach, here, name, LayReach.ANY_LINK_TOUCHES):
        raise IllegalAction(
            f"no route from {company}'s stations reaches the track of {tile_id} in {name}",
            rule="track.no_route",
        )
    spent = spent_ends(graph, company, name) if rules.reach is LayReach.WHOLE_LINK else frozenset()
    if not connects(tile, rotation, mapping, reach, here, name, rules.reach, spent):
        raise IllegalAction(
            f"the new track of {tile_id} in {name} extends no route of {company} "
            "and raises the value of no city on one",
            rule="track.extend_route",
        )
    cost = rules.skip_fee(here.tile, tile) + board.lay_cost(
        name, tile, rotation, terrain_on_upgrade=allowance.terrain_on_upgrade
    )
    if cost > allowance.cash:
        raise IllegalAction(f"{company} cannot pay ${cost} to build in {name}", rule="track.cash")
    return cost, mapping
