"""18West rules about station tokens and Land Grants that the first playable version
approximated: token relocation in an acquisition (§6.4, §6.4.1), Chicago and St. Louis at
brown (§6.4), Bypass tokens as stations for new track (§7.4.2), the NP's two tiles from
each base (§8.9), the shared track segment (§6.3), permission before Phase 3 (§8.1) and the
x2 token at the edge of a yellow Destination (§8.6)."""

from __future__ import annotations

import roundhouse
from roundhouse.core.flow.actions import Choose
from roundhouse.core.ids import PlayerId
from roundhouse.titles.g18west import land_grant
from roundhouse.titles.g18west.hooks import merger_round
from roundhouse.titles.g18west.rules import WestHooks
from roundhouse.titles.g18west.state import WestGame


def new(seed: int = 1) -> WestGame:
    game = roundhouse.new_game("18West", players=["Ann", "Bob", "Cy"], seed=seed)
    state = game.state
    assert isinstance(state, WestGame)
    return state


def in_merger_round(s: WestGame) -> None:
    s.round = merger_round()
    s.round.start(s)


def choices(s: WestGame) -> list[str]:
    return sorted(a.choice for a in s.legal_actions() if isinstance(a, Choose))


def choose(s: WestGame, choice: str) -> None:
    action = next(a for a in s.legal_actions() if isinstance(a, Choose) and a.choice == choice)
    s.check(action)
    s.execute(action)


def no_tokens_left(s: WestGame, corp: str) -> None:
    s.corps[corp].tokens_placed = s.corps[corp].tokens_owned


# -- §6.4 relocation ----------------------------------------------------------------------


def test_18west_6_4_no_token_left_the_president_may_move_one() -> None:
    """§6.4: "If the Public Company does not have a station token available to replace that
    of the Granger Road, the President may ... remove one of their existing station tokens
    to replace that of the Granger Road": the DRG's Denver token moves to Chicago."""
    s = new()
    s.start_company("Ann", "DRG", 100)
    s.start_company("Ann", "CBQ", 50)
    no_tokens_left(s, "DRG")
    in_merger_round(s)
    WestHooks().on_company_absorbed(s, "DRG", "CBQ")
    assert choices(s) == ["keep", "relocate:G14:c"]
    choose(s, "relocate:G14:c")
    board = s.map_board()
    assert board["F27"].tokens["s"] == ["DRG"]
    assert "DRG" not in board["G14"].tokens["c"]


def test_18west_6_4_the_president_may_keep_the_tokens_where_they_are() -> None:
    """§6.4: the President "may (but is not required to)" move a token: keeping it, the
    Granger Road's token leaves the map."""
    s = new()
    s.start_company("Ann", "DRG", 100)
    s.start_company("Ann", "CBQ", 50)
    no_tokens_left(s, "DRG")
    in_merger_round(s)
    WestHooks().on_company_absorbed(s, "DRG", "CBQ")
    choose(s, "keep")
    board = s.map_board()
    assert board["F27"].tokens["s"] == [] and board["G14"].tokens["c"] == ["DRG"]


def test_18west_6_4_1_from_the_bank_a_token_must_be_relocated() -> None:
    """§6.4.1: acquiring an unstarted Granger Road, the Public Company "exchanges one of its
    tokens (relocating an existing token if necessary)": keeping is not offered."""
    s = new()
    s.start_company("Ann", "DRG", 100)
    no_tokens_left(s, "DRG")
    in_merger_round(s)
    WestHooks().on_company_absorbed(s, "DRG", "CBQ")
    assert choices(s) == ["relocate:G14:c"]


def test_18west_6_4_a_bypass_token_in_the_hex_returns_to_the_charter() -> None:
    """§6.4: "If one of the tokens is a Bypass token, return the Bypass token to the
    Company, which may reuse it as a Bypass token"."""
    s = new()
    s.start_company("Ann", "DRG", 100)
    board = s.map_board()
    board.place_beside("F27", "s", "DRG")
    s.bypass["DRG"] = True
    assert s.bypass_at("DRG") == ("F27", "s")
    WestHooks().on_company_absorbed(s, "DRG", "CBQ")
    assert board["F27"].tokens["s"] == ["DRG"]
    assert s.bypass["DRG"] is False and s.bypass_at("DRG") is None and not board.beside


def test_18west_6_4_chicago_keeps_two_tokens_until_brown() -> None:
    """§6.4: "The Company may retain two tokens in non-adjacent City circles in Chicago
    (F27) ... until the tile upgrades to brown, at which time the extra token returns to
    the Company, which may reuse it as a $100 station token"."""
    s = new()
    s.start_company("Ann", "DRG", 100)
    hooks = WestHooks()
    hooks.on_company_absorbed(s, "DRG", "CBQ")
    hooks.on_company_absorbed(s, "DRG", "CNW")
    board = s.map_board()
    assert board["F27"].tokens == {"s": ["DRG"], "n": ["DRG"]}
    returned = board.lay("F27", "255", 0, {"n": "c", "s": "c"})  # brown Chicago, one City
    assert returned == ["DRG"] and board["F27"].tokens == {"c": ["DRG"]}


# -- §7.4.2 Bypass tokens in track reach ---------------------------------------------------


