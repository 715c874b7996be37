"""The board as trains see it: compile a :class:`~roundhouse.core.board.Board` into a
:class:`~roundhouse.core.routes.graph.RouteGraph`.

Every tile's printed parts become route pieces (18USA §12.1; 18US §6.5; 18West §7.1.1;
18RoyalGorge "Routes"):

- **Stops.**  One :class:`Stop` per city circle, town or off-board of the tile in each hex,
  with id ``"<hex>-<i>"``, ``i`` counting the tile's revenue stops in printed order (junctions
  are not stops).  This is how 18xx.games names route nodes (``"H12-0"``), so its logs and ours
  agree on every tile whose stops come first in its definition.  A city's station tokens fill
  its slots; tokens that take no slot (bypass, junction-town or "x2" tokens) come from the
  title's :class:`StopDecorator`.  The value is the one printed for the current phase's colour
  (off-boards: "the last listed colour not above the phase").
- **Off-boards** are route ends only (``terminal``), the common rule; titles whose trains may
  run through them choose :attr:`TerminalPolicy.PASS_THROUGH`, and a decorator may mark any
  single stop (18USA §12.4.1 Montreal, Mexico) terminal.
- **Segments.**  One per printed path, id ``(hex, path index)``; a path end at an edge is the
  hexside as :meth:`HexGrid.hexside` names it, so the neighbour's path meets it there; a
  junction is the node ``"<hex>:<name>"``.
- **Markers.**  A hex's markers (gold, coal, oil, ore, ghost towns) go into ``hex_tags``;
  ``tags`` given by hex or stop id (coasts "W"/"E") and a decorator's tags go on stops.
- **Visit groups.**  With ``one_city_per_hex`` (18West §7.1.1: "nor may it use more than one
  City circle on the same hex") the cities of one hex share a visit group.

Compiled graphs are kept in the board's :class:`~roundhouse.core.derived.Derived` cache under
its ``version``, the phase and the options, so every caller in one operating turn (default run,
checking the player's routes, bots), and every copy of the position, shares one graph.  Hex by
hex, the pieces are also kept by what the hex holds (tile, rotation, tokens, and the
decorator's extras for its stops), so after a tile lay only that hex is recompiled.  A decorator
that reads state outside the board must be a value that changes (compares unequal) when that
state does, or the cache would hand out a stale graph.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping
from typing import Protocol, cast

from roundhouse.core.board import Board, HexState
from roundhouse.core.phases import Phase
from roundhouse.core.routes.graph import NodeKey, RouteGraph, Segment, Stop, StopKind
from roundhouse.core.static import Static
from roundhouse.core.tiles import Colour, Endpoint
from roundhouse.core.tiles import Stop as TileStop
from roundhouse.core.tiles import StopKind as TileStopKind

_KINDS = {
    TileStopKind.CITY: StopKind.CITY,
    TileStopKind.TOWN: StopKind.TOWN,
    TileStopKind.OFFBOARD: StopKind.OFFBOARD,
}


class TerminalPolicy(enum.Enum):
    """Whether off-board areas end a route."""

    OFFBOARDS = "offboards"
    """Off-boards may only begin or end a route (18USA §12.1; 18US §6.5; 18West §7.1.1)."""
    PASS_THROUGH = "pass_through"
    """Trains may run through off-boards like any other stop."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StopExtras:
    """What a title adds to one stop beyond the printed tile and the slot tokens."""

    tags: frozenset[str] = frozenset()
    extra_tokens: tuple[str, ...] = ()
    """Company tokens that take no slot (18US junction towns, bypass tokens)."""
    doubled_for: frozenset[str] = frozenset()
    """Companies whose "x2" token doubles this stop for them."""
    passable_for: frozenset[str] = frozenset()
    """Companies that may pass through although the slots are full (:attr:`Stop.passable_for`);
    unlike :attr:`extra_tokens` this is no station of theirs."""
    bonus: int = 0
    """Bonus tokens here (+10/+20), for every company."""
    company_bonus: Mapping[str, int] | None = None
    terminal: bool | None = None
    """Overrides the :class:`TerminalPolicy` for this stop when not None."""
    visit_group: str | None = None


class StopDecorator(Protocol):
    """A title hook: extras for the stop ``stop`` (tile stop name) in hex ``hex_name``.

    Must be a value (equal when it would answer the same) because compiled graphs are cached
    by it; keep it a frozen dataclass holding whatever off-board state it reads.
    """

    def __call__(self, board: Board, hex_name: str, stop: str) -> StopExtras | None: ...


