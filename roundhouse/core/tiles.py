"""Track tiles: stops, paths, labels, colour, rotation, and the tile code grammar.

A tile is described by one line of *tile code*: parts separated by ``;``, each part a keyword
followed by space-separated arguments.  Stops have names, and track refers to stops by name,
so a part can move without breaking the others.

Grammar::

    code      := part (";" part)*
    part      := city | town | offboard | junction | track | label
    city      := "city" NAME ["revenue=" REVENUE] ["slots=" INT]     # slots default 1
    town      := "town" NAME ["revenue=" REVENUE] ["slots=" INT]      # slots default 0
    offboard  := "offboard" NAME "revenue=" REVENUE                   # red areas
    junction  := "junction" NAME                                      # track meets, no revenue
    track     := "track" LINK (" " LINK)*
    LINK      := END "-" END
    END       := EDGE | NAME                                          # EDGE is a digit 0-5
    REVENUE   := INT | COLOUR ":" INT ("/" COLOUR ":" INT)*           # per phase colour
    label     := "label" TEXT                                         # e.g. "label NY"

Edges are numbered 0–5 clockwise as in :mod:`roundhouse.core.hexgrid` (flat: 0 = S; pointy:
0 = SW).  NAME is a lower-case identifier that is not a digit string.  A link may join two
edges (plain track), an edge and a stop, or two stops.  A city or town may have no track
(a pre-printed city hex before any tile is laid).  Examples::

    track 0-2                                        # tile 8: gentle curve
    city c revenue=30 slots=2; track 0-c 1-c 3-c 4-c # tile 14
    offboard o revenue=yellow:20/green:30/brown:40/gray:50; track 0-o 1-o

Colours follow the upgrade order of 18xx track: yellow → green → brown → gray.  White is an
empty or pre-printed hex with no tile laid yet; red (off-board) and blue (water) never change.

>>> t = parse_tile("14", "green", "city c revenue=30 slots=2; track 0-c 1-c 3-c 4-c")
>>> t.exits(0), t.exits(1)
(frozenset({0, 1, 3, 4}), frozenset({1, 2, 4, 5}))
>>> t.stop("c").slots
2
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import itertools
import re
from collections.abc import Callable, Iterable, Mapping

from roundhouse.core.datafile import DataError
from roundhouse.core.static import Static

Endpoint = int | str
"""A path end: an edge number 0–5 or the name of a stop on the same tile."""

Link = tuple[Endpoint, Endpoint]
"""An unordered connection, stored with the smaller key first (edges before stop names)."""


class Colour(enum.IntEnum):
    """Tile colours in upgrade order; RED and BLUE are fixed and never upgrade."""

    WHITE = 0
    YELLOW = 1
    GREEN = 2
    BROWN = 3
    GRAY = 4
    RED = 5
    BLUE = 6

    @classmethod
    def parse(cls, text: str) -> Colour:
        key = text.strip().upper()
        if key == "GREY":
            key = "GRAY"
        try:
            return cls[key]
        except KeyError:
            raise ValueError(f"unknown colour {text!r}") from None

    @property
    def label(self) -> str:
        return self.name.lower()


class StopKind(enum.Enum):
    CITY = "city"
    TOWN = "town"
    OFFBOARD = "offboard"
    JUNCTION = "junction"


class TileError(DataError):
    """Tile code that cannot be read; the message names the source, the tile and the problem
    (inside a data file: the file, line and key, :mod:`roundhouse.core.datafile`)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Stop(Static):
    """A city (with token slots), town, off-board area or junction on a tile."""

    name: str
    kind: StopKind
    revenue: int = 0
    """Revenue when it does not depend on the phase (first phase value otherwise)."""
    slots: int = 0
    phase_revenue: tuple[tuple[Colour, int], ...] = ()
    """Off-board style revenues by phase colour, ascending; empty when fixed."""

    def revenue_in(self, phase: Colour) -> int:
        """Revenue during a phase of colour ``phase``: the last listed colour not above it."""
        value = self.revenue
        for colour, amount in self.phase_revenue:
            if colour <= phase:
                value = amount
        return value

    @property
    def counts_as_stop(self) -> bool:
        """Junctions only join track; the rest are revenue locations."""
        return self.kind is not StopKind.JUNCTION


def _link(a: Endpoint, b: Endpoint) -> Link:
    ka = (0, a, "") if isinstance(a, int) else (1, 0, a)
    kb = (0, b, "") if isinstance(b, int) else (1, 0, b)
    return (a, b) if ka <= kb else (b, a)