def test_18west_7_4_2_a_bypass_token_is_a_station_for_new_track() -> None:
    """§7.4.2: "Once placed, these station tokens function exactly like any other station
    token": the GN's Bypass token in full Milwaukee (E26) lets it build on from there
    (D25), and its routes pass through Milwaukee."""
    s = new()
    s.start_company("Ann", "GN", 100)
    before = {lay.hex for lay in s.map.tile_lays(s, "GN")}
    s.map_board().place_beside("E26", "c", "GN")
    s.bypass["GN"] = True
    after = {lay.hex for lay in s.map.tile_lays(s, "GN")}
    assert "D25" not in before and "D25" in after
    reach = s.map.graph.reach("GN")
    assert ("E26", "c") in reach.through and 2 in reach.edges["E26"]


# -- §6.3 shared track segment -------------------------------------------------------------


def test_18west_6_3_routes_must_share_a_track_segment() -> None:
    """§6.3: "routes ... of the acquiring and target Companies must share a track segment,
    or ... both have tokens in the same hex".  The CRIP (Cedar Rapids) and the CBQ (Chicago
    south) share the track between them; the CRIP and the CMStPP (Milwaukee) both reach
    Chicago, but into different Cities from different sides: no shared segment."""
    s = new()
    hooks = WestHooks()
    assert hooks.acquisition_connected(s, "CRIP", "CBQ")
    assert not hooks.acquisition_connected(s, "CRIP", "CMStPP")
    assert hooks.acquisition_connected(s, "CBQ", "CNW")  # both in Chicago (F27)


# -- §8.9 the NP -----------------------------------------------------------------------------


def test_18west_8_9_np_two_tiles_from_each_base() -> None:
    """§8.9: "The NP may lay or upgrade up to two tiles from each of its base station
    tokens, for a total of four": after two tiles from Seattle (A4), only the Minneapolis
    side (its x2 token in C22) may take more."""
    s = new()
    s.start_company("Ann", "NP", 100)

    def lay(hex_name: str) -> None:
        lay = next(x for x in s.map.tile_lays(s, "NP") if x.hex == hex_name)
        s.map.lay_tile(s, "NP", lay)

    assert {x.hex for x in s.map.tile_lays(s, "NP")} == {"B5", "C22"}  # either x2 hex
    lay("B5")
    seattle_next = {x.hex for x in s.map.tile_lays(s, "NP")} - {"C22"}
    assert seattle_next
    lay(sorted(seattle_next)[0])
    assert {x.hex for x in s.map.tile_lays(s, "NP")} == {"C22"}
    lay("C22")
    assert {x.hex for x in s.map.tile_lays(s, "NP")}  # a fourth from Minneapolis


# -- §8.1 permission -------------------------------------------------------------------------


def test_18west_8_1_permission_opens_a_grant_for_the_turn() -> None:
    """§8.1: "Until Phase 3 has started, a Company may only lay a tile ... in a Land Grant
    hex if the President of the Company that owns the Land Grant gives permission": the
    DRG (Ann) asks the ATSF's President (Bob); with his permission it may build in the
    ATSF's grant (H11, I12 ...), without it not."""
    s = new()
    s.start_company("Bob", "ATSF", 100)
    s.start_company("Ann", "DRG", 100)
    s.round = s.hooks.operating_round(s)
    s.round.start(s)
    s.round.current = "DRG"  # type: ignore[attr-defined]
    s.round._begin_turn(s)
    assert {x.hex for x in s.map.tile_lays(s, "DRG")} == {"G12"}
    assert "ask:ATSF" in choices(s)
    choose(s, "ask:ATSF")
    assert s.acting() == (PlayerId("Bob"),)
    assert choices(s) == ["permit", "refuse"]
    choose(s, "permit")
    assert s.acting() == (PlayerId("Ann"),) and s.round.entity(s) == "DRG"
    assert {"H11", "I12", "I14"} <= {x.hex for x in s.map.tile_lays(s, "DRG")}
    assert "ask:ATSF" not in choices(s)  # once a turn


def test_18west_8_1_refused_permission_keeps_the_grant_closed() -> None:
    """§8.1: a refused permission leaves the grant's hexes closed for the turn."""
    s = new()
    s.start_company("Bob", "ATSF", 100)
    s.start_company("Ann", "DRG", 100)
    s.round = s.hooks.operating_round(s)
    s.round.start(s)
    s.round.current = "DRG"  # type: ignore[attr-defined]
    s.round._begin_turn(s)
    choose(s, "ask:ATSF")
    choose(s, "refuse")
    assert {x.hex for x in s.map.tile_lays(s, "DRG")} == {"G12"}
    assert land_grant.grant_open(s, "DRG", "H11") is False


# -- §8.6 the x2 token at the edge of a yellow Destination ------------------------------------


def test_18west_8_6_x2_at_the_edge_takes_the_new_circle() -> None:
    """§8.6: "If the Destination City tile is still yellow and there is no open City circle
    available (this mostly applies to the KP ...), place the Doubling ("x2") station token at
    the edge of the tile ... When the tile upgrades ... and acquires a second City circle,
    the Doubling ("x2") station token immediately occupies the second City circle".  Denver
    (G14) holds the DRG; its green tile is the reconstructed green D (docs/18West-data.md
    R19), two circles."""
    s = new()
    s.start_company("Ann", "KP", 100)
    land_grant.convert(s, "KP", abandon=False)
    board = s.map_board()
    assert board["G14"].tokens["c"] == ["DRG"] and board.beside_of("G14", "c") == ["KP"]
    assert ("G14", "c") in s.map.graph.reach("KP").stops  # a station of the KP's
    board.lay("G14", "D-g", 3, {"c": "c"})
    land_grant.x2_into_circle(s, "G14")
    assert board["G14"].tokens["c"] == ["DRG", "KP"] and not board.beside
    assert s.x2_stations["KP"] == [("G14", "c")]