@dataclasses.dataclass(frozen=True, kw_only=True)
class GraphOptions(Static):
    """How a title compiles its board; equal options share cached graphs.  Static (copies of
    a game share it): set up once, its ``tags`` never changed."""

    terminal_policy: TerminalPolicy = TerminalPolicy.OFFBOARDS
    tags: Mapping[str, frozenset[str]] = dataclasses.field(default_factory=dict)
    """Hex name or stop id -> tags for the stops there (coasts, "Mexico")."""
    one_city_per_hex: bool = False
    decorate: StopDecorator | None = None
    junction_revisits: bool = False
    """:attr:`RouteGraph.junction_revisits`."""

    def __hash__(self) -> int:
        """Options are cache keys (:class:`~roundhouse.core.derived.Derived`); the tags
        mapping is hashed by its items."""
        tags = tuple(sorted(self.tags.items()))
        return hash(
            (
                self.terminal_policy,
                tags,
                self.one_city_per_hex,
                self.decorate,
                self.junction_revisits,
            )
        )


DEFAULT_OPTIONS = GraphOptions()


def stop_id(hex_name: str, index: int) -> str:
    """The id of the ``index``-th revenue stop of the tile in ``hex_name`` ("H12-0")."""
    return f"{hex_name}-{index}"


def revenue_stops(here: HexState) -> tuple[TileStop, ...]:
    """The tile's cities, towns and off-boards in printed order (what stop ids count)."""
    return tuple(s for s in here.tile.stops if s.counts_as_stop)


def stop_of(board: Board, sid: str) -> tuple[str, str]:
    """``(hex, tile stop name)`` for a stop id; KeyError if there is no such stop."""
    hex_name, _, index = sid.rpartition("-")
    if hex_name not in board.hexes or not index.isdigit():
        raise KeyError(f"no stop {sid!r} on the board")
    stops = revenue_stops(board.hexes[hex_name])
    i = int(index)
    if i >= len(stops):
        raise KeyError(f"no stop {sid!r} on the board")
    return hex_name, stops[i].name


def id_of_stop(board: Board, hex_name: str, stop: str) -> str:
    """The stop id of tile stop ``stop`` in ``hex_name`` (inverse of :func:`stop_of`)."""
    for i, s in enumerate(revenue_stops(board.hexes[hex_name])):
        if s.name == stop:
            return stop_id(hex_name, i)
    raise KeyError(f"{hex_name} has no stop {stop!r}")


_PHASE_COLOURS: dict[tuple[str, ...], Colour] = {}


def phase_colour(phase: Phase | None) -> Colour | None:
    """The colour whose printed values apply in ``phase``: its newest tile colour."""
    if phase is None or not phase.tiles:
        return None
    colour = _PHASE_COLOURS.get(phase.tiles)
    if colour is None:
        colour = _PHASE_COLOURS[phase.tiles] = max(Colour.parse(c) for c in phase.tiles)
    return colour


_HexKey = tuple[object, ...]
_HexPieces = tuple[tuple[Stop, ...], tuple[Segment, ...]]


def route_graph(
    board: Board,
    phase: Phase | None,
    *,
    tags: Mapping[str, Iterable[str]] | None = None,
    terminal_policy: TerminalPolicy = TerminalPolicy.OFFBOARDS,
    one_city_per_hex: bool = False,
    decorate: StopDecorator | None = None,
    options: GraphOptions | None = None,
) -> RouteGraph:
    """The route graph of ``board`` in ``phase`` (cached; see the module docstring).

    Give either the keyword options or a prepared :class:`GraphOptions`.  The returned graph
    is shared: treat it as read-only.
    """
    if options is None:
        options = GraphOptions(
            terminal_policy=terminal_policy,
            tags={k: frozenset(v) for k, v in (tags or {}).items()},
            one_city_per_hex=one_city_per_hex,
            decorate=decorate,
        )
    name = None if phase is None else phase.name
    colour = phase_colour(phase)
    derived = board.derived
    key = ("route_graph", board.version, name, colour, options)
    found = cast("RouteGraph | None", derived.peek(key))
    if found is not None:
        return found
    last = ("route_pieces", colour, options)
    reuse = cast("dict[str, tuple[_HexKey, _HexPieces]]", derived.peek(last) or {})
    graph, pieces = _compile(board, name, colour, options, reuse)
    derived.put(key, graph)
    derived.put(last, pieces)
    return graph


