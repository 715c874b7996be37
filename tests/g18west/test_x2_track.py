"""18West §8.2: the x2 (Doubling) token as "a small extension of the Company's existing track"
that another company's tile must connect to - and its two exceptions: a connection needing a
tight curve "may be disregarded but any upgrade to the new tile must complete the
connection", and with "the Doubling tokens of two or more other Companies, the new tile need
only connect to the track of one"; §8.5's SP token joining the TP's in K12."""

from __future__ import annotations

import roundhouse
from roundhouse.core.flow.actions import Choose
from roundhouse.core.ids import PlayerId
from roundhouse.titles.g18west import land_grant
from roundhouse.titles.g18west.state import WestGame

G16 = "G16"
"""East of Denver (G14): the DRG's track from Denver's side 4 enters it by side 1 (W).  It is
a KP Land Grant hex (§14.4 "G16-G20"), open to others from Phase 3 (§8.1), where the tests
play."""


def new(phase: str = "2") -> WestGame:
    game = roundhouse.new_game("18West", players=["Ann", "Bob", "Cy"], seed=1)
    state = game.state
    assert isinstance(state, WestGame)
    state.depot.phases.advance_to(phase)
    return state


def exits_laid(s: WestGame, corp: str, hex_name: str) -> set[tuple[str, frozenset[int]]]:
    """(tile, sides) of every lay ``corp`` may make in ``hex_name`` now."""
    tiles = s.map_board().tiles
    return {
        (lay.tile, tiles[lay.tile].exits(lay.rotation))
        for lay in s.map.tile_lays(s, corp)
        if lay.hex == hex_name
    }


def x2_in_g16(s: WestGame, sides: dict[str, int]) -> None:
    """Land Grant Companies' x2 tokens in G16, each extending its track from a side (as the
    step after the track step leaves them, :func:`land_grant.place_stub`)."""
    for company, side in sides.items():
        s.doubling[company] = [G16]
        land_grant.set_x2_side(s, company, G16, side)


def lay(s: WestGame, corp: str, hex_name: str, tile: str, sides: set[int]) -> None:
    board = s.map_board()
    found = next(
        x
        for x in s.map.tile_lays(s, corp)
        if x.hex == hex_name and x.tile == tile and board.tiles[tile].exits(x.rotation) == sides
    )
    s.map.lay_tile(s, corp, found)


def test_18west_8_2_another_companys_x2_track_must_be_joined() -> None:
    """The KP's track leads into G16 from the east (side 4): the DRG, coming in from Denver
    by side 1, may lay only the #9 that joins it (§8.5's K12 likewise)."""
    s = new("3")
    s.start_company("Bob", "DRG", 100)
    x2_in_g16(s, {"KP": 4})
    assert s.map_board().stubs[G16] == {4}
    assert exits_laid(s, "DRG", G16) == {("9", frozenset({1, 4}))}


def test_18west_8_2_a_tight_curve_connection_is_disregarded_until_the_upgrade() -> None:
    """With the KP's track leading in by side 0, beside the DRG's side 1, joining them
    "would require a tight curve" (no 18West yellow tile has one): the DRG lays as if the
    token were not there; the KP's token stays (its track still leads into the hex), and the
    green upgrade "must complete the connection": of #82/#83 over the #9 only #83 with side
    0 remains."""
    s = new("3")
    s.start_company("Bob", "DRG", 100)
    x2_in_g16(s, {"KP": 0})
    assert land_grant.stub_waived(s, "DRG") == {G16}
    assert exits_laid(s, "DRG", G16) == {
        ("9", frozenset({1, 4})),
        ("8", frozenset({1, 3})),
        ("8", frozenset({1, 5})),
    }
    lay(s, "DRG", G16, "9", {1, 4})
    assert s.map_board().stubs[G16] == {0}  # the connection left out, still owed
    assert land_grant.x2_moves(s, "KP") == {}  # not yet joined: the token stays
    s.set_count += 1
    assert exits_laid(s, "DRG", G16) == {("83", frozenset({0, 1, 4}))}
    lay(s, "DRG", G16, "83", {0, 1, 4})
    assert G16 not in s.map_board().stubs


