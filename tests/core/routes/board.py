"""Hand-built track networks for route tests: stops joined by short stretches of track.

``Net.track("A", "B", via=("h1",))`` lays a path from stop A out of its hex, through the
plain-track hexes in ``via``, into stop B's hex: one segment per hex, one hexside crossing
between neighbouring hexes, the way a board adapter compiles real tiles.
"""

from __future__ import annotations

from collections.abc import Iterable

from roundhouse.core.routes import RouteGraph, Segment, SegmentId, Stop, StopKind
from roundhouse.core.routes.graph import NodeKey


class Net:
    def __init__(self) -> None:
        self.stops: dict[str, Stop] = {}
        self.segments: list[Segment] = []
        self.paths: dict[str, int] = {}
        self.hex_tags: dict[str, frozenset[str]] = {}
        self.crossings = 0

    def stop(self, sid: str, kind: StopKind, revenue: int, **kw: object) -> Net:
        hex_ = str(kw.pop("hex", sid))
        self.stops[sid] = Stop(id=sid, hex=hex_, kind=kind, revenue=revenue, **kw)  # type: ignore[arg-type]
        return self

    def city(
        self, sid: str, revenue: int, slots: int = 1, tokens: Iterable[str] = (), **kw: object
    ) -> Net:
        return self.stop(sid, StopKind.CITY, revenue, slots=slots, slot_tokens=tuple(tokens), **kw)

    def town(self, sid: str, revenue: int, **kw: object) -> Net:
        return self.stop(sid, StopKind.TOWN, revenue, **kw)

    def offboard(self, sid: str, revenue: int, **kw: object) -> Net:
        kw.setdefault("terminal", True)
        return self.stop(sid, StopKind.OFFBOARD, revenue, **kw)

    def seg(self, hex_: str, a: NodeKey, b: NodeKey) -> SegmentId:
        index = self.paths.get(hex_, 0)
        self.paths[hex_] = index + 1
        self.segments.append(Segment(hex_, index, a, b))
        return (hex_, index)

    def crossing(self) -> tuple[str, int]:
        self.crossings += 1
        return ("side", self.crossings)

    def track(self, a: str, b: str, via: Iterable[str] = ()) -> list[SegmentId]:
        """Track from stop ``a`` to stop ``b``; returns its segments in order."""
        hexes = [self._hex(a), *via, self._hex(b)]
        nodes: list[NodeKey] = [a]
        for _ in range(len(hexes) - 1):
            nodes.append(self.crossing())
        nodes.append(b)
        return [self.seg(h, nodes[i], nodes[i + 1]) for i, h in enumerate(hexes)]

    def _hex(self, key: str) -> str:
        return self.stops[key].hex if key in self.stops else key

    def graph(self, phase: str | None = None) -> RouteGraph:
        return RouteGraph(
            tuple(self.stops.values()), tuple(self.segments), phase=phase, hex_tags=self.hex_tags
        )
