"""Tile code grammar, the standard tile catalogue and rotation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from roundhouse.core.datafile import DataError
from roundhouse.core.tables.tiles import load_tiles, standard_tiles
from roundhouse.core.tiles import Colour, StopKind, TileError, parse_tile

STANDARD = standard_tiles()


def test_tile_code_city_with_slots_and_label() -> None:
    tile = parse_tile("RG1", "yellow", "city c revenue=30; track 0-c 1-c 5-c; label R")
    assert tile.label == "R"
    assert tile.stop("c").kind is StopKind.CITY
    assert tile.stop("c").slots == 1
    assert tile.stop("c").revenue == 30
    assert tile.exits(0) == {0, 1, 5}


def test_tile_code_offboard_revenue_follows_phase_colour() -> None:
    """18USA §13.1 red areas pay the value of the current phase's colour band."""
    tile = parse_tile(
        "red", "red", "offboard o revenue=yellow:20/green:30/brown:40/gray:60; track 0-o 1-o"
    )
    stop = tile.stop("o")
    assert [stop.revenue_in(c) for c in (Colour.YELLOW, Colour.GREEN, Colour.BROWN)] == [20, 30, 40]
    assert stop.revenue_in(Colour.GRAY) == 60


def test_tile_code_stop_to_stop_and_two_cities() -> None:
    tile = parse_tile("NY", "yellow", "city n revenue=40; city s revenue=40; track 0-n 3-s n-s")
    assert ("n", "s") in tile.links(0)
    assert len(tile.cities) == 2


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("track 0-9", "not 0-5"),
        ("city c; track 0-x", "not a stop"),
        ("village v", "unknown part"),
        ("city c slots=two; track 0-c", "slots=two"),
        ("offboard o revenue=20 slots=2; track 0-o", "only cities and towns have slots"),
        ("offboard o; track 0-o", "needs a revenue"),
        ("track 0-1 1-0", "listed twice"),
        ("city c; city c; track 0-c", "used twice"),
        ("label A; label B", "one label"),
    ],
)
def test_tile_code_errors_name_source_tile_and_problem(code: str, problem: str) -> None:
    with pytest.raises(TileError, match=r"map\.toml: tile 'X'") as err:
        parse_tile("X", "yellow", code, source="map.toml")
    assert problem in str(err.value)


def test_load_tiles_rejects_unknown_keys_and_bad_counts() -> None:
    with pytest.raises(
        DataError, match=r"t\.toml: \[tiles\.8\], key 'colour': unknown key; did you"
    ):
        load_tiles({"tiles": {"8": {"colour": "yellow", "code": "track 0-2"}}}, source="t.toml")
    with pytest.raises(DataError, match=r"key 'count': expected a whole number ≥ 0 or \"unl"):
        load_tiles(
            {"tiles": {"8": {"color": "yellow", "code": "track 0-2", "count": -1}}}, source="t"
        )
    ts = load_tiles(
        {"tiles": {"8": {"color": "yellow", "code": "track 0-2", "count": "unlimited"}}}, source="t"
    )
    assert ts.counts["8"] is None


def test_standard_tiles_cover_the_four_titles_manifests() -> None:
    """The numbered tiles listed in the 18RoyalGorge, 18USA, 18US and 18West manifests."""
    royal_gorge = (
        "3 4 5 6 7 8 9 14 15 16 23 24 25 26 27 28 29 30 31 39 40 41 42 43 44 45 46 47 63 87 88"
        " 204 143 911 171"
    )
    usa = "5 6 7 8 9 57 14 15 80 81 82 83 619 63 448 544 545 546 611 60 597 592 593"
    us = "7 8 9 141 142 143 144 145 146 147 3 207 401 405 447"
    west = "4 8 9 58 80 81 82 83 141 142 143 144 15"
    for tile_id in " ".join((royal_gorge, usa, us, west)).split():
        assert tile_id in STANDARD, tile_id


def test_standard_tile_facts() -> None:
    assert STANDARD["57"].colour is Colour.YELLOW
    assert STANDARD["57"].stop("c").revenue == 20
    assert STANDARD["63"].stop("c").slots == 2
    assert STANDARD["63"].exits(0) == {0, 1, 2, 3, 4, 5}
    assert STANDARD["171"].colour is Colour.GRAY
    assert STANDARD["207"].label == "Y"
    assert STANDARD["611"].colour is Colour.BROWN


def test_junction_tiles_link_every_pair_of_their_exits() -> None:
    """18USA §12.1: a route may change direction at the junction of a plain track tile."""
    assert STANDARD["81"].links(0) == {(0, 2), (0, 4), (2, 4)}


def test_symmetric_tiles_have_fewer_distinct_rotations() -> None:
    assert STANDARD["9"].rotations == (0, 1, 2)
    assert STANDARD["63"].rotations == (0,)
    assert STANDARD["81"].rotations == (0, 1)
    assert STANDARD["8"].rotations == (0, 1, 2, 3, 4, 5)


TILE_IDS = sorted(STANDARD.tiles)


@given(st.sampled_from(TILE_IDS), st.integers(0, 5), st.integers(0, 5))
def test_rotating_a_tile_rotates_its_paths(tile_id: str, a: int, b: int) -> None:
    tile = STANDARD[tile_id]
    turned = {
        frozenset((e + b) % 6 if isinstance(e, int) else e for e in link)
        for link in tile.rotated_paths(a)
    }
    assert turned == {frozenset(link) for link in tile.rotated_paths(a + b)}
    assert tile.exits(a + b) == {(e + b) % 6 for e in tile.exits(a)}
    assert set(tile.rotated_paths(a + 6)) == set(tile.rotated_paths(a))
    assert set(tile.rotated_paths(0)) == set(tile.paths)