def test_18west_8_2_two_other_tokens_need_one_connection() -> None:
    """Two other companies' x2 tokens in G16 (the KP's track from side 4, the SP's from side
    3): the DRG's tile "need only connect to the track of one", its President's choice - the
    #9 to the KP's or the #8 to the SP's, not the #8 to neither; the upgrade of the #8 "must
    complete the second connection" while the KP's token is there."""
    s = new("3")
    s.start_company("Bob", "DRG", 100)
    x2_in_g16(s, {"KP": 4, "SP": 3})
    assert exits_laid(s, "DRG", G16) == {("9", frozenset({1, 4})), ("8", frozenset({1, 3}))}
    lay(s, "DRG", G16, "8", {1, 3})
    assert s.map_board().stubs[G16] == {4}
    s.set_count += 1
    assert exits_laid(s, "DRG", G16) == {("83", frozenset({1, 3, 4}))}


def test_18west_8_5_the_sp_token_joins_the_tps_in_k12() -> None:
    """§8.5: "If for some reason the SP chose not to lay that second tile, then it would place
    its Doubling token in K12 and the TP on its turn would have to lay a #9 tile in K12 as its
    only legal tile lay" - two companies' x2 tokens in one hex, each track to be joined."""
    s = new()
    s.start_company("Bob", "TP", 100)
    for hex_name in ("K18", "K16", "K14"):
        lay(s, "TP", hex_name, "9", {1, 4})
    step = land_grant.LandGrantStep()
    step.process(s, "TP", Choose(player=PlayerId("Bob"), entity="TP", choice="x2:K18:K12"))
    s.start_company("Ann", "SP", 100)
    for hex_name, tile in (("H3", "9"), ("J7", "8"), ("K8", "58")):
        found = [x for x in s.map.tile_lays(s, "SP") if x.hex == hex_name and x.tile == tile]
        s.map.lay_tile(s, "SP", found[-1])
    step.process(s, "SP", Choose(player=PlayerId("Ann"), entity="SP", choice="x2:H3:K10"))
    s.set_count += 1  # the SP's second turn
    lay(s, "SP", "K10", "9", {1, 4})
    assert "K12" in land_grant.x2_moves(s, "SP")["K10"]
    step.process(s, "SP", Choose(player=PlayerId("Ann"), entity="SP", choice="x2:K10:K12"))
    assert s.doubling["SP"] == ["K12"] and s.doubling["TP"] == ["K12"]
    assert s.map_board().stubs["K12"] == {1, 4}
    s.set_count += 1  # the TP's next turn
    assert exits_laid(s, "TP", "K12") == {("9", frozenset({1, 4}))}


def test_18west_8_2_the_president_chooses_which_track_the_x2_token_extends() -> None:
    """§8.2: the token moves to "the next hex that would extend the route", the President
    choosing among such hexes.  The NP's green #80 in C22 leads into C24 twice: directly
    (C24's side 1) and through the Mesabi Range B23 (side 2, §7.5.1).  The rulebook names no
    side, so the President chooses by which neighbour's track the token extends the route,
    and the tile later laid in C24 must join that side."""
    s = new("3")
    s.start_company("Bob", "NP", 100)
    lay(s, "NP", "C22", "8", {3, 5})
    s.set_count += 1
    lay(s, "NP", "C22", "80", {3, 4, 5})
    step = land_grant.LandGrantStep()
    step.setup(s, "NP")
    assert step.choices(s, "NP") == ["x2:C22:B21", "x2:C22:C24:C22", "x2:C22:C24:B23"]
    step.process(s, "NP", Choose(player=PlayerId("Bob"), entity="NP", choice="x2:C22:C24:B23"))
    assert s.doubling["NP"] == ["B5", "C24"]
    assert s.x2_sides["NP"]["C24"] == 2 and s.map_board().stubs["C24"] == {2}