def rotate_endpoint(end: Endpoint, rotation: int) -> Endpoint:
    return (end + rotation) % 6 if isinstance(end, int) else end


@dataclasses.dataclass(frozen=True, eq=False)
class Tile(Static):
    """One tile design.  Identity equality: the catalogue holds one object per tile id.

    ``paths`` are the links as printed (rotation 0).  Derived per-rotation data is computed
    once, because legal-move enumeration asks for it many thousands of times per turn.
    """

    id: str
    colour: Colour
    stops: tuple[Stop, ...]
    paths: tuple[Link, ...]
    label: str | None = None
    code: str = ""
    _links: tuple[frozenset[Link], ...] = dataclasses.field(init=False, repr=False)
    _exits: tuple[frozenset[int], ...] = dataclasses.field(init=False, repr=False)
    _distinct: tuple[int, ...] = dataclasses.field(init=False, repr=False)
    _same: tuple[tuple[int, Mapping[str, str]], ...] = dataclasses.field(init=False, repr=False)

    def __post_init__(self) -> None:
        links = tuple(
            frozenset(_junction_free(self.stops, self.rotated_paths(r))) for r in range(6)
        )
        object.__setattr__(self, "_links", links)
        exits = tuple(
            frozenset(e for p in self.rotated_paths(r) for e in p if isinstance(e, int))
            for r in range(6)
        )
        object.__setattr__(self, "_exits", exits)
        same = _same_track(self.stops, self.rotated_paths)
        object.__setattr__(self, "_same", same)
        object.__setattr__(self, "_distinct", tuple(r for r, (d, _) in enumerate(same) if d == r))

    def __repr__(self) -> str:
        return f"<Tile {self.id} {self.colour.label}>"

    def rotated_paths(self, rotation: int) -> tuple[Link, ...]:
        """The paths after turning the tile clockwise by ``rotation`` sixths."""
        r = rotation % 6
        return tuple(_link(rotate_endpoint(a, r), rotate_endpoint(b, r)) for a, b in self.paths)

    def links(self, rotation: int) -> frozenset[Link]:
        """Which ends are joined, with junctions resolved into direct links."""
        return self._links[rotation % 6]

    def joined(self, rotation: int) -> Mapping[Endpoint, tuple[Endpoint, ...]]:
        """:meth:`links` as a look-up: each end -> the ends linked to it, in the order
        :meth:`links` gives the links (route searches step through a tile end by end, and
        that order decides which of two equal routes they find first)."""
        return self._joined[rotation % 6]

    @functools.cached_property
    def _joined(self) -> tuple[Mapping[Endpoint, tuple[Endpoint, ...]], ...]:
        """Worked out on first use and kept outside the dataclass fields (so outside the
        state hash, which covers a tile's fields)."""
        out: list[Mapping[Endpoint, tuple[Endpoint, ...]]] = []
        for links in self._links:
            ends: dict[Endpoint, list[Endpoint]] = {}
            for a, b in links:
                ends.setdefault(a, []).append(b)
                if b != a:
                    ends.setdefault(b, []).append(a)
            out.append({end: tuple(others) for end, others in ends.items()})
        return tuple(out)

    def exits(self, rotation: int) -> frozenset[int]:
        """Edges track leaves the tile by, at this rotation."""
        return self._exits[rotation % 6]

    @property
    def rotations(self) -> tuple[int, ...]:
        """Rotations that give different track (a straight has three, tile 63 one, and a
        green Chicago with two like cities three: a half turn only swaps the cities)."""
        return self._distinct

    def canonical_rotation(self, rotation: int) -> int:
        """The rotation in :attr:`rotations` that lays the same track as ``rotation``.

        Two rotations that lay the same track are one lay: legal-move lists give the first,
        a lay given at the other is the same move (an 18xx.games log may name either).

        >>> from roundhouse.core.tables.tiles import standard_tiles
        >>> t = standard_tiles()["9"]
        >>> t.rotations, t.canonical_rotation(4)
        ((0, 1, 2), 1)
        """
        return self._same[rotation % 6][0]

    def canonical_stops(self, rotation: int) -> Mapping[str, str]:
        """Stop names at ``rotation`` -> the stop in the same place at
        :meth:`canonical_rotation`: identity unless like stops trade places (a half-turned
        two-city tile puts its first city where the second was)."""
        return self._same[rotation % 6][1]

    def stop(self, name: str) -> Stop:
        for stop in self.stops:
            if stop.name == name:
                return stop
        raise KeyError(f"tile {self.id} has no stop {name!r}")

    @property
    def cities(self) -> tuple[Stop, ...]:
        return tuple(s for s in self.stops if s.kind is StopKind.CITY)

    @property
    def stations(self) -> tuple[Stop, ...]:
        """Stops that take station tokens: every city, and towns with slots (18US §6.2.2)."""
        return tuple(s for s in self.stops if s.kind is StopKind.CITY or s.slots)

    @property
    def plain_track(self) -> bool:
        """Track with no revenue stop (junctions allowed), or an empty hex: what 18USA §12.2.4
        calls "plain track" and lets a company build colours ahead for a fee."""
        return not any(s.counts_as_stop for s in self.stops)

    def kinds(self) -> tuple[StopKind, ...]:
        """Revenue-stop kinds, sorted, for "same number and kind of stops" checks."""
        return tuple(
            sorted((s.kind for s in self.stops if s.counts_as_stop), key=lambda k: k.value)
        )

    def stop_edges(self, name: str, rotation: int) -> frozenset[int]:
        """Edges linked directly to stop ``name``."""
        out: set[int] = set()
        for a, b in self.links(rotation):
            if b == name and isinstance(a, int):
                out.add(a)
        return frozenset(out)


