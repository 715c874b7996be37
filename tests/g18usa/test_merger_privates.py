"""18USA's privates' stations in a merger or acquisition (§14.3 with appendix P8 and P20), on
the title's board: P8's red-area station counts among the eight and is one the president may
take off (P8 is then discarded); a P20 station waiting for a slot is one of the company's
stations on the map, counted, carried over and cut like the others, and it fills the first
slot that opens, whether a token leaves or a tile brings one.

Seed 9 with three players deals P8 and P20.  Each test sets the companies up directly (two
2-share companies of Ann's) and merges them with the family's §14.1.2 merger, so the title's
``on_company_absorbed`` and the board's token cut (StationTokenCutStep) do the rest."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from roundhouse.core.track import TileLay
from roundhouse.titles.g18usa import TITLE
from roundhouse.titles.g18usa.family1817.company_sale import close, merge
from roundhouse.titles.g18usa.family1817.token_cut_step import StationTokenCutStep
from roundhouse.titles.g18usa.red_areas import express_area, place_express
from roundhouse.titles.g18usa.state import UsaGame
from roundhouse.titles.g18usa.stop_bonus import law_firm_marker

CITIES = ("B14", "B8", "C17", "C29", "C3", "D14", "D20", "D24", "E11", "E15", "E17", "E23")
"""One-city hexes of the board with an open slot at the start (D6 Boise is kept apart)."""
STEP = StationTokenCutStep()


def _pair(
    atsf: tuple[str, ...],
    atsf_owned: int,
    gn: tuple[str, ...],
    gn_owned: int,
    *,
    compat: bool = False,
) -> UsaGame:
    """ATSF and GN, both Ann's 2-share companies, with stations in ``atsf`` and ``gn`` and
    ``*_owned`` tokens in all (``compat``: as 18xx.games plays, seed 1 dealing P8 there)."""
    options = {"compat_18xx_games": compat}
    g = Game(TITLE, ["Ann", "Bob", "Cy"], seed=1 if compat else 9, options=options).state
    assert isinstance(g, UsaGame)
    assert ({"P8"} if compat else {"P8", "P20"}) <= set(g.privates)
    board = g.map.board
    for corp, hexes, owned in (("ATSF", atsf, atsf_owned), ("GN", gn, gn_owned)):
        g.start_company("Ann", corp, 50)
        for hex_name in hexes:
            board.place_token(hex_name, "c", corp)
        g.corps[corp].tokens_placed = len(hexes)
        g.corps[corp].tokens_owned = owned
    return g


def _with_p8(g: UsaGame, corp: str, area: str = "Seattle") -> None:
    """``corp`` owns P8 and has placed its station in ``area``."""
    g.privates["P8"].owner = corp
    place_express(g.map.board, corp, area)


def _cut(g: UsaGame, choice: str) -> None:
    action = Choose(player=PlayerId("Ann"), entity="ATSF", choice=choice)
    STEP.check(g, "ATSF", action)
    STEP.process(g, "ATSF", action)


def _offered(g: UsaGame) -> set[str]:
    return {a.choice for a in STEP.actions(g, "ATSF") if isinstance(a, Choose)}


# --- P8 ------------------------------------------------------------------------------------


def test_18usa_appendix_p8_red_area_station_may_be_removed_when_over_eight() -> None:
    """Appendix P8: "If during a merger or acquisition the new company has more than 8 station
    tokens (counting the station marker in the red area), the new company may choose to
    either keep or remove the station token from the red area.  If the station token is
    removed the Express Freight Service private is discarded."  ATSF (4 stations and Seattle's
    marker) absorbs GN (4 stations): nine; Ann removes the red-area station, ATSF keeps its
    eight stations and owns eight tokens, P8 closes."""
    g = _pair(CITIES[:4], 4, CITIES[4:8], 4)
    _with_p8(g, "ATSF")
    merge(g, "ATSF", "GN")
    assert g.map.token_cuts == {"ATSF": 1}
    assert _offered(g) == {f"{h} c" for h in CITIES[:8]} | {"P8"}
    _cut(g, "P8")
    board = g.map.board
    assert express_area(board, "ATSF") is None
    assert g.privates["P8"].closed
    assert {h for h, _ in board.tokens_of("ATSF")} == set(CITIES[:8])
    assert (g.corps["ATSF"].tokens_placed, g.corps["ATSF"].tokens_owned) == (8, 8)
    assert not STEP.active(g, "ATSF") and g.map.token_cuts == {}


def test_18usa_appendix_p8_red_area_station_kept_costs_a_station() -> None:
    """The same nine, Ann keeps the red-area station: one station on the map goes instead
    (§14.3 "the president selects which eight to keep"); ATSF owns seven tokens besides it and
    keeps P8 and its $10 area."""
    g = _pair(CITIES[:4], 4, CITIES[4:8], 4)
    _with_p8(g, "ATSF")
    merge(g, "ATSF", "GN")
    _cut(g, f"{CITIES[7]} c")
    board = g.map.board
    assert express_area(board, "ATSF") == "Seattle"
    assert not g.privates["P8"].closed and g.privates["P8"].owner == "ATSF"
    assert board[CITIES[7]].tokens["c"] == []
    assert (g.corps["ATSF"].tokens_placed, g.corps["ATSF"].tokens_owned) == (7, 7)
    assert not STEP.active(g, "ATSF")


def test_18usa_appendix_p8_absorbed_companys_station_counts_for_the_survivor() -> None:
    """The red-area station of the company that disappears "must be replaced by a station
    from the acquiring company" and counts for it: GN's marker and P8 become ATSF's, and with
    eight stations on the map the ninth choice is the same."""
    g = _pair(CITIES[:4], 4, CITIES[4:8], 4)
    _with_p8(g, "GN", "Mexico")
    merge(g, "ATSF", "GN")
    board = g.map.board
    assert express_area(board, "ATSF") == "Mexico" and express_area(board, "GN") is None
    assert g.privates["P8"].owner == "ATSF"
    assert g.map.token_cuts == {"ATSF": 1} and "P8" in _offered(g)


def test_18usa_appendix_p8_over_eight_only_on_the_charter() -> None:
    """Five stations on the map and three more tokens on the charters (eight) plus the
    red-area station: nine.  Keeping the red-area station discards a token from the charter
    (§14.3 "discard tokens from the charter as necessary to bring the total down to eight");
    removing it keeps all eight."""
    g = _pair(CITIES[:3], 5, CITIES[3:5], 3)
    _with_p8(g, "ATSF")
    merge(g, "ATSF", "GN")
    assert g.map.token_cuts == {"ATSF": 1}
    assert _offered(g) == {f"{h} c" for h in CITIES[:5]} | {"P8", "charter"}
    _cut(g, "charter")
    assert express_area(g.map.board, "ATSF") == "Seattle"
    assert (g.corps["ATSF"].tokens_placed, g.corps["ATSF"].tokens_owned) == (5, 7)

    g = _pair(CITIES[:3], 5, CITIES[3:5], 3)
    _with_p8(g, "ATSF")
    merge(g, "ATSF", "GN")
    _cut(g, "P8")
    assert g.privates["P8"].closed
    assert (g.corps["ATSF"].tokens_placed, g.corps["ATSF"].tokens_owned) == (5, 8)


def test_18usa_appendix_p8_over_eight_only_on_the_charter_18xx_games() -> None:
    """18xx.games (``compat_18xx_games``) asks only when the stations on the map, the red-area
    one included, are more than eight (its ReduceTokens step); otherwise it keeps them all
    and trims the charter: ATSF keeps the red-area station and owns seven tokens."""
    g = _pair(CITIES[:3], 5, CITIES[3:5], 3, compat=True)
    _with_p8(g, "ATSF")
    merge(g, "ATSF", "GN")
    assert g.map.token_cuts == {} and not STEP.active(g, "ATSF")
    assert express_area(g.map.board, "ATSF") == "Seattle"
    assert not g.privates["P8"].closed
    assert (g.corps["ATSF"].tokens_placed, g.corps["ATSF"].tokens_owned) == (5, 7)


def test_18usa_appendix_p8_eight_or_fewer_no_choice() -> None:
    """Seven stations and the red-area station: eight, nothing is asked and both stay."""
    g = _pair(CITIES[:4], 4, CITIES[4:7], 3)
    _with_p8(g, "ATSF")
    merge(g, "ATSF", "GN")
    assert g.map.token_cuts == {} and not STEP.active(g, "ATSF")
    assert express_area(g.map.board, "ATSF") == "Seattle"
    assert (g.corps["ATSF"].tokens_placed, g.corps["ATSF"].tokens_owned) == (7, 7)


def test_18usa_14_3_no_red_area_choice_without_p8() -> None:
    """Nine stations, no red-area station: only stations are offered (no charter, no P8)."""
    g = _pair(CITIES[:5], 5, CITIES[5:9], 4)
    merge(g, "ATSF", "GN")
    assert _offered(g) == {f"{h} c" for h in CITIES[:9]}
    with pytest.raises(IllegalAction) as refused:
        _cut(g, "P8")
    assert refused.value.rule == "tokens.keep_eight"
    assert g.map.token_cuts == {"ATSF": 1}


def test_18usa_appendix_p8_company_leaving_play_takes_its_station() -> None:
    """A company the bank liquidates leaves the map (§14.2.1), its red-area station with it:
    the station token is removed, so P8 is discarded."""
    g = _pair(CITIES[:2], 2, CITIES[2:3], 1)
    _with_p8(g, "GN")
    close(g, "GN")
    assert express_area(g.map.board, "GN") is None
    assert g.privates["P8"].closed


# --- P20 -----------------------------------------------------------------------------------


def _boise_full(g: UsaGame, holder: str = "IC") -> None:
    """Boise (D6, one slot) holds ``holder``'s station; ATSF's P20 station waits there."""
    board = g.map.board
    board.place_token("D6", "c", holder)
    board.add_marker("D6", law_firm_marker("ATSF", "c"))
    g.corps["ATSF"].tokens_placed += 1


def test_18usa_p20_waiting_station_counts_after_a_merger() -> None:
    """P20's station is one of the company's stations on the map: after ATSF (two stations
    and one waiting in Boise, three tokens) absorbs GN (two, two), ATSF has five placed of
    five owned - none left on the charter (it was counted as four before)."""
    g = _pair(CITIES[:2], 3, CITIES[2:4], 2)
    _boise_full(g)
    merge(g, "ATSF", "GN")
    assert (g.corps["ATSF"].tokens_placed, g.corps["ATSF"].tokens_owned) == (5, 5)
    assert law_firm_marker("ATSF", "c") in g.map.board["D6"].markers


def test_18usa_p20_absorbed_waiting_station_twice_in_a_hex_returns_to_the_charter() -> None:
    """§14.3 "If this results in two station tokens on the same hex, return one to the
    company's charter": GN's P20 station waits in a city where ATSF has a token; it leaves the
    map and ATSF owns all four tokens with three on the map."""
    g = _pair(("D6",), 1, CITIES[:2], 3)
    g.map.board.add_marker("D6", law_firm_marker("GN", "c"))
    g.corps["GN"].tokens_placed = 3
    merge(g, "ATSF", "GN")
    board = g.map.board
    assert not board["D6"].markers and board["D6"].tokens["c"] == ["ATSF"]
    assert (g.corps["ATSF"].tokens_placed, g.corps["ATSF"].tokens_owned) == (3, 4)


def test_18usa_p20_waiting_station_is_one_of_the_eight() -> None:
    """Eight stations in slots and one waiting: nine; the waiting one may be the one taken
    off."""
    g = _pair(CITIES[:4], 5, CITIES[4:8], 4)
    _boise_full(g)
    merge(g, "ATSF", "GN")
    assert g.map.token_cuts == {"ATSF": 1}
    assert "D6 c" in _offered(g)
    _cut(g, "D6 c")
    assert not g.map.board["D6"].markers
    assert (g.corps["ATSF"].tokens_placed, g.corps["ATSF"].tokens_owned) == (8, 8)


def test_18usa_p20_fills_a_slot_a_new_tile_brings() -> None:
    """P20: "The station token will immediately fill a station circle in the city if one
    becomes available later": Boise's green tile has two slots, and ATSF's waiting station
    takes the new one as the tile goes down, before any other company could."""
    g = _pair(CITIES[:1], 3, (), 1)
    board = g.map.board
    board.lay("D6", "57", 2, {"c": "c"})
    _boise_full(g)
    g.map.lay_free(g, "GN", TileLay("D6", "14", 2, 0, True), {"c": "c"})
    assert board["D6"].tokens["c"] == ["IC", "ATSF"] and not board["D6"].markers
    assert g.corps["ATSF"].tokens_placed == 2


def test_18usa_p20_fills_a_slot_a_liquidated_company_leaves() -> None:
    """A company leaving play frees its slot (§14.2.1); the waiting P20 station fills it at
    once.  ATSF's own count of placed tokens does not change."""
    g = _pair(CITIES[:1], 3, CITIES[1:2], 2)
    _boise_full(g, holder="GN")
    g.corps["GN"].tokens_placed = 2
    close(g, "GN")
    board = g.map.board
    assert board["D6"].tokens["c"] == ["ATSF"] and not board["D6"].markers
    assert g.corps["ATSF"].tokens_placed == 2


def test_18usa_p20_waiting_station_leaves_with_its_company() -> None:
    """A liquidated company's P20 station waiting for a slot leaves the map with its other
    stations: it can never fill a slot later."""
    g = _pair(CITIES[:1], 3, (), 1)
    _boise_full(g, holder="GN")
    close(g, "ATSF")
    board = g.map.board
    assert not board["D6"].markers and board["D6"].tokens["c"] == ["GN"]
