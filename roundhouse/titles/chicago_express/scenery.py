"""The rivers and lakes of the Chicago Express map, read from ``scenery.toml``.

Scenery only: nothing in the rules reads it.  Rivers are written as real courses (towns on
their banks, in latitude and longitude) and put on the board through the board's named places
(:func:`projection`); the board is not drawn to scale, so a river lands where those places put
it, to about a hex.  Lakes are cells of the hex grid outside the board.  The file's header says
where each fact comes from.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Mapping

from roundhouse.core.datafile import Invalid, Table, load
from roundhouse.titles.chicago_express.board import COORDINATES, HERE, load_board

LatLon = tuple[float, float]
"""Degrees north, degrees east (west is negative)."""
Point = tuple[float, float]
"""Doubled hex-grid coordinates (:mod:`roundhouse.core.hexgrid`), fractional."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class AnchorRow(Table):
    """A named place of the board at its real position; the key is its hex."""

    name: str
    """The place's name."""
    at: tuple[float, float]
    """Latitude (degrees north) and longitude (degrees east; west is negative)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class LakeRow(Table):
    """A lake drawn over cells of the hex grid that are not on the board."""

    name: str
    """The name written on it."""
    cells: tuple[str, ...]
    """Grid cells it covers, named like hexes ("G1")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class RiverRow(Table):
    """A river's course, as towns on its banks from one end to the other."""

    name: str
    """The river's name."""
    major: bool = True
    """A main river, drawn wider than a tributary."""
    course: tuple[tuple[float, float], ...]
    """Latitude and longitude of each point, in order along the river."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(self.course) < 2:
            raise Invalid("a course needs two points at least", "course")


@dataclasses.dataclass(frozen=True, kw_only=True)
class SceneryFile(Table):
    """Chicago Express scenery.toml: rivers and lakes, placed through the anchors."""

    anchors: Mapping[str, AnchorRow]
    """Named hexes at their real positions (three at least, not on one line)."""
    lakes: Mapping[str, LakeRow]
    """Lakes by id."""
    rivers: Mapping[str, RiverRow]
    """Rivers by id."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(self.anchors) < 3:
            raise Invalid("three anchors at least are needed to place the rivers", "anchors")
        for key, lake in self.lakes.items():
            for cell in lake.cells:
                try:
                    COORDINATES.point(cell)
                except ValueError as exc:
                    raise Invalid(str(exc), "lakes", key, "cells") from None


@functools.cache
def load_scenery() -> SceneryFile:
    """Read and check ``scenery.toml`` (once per process): anchors are hexes of the board,
    lakes lie off it."""
    doc = load(HERE / "scenery.toml", SceneryFile)
    hexes = load_board().hexes
    for hex_id, anchor in doc.anchors.items():
        if hex_id not in hexes:
            raise anchor.fail(f"{hex_id} is not a hex of the board", "at")
    for lake in doc.lakes.values():
        on_board = [c for c in lake.cells if c in hexes]
        if on_board:
            raise lake.fail(f"{', '.join(on_board)} are hexes of the board", "cells")
    return doc


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a · x = b`` (Gauss-Jordan with partial pivoting)."""
    n = len(b)
    a = [row[:] for row in a]
    b = b[:]
    for col in range(n):
        pivot = max(range(col, n), key=lambda i: abs(a[i][col]))
        if abs(a[pivot][col]) < 1e-12:
            raise ValueError("the anchors lie on one line")
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for i in range(n):
            if i != col and a[i][col] != 0.0:
                f = a[i][col] / a[col][col]
                a[i] = [x - f * y for x, y in zip(a[i], a[col], strict=True)]
                b[i] -= f * b[col]
    return [b[i] / a[i][i] for i in range(n)]


def _kernel(d2: float) -> float:
    """The thin-plate spline's radial function r² log r, written with r²."""
    return 0.0 if d2 <= 0.0 else 0.5 * d2 * math.log(d2)


def projection(anchors: Mapping[Point, LatLon]) -> Callable[[LatLon], Point]:
    """Latitude/longitude -> board position: the thin-plate spline through the anchors.

    It puts every anchor exactly on its hex's centre and bends the plane as little as that
    allows, so between and beyond the anchors it stays close to the best affine map (the
    printed board is not to scale: it is stretched east-west).

    >>> place = projection({(0, 0): (0.0, 0.0), (2, 0): (0.0, 1.0), (0, 2): (-1.0, 0.0),
    ...                     (2, 3): (-1.0, 1.0)})
    >>> [round(v, 6) for v in place((0.0, 1.0))], [round(v, 6) for v in place((-1.0, 1.0))]
    ([2.0, 0.0], [2.0, 3.0])
    """
    spots = list(anchors.values())
    n = len(spots)
    size = n + 3
    a = [[0.0] * size for _ in range(size)]
    for i, (lat_i, lon_i) in enumerate(spots):
        for j, (lat_j, lon_j) in enumerate(spots):
            a[i][j] = _kernel((lat_i - lat_j) ** 2 + (lon_i - lon_j) ** 2)
        for k, v in enumerate((1.0, lon_i, lat_i)):
            a[i][n + k] = v
            a[n + k][i] = v
    kx = _solve(a, [float(p[0]) for p in anchors] + [0.0] * 3)
    ky = _solve(a, [float(p[1]) for p in anchors] + [0.0] * 3)

    def place(at: LatLon) -> Point:
        lat, lon = at
        radial = [_kernel((lat - la) ** 2 + (lon - lo) ** 2) for la, lo in spots]
        x = kx[n] + kx[n + 1] * lon + kx[n + 2] * lat
        y = ky[n] + ky[n + 1] * lon + ky[n + 2] * lat
        x += sum(w * r for w, r in zip(kx, radial, strict=False))
        y += sum(w * r for w, r in zip(ky, radial, strict=False))
        return x, y

    return place


@dataclasses.dataclass(frozen=True, slots=True)
class PlacedRiver:
    """A river's course on the board."""

    name: str
    major: bool
    course: tuple[Point, ...]


@functools.cache
def placed_rivers() -> tuple[PlacedRiver, ...]:
    """Every river of ``scenery.toml`` in board coordinates."""
    doc = load_scenery()
    place = projection({COORDINATES.point(h): (a.at[0], a.at[1]) for h, a in doc.anchors.items()})
    return tuple(
        PlacedRiver(
            river.name,
            river.major,
            tuple(place((lat, lon)) for lat, lon in river.course),
        )
        for river in doc.rivers.values()
    )