def _same_track(
    stops: tuple[Stop, ...], rotated: Callable[[int], tuple[Link, ...]]
) -> tuple[tuple[int, Mapping[str, str]], ...]:
    """For each rotation, the first rotation laying the same track and the stop renaming
    between them.  Stops alike in every way but their name (kind, revenue, slots) may trade
    places: tile 251's half turn swaps its two $60 cities and lays the same track."""
    groups: dict[tuple[object, ...], list[str]] = {}
    for stop in stops:
        groups.setdefault((stop.kind, stop.revenue, stop.slots, stop.phase_revenue), []).append(
            stop.name
        )
    renamings: list[dict[str, str]] = [{}]
    for names in groups.values():
        renamings = [
            {**m, **dict(zip(names, perm, strict=True))}
            for m in renamings
            for perm in itertools.permutations(names)
        ]
    tracks = [frozenset(rotated(r)) for r in range(6)]
    distinct: list[int] = []
    out: list[tuple[int, Mapping[str, str]]] = []
    for r in range(6):
        found: tuple[int, Mapping[str, str]] | None = None
        for d in distinct:
            for renaming in renamings:
                if frozenset(_renamed(link, renaming) for link in tracks[r]) == tracks[d]:
                    found = (d, renaming)
                    break
            if found is not None:
                break
        if found is None:
            distinct.append(r)
            found = (r, {s.name: s.name for s in stops})
        out.append(found)
    return tuple(out)


def _renamed(link: Link, names: Mapping[str, str]) -> Link:
    a, b = link
    return _link(
        names.get(a, a) if isinstance(a, str) else a, names.get(b, b) if isinstance(b, str) else b
    )


def _junction_free(stops: tuple[Stop, ...], paths: Iterable[Link]) -> set[Link]:
    """Replace every junction by direct links between everything that meets there."""
    junctions = {s.name for s in stops if s.kind is StopKind.JUNCTION}
    out: set[Link] = set()
    meets: dict[str, list[Endpoint]] = {j: [] for j in junctions}
    for a, b in paths:
        if a in junctions:
            meets[str(a)].append(b)
        elif b in junctions:
            meets[str(b)].append(a)
        else:
            out.add(_link(a, b))
    for ends in meets.values():
        for x, y in itertools.combinations(ends, 2):
            out.add(_link(x, y))
    return out


_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_KEYWORDS = {"city", "town", "offboard", "junction", "track", "label"}


def _parse_revenue(text: str) -> tuple[int, tuple[tuple[Colour, int], ...]]:
    if ":" not in text:
        return int(text), ()
    pairs: list[tuple[Colour, int]] = []
    for chunk in text.split("/"):
        colour, _, amount = chunk.partition(":")
        pairs.append((Colour.parse(colour), int(amount)))
    pairs.sort()
    if len({c for c, _ in pairs}) != len(pairs):
        raise ValueError(f"revenue {text!r} names a colour twice")
    return pairs[0][1], tuple(pairs)