def compile_board(
    board: Board, phase: Phase | None, options: GraphOptions = DEFAULT_OPTIONS
) -> RouteGraph:
    """A fresh, uncached graph (for tests and for callers that mutate the result)."""
    return _compile(board, None if phase is None else phase.name, phase_colour(phase), options, {})[
        0
    ]


def _compile(
    board: Board,
    phase: str | None,
    colour: Colour | None,
    options: GraphOptions,
    reuse: Mapping[str, tuple[_HexKey, _HexPieces]],
) -> tuple[RouteGraph, dict[str, tuple[_HexKey, _HexPieces]]]:
    stops: list[Stop] = []
    segments: list[Segment] = []
    hex_tags: dict[str, frozenset[str]] = {}
    pieces: dict[str, tuple[_HexKey, _HexPieces]] = {}
    decorate = options.decorate
    for name, here in board.hexes.items():
        if here.markers:
            hex_tags[name] = frozenset(here.markers)
        if not here.tile.stops and not here.tile.paths:
            continue
        extras = (
            None
            if decorate is None
            else tuple(decorate(board, name, ts.name) for ts in revenue_stops(here))
        )
        key: _HexKey = (
            here.tile,
            here.rotation,
            tuple((c, tuple(held)) for c, held in here.tokens.items()),
            tuple((c, tuple(held)) for c, held in board.beside.get(name, {}).items()),
            extras,
        )
        old = reuse.get(name)
        if old is not None and old[0] == key:
            built = old[1]
        else:
            built = _compile_hex(board, name, here, colour, options, extras)
        pieces[name] = (key, built)
        stops.extend(built[0])
        segments.extend(built[1])
    graph = RouteGraph(
        tuple(stops),
        tuple(segments),
        phase=phase,
        hex_tags=hex_tags,
        junction_revisits=options.junction_revisits,
    )
    return graph, pieces


def _compile_hex(
    board: Board,
    name: str,
    here: HexState,
    colour: Colour | None,
    options: GraphOptions,
    decorated: tuple[StopExtras | None, ...] | None = None,
) -> _HexPieces:
    """The stops and segments of one hex; ``decorated`` holds the decorator's answer for each
    revenue stop when the caller has asked it already."""
    tile = here.tile
    nodes: dict[str, NodeKey] = {}
    stops: list[Stop] = []
    printed = revenue_stops(here)
    cities = sum(1 for s in printed if s.kind is TileStopKind.CITY)
    hex_tags = options.tags.get(name, frozenset())
    for i, ts in enumerate(printed):
        sid = stop_id(name, i)
        nodes[ts.name] = sid
        kind = _KINDS[ts.kind]
        if decorated is not None:
            extras = decorated[i]
        elif options.decorate is not None:
            extras = options.decorate(board, name, ts.name)
        else:
            extras = None
        terminal = kind is StopKind.OFFBOARD and options.terminal_policy is TerminalPolicy.OFFBOARDS
        group = name if options.one_city_per_hex and cities > 1 and kind is StopKind.CITY else None
        if here.printed.area is not None:
            group = f"area:{here.printed.area}"
        tags = hex_tags | options.tags.get(sid, frozenset())
        if extras is not None:
            tags |= extras.tags
            if extras.terminal is not None:
                terminal = extras.terminal
            if extras.visit_group is not None:
                group = extras.visit_group
        stops.append(
            Stop(
                id=sid,
                hex=name,
                kind=kind,
                revenue=ts.revenue if colour is None else ts.revenue_in(colour),
                slots=ts.slots if kind is StopKind.CITY else 0,
                slot_tokens=tuple(here.tokens.get(ts.name, ())),
                extra_tokens=tuple(board.beside_of(name, ts.name))
                + (() if extras is None else extras.extra_tokens),
                doubled_for=frozenset() if extras is None else extras.doubled_for,
                passable_for=frozenset() if extras is None else extras.passable_for,
                bonus=0 if extras is None else extras.bonus,
                company_bonus=None if extras is None else extras.company_bonus,
                terminal=terminal,
                tags=tags,
                visit_group=group,
            )
        )
    for ts in tile.stops:
        if not ts.counts_as_stop:
            nodes[ts.name] = f"{name}:{ts.name}"
    grid = board.grid

    def node(end: Endpoint) -> NodeKey:
        if isinstance(end, int):
            return grid.hexside(name, end)
        return nodes[end]

    segments = tuple(
        Segment(name, index, node(a), node(b))
        for index, (a, b) in enumerate(tile.rotated_paths(here.rotation))
    )
    return tuple(stops), segments
