"""The rivers and lakes of the Chicago Express map (scenery.toml): real courses placed through
the board's named places, lakes in the grid cells the board leaves out (issue #20)."""

from __future__ import annotations

import math

import pytest

from roundhouse.core.datafile import DataError, read
from roundhouse.titles.chicago_express.board import COORDINATES, load_board
from roundhouse.titles.chicago_express.scenery import (
    SceneryFile,
    load_scenery,
    placed_rivers,
    projection,
)


def test_every_anchor_lands_on_its_hex_centre() -> None:
    """The projection is exact at the named places: Pittsburgh's latitude and longitude fall
    on K4's centre, and so on for all nine."""
    doc = load_scenery()
    place = projection({COORDINATES.point(h): (a.at[0], a.at[1]) for h, a in doc.anchors.items()})
    for hex_id, anchor in doc.anchors.items():
        x, y = place((anchor.at[0], anchor.at[1]))
        hx, hy = COORDINATES.point(hex_id)
        assert math.isclose(x, hx, abs_tol=1e-6) and math.isclose(y, hy, abs_tol=1e-6), hex_id


def test_rivers_start_where_the_board_names_their_towns() -> None:
    """The Ohio starts at Pittsburgh (K4) and passes Wheeling (I6); the Hudson starts at New
    York (S3); the Maumee at Fort Wayne (D3) - the anchors the rivers' towns share."""
    rivers = {r.name: r for r in placed_rivers()}
    assert rivers["Ohio"].course[0] == pytest.approx(COORDINATES.point("K4"), abs=0.2)
    assert rivers["Ohio"].course[1] == pytest.approx(COORDINATES.point("I6"), abs=0.2)
    assert rivers["Hudson"].course[0] == pytest.approx(COORDINATES.point("S3"), abs=0.2)
    assert rivers["Maumee"].course[0] == pytest.approx(COORDINATES.point("D3"), abs=0.2)


def test_lakes_lie_off_the_board_and_anchors_on_it() -> None:
    hexes = load_board().hexes
    doc = load_scenery()
    assert all(h in hexes for h in doc.anchors)
    assert all(c not in hexes for lake in doc.lakes.values() for c in lake.cells)


def test_a_river_needs_two_points() -> None:
    data = {
        "anchors": {},
        "lakes": {},
        "rivers": {"x": {"name": "X", "course": [[40.0, -80.0]]}},
    }
    with pytest.raises(DataError, match="two points"):
        read(SceneryFile, data, source="scenery.toml")
