"""Hex coordinates as printed on boards, layouts, neighbours, edges and hexsides.

Internally every hex is a point ``(x, y)`` in *doubled* coordinates: on a flat-topped board
hexes in one column are 2 apart in ``y`` and neighbouring columns are offset by 1; on a
pointy-topped board the same holds with ``x`` and ``y`` swapped.  Edges are numbered 0–5
clockwise, as 18xx.games numbers them, so its tile rotations and our own agree:

- flat:   0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE
- pointy: 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE

A :class:`CoordinateSystem` turns printed names into points and back.  Most 18xx boards print
names that are already doubled ("E11": letter = one axis, number = the other, every other
number used).  Some boards (Chicago Express) number every row and stagger alternate columns;
``stagger`` describes that.

>>> ce = CoordinateSystem(layout=Layout.FLAT, letter_axis="x", first_number=0, stagger="odd")
>>> ce.point("K4"), ce.name(ce.point("K4"))
((10, 8), 'K4')
>>> sorted(ce.neighbour_names("B3").values())
['A3', 'A4', 'B2', 'B4', 'C3', 'C4']
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Iterable, Iterator
from typing import Literal

from roundhouse.core.static import Static

Point = tuple[int, int]
Hexside = tuple[str, int]
"""A hexside as ``(hex name, edge)``, normalised by :meth:`HexGrid.hexside`."""


class Layout(enum.Enum):
    FLAT = "flat"
    POINTY = "pointy"


DIRECTIONS: dict[Layout, tuple[Point, ...]] = {
    Layout.FLAT: ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)),
    Layout.POINTY: ((-1, 1), (-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1)),
}
"""Offset to the neighbour across each edge 0–5, in doubled coordinates."""

EDGE_NAMES: dict[Layout, tuple[str, ...]] = {
    Layout.FLAT: ("S", "SW", "NW", "N", "NE", "SE"),
    Layout.POINTY: ("SW", "W", "NW", "NE", "E", "SE"),
}

_NAME = re.compile(r"^([A-Z]+)(-?[0-9]+)$")


def opposite(edge: int) -> int:
    """The edge a neighbour sees us across."""
    return (edge + 3) % 6


def rotate(edge: int, rotation: int) -> int:
    """``edge`` after turning its tile clockwise by ``rotation`` sixths."""
    return (edge + rotation) % 6


def _letters_to_index(letters: str) -> int:
    index = 0
    for ch in letters:
        index = index * 26 + (ord(ch) - ord("A") + 1)
    return index - 1


def _index_to_letters(index: int) -> str:
    out = ""
    index += 1
    while index > 0:
        index, rem = divmod(index - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


@dataclasses.dataclass(frozen=True, kw_only=True)
class CoordinateSystem:
    """How a board prints hex names.

    ``letter_axis``: which doubled axis the letters count ("x" across, "y" down).
    ``first_number``: the number printed for index 0 on the numbered axis (1 on most boards).
    ``stagger``: None when printed names are already doubled; "odd"/"even" when every row
    (flat) or column (pointy) is numbered and the odd/even lettered lines sit half a hex
    further along the numbered axis (Chicago Express: odd columns lower).
    """

    layout: Layout
    letter_axis: Literal["x", "y"] = "x"
    first_number: int = 1
    stagger: Literal["odd", "even"] | None = None

    def point(self, name: str) -> Point:
        """Doubled coordinates of a printed name; ValueError if it is not a hex name."""
        m = _NAME.match(name)
        if m is None:
            raise ValueError(f"{name!r} is not a hex name like 'E11'")
        letter = _letters_to_index(m.group(1))
        number = int(m.group(2)) - self.first_number
        if self.stagger is not None:
            shifted = (letter % 2 == 1) == (self.stagger == "odd")
            number = 2 * number + (1 if shifted else 0)
        return (letter, number) if self.letter_axis == "x" else (number, letter)

    def name(self, point: Point) -> str:
        x, y = point
        letter, number = (x, y) if self.letter_axis == "x" else (y, x)
        if self.stagger is not None:
            number //= 2
        return f"{_index_to_letters(letter)}{number + self.first_number}"

    def neighbour_names(self, name: str) -> dict[int, str]:
        """Every edge's neighbour name, whether or not that hex is on the board."""
        x, y = self.point(name)
        return {
            edge: self.name((x + dx, y + dy))
            for edge, (dx, dy) in enumerate(DIRECTIONS[self.layout])
        }


class HexGrid(Static):
    """The set of hexes on one board, with neighbour and hexside look-ups (cached)."""

    __slots__ = ("_neighbours", "_points", "coords")

    def __init__(self, coords: CoordinateSystem, names: Iterable[str]) -> None:
        self.coords = coords
        self._points: dict[str, Point] = {}
        for name in names:
            point = coords.point(name)
            if coords.name(point) != name:
                raise ValueError(f"hex {name!r} is not on this board's grid")
            self._points[name] = point
        by_point = {p: n for n, p in self._points.items()}
        self._neighbours: dict[str, dict[int, str]] = {}
        for name, (x, y) in self._points.items():
            found = {}
            for edge, (dx, dy) in enumerate(DIRECTIONS[coords.layout]):
                other = by_point.get((x + dx, y + dy))
                if other is not None:
                    found[edge] = other
            self._neighbours[name] = found

    def __contains__(self, name: object) -> bool:
        return name in self._points

    def __iter__(self) -> Iterator[str]:
        return iter(self._points)

    def __len__(self) -> int:
        return len(self._points)

    def point(self, name: str) -> Point:
        return self._points[name]

    def neighbours(self, name: str) -> dict[int, str]:
        """Edge -> neighbouring hex, for the hexes that exist on this board."""
        return self._neighbours[name]

    def neighbour(self, name: str, edge: int) -> str | None:
        return self._neighbours[name].get(edge)

    def edge_towards(self, name: str, other: str) -> int | None:
        """The edge of ``name`` that faces ``other``, None if they do not touch."""
        for edge, neighbour in self._neighbours[name].items():
            if neighbour == other:
                return edge
        return None

    def hexside(self, name: str, edge: int) -> Hexside:
        """One key per hexside, whichever of its two hexes names it."""
        other = self._neighbours[name].get(edge)
        if other is None:
            return (name, edge)
        return min((name, edge), (other, opposite(edge)))

    def distance(self, a: str, b: str) -> int:
        """Steps between two hexes on an unobstructed board."""
        (ax, ay), (bx, by) = self._points[a], self._points[b]
        dx, dy = abs(ax - bx), abs(ay - by)
        if self.coords.layout is Layout.FLAT:
            return dx + max(0, (dy - dx) // 2)
        return dy + max(0, (dx - dy) // 2)
