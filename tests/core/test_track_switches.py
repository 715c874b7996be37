"""Title switches of the track step: colour-skip fees, the empty-city colour, how a lay must
reach the company's routes (LayReach), label fallback, special and label-changing tiles."""

from __future__ import annotations

import copy

import pytest

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.graph import Graph
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.core.tiles import Colour, TileSet, parse_tile
from roundhouse.core.track import Allowance, LayReach, TrackRules, check_lay, tile_lays
from roundhouse.core.upgrade import ColourSkip, UpgradeRules, check_replacement
from tests.core.board_fixture import DOC

ALL = frozenset({Colour.YELLOW, Colour.GREEN, Colour.BROWN, Colour.GRAY})
YG = frozenset({Colour.YELLOW, Colour.GREEN})
SKIP = ColourSkip(fee_per_level=10)
CASH = Allowance(cash=1000)


def _board(extra: TileSet | None = None, doc: dict[str, object] | None = None) -> Board:
    tiles = standard_tiles().select(
        {
            "7": None,
            "8": None,
            "9": None,
            "5": None,
            "6": None,
            "57": 2,
            "14": 1,
            "15": 1,
            "16": 1,
            "80": 1,
            "81": 1,
            "544": None,
            "545": None,
            "546": None,
            "60": None,
            "63": 1,
        }
    )
    if extra is not None:
        tiles = tiles.merged(extra)
    board = load_board(doc or DOC, source="fixture", tiles=tiles)
    board.place_token("A3", "c", "PRR")
    return board


def _lays(
    board: Board, rules: TrackRules, allowance: Allowance = CASH
) -> dict[tuple[str, str, int], int]:
    found = tile_lays(board, Graph(board), "PRR", allowance, rules)
    return {(x.hex, x.tile, x.rotation): x.cost for x in found}


def _rule(
    board: Board, lay: tuple[str, str, int], rules: TrackRules, allowance: Allowance = CASH
) -> str:
    with pytest.raises(IllegalAction) as err:
        check_lay(board, Graph(board), "PRR", lay, allowance, rules)
    return err.value.rule


# --- 18USA §12.2.4: paying to skip colours ------------------------------------------------


def test_18usa_12_2_4_plain_brown_in_an_empty_hex_costs_20() -> None:
    """ "it would cost $20 to place a plain brown tile in an empty hex" (B4, NW-SE side free of
    the ridge on its E side); a gray #60 skips three colours but also crosses the $20 ridge."""
    board = _board()
    rules = TrackRules(colours=ALL, colour_skip=SKIP)
    lays = _lays(board, rules)
    assert lays[("B4", "544", 2)] == 20
    assert lays[("B4", "60", 0)] == 30 + 20
    assert lays[("B4", "9", 2)] == 0
    assert check_lay(board, Graph(board), "PRR", ("B4", "544", 2), CASH, rules)[0] == 20


def test_18usa_12_2_4_yellow_to_brown_costs_10() -> None:
    """ "or $10 to upgrade a yellow track to brown"."""
    board = _board()
    board.lay("B4", "8", 2, {})
    rules = TrackRules(colours=ALL, colour_skip=SKIP)
    lays = _lays(board, rules)
    brown = {k: v for k, v in lays.items() if k[:2] == ("B4", "544")}
    assert brown and set(brown.values()) == {10}
    assert lays[("B6", "544", 0)] == 40 + 20  # the empty mountain beyond: terrain plus fee
    assert ("B4", "544", 2) not in lays  # that turn drops the old E exit
    assert check_lay(board, Graph(board), "PRR", next(iter(brown)), CASH, rules)[0] == 10
    assert {v for k, v in lays.items() if k[:2] == ("B4", "80")} == {0}


def test_18usa_12_2_4_skip_counts_as_an_upgrade_from_an_empty_hex() -> None:
    """ "Using this option counts as an upgrade when playing a new track into an empty hex": a
    company whose upgrade is used up may still lay yellow, but not skip."""
    board = _board()
    rules = TrackRules(colours=ALL, colour_skip=SKIP)
    no_upgrade = Allowance(cash=1000, upgrade_colours=frozenset())
    lays = tile_lays(board, Graph(board), "PRR", no_upgrade, rules)
    assert {x.tile for x in lays if x.hex == "B4"} == {"7", "8", "9"}
    assert _rule(board, ("B4", "544", 2), rules, no_upgrade) == "track.allowance"
    skipped = [x for x in tile_lays(board, Graph(board), "PRR", CASH, rules) if x.tile == "544"]
    assert skipped and all(x.upgrade for x in skipped)