def parse_tile(tile_id: str, colour: str | Colour, code: str, *, source: str | None = None) -> Tile:
    """Read one tile from its code; TileError names ``source``, the tile id and the problem."""

    def fail(problem: str) -> TileError:
        return TileError(problem, file=source, where=f"tile {tile_id!r}")

    try:
        tile_colour = colour if isinstance(colour, Colour) else Colour.parse(colour)
    except ValueError as exc:
        raise fail(str(exc)) from None
    stops: list[Stop] = []
    paths: list[Link] = []
    label: str | None = None
    for raw in code.split(";"):
        part = raw.strip()
        if not part:
            continue
        word, *args = part.split()
        if word not in _KEYWORDS:
            raise fail(f"unknown part {word!r} in {part!r}")
        if word == "label":
            if len(args) != 1 or label is not None:
                raise fail(f"a tile has one label of one word, got {part!r}")
            label = args[0]
        elif word == "track":
            if not args:
                raise fail("'track' needs at least one link like 0-c")
            for arg in args:
                ends = arg.split("-")
                if len(ends) != 2:
                    raise fail(f"link {arg!r} is not END-END")
                parsed = [int(e) if e.isdigit() else e for e in ends]
                for e in parsed:
                    if isinstance(e, int) and not 0 <= e <= 5:
                        raise fail(f"edge {e} in {arg!r} is not 0-5")
                if parsed[0] == parsed[1]:
                    raise fail(f"link {arg!r} joins an end to itself")
                paths.append(_link(parsed[0], parsed[1]))
        else:
            if not args or not _NAME.match(args[0]):
                raise fail(f"{word} needs a lower-case name first, got {part!r}")
            name, options = args[0], args[1:]
            kv: dict[str, str] = {}
            for opt in options:
                key, eq, value = opt.partition("=")
                if not eq or key not in {"revenue", "slots"} or key in kv:
                    raise fail(f"bad option {opt!r} in {part!r}")
                kv[key] = value
            kind = StopKind(word)
            try:
                revenue, phases = _parse_revenue(kv.get("revenue", "0"))
                slots = int(kv.get("slots", "1" if kind is StopKind.CITY else "0"))
            except ValueError as exc:
                raise fail(f"{part!r}: {exc}") from None
            if kind not in (StopKind.CITY, StopKind.TOWN) and "slots" in kv:
                raise fail(f"only cities and towns have slots: {part!r}")
            if kind is StopKind.OFFBOARD and "revenue" not in kv:
                raise fail(f"off-board {name!r} needs a revenue")
            if kind is StopKind.JUNCTION and kv:
                raise fail(f"a junction takes no options: {part!r}")
            if any(s.name == name for s in stops):
                raise fail(f"stop name {name!r} used twice")
            stops.append(Stop(name, kind, revenue, slots, phases))
    names = {s.name for s in stops}
    for a, b in paths:
        for e in (a, b):
            if isinstance(e, str) and e not in names:
                raise fail(f"track refers to {e!r}, which is not a stop on this tile")
    if len(set(paths)) != len(paths):
        raise fail("the same link is listed twice")
    used = {e for p in paths for e in p if isinstance(e, str)}
    for stop in stops:
        if stop.name not in used and stop.kind is StopKind.JUNCTION:
            raise fail(f"junction {stop.name!r} has no track")
    return Tile(tile_id, tile_colour, tuple(stops), tuple(paths), label, code)


@dataclasses.dataclass(frozen=True)
class TileSet(Static):
    """A catalogue of tiles by id, with the supply count of each (None: unlimited)."""

    tiles: Mapping[str, Tile]
    counts: Mapping[str, int | None]

    def __getitem__(self, tile_id: str) -> Tile:
        return self.tiles[tile_id]

    def __contains__(self, tile_id: object) -> bool:
        return tile_id in self.tiles

    def select(self, counts: Mapping[str, int | None]) -> TileSet:
        """The tiles a title uses, with its own counts (``{"57": 5, "8": None}``)."""
        missing = [t for t in counts if t not in self.tiles]
        if missing:
            raise KeyError(f"no such tiles in the catalogue: {', '.join(sorted(missing))}")
        return TileSet({t: self.tiles[t] for t in counts}, dict(counts))

    def merged(self, other: TileSet) -> TileSet:
        return TileSet({**self.tiles, **other.tiles}, {**self.counts, **other.counts})
