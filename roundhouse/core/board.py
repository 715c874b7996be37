"""The map in play: each hex's tile and rotation, terrain, hexside features, tokens, supply.

A board starts from its *pre-printed hexes* (:class:`PrintedHex`), which a title describes in
TOML (:mod:`roundhouse.core.board_format`).

Tokens sit in city slots (and in the slots of towns that have them, 18US §6.2.2 Junction
Towns); a city's slot may be reserved for a company's home station, which other companies may
not take (18US §3 set-up, 18West §14.5).  A hex may be reserved for one company's building
(18US §7.3: "two hexes to the west of its base City reserved ... Until such a Land Grant
company floats, other companies may not build in those hexes"): the owner may permit a
company a specific tile there (:meth:`Board.permit_build`, "its President may allow other
companies to place specific tiles in its reserved hexes"), and the reservation ends for good
with :meth:`Board.release_builds` ("Once such a Land Grant company has operated, there are no
longer any restrictions").  When a reservation may be given up is the title's rule; the board
keeps the record and :func:`roundhouse.core.track.tile_lays` obeys it.  A hex may hold a
track stub (:meth:`Board.set_stubs`, or printed): the next tile laid there must continue it
(18West §8.2 Doubling tokens).

Replaced tiles go back to the supply (18USA §12.2.2); printed tiles do not.  ``version`` is a
new :func:`~roundhouse.core.derived.stamp` after every change (:meth:`Board.touch`), so values
worked out from the board (reach, lay lists, route graphs) are kept in the game's
:class:`~roundhouse.core.derived.Derived` cache under it and shared by every copy.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping

from roundhouse.core.copying import deep_copy
from roundhouse.core.derived import Derived, Versioned, stamp
from roundhouse.core.errors import IllegalAction
from roundhouse.core.hexgrid import HexGrid, Hexside, opposite
from roundhouse.core.static import Static
from roundhouse.core.tiles import Colour, Tile, TileSet


@dataclasses.dataclass(frozen=True, slots=True)
class Border(Static):
    """A hexside feature: impassable edge, ridge, river … with the cost of crossing it."""

    kind: str
    cost: int = 0

    @property
    def impassable(self) -> bool:
        return self.kind == "impassable"


@dataclasses.dataclass(frozen=True, kw_only=True)
class PrintedHex(Static):
    """What the map shows in a hex before play."""

    name: str
    tile: Tile
    rotation: int = 0
    location: str = ""
    terrain: str = ""
    cost: int = 0
    label: str | None = None
    reserved: Mapping[str, str] = dataclasses.field(default_factory=dict)
    upgradeable: bool = True
    markers: tuple[str, ...] = ()
    build_reserved: str | None = None
    """The company that alone may build here until it permits or releases (18US §7.3)."""
    stubs: frozenset[int] = frozenset()
    """Edges a printed track stub points out of: the first tile laid here must use them."""
    area: str | None = None
    """The revenue area printed over several hexes this one belongs to, which a route visits
    once (18USA §12.1: "A route may not include a single city or red area more than once",
    Mexico's six hexes; 18West §7.5: "A route may not use any ... Off-Map Area ... more than
    once", New York's three)."""


_TEXT = frozenset({str})


class HexState:
    """A hex during play: current tile, rotation, station tokens per city, markers."""

    __slots__ = ("_reserved", "markers", "printed", "rotation", "tile", "tokens")

    def __init__(self, printed: PrintedHex) -> None:
        self.printed = printed
        self.tile = printed.tile
        self.rotation = printed.rotation
        self.tokens: dict[str, list[str]] = {c.name: [] for c in printed.tile.stations}
        self.markers: list[str] = list(printed.markers)
        self._reserved: dict[str, str] = dict(printed.reserved)
        """City (of the current tile) -> company whose home it is.  Starts as printed and
        follows the cities through upgrades, which may rename or merge them.  Private, so
        the state hash (public fields only) is the same as before it existed: it is derived
        from the printed map and the lays."""

    @property
    def reservations(self) -> Mapping[str, str]:
        """Home-station reservations by city of the current tile."""
        return self._reserved

    def canonical_key(self) -> tuple[tuple[object, ...], tuple[object, ...]] | None:
        """Everything the hex's canonical form is made of, as a hashable key naming the
        printed hex and the tile by identity, and those two objects (see
        :mod:`roundhouse.core.canonical`): hexes with equal keys have equal forms, so the
        state hash walks each distinct hex once instead of the whole board after every lay.
        ``None`` when a field holds anything but an exact int (the rotation) or texts (cities,
        companies, markers), whose equality could hide a different form (``1 == True``):
        then the hex is walked as it is."""
        rotation, tokens, markers = self.rotation, self.tokens, self.markers
        reserved = self._reserved
        if type(rotation) is not int:
            return None
        held: tuple[object, ...] = ()
        if tokens:  # most hexes hold no city, no marker and no reservation: no call
            if not _TEXT.issuperset(map(type, tokens)):
                return None
            for companies in tokens.values():
                if companies and not _TEXT.issuperset(map(type, companies)):
                    return None
            held = tuple([(city, *companies) for city, companies in tokens.items()])
        if markers and not _TEXT.issuperset(map(type, markers)):
            return None
        homes: tuple[object, ...] = ()
        if reserved:
            if not (
                _TEXT.issuperset(map(type, reserved))
                and _TEXT.issuperset(map(type, reserved.values()))
            ):
                return None
            homes = tuple(reserved.items())
        printed, tile = self.printed, self.tile
        key = (id(printed), id(tile), rotation, held, tuple(markers) if markers else (), homes)
        return key, (printed, tile)

    def __repr__(self) -> str:
        return f"<Hex {self.printed.name} {self.tile.id}@{self.rotation}>"

    @property
    def label(self) -> str | None:
        return self.tile.label if self.tile.label is not None else self.printed.label

    @property
    def fixed(self) -> bool:
        """No tile may ever replace this one (off-boards, gray, non-upgradeable prints)."""
        return not self.printed.upgradeable or self.tile.colour >= Colour.GRAY


_COPIED = frozenset({"grid", "tiles", "hexes", "borders", "supply", "derived"})
"""Board attributes :meth:`Board.__deepcopy__` copies (or shares) by hand."""


@dataclasses.dataclass(frozen=True, slots=True)
class HomeStation:
    """A printed city circle marked with a company's herald: its home station (the
    ``reserved`` circles of a board's map file)."""

    company: str
    hex: str
    city: str


NEUTRAL = "neutral"
"""A token of no company that fills a slot and blocks nobody (18USA P27's company town; the
18xx.games engine's ``City#blocks?``: a city holding a neutral token never blocks)."""


class Board(Versioned):
    """The map in play.  Mutators check only what they need to stay consistent; the rules
    (reach, upgrade legality, allowances) are checked by :mod:`roundhouse.core.track`.
    Every change gives it a new :attr:`version` (:meth:`touch`), so what is worked out from
    it (its canonical bytes for the state hash included) is kept under the version."""

    def __init__(
        self,
        grid: HexGrid,
        printed: Mapping[str, PrintedHex],
        tiles: TileSet,
        borders: Mapping[Hexside, Border] | None = None,
    ) -> None:
        missing = [name for name in grid if name not in printed]
        if missing:
            raise ValueError(f"hexes without a printed entry: {', '.join(missing)}")
        self.grid = grid
        self.tiles = tiles
        self.hexes: dict[str, HexState] = {n: HexState(printed[n]) for n in grid}
        self.borders: dict[Hexside, Border] = dict(borders or {})
        self.supply: dict[str, int | None] = dict(tiles.counts)
        self.released: set[str] = set()
        """Companies whose reserved building hexes anyone may now build in (18US §7.3)."""
        self.permits: dict[str, set[tuple[str, str]]] = {}
        """Reserved hex -> (company, tile) pairs its owner has permitted there (18US §7.3)."""
        self.stubs: dict[str, frozenset[int]] = {n: p.stubs for n, p in printed.items() if p.stubs}
        """Hex -> edges of the track stub in it, which the next tile laid there must use
        (:meth:`set_stubs`)."""
        self.beside: dict[str, dict[str, list[str]]] = {}
        """Hex -> city -> companies with a station token beside that city's circles: a
        station of theirs that fills no slot (18West §7.4.2: a Bypass token "come[s] with its
        own built-in City circle"; §8.6: an x2 token "at the edge of the tile")."""
        self.version = stamp()
        """Names the board's content: a new :func:`~roundhouse.core.derived.stamp` after
        every change."""
        self.derived = Derived()
        """The cache of what is worked out from the board; the game that plays on it puts
        its own here (:class:`~roundhouse.core.derived.Derived`), so there is one."""
        self.derived.hold(self)

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        """A copy for snapshots, undo and clones that shares what never changes in play (grid,
        tile catalogue, printed hexes, tiles) and copies what does (each hex's tile, rotation,
        tokens and markers; borders, supply, version).  Deep-copying the catalogue made every
        snapshot cost tens of milliseconds and gave the copy new tile objects, which tile
        identity (tile lists, fit caches) treats as other tiles."""
        other = type(self).__new__(type(self))
        memo[id(self)] = other
        hexes: dict[str, HexState] = {}
        for name, here in self.hexes.items():
            twin = HexState.__new__(HexState)
            twin.printed, twin.tile, twin.rotation = here.printed, here.tile, here.rotation
            twin.tokens = {}
            for city, held in here.tokens.items():
                twin.tokens[city] = list(held)
                memo[id(held)] = twin.tokens[city]
            twin.markers = list(here.markers)
            twin._reserved = dict(here._reserved)
            memo[id(here.markers)] = twin.markers
            memo[id(here)] = twin
            hexes[name] = twin
        other.grid, other.tiles, other.hexes = self.grid, self.tiles, hexes
        other.borders, other.supply = dict(self.borders), dict(self.supply)
        other.derived = self.derived
        for key, value in vars(self).items():
            if key not in _COPIED:
                setattr(other, key, deep_copy(value, memo))
        other.derived.hold(other)  # its version's entries stay while it lives
        return other

    def __setstate__(self, state: dict[str, object]) -> None:
        """Unpickled (a packed snapshot, :mod:`roundhouse.core.packing`): like a copy, the
        board counts as holding its version's entries in the cache it shares."""
        vars(self).update(state)
        self.derived.hold(self)

    def restore(self, earlier: Board) -> None:
        """Take back ``earlier``'s content in place (:meth:`Versioned.restore`): each hex
        keeps its :class:`HexState` object and gets ``earlier``'s tile, rotation, tokens,
        markers and reservations; the rest of the board's fields (supply, borders, stubs …,
        a title's own too) become copies of ``earlier``'s, and its version ``earlier``'s, so
        what is kept under that version (derived data, canonical bytes) holds again.
        ``earlier`` is left as it was: it may be restored from again."""
        if earlier.grid is not self.grid or earlier.hexes.keys() != self.hexes.keys():
            raise ValueError("a board can only take back a copy of itself")
        hexes = earlier.hexes
        for name, here in self.hexes.items():
            was = hexes[name]
            here.printed, here.tile, here.rotation = was.printed, was.tile, was.rotation
            here.tokens = {city: list(held) for city, held in was.tokens.items()}
            here.markers = list(was.markers)
            here._reserved = dict(was._reserved)
        self.borders, self.supply = dict(earlier.borders), dict(earlier.supply)
        mine = vars(self)
        for key in [k for k in mine if k not in _COPIED and k not in vars(earlier)]:
            del mine[key]
        memo: dict[int, object] = {}
        for key, value in vars(earlier).items():
            if key not in _COPIED:
                mine[key] = deep_copy(value, memo)
        self.derived.hold(self)

    def touch(self) -> None:
        """The board changed: give it a new :attr:`version`.  Board mutators call it; a
        title that changes what a hex means to the rules without a mutator (a marker it keeps
        itself) calls it too."""
        self.version = stamp()

    def __repr__(self) -> str:
        laid = sum(1 for h in self.hexes.values() if h.tile is not h.printed.tile)
        return f"<Board {len(self.hexes)} hexes, {laid} tiles laid>"

    def __iter__(self) -> Iterator[HexState]:
        return iter(self.hexes.values())

    def __getitem__(self, name: str) -> HexState:
        return self.hexes[name]

    def hexsides(self, name: str) -> tuple[Hexside, ...]:
        """The hexside key of each of the six edges of ``name`` (see
        :meth:`~roundhouse.core.hexgrid.HexGrid.hexside`)."""
        return self.derived.get(
            ("hexsides", name), lambda: tuple(self.grid.hexside(name, e) for e in range(6))
        )

    def border(self, name: str, edge: int) -> Border | None:
        return self.borders.get(self.grid.hexside(name, edge))

    def available(self, tile_id: str) -> bool:
        count = self.supply.get(tile_id, 0)
        return count is None or count > 0

    def exit_blocked(self, name: str, edge: int) -> bool:
        """May new track not leave ``name`` by ``edge``?  Off the map, impassable borders and
        sides of fixed hexes (red, gray) that have no track there."""
        other = self.grid.neighbour(name, edge)
        if other is None:
            return True
        border = self.border(name, edge)
        if border is not None and border.impassable:
            return True
        there = self.hexes[other]
        return there.fixed and opposite(edge) not in there.tile.exits(there.rotation)

    def lay_cost(
        self, name: str, tile: Tile, rotation: int, *, terrain_on_upgrade: bool = False
    ) -> int:
        """Terrain cost of the hex (first tile only, unless the title says otherwise) plus the
        cost of each costed hexside the new track newly reaches, when the hex across has not
        already paid for it (18US §6.2 ridges and river, 18USA §12.2.1, 18West §7.1)."""
        parts = self.cost_parts(name, tile, rotation, terrain_on_upgrade=terrain_on_upgrade)
        return sum(cost for _, cost in parts)

    def cost_parts(
        self, name: str, tile: Tile, rotation: int, *, terrain_on_upgrade: bool = False
    ) -> list[tuple[str, int]]:
        """:meth:`lay_cost` item by item, as (terrain or hexside kind, dollars), so that a
        card absorbing some kinds only (18US §10.1.3: "Mountains, Ridges, and Rivers") can
        tell them apart."""
        here = self.hexes[name]
        parts: list[tuple[str, int]] = []
        if (here.tile is here.printed.tile or terrain_on_upgrade) and here.printed.cost:
            parts.append((here.printed.terrain, here.printed.cost))
        old_exits = here.tile.exits(here.rotation)
        for edge in tile.exits(rotation) - old_exits:
            border = self.border(name, edge)
            if border is None or not border.cost:
                continue
            other = self.grid.neighbour(name, edge)
            if other is not None:
                there = self.hexes[other]
                if opposite(edge) in there.tile.exits(there.rotation):
                    continue
            parts.append((border.kind, border.cost))
        return parts

    def lay(self, name: str, tile_id: str, rotation: int, moves: Mapping[str, str]) -> list[str]:
        """Put ``tile_id`` in ``name``; ``moves`` says which new city takes each old city's
        tokens and home reservation (from :func:`~roundhouse.core.upgrade.check_upgrade`).
        The replaced tile goes back to the supply.

        Where two cities become one and a company had a token in each, one token returns to
        its charter (18West §6.4: two tokens "in non-adjacent City circles in Chicago (F27)
        or St. Louis (H25)" stay "until the tile upgrades to brown, at which time the extra
        token returns to the Company").  Returns the companies that got a token back, once
        per token, for the caller to count off the map."""
        here = self.hexes[name]
        if not self.available(tile_id):
            raise IllegalAction(f"no tile {tile_id} is left in the supply", rule="track.supply")
        tile = self.tiles[tile_id]
        tokens: dict[str, list[str]] = {c.name: [] for c in tile.stations}
        returned: list[str] = []
        for old_city, held in here.tokens.items():
            if held:
                slot = tokens[moves[old_city]]
                for company in held:
                    (returned if company in slot else slot).append(company)
        reserved: dict[str, str] = {}
        for old_city, owner in here._reserved.items():
            new_city = moves.get(old_city, old_city)
            if new_city in tokens:
                reserved.setdefault(new_city, owner)
        count = self.supply[tile_id]
        if count is not None:
            self.supply[tile_id] = count - 1
        old = here.tile
        if old is not here.printed.tile and old.id in self.supply:
            back = self.supply[old.id]
            if back is not None:
                self.supply[old.id] = back + 1
        here.tile, here.rotation, here.tokens = tile, rotation % 6, tokens
        here._reserved = reserved
        if name in self.beside:
            beside: dict[str, list[str]] = {}
            for old_city, held in self.beside[name].items():
                beside.setdefault(moves.get(old_city, old_city), []).extend(held)
            self.beside[name] = beside
        self.permits.pop(name, None)
        self.stubs.pop(name, None)
        self.touch()
        return returned

    def set_stubs(self, name: str, edges: frozenset[int]) -> None:
        """Put a track stub in ``name`` pointing out of ``edges`` (none: take it away).  A
        stub is track as far as the next lay there goes: that tile must keep it, whoever lays
        it (18West §8.2: "a hex containing a Doubling token is treated as if it contained a
        small extension of the Company's existing track"; §8.5: with the TP's token in K12,
        "the only legal tile the SP may lay in K12 is a #9 tile connecting to the TP's
        track").  The lay uses the stub up."""
        if not edges <= frozenset(range(6)):
            raise ValueError(f"stub edges must be 0-5, got {sorted(edges)}")
        if edges:
            self.stubs[name] = edges
        else:
            self.stubs.pop(name, None)
        self.touch()

    def may_build(self, name: str, company: str, tile_id: str) -> bool:
        """May ``company`` lay ``tile_id`` in ``name`` as far as building reservations go?
        Yes unless the hex is reserved for another company that has neither released its
        hexes nor permitted this tile to this company (18US §7.3)."""
        owner = self.hexes[name].printed.build_reserved
        if owner is None or owner == company or owner in self.released:
            return True
        return (company, tile_id) in self.permits.get(name, ())

    def permit_build(self, name: str, company: str, tile_id: str) -> None:
        """The reserving company lets ``company`` lay ``tile_id`` in ``name`` once (18US
        §7.3: "allow other companies to place specific tiles in its reserved hexes")."""
        owner = self.hexes[name].printed.build_reserved
        if owner is None or owner in self.released:
            raise IllegalAction(f"{name} is not a reserved hex", rule="track.not_reserved")
        if tile_id not in self.tiles:
            raise IllegalAction(f"there is no tile {tile_id}", rule="track.no_tile")
        self.permits.setdefault(name, set()).add((company, tile_id))
        self.touch()

    def release_builds(self, owner: str) -> None:
        """Lift every building reservation of ``owner`` for good (18US §7.3: "Once such a
        Land Grant company has operated, there are no longer any restrictions")."""
        if owner in self.released:
            return
        self.released.add(owner)
        for name in [n for n in self.permits if self.hexes[n].printed.build_reserved == owner]:
            del self.permits[name]
        self.touch()

    def reserved_for(self, name: str, city: str) -> str | None:
        """The company whose home ``city`` (a city of the current tile) is, if any."""
        return self.hexes[name].reservations.get(city)

    def open_slots(self, name: str, city: str, company: str) -> int:
        """Slots ``company`` could still take: empty and not reserved for someone else."""
        here = self.hexes[name]
        held = here.tokens.get(city, [])
        owner = self.reserved_for(name, city)
        reserve = 1 if owner is not None and owner != company and owner not in held else 0
        return here.tile.stop(city).slots - len(held) - reserve

    def place_token(self, name: str, city: str, company: str) -> None:
        here = self.hexes[name]
        if city not in here.tokens:
            raise IllegalAction(
                f"{name} has no city or junction town {city!r}", rule="token.no_city"
            )
        if self.open_slots(name, city, company) <= 0:
            raise IllegalAction(f"the city in {name} has no free slot", rule="token.full")
        here.tokens[city].append(company)
        self.touch()

    def remove_token(self, name: str, city: str, company: str) -> None:
        self.hexes[name].tokens[city].remove(company)
        self.touch()

    def replace_token(self, name: str, city: str, old: str, new: str) -> None:
        """``new``'s token takes the slot of ``old``'s (18USA §14.3: the buyer's tokens
        replace the purchased company's where they stand)."""
        held = self.hexes[name].tokens[city]
        held[held.index(old)] = new
        self.touch()

    def place_beside(self, name: str, city: str, company: str) -> None:
        """A station token of ``company`` beside the circles of ``city`` (:attr:`beside`)."""
        if city not in self.hexes[name].tokens:
            raise IllegalAction(f"{name} has no city {city!r}", rule="token.no_city")
        self.beside.setdefault(name, {}).setdefault(city, []).append(company)
        self.touch()

    def remove_beside(self, name: str, city: str, company: str) -> None:
        held = self.beside[name][city]
        held.remove(company)
        if not held:
            del self.beside[name][city]
        if not self.beside[name]:
            del self.beside[name]
        self.touch()

    def beside_of(self, name: str, city: str) -> list[str]:
        """Companies with a station beside ``city`` in ``name`` (:attr:`beside`)."""
        return self.beside.get(name, {}).get(city, [])

    def home_stations(self) -> tuple[HomeStation, ...]:
        """Every printed home circle, in map order."""
        return tuple(
            HomeStation(company, name, city)
            for name, here in self.hexes.items()
            for city, company in here.printed.reserved.items()
        )

    def tokens_of(self, company: str) -> list[tuple[str, str]]:
        """(hex, city) of each of the company's station tokens, in board order.  Read every
        turn by reach and train-buying rules, so one pass over the board per version answers
        every company (tokens change only through :meth:`lay`, :meth:`place_token`,
        :meth:`remove_token` and the ``beside`` mutators, which move the version on).  Tokens
        beside a city's circles (:attr:`beside`) are stations too."""
        index = self.derived.get(("tokens", self.version), self._token_index)
        return list(index.get(company, ()))

    def _token_index(self) -> dict[str, list[tuple[str, str]]]:
        found: dict[str, list[tuple[str, str]]] = {}
        for h in self.hexes.values():
            for city, held in h.tokens.items():
                for owner in dict.fromkeys(held):
                    found.setdefault(owner, []).append((h.printed.name, city))
        for name, cities in self.beside.items():
            for city, held in cities.items():
                for owner in dict.fromkeys(held):
                    found.setdefault(owner, []).append((name, city))
        return found

    def add_marker(self, name: str, marker: str) -> None:
        self.hexes[name].markers.append(marker)
        self.touch()
