"""The board in play: pre-printed hexes, supply, tokens, terrain and hexside costs."""

from __future__ import annotations

import pytest

from roundhouse.core.board_format import load_board
from roundhouse.core.datafile import DataError
from roundhouse.core.errors import IllegalAction
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.core.tiles import Colour
from tests.core.board_fixture import DOC, small_board


def test_board_loads_printed_hexes() -> None:
    board = small_board()
    assert len(board.hexes) == 12
    assert board["A3"].printed.location == "Home"
    assert board["A3"].tile.colour is Colour.YELLOW
    assert board["B6"].printed.cost == 40
    assert board["B8"].fixed
    assert board.reserved_for("C5", "c") == "NYC"


def test_hexside_features_are_shared_by_both_hexes() -> None:
    board = small_board()
    assert board.border("B4", 4) == board.border("B6", 1)
    assert board.border("B4", 4) is not None
    assert board.border("B4", 0) is None


def test_board_errors_name_file_hex_and_problem() -> None:
    tiles = standard_tiles()
    bad = {"board": DOC["board"], "hexes": {"A1": {"colour": "red"}}}
    with pytest.raises(DataError, match=r"f\.toml: \[hexes\.A1\], key 'colour': unknown key"):
        load_board(bad, source="f.toml", tiles=tiles)
    bad = {"board": DOC["board"], "hexes": {"A1": {"borders": ["7 river"]}}}
    with pytest.raises(DataError, match=r"\[hexes\.A1\], key 'borders', item 1: border '7 river'"):
        load_board(bad, source="f.toml", tiles=tiles)
    bad = {"board": DOC["board"], "hexes": {"A1": {"code": "track 0-x"}}}
    with pytest.raises(DataError, match=r"\[hexes\.A1\], key 'code': track refers to 'x'"):
        load_board(bad, source="f.toml", tiles=tiles)
    bad = {"board": DOC["board"], "hexes": {"A1 A2": {}}}
    with pytest.raises(DataError, match="A1 and A2 cannot both be hexes"):
        load_board(bad, source="f.toml", tiles=tiles)


def test_18usa_12_2_2_replaced_tiles_return_to_the_supply() -> None:
    """18USA §12.2.2: removed tiles are returned to the supply."""
    board = small_board()
    board.lay("B4", "8", 0, {})
    assert board.supply["8"] == 1
    board.lay("B4", "80", 0, {})
    assert board.supply["8"] == 2
    assert board.supply["80"] == 0
    with pytest.raises(IllegalAction, match="no tile 80"):
        board.lay("B2", "80", 0, {})
    board.lay("B2", "9", 0, {})  # unlimited
    assert board.supply["9"] is None


def test_tokens_move_with_their_city_on_upgrade() -> None:
    """18USA §12.2.2: tokens on an upgraded tile stay in the same position."""
    board = small_board()
    board.place_token("A3", "c", "PRR")
    version = board.version
    board.lay("A3", "14", 0, {"c": "c"})
    assert board["A3"].tokens == {"c": ["PRR"]}
    assert board.version > version


def test_reserved_slot_is_closed_to_other_companies() -> None:
    """18US §3: home-station circles belong to their company."""
    board = small_board()
    assert board.open_slots("C5", "c", "PRR") == 0
    assert board.open_slots("C5", "c", "NYC") == 1
    with pytest.raises(IllegalAction) as err:
        board.place_token("C5", "c", "PRR")
    assert err.value.rule == "token.full"


def test_18west_7_1_1_track_may_not_run_off_the_map_or_into_prohibited_sides() -> None:
    """18West §7.1.1: no track to impassable sides, blank sides of off-map areas, the edge."""
    board = small_board()
    assert board.exit_blocked("A1", 2)  # off the map
    assert board.exit_blocked("C5", 0)  # impassable border
    assert board.exit_blocked("C7", 3)  # B8's blank side (its only track leaves by edge 1)
    assert not board.exit_blocked("B6", 4)  # into B8 across its track
    assert not board.exit_blocked("B4", 4)  # a ridge costs money but is passable


def test_18us_6_2_terrain_and_ridge_costs() -> None:
    """18US §6.2: mountains cost when first built; a ridge costs $20 for track crossing it.
    The fee is charged once per hexside: a tile meeting track already across it pays none."""
    board = small_board()
    tiles = board.tiles
    assert board.lay_cost("B6", tiles["9"], 1) == 60  # W-E straight: mountain + ridge side
    assert board.lay_cost("B4", tiles["9"], 1) == 20  # crosses the ridge into B6
    assert board.lay_cost("B4", tiles["9"], 0) == 0
    board.lay("B6", "9", 1, {})
    assert board.lay_cost("B4", tiles["9"], 1) == 0  # the crossing was paid from B6's side
    board.lay("B4", "8", 0, {})
    assert board.lay_cost("B4", tiles["80"], 0) == 0
    assert board.lay_cost("B6", tiles["80"], 0) == 0  # upgrades don't pay terrain again
    assert board.lay_cost("B6", tiles["80"], 0, terrain_on_upgrade=True) == 40


def test_games_share_their_printed_tiles() -> None:
    """A printed hex's tile never changes, so two boards of one map hold the same object
    (and its per-rotation data): a server holding many games parses each map once."""
    first, second = small_board(), small_board()
    assert first.hexes["A3"].printed.tile is second.hexes["A3"].printed.tile
    first.lay("A3", "15", 4, {"c": "c"})
    assert second.hexes["A3"].printed.tile.id == "A3"  # a lay changes the hex, not the tile
