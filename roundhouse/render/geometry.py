"""Hex shapes in SVG units: centres, corners, edge midpoints and bands for text.

Hex centres come from the doubled coordinates of :mod:`roundhouse.core.hexgrid`: the pixel
vector to a neighbour is the doubled offset scaled per axis, so the midpoint of an edge is half
of it.  Every number is rounded once, when it is written (:func:`num`), so the same board
always gives the same bytes.
"""

from __future__ import annotations

import functools
import math

from roundhouse.core.hexgrid import DIRECTIONS, Layout, Point

R = 40.0
"""Hex radius (centre to corner) in SVG units."""

XY = tuple[float, float]


def num(value: float) -> str:
    """A coordinate as written into the SVG: one decimal, no ``-0.0``."""
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


@functools.cache
def scale(layout: Layout) -> XY:
    """SVG units per doubled-coordinate step along x and y."""
    if layout is Layout.FLAT:
        return 1.5 * R, math.sqrt(3) / 2 * R
    return math.sqrt(3) / 2 * R, 1.5 * R


def centre(layout: Layout, point: Point) -> XY:
    sx, sy = scale(layout)
    return point[0] * sx, point[1] * sy


@functools.cache
def edge_mid(layout: Layout, edge: int) -> XY:
    sx, sy = scale(layout)
    dx, dy = DIRECTIONS[layout][edge]
    return dx * sx / 2, dy * sy / 2


@functools.cache
def corners(layout: Layout) -> tuple[XY, ...]:
    start = 0 if layout is Layout.FLAT else 30
    return tuple(
        (R * math.cos(math.radians(start + 60 * i)), R * math.sin(math.radians(start + 60 * i)))
        for i in range(6)
    )


@functools.cache
def edge_corners(layout: Layout, edge: int) -> tuple[XY, XY]:
    """The two corners that bound ``edge``."""
    mx, my = edge_mid(layout, edge)
    angle = math.atan2(my, mx)
    a, b = angle - math.radians(30), angle + math.radians(30)
    return (R * math.cos(a), R * math.sin(a)), (R * math.cos(b), R * math.sin(b))


@functools.cache
def polygon_points(layout: Layout) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in corners(layout))


@functools.cache
def half_extent(layout: Layout) -> XY:
    """Half the width and height of one hex."""
    if layout is Layout.FLAT:
        return R, math.sqrt(3) / 2 * R
    return math.sqrt(3) / 2 * R, R


@functools.cache
def half_width_at(layout: Layout, y: float) -> float:
    """Half the hex's width on the horizontal line ``y`` (0 at the centre)."""
    ay = abs(y)
    if layout is Layout.FLAT:
        return max(0.0, R - ay / math.sqrt(3))
    if ay <= R / 2:
        return math.sqrt(3) / 2 * R
    return max(0.0, math.sqrt(3) * (R - ay))
