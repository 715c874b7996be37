"""The track network as trains see it: stops, track segments and hexside crossings.

A board (tiles, tokens, markers) is compiled once per position into a :class:`RouteGraph`; the
route rules, revenue and the optimiser read only this.  The model follows the common ground of
the four rulebooks (18RoyalGorge "Routes"; 18USA §12.1; 18US §6.5; 18West §7.1.1):

- **Stops** are revenue locations: cities (with token slots), towns and off-boards.  Each has
  its value (per phase colour when printed so, e.g. off-boards), the companies holding tokens
  there, bonus tokens, doubling ("x2") tokens, free-form ``tags`` a title's hooks read ("W"/"E"
  coasts, "gold"), and a ``visit_group`` for titles where two stops may not share one route
  (18West §7.1.1: "nor may it use more than one City circle on the same hex").
- **Segments** are the paths printed inside one hex, from one *node* to another: a stop, a
  hexside crossing (``(hex, edge)`` as :meth:`HexGrid.hexside` names it) or a junction point in
  the middle of a tile (any other string).  A segment's id is ``(hex, path index)``.
- **Track** is a segment or a hexside crossing.  A train may not use any piece of track twice,
  and one company's trains may not share any (18RoyalGorge Rule 3; 18USA §12.4; 18US §6.5;
  18West §7.5).  Each piece of track gets one bit, so "shares track" is ``a & b != 0``.
- **A train crosses a hexside or stays out of it**: two paths of one tile that end at the
  same edge do not join there, a turn from one to the other is a reversal (18RoyalGorge
  "no sharp reversals"; 18USA §12.1 "may not reverse"; 18US §6.5; 18West §7.1.1).  Each side
  of a crossing gets a bit of its own (:attr:`RouteGraph.side_bits`) that every segment
  ending there on that side carries, so two segments of one side clash like shared track.

For speed the graph is also *reduced*: chains of segments joined at plain hexside crossings
collapse into one edge between "route nodes" (stops and branch points), carrying the bitset
of every piece of track on it.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from roundhouse.core.board import NEUTRAL

NodeKey = str | tuple[str, int]
"""A stop or junction id (``str``) or a hexside crossing (``(hex, edge)``)."""

SegmentId = tuple[str, int]
"""``(hex, path index)``: one printed path on the tile in that hex."""


class StopKind(enum.Enum):
    CITY = "city"
    TOWN = "town"
    OFFBOARD = "offboard"


ALL_KINDS: frozenset[StopKind] = frozenset(StopKind)
MAJOR_KINDS: frozenset[StopKind] = frozenset((StopKind.CITY, StopKind.OFFBOARD))


@dataclass(frozen=True, slots=True, kw_only=True)
class Stop:
    """One revenue location as the board shows it now."""

    id: str
    hex: str
    kind: StopKind
    revenue: int = 0
    phase_revenue: Mapping[str, int] | None = None
    """Value by phase colour (off-boards); :attr:`revenue` when the phase is not listed."""
    slots: int = 0
    """Token slots (city circles); 0 for towns and off-boards."""
    slot_tokens: tuple[str, ...] = ()
    """Companies whose tokens fill slots here."""
    extra_tokens: tuple[str, ...] = ()
    """Company tokens that take no slot (bypass tokens, 18US junction-town or x2 tokens)."""
    doubled_for: frozenset[str] = frozenset()
    """Companies whose doubling ("x2") token doubles this stop for them."""
    passable_for: frozenset[str] = frozenset()
    """Companies that may run through this city although other companies' tokens fill it,
    without having a station here (a lease or right of way, such as 18RoyalGorge's Hanging
    Bridge Lease through the gorge)."""
    bonus: int = 0
    """Sum of bonus tokens here (+10/+20), for every company."""
    company_bonus: Mapping[str, int] | None = None
    """Extra value for one company only (e.g. an express-freight marker)."""
    terminal: bool = False
    """A route may start or end here but never pass through (most off-boards)."""
    tags: frozenset[str] = frozenset()
    visit_group: str | None = None
    """Stops sharing a group may not both be on one route; None: the stop's own id."""

    def value(self, phase: str | None) -> int:
        if phase is not None and self.phase_revenue is not None:
            return self.phase_revenue.get(phase, self.revenue)
        return self.revenue

    def has_token(self, company: str) -> bool:
        return company in self.slot_tokens or company in self.extra_tokens

    def blocks(self, company: str) -> bool:
        """True if ``company`` may end here but not pass through (all slots held by others,
        none of them a neutral token, and no right of way: :attr:`passable_for`).

        18USA §12.1, 18RoyalGorge "Don't forget", 18US §6.5, 18West §7.1.1.
        """
        if self.terminal:
            return True
        return (
            self.slots > 0
            and len(self.slot_tokens) >= self.slots
            and not self.has_token(company)
            and company not in self.passable_for
            and NEUTRAL not in self.slot_tokens
        )