def test_18usa_12_2_4_only_plain_track_skips() -> None:
    """A city tile never skips (yellow #57 is not brown #63's predecessor), and without the
    switch (phases 2-4) plain track keeps the colour order too."""
    board = _board()
    rules = TrackRules(colours=ALL, colour_skip=SKIP)
    board.lay("B4", "9", 2, {})
    board.lay("C5", "57", 2, {})
    assert _rule(board, ("C5", "63", 2), rules) == "track.colour_order"
    plain = _board()
    assert _rule(plain, ("B4", "544", 2), TrackRules(colours=ALL)) == "track.colour_order"
    assert ("B4", "544", 2) not in _lays(plain, TrackRules(colours=ALL))


def test_18usa_12_2_4_cash_covers_the_fee() -> None:
    board = _board()
    rules = TrackRules(colours=ALL, colour_skip=SKIP)
    assert _rule(board, ("B4", "544", 2), rules, Allowance(cash=19)) == "track.cash"


# --- 18USA §12.2.4: green tiles on empty city hexes ---------------------------------------


def test_18usa_12_2_4_empty_city_takes_green_as_a_placement() -> None:
    """ "During Phases 5-8, when placing a new tile on an empty city hex, a green city tile must
    be used instead of a yellow city tile.  This is treated as a yellow track placement, not an
    upgrade."  C5 (empty city) entered from B4."""
    board = _board()
    board.lay("B4", "9", 2, {})
    rules = TrackRules(colours=ALL, empty_city_colour=Colour.GREEN)
    found = [x for x in tile_lays(board, Graph(board), "PRR", CASH, rules) if x.hex == "C5"]
    assert {x.tile for x in found} == {"15"}  # every #14 turn runs into C5's blocked sides
    assert not any(x.upgrade for x in found)
    assert _rule(board, ("C5", "57", 2), rules) == "track.empty_city_colour"
    # a placement: allowed to a company that may lay but not upgrade, refused to one that may
    # not lay new tiles
    only_lay = Allowance(cash=1000, upgrade_colours=frozenset())
    assert {x.tile for x in tile_lays(board, Graph(board), "PRR", only_lay, rules) if x.hex == "C5"}
    no_lay = Allowance(cash=1000, lay=False)
    assert not [x for x in tile_lays(board, Graph(board), "PRR", no_lay, rules) if x.hex == "C5"]


def test_18usa_12_2_4_empty_city_rule_leaves_plain_hexes_alone() -> None:
    board = _board()
    rules = TrackRules(colours=ALL, empty_city_colour=Colour.GREEN)
    assert {t for (h, t, _) in _lays(board, rules) if h == "B4"} == {"7", "8", "9"}


# --- LayReach: any link touches vs the new track extends a route ---------------------------


def test_18usa_12_2_2_upgrade_needs_any_part_of_the_tile_on_a_route() -> None:
    """18USA §12.2.2: "some part of the track on the new tile (not necessarily a new part)".
    #8 NW-E in B4 becomes #16 whose new NE-SE curve touches nothing of PRR's: still legal."""
    board = _board()
    board.lay("B4", "8", 2, {})
    rules = TrackRules(colours=YG)
    assert ("B4", "16", 2) in _lays(board, rules)
    check_lay(board, Graph(board), "PRR", ("B4", "16", 2), CASH, rules)


def test_18us_6_2_1_upgrade_must_extend_a_route() -> None:
    """18US §6.2.1 / 18West §7.1.2: "the new track created must extend a route".  The same #16
    adds only a curve PRR cannot reach: refused; #81 adds track from PRR's NW side: legal."""
    board = _board()
    board.lay("B4", "8", 2, {})
    rules = TrackRules(colours=YG, reach=LayReach.EXTENDS_ROUTE)
    lays = _lays(board, rules)
    assert ("B4", "16", 2) not in lays
    assert ("B4", "81", 0) in lays
    assert _rule(board, ("B4", "16", 2), rules) == "track.extend_route"


def test_18west_7_1_2_raising_a_city_on_a_route_is_enough() -> None:
    """18West §7.1.2: "or the value of a City on a route of the Company must be increased".  A
    green tile with A3's very track but a $30 city extends nothing yet is legal; one of the same
    value is not."""
    extra = TileSet(
        {
            "G30": parse_tile("G30", "green", "city c revenue=30 slots=2; track 5-c"),
            "G20": parse_tile("G20", "green", "city c revenue=20 slots=2; track 5-c"),
        },
        {"G30": 1, "G20": 1},
    )
    board = _board(extra)
    rules = TrackRules(colours=YG, reach=LayReach.EXTENDS_ROUTE)
    lays = _lays(board, rules)
    assert ("A3", "G30", 0) in lays
    assert ("A3", "G20", 0) not in lays
    assert _rule(board, ("A3", "G20", 0), rules) == "track.extend_route"
    assert ("A3", "G20", 0) in _lays(board, TrackRules(colours=YG))


def test_lay_reach_first_tiles_agree() -> None:
    """In an empty hex every link is new, so both switches give the same first lays."""
    board = _board()
    any_touch = _lays(board, TrackRules(colours=YG))
    extends = _lays(board, TrackRules(colours=YG, reach=LayReach.EXTENDS_ROUTE))
    assert {k for k in any_touch if k[0] == "B4"} == {k for k in extends if k[0] == "B4"}


# --- 18RoyalGorge "Letter Tiles": any legal tile when no matching letter tile is left --------


def _lettered() -> Board:
    doc = copy.deepcopy(DOC)
    hexes = doc["hexes"]
    assert isinstance(hexes, dict)
    hexes["C5"] = {**hexes["C5"], "label": "S"}
    extra = TileSet(
        {"S1": parse_tile("S1", "yellow", "city c revenue=30; track 3-c 5-c; label S")}, {"S1": 1}
    )
    board = _board(extra, doc)
    board.lay("B4", "9", 2, {})
    return board


def test_18royalgorge_letter_tile_must_be_used_while_one_is_left() -> None:
    """ "If a city has a letter abbreviation and a corresponding tile for the current phase,
    that tile must be used." """
    board = _lettered()
    rules = TrackRules(colours=YG, label_fallback=True)
    assert {t for (h, t, _) in _lays(board, rules) if h == "C5"} == {"S1"}
    assert _rule(board, ("C5", "5", 2), rules) == "track.label"


def test_18royalgorge_no_letter_tile_left_any_legal_tile() -> None:
    """ "If no matching tile is available, any legal tile can be placed." Without the switch
    the hex takes nothing."""
    board = _lettered()
    board.supply["S1"] = 0
    rules = TrackRules(colours=YG, label_fallback=True)
    assert {t for (h, t, _) in _lays(board, rules) if h == "C5"} == {"5", "6"}
    check_lay(board, Graph(board), "PRR", ("C5", "5", 2), CASH, rules)
    assert not {t for (h, t, _) in _lays(board, TrackRules(colours=YG)) if h == "C5"}


def test_18royalgorge_letter_tile_of_a_later_phase_does_not_bind() -> None:
    """A letter tile of a colour the phase does not offer is not "a corresponding tile for the
    current phase"."""
    doc = copy.deepcopy(DOC)
    hexes = doc["hexes"]
    assert isinstance(hexes, dict)
    hexes["C5"] = {**hexes["C5"], "label": "S"}
    extra = TileSet(
        {"S2": parse_tile("S2", "green", "city c revenue=40; track 3-c 5-c; label S")}, {"S2": 1}
    )
    board = _board(extra, doc)
    board.lay("B4", "9", 2, {})
    rules = TrackRules(colours=frozenset({Colour.YELLOW}), label_fallback=True)
    assert {t for (h, t, _) in _lays(board, rules) if h == "C5"} == {"5", "6"}


# --- special tiles and label-changing pairs -----------------------------------------------


def test_18usa_special_tiles_are_never_ordinary_lays() -> None:
    """18USA P26/P27: rural junction and company town tiles are laid only by their private."""
    board = _board()
    rules = TrackRules(colours=YG, upgrades=UpgradeRules(special=frozenset({"9"})))
    assert ("B4", "9", 2) not in _lays(board, rules)
    assert _rule(board, ("B4", "9", 2), rules) == "track.special_tile"


def test_18usa_12_2_3_metropolis_takes_the_b_tile() -> None:
    """18USA §12.2.3: a yellow ATL metropolis upgrades to the green B tile #592, which changes
    the label; only the pairs named may."""
    atl = parse_tile("X01", "yellow", "city c revenue=30; track 1-c 3-c 5-c; label ATL")
    b592 = standard_tiles()["592"]
    with pytest.raises(IllegalAction) as err:
        check_replacement(atl, b592, rules=UpgradeRules(), colours=ALL)
    assert err.value.rule == "track.label"
    check_replacement(
        atl, b592, rules=UpgradeRules(free_label=frozenset({("X01", "592")})), colours=ALL
    )