@dataclass(frozen=True, slots=True)
class Segment:
    """A path inside ``hex`` between two nodes; ``index`` numbers the paths of that tile."""

    hex: str
    index: int
    a: NodeKey
    b: NodeKey

    @property
    def id(self) -> SegmentId:
        return (self.hex, self.index)


class NodeType(enum.Enum):
    STOP = "stop"
    EDGE = "edge"
    JUNCTION = "junction"


@dataclass(slots=True)
class Chain:
    """A stretch of track between two route nodes with nothing to choose in between."""

    a: int
    b: int
    units: int
    hexes: int
    segments: tuple[int, ...]
    """Segment indices in order from ``a`` to ``b``."""


@dataclass(slots=True)
class RouteGraph:
    """A compiled network.  Build it with the board's stops and segments for one phase."""

    stops: tuple[Stop, ...]
    segments: tuple[Segment, ...]
    phase: str | None = None
    hex_tags: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Markers on hexes that are not stops (gold cubes, resource tokens, ghost towns)."""
    junction_revisits: bool = False
    """Whether a route may pass a junction point again on other track (18USA §12.1: "may
    change directions at the junctions"; only its stretches of track may not be reused)."""

    node_keys: list[NodeKey] = field(init=False)
    node_type: list[NodeType] = field(init=False)
    node_index: dict[NodeKey, int] = field(init=False)
    stop_index: dict[str, int] = field(init=False)
    """Stop id -> node index (stops are nodes ``0 .. len(stops)-1``)."""
    segment_index: dict[SegmentId, int] = field(init=False)
    seg_ends: list[tuple[int, int]] = field(init=False)
    incident: list[list[int]] = field(init=False)
    """Node -> indices of segments touching it."""
    node_unit: list[int] = field(init=False)
    """Track bit of a hexside crossing node; 0 for stops and junctions."""
    side_bits: dict[tuple[int, str], int] = field(init=False)
    """(crossing node, hex) -> the bit of that side of the crossing (see the module
    docstring: one side's segments may not follow each other there)."""
    hex_bit: dict[str, int] = field(init=False)
    _reduced: tuple[list[Chain], list[list[tuple[int, int]]]] | None = field(
        init=False, default=None, repr=False, compare=False
    )
    """:attr:`chains` and :attr:`chain_adj`, worked out when first read (:meth:`_reduce`)."""
    _visit_bits: list[int] | None = field(init=False, default=None, repr=False)

    def __post_init__(self) -> None:
        """Number the nodes (stops first, then the other segment ends in segment order) and
        the track bits (segments, then crossings, then crossing sides).  Every operating turn
        compiles a graph for the new position and most only check a player's routes, so the
        loops are written flat, and the chains the optimiser needs wait until it reads them."""
        keys: list[NodeKey] = []
        types: list[NodeType] = []
        index: dict[NodeKey, int] = {}
        stop_index: dict[str, int] = {}
        for stop in self.stops:
            sid = stop.id
            if sid in stop_index:
                raise ValueError(f"stop {sid!r} listed twice")
            index[sid] = stop_index[sid] = len(keys)
            keys.append(sid)
            types.append(NodeType.STOP)
        segment_index: dict[SegmentId, int] = {}
        seg_ends: list[tuple[int, int]] = []
        hexes: dict[str, int] = {}
        for stop in self.stops:
            hexes.setdefault(stop.hex, len(hexes))
        edge, junction = NodeType.EDGE, NodeType.JUNCTION
        for seg in self.segments:
            sid_seg = (seg.hex, seg.index)
            if sid_seg in segment_index:
                raise ValueError(f"segment {sid_seg} listed twice")
            hexes.setdefault(seg.hex, len(hexes))
            a = index.get(seg.a)
            if a is None:
                a = index[seg.a] = len(keys)
                keys.append(seg.a)
                types.append(edge if isinstance(seg.a, tuple) else junction)
            b = index.get(seg.b)
            if b is None:
                b = index[seg.b] = len(keys)
                keys.append(seg.b)
                types.append(edge if isinstance(seg.b, tuple) else junction)
            if a == b:
                raise ValueError(f"segment {sid_seg} starts and ends at the same node")
            segment_index[sid_seg] = len(seg_ends)
            seg_ends.append((a, b))
        self.node_keys, self.node_type, self.node_index = keys, types, index
        self.stop_index, self.segment_index, self.seg_ends = stop_index, segment_index, seg_ends
        self.hex_bit = {h: 1 << i for h, i in hexes.items()}
        incident: list[list[int]] = [[] for _ in keys]
        for i, (a, b) in enumerate(seg_ends):
            incident[a].append(i)
            incident[b].append(i)
        self.incident = incident
        next_bit = len(seg_ends)
        node_unit = [0] * len(keys)
        crossings = [n for n, kind in enumerate(types) if kind is edge]
        for n in crossings:
            node_unit[n] = 1 << next_bit
            next_bit += 1
        self.node_unit = node_unit
        side_bits: dict[tuple[int, str], int] = {}
        segments = self.segments
        for n in crossings:
            for touching in incident[n]:
                side = (n, segments[touching].hex)
                if side not in side_bits:
                    side_bits[side] = 1 << next_bit
                    next_bit += 1
        self.side_bits = side_bits

    @property
    def chains(self) -> list[Chain]:
        """The reduced network's edges: stretches of track between route nodes."""
        if self._reduced is None:
            self._reduced = self._reduce()
        return self._reduced[0]

    @property
    def chain_adj(self) -> list[list[tuple[int, int]]]:
        """Route node -> (chain index, node at the other end)."""
        if self._reduced is None:
            self._reduced = self._reduce()
        return self._reduced[1]

    def side_bit(self, seg: int, node: int) -> int:
        """The bit of the side of crossing ``node`` that segment ``seg`` ends on (0 when
        ``node`` is a stop or a junction)."""
        return self.side_bits.get((node, self.segments[seg].hex), 0)

    def turns_back(self, seg: int, node: int, nxt: int) -> bool:
        """Whether going on from ``seg`` to ``nxt`` at ``node`` reverses at a hexside: both
        are paths of the same tile ending at that edge."""
        return (
            self.node_type[node] is NodeType.EDGE
            and self.segments[seg].hex == self.segments[nxt].hex
        )

    def is_route_node(self, node: int) -> bool:
        """Stops and branch points; plain crossings (two segments) are folded into chains."""
        return self.node_type[node] is NodeType.STOP or len(self.incident[node]) >= 3

    def _reduce(self) -> tuple[list[Chain], list[list[tuple[int, int]]]]:
        """Walk every chain once: from each route node along each of its segments, in node
        order, skipping a walk that would only retrace a chain found from its other end."""
        chains: list[Chain] = []
        adj: list[list[tuple[int, int]]] = [[] for _ in self.node_keys]
        found_ends: set[tuple[int, int]] = set()
        """(route node, segment) pairs that end a chain already found."""
        seen: set[frozenset[int]] = set()
        incident, types, stop = self.incident, self.node_type, NodeType.STOP
        for start in range(len(self.node_keys)):
            if types[start] is not stop and len(incident[start]) < 3:
                continue
            for first in incident[start]:
                if (start, first) in found_ends:
                    continue
                chain = self._walk(start, first)
                if chain is None:
                    continue
                key = frozenset(chain.segments)
                if key in seen:
                    continue
                seen.add(key)
                found_ends.add((chain.b, chain.segments[-1]))
                idx = len(chains)
                chains.append(chain)
                adj[chain.a].append((idx, chain.b))
                adj[chain.b].append((idx, chain.a))
        return chains, adj

    def _walk(self, start: int, first: int) -> Chain | None:
        incident, seg_ends, types, node_unit = (
            self.incident,
            self.seg_ends,
            self.node_type,
            self.node_unit,
        )
        segments, side_bits, hex_bit = self.segments, self.side_bits, self.hex_bit
        stop = NodeType.STOP
        units = side_bits.get((start, segments[first].hex), 0)
        hexes = 0
        segs: list[int] = []
        node = start
        seg = first
        while True:
            if units >> seg & 1:
                return None  # a loop of plain track never reaching a route node
            units |= 1 << seg
            here = segments[seg].hex
            hexes |= hex_bit[here]
            segs.append(seg)
            a, b = seg_ends[seg]
            node = b if a == node else a
            units |= side_bits.get((node, here), 0)
            touching = incident[node]
            if types[node] is stop or len(touching) >= 3:
                break
            units |= node_unit[node]
            others = [s for s in touching if s != seg]
            if not others:
                return None  # track running into the map edge or an unfinished end
            if types[node] is NodeType.EDGE and segments[others[0]].hex == here:
                return None  # two paths of one tile meeting at an edge: no way on
            seg = others[0]
        if node == start:
            return None  # a loop back into the same node can never be part of a route
        return Chain(a=start, b=node, units=units, hexes=hexes, segments=tuple(segs))

    def stop(self, stop_id: str) -> Stop:
        return self.stops[self.stop_index[stop_id]]

    def segment(self, seg: SegmentId) -> Segment:
        return self.segments[self.segment_index[seg]]

    def visit_bits(self) -> list[int]:
        """Route node -> bit for "visited on this route"; stops of one visit group share one.

        Computed once per graph: route checks call it for every route they trace."""
        if self._visit_bits is not None:
            return self._visit_bits
        groups: dict[str, int] = {}
        bits: list[int] = []
        for n, key in enumerate(self.node_keys):
            if n < len(self.stops):
                group = self.stops[n].visit_group or f"stop:{self.stops[n].id}"
            elif self.junction_revisits and self.node_type[n] is NodeType.JUNCTION:
                bits.append(0)
                continue
            else:
                group = f"node:{key}"
            bits.append(1 << groups.setdefault(group, len(groups)))
        self._visit_bits = bits
        return bits

    def reachable(self, company: str) -> list[bool]:
        """Nodes some route of ``company`` could touch: reachable from its tokens without
        passing through a stop that blocks it (18USA §12.1)."""
        seen = [False] * len(self.node_keys)
        todo = [self.stop_index[s.id] for s in self.stops if s.has_token(company)]
        for n in todo:
            seen[n] = True
        starts = set(todo)
        while todo:
            node = todo.pop()
            if node < len(self.stops) and node not in starts and self.stops[node].blocks(company):
                continue
            for seg in self.incident[node]:
                a, b = self.seg_ends[seg]
                other = b if a == node else a
                if not seen[other]:
                    seen[other] = True
                    todo.append(other)
        return seen

    def token_count(self, company: str) -> int:
        """Station tokens ``company`` has on the map (18US §6.5.1 freight bonus)."""
        return sum(s.slot_tokens.count(company) + s.extra_tokens.count(company) for s in self.stops)

    def hexes_of(self, segment_indices: Iterable[int]) -> frozenset[str]:
        return frozenset(self.segments[i].hex for i in segment_indices)

    def chain_segments(self, chain: int, forward: bool) -> Sequence[int]:
        segs = self.chains[chain].segments
        return segs if forward else segs[::-1]
