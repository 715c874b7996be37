"""18West as a playable title: set-up (§3.1), the Initial Stock Round (§3.2), the UP on
autopilot (§7.9), stock purchases (§5.1.2), operating order (§7), Land Grants (§7.5.3, §8)
and scoring (§4.2.1, §9)."""

from __future__ import annotations

import pytest

import roundhouse
from roundhouse.core.bank import BANK
from roundhouse.core.flow.actions import Bid, BuyShares, Choose, Par, Pass
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from roundhouse.core.shares import IPO, POOL
from roundhouse.titles.g18west.autopilot import run_autopilot
from roundhouse.titles.g18west.land_grant import destination_done
from roundhouse.titles.g18west.rules import WestHooks
from roundhouse.titles.g18west.state import WestGame

PLAYERS = ["Ann", "Bob", "Cy"]


def new(players: list[str] = PLAYERS, seed: int = 1) -> tuple[Game, WestGame]:
    game = roundhouse.new_game("18West", players=players, seed=seed)
    state = game.state
    assert isinstance(state, WestGame)
    return game, state


def play(game: Game, action: object) -> None:
    game.apply(action)  # type: ignore[arg-type]


def test_18west_is_registered_for_2_to_6_players() -> None:
    """§3.1 and §4.1 have columns for 2 to 6 players."""
    info = next(t for t in roundhouse.titles() if t["id"] == "18West")
    assert (info["min_players"], info["max_players"]) == (2, 6)


@pytest.mark.parametrize(
    ("players", "cash", "limit"),
    [(2, 750, 28), (3, 500, 20), (4, 375, 16), (5, 300, 13), (6, 250, 11)],
)
def test_18west_3_1_starting_money_and_4_1_certificate_limit(
    players: int, cash: int, limit: int
) -> None:
    names = ["Ann", "Bob", "Cy", "Dee", "Ed", "Flo"][:players]
    _, s = new(names)
    assert all(s.ledger.cash(p) == cash for p in names)
    assert s.cert_limit() == limit
    assert s.ledger.cash(BANK) == 12_000 - players * cash


def test_18west_3_1_the_up_at_the_start() -> None:
    """§3.1: UP at $70, two 2-trains, its President's Certificate and three singles in the
    Pool, five shares in its treasury; its x2 token in Oakland (G2-N); two home stations."""
    _, s = new()
    book = s.books["UP"]
    assert s.share_price("UP") == 70
    assert book.president_cert is not None and book.president_cert.owner == POOL
    assert book.shares_of(POOL) == 5 and book.shares_of("UP") == 5
    assert [t.type for t in s.depot.owned_by("UP")] == ["2", "2"]
    assert s.x2_stations["UP"] == [("G2", "n")]
    board = s.map_board()
    assert "UP" in board["F21"].tokens["c"] and "UP" in board["F3"].tokens["c"]
    assert s.depot.upcoming.count("2-0") == 0 and len(s.depot.upcoming) >= 13


def test_18west_3_1_land_grant_companies_keep_five_government_shares() -> None:
    """§2.2.2: only the President's Certificate and three singles are in play."""
    _, s = new()
    book = s.books["ATSF"]
    assert book.shares_of(IPO) == 5
    assert sum(c.shares for c in book.certs.values() if c.playable) == 5
    assert s.doubling["ATSF"] == ["H21"] and sorted(s.doubling["NP"]) == ["B5", "C22"]


def test_18west_7_9_up_earns_130_and_keeps_65() -> None:
    """§7.9: "it will normally earn $130 in its first Operating Round and pay $13 (10%) per
    share, of which up to 50 percent ($65) will go to the Company's Treasury"."""
    _, s = new()
    assert s.map.runs(s, "UP")[0][1] == 130
    bob = s.ledger.cash("Bob")
    s.books["UP"].move("UP_1", "Bob")
    run_autopilot(s, "UP")
    assert s.ledger.cash("UP") == 65
    assert s.ledger.cash("Bob") == bob + 13
    assert s.share_price("UP") == 80  # §4.2: a dividend of at least the value moves right


def test_18west_3_2_5_everyone_passes_so_priority_buys_the_up() -> None:
    """§3.2.5: all pass on the first turn: the Priority Deal holder must buy the UP
    President's Certificate for $140, and the round goes on."""
    game, s = new()
    first = s.priority
    for _ in PLAYERS:
        who = game.acting[0]
        play(game, Pass(player=who, entity=who))
    assert s.books["UP"].president == first
    assert s.ledger.cash(first) == 500 - 140
    assert s.round.kind == "SR"


def test_18west_3_2_4_auction_then_starting_value() -> None:
    """§3.2.4: the auctioneer opens with a multiple of $5 (zero allowed), the others bid or
    pass; the winner pays the bid to the Bank and starts the company (§3.3.1: twice the
    Starting Value to its treasury); play goes on after the auctioneer."""
    game, s = new()
    a = game.acting[0]
    play(game, Choose(player=a, entity=a, choice="auction:CBQ"))
    bids = [x for x in game.legal_actions() if isinstance(x, Bid)]
    assert bids[0].price == 0 and bids[-1].price == 500 - 100  # cash less two shares at $50
    play(game, Bid(player=a, entity=a, company="CBQ", price=10))
    b = game.acting[0]
    play(game, Bid(player=b, entity=b, company="CBQ", price=20))
    c = game.acting[0]
    play(game, Pass(player=c, entity=c))
    play(game, Pass(player=a, entity=a))
    assert game.acting == (b,)
    pars = [x for x in game.legal_actions() if isinstance(x, Par)]
    assert [p.share_price for p in pars] == [50, 60, 70, 80, 90, 100]
    play(game, Par(player=b, entity=b, corporation="CBQ", share_price=60))
    assert s.ledger.cash(b) == 500 - 20 - 120
    assert s.ledger.cash("CBQ") == 120
    assert s.books["CBQ"].president == b
    order = s.turn_order_from(a)
    assert game.acting == (PlayerId(order[1]),)


def test_18west_3_2_3_two_up_singles_become_the_presidency() -> None:
    """§3.2.3: "A player who buys two UP shares from the Pool before any player has bought
    the UP President's Certificate places their two single shares back in the Pool and
    receives the President's Certificate"."""
    game, s = new()
    a = game.acting[0]
    play(game, BuyShares(player=a, entity=a, shares=("UP_1",)))
    for _ in range(len(PLAYERS) - 1):
        who = game.acting[0]
        play(game, Pass(player=who, entity=who))
    play(game, BuyShares(player=a, entity=a, shares=("UP_2",)))
    assert s.books["UP"].president == a
    assert s.books["UP"].shares_of(a) == 2 and s.books["UP"].shares_of(POOL) == 3


def test_18west_5_1_2_treasury_closes_to_others_at_half() -> None:
    """§5.1.2, §3.2.2: "players (other than the President) may not buy any shares from the
    UP Treasury" - five UP shares are already out, in the Pool."""
    game, s = new()
    legal = game.legal_actions()
    assert not any(
        isinstance(x, BuyShares) and s.books["UP"].cert(x.shares[0]).owner == "UP" for x in legal
    )


def test_18west_7_granger_roads_operate_first() -> None:
    """§7: "all the Granger Roads operate first, followed by all the other Companies"."""
    _, s = new()
    s.market.place("CBQ", s.market.grid.find(50))
    s.market.place("DRG", s.market.grid.find(100))
    order = WestHooks().operating_order(s, ["DRG", "UP", "CBQ"])
    assert order == ["CBQ", "DRG", "UP"]


def test_18west_4_2_1_grey_granger_scores_nothing() -> None:
    """§4.2.1, §9: a Granger Road "whose token is in this space at the end of the game is
    worthless"."""
    _, s = new()
    s.start_company("Ann", "CBQ", 50)
    before = s.net_worth(PlayerId("Ann"))
    s.market.withhold("CBQ")
    assert "grey" in s.market.zones("CBQ")
    assert s.net_worth(PlayerId("Ann")) == before - 100
    assert s.cert_count("Ann") == 0


def test_18west_4_2_a_public_company_stops_at_50() -> None:
    """§4.2: a Public or Land Grant Company "that should move below $50 ... does not move"."""
    _, s = new()
    s.start_company("Ann", "DRG", 70)
    s.market.remove("DRG")
    s.market.place("DRG", s.market.grid.find(50))
    s.market.withhold("DRG")
    s.after_price_move("DRG")
    assert s.share_price("DRG") == 50


def test_18west_8_land_grant_destinations_start_open() -> None:
    """§8.2: no Land Grant Company starts with its Destination Route complete (the NP's
    from Minneapolis: Seattle's track to Portland does not count, §8.9)."""
    _, s = new()
    for company in ("ATSF", "KP", "NP", "SP", "TP"):
        assert not destination_done(s, company)


def test_18west_random_game_reaches_its_end() -> None:
    """Random legal moves finish a game (§9: the bank breaks)."""
    import random

    game, _ = new(seed=2)
    rng = random.Random(2)
    for _ in range(4000):
        if game.finished:
            break
        moves = game.legal_actions()
        game.apply(rng.choice(list(moves)))
    assert game.finished


def test_18west_8_2_first_tile_goes_where_the_x2_token_is() -> None:
    """§8.2: "A Land Grant Company must usually begin each of its turns by laying or
    upgrading a yellow tile in the hex containing its Doubling token" (§8.5: the SP's in
    H3)."""
    from roundhouse.titles.g18west.land_grant import mandatory_hexes

    _, s = new()
    s.start_company("Ann", "SP", 70)
    assert mandatory_hexes(s, "SP") == frozenset({"H3"})
    lays = s.map.tile_lays(s, "SP")
    assert lays and {lay.hex for lay in lays} == {"H3"}


def test_18west_7_5_3_subsidy_for_a_yellow_tile_in_the_grant() -> None:
    """§7.5.3: $30 for a yellow tile in the company's Land Grant, +$10 on a mountain."""
    from roundhouse.core.track import TileLay
    from roundhouse.titles.g18west.land_grant import after_lay

    _, s = new()
    s.start_company("Ann", "ATSF", 70)
    board = s.map_board()
    assert board["H19"].printed.terrain == ""
    after_lay(s, "ATSF", TileLay(hex="H19", tile="9", rotation=0, cost=0, upgrade=False))
    assert s.subsidy_due["ATSF"] == 30
    after_lay(s, "ATSF", TileLay(hex="H19", tile="9", rotation=0, cost=0, upgrade=False))
    assert s.subsidy_due["ATSF"] == 30  # once per hex (§7.1)
    after_lay(s, "ATSF", TileLay(hex="H15", tile="9", rotation=0, cost=40, upgrade=False))
    assert s.subsidy_due["ATSF"] == 30 + 40


def test_18west_14_2_trains_and_phases() -> None:
    """§14.1-§14.2 and §7.8: 15 2s at $100, 7 3s at $200, 5 4s at $300, 3 5s, 6s at $600
    and 4Ds at $1100 once the first 6 is bought; train limit 4/2, 4/2, 3/2."""
    from roundhouse.titles.g18west.data import phases, train_types

    types = {t.name: t for t in train_types()}
    assert [(t.name, t.price, t.count) for t in train_types()][:4] == [
        ("2", 100, 15),
        ("3", 200, 7),
        ("4", 300, 5),
        ("5", 500, 3),
    ]
    assert types["6"].price == 600 and types["4D"].price == 1100
    assert types["4D"].available_on == "6" and types["2"].rusts_on == "4"
    limits = [(p.name, p.limit("public"), p.limit("granger")) for p in phases()[:3]]
    assert limits == [("2", 4, 2), ("3", 4, 2), ("4", 3, 2)]


def test_18west_6_4_the_granger_token_becomes_the_buyers() -> None:
    """§6.4: "Replace the Granger Road station token with one of the Public Company's
    station tokens"."""
    _, s = new()
    s.start_company("Ann", "DRG", 100)
    placed = s.corps["DRG"].tokens_placed
    WestHooks().on_company_absorbed(s, "DRG", "CBQ")
    board = s.map_board()
    assert board["F27"].tokens["s"] == ["DRG"]
    assert s.corps["DRG"].tokens_placed == placed + 1


def test_18west_8_5_the_sp_example_first_turn() -> None:
    """§8.5: "At the start of the SP turn, its Doubling token is in H3. It lays tile #9 in
    H3 as its mandatory tile lay and two more tiles, #8 in J7 and #58 in K8. Its Doubling
    token is moved to K10."  (Through the printed Los Angeles I4 and San Diego J5.)"""
    from roundhouse.titles.g18west.land_grant import x2_moves

    _, s = new()
    s.start_company("Ann", "SP", 100)

    def lay(hex_name: str, tile: str) -> None:
        options = [
            lay for lay in s.map.tile_lays(s, "SP") if lay.hex == hex_name and lay.tile == tile
        ]
        assert options, f"no #{tile} in {hex_name}"
        s.map.lay_tile(s, "SP", options[-1])

    assert {lay.hex for lay in s.map.tile_lays(s, "SP")} == {"H3"}  # the mandatory lay
    lay("H3", "9")
    lay("J7", "8")
    lay("K8", "58")
    assert x2_moves(s, "SP") == {"H3": ["K10"]}


def test_18west_8_5_the_tp_example_first_turn() -> None:
    """§8.5: "At the start of the TP turn, its Doubling token is in K18. It lays three #9
    tiles in K18, K16 & K14. Its Doubling token is moved to K12.\""""
    from roundhouse.titles.g18west.land_grant import x2_moves

    _, s = new()
    s.start_company("Bob", "TP", 100)
    assert {lay.hex for lay in s.map.tile_lays(s, "TP")} == {"K18"}
    for hex_name in ("K18", "K16", "K14"):
        options = [
            lay for lay in s.map.tile_lays(s, "TP") if lay.hex == hex_name and lay.tile == "9"
        ]
        assert options, hex_name
        s.map.lay_tile(s, "TP", options[0])
    assert x2_moves(s, "TP") == {"K18": ["K12"]}
    # §7.5.3: $30 for each yellow tile in its grant (K10-K18, reconstructed R10)
    assert s.subsidy_due["TP"] == 3 * 30


def test_18west_8_5_the_tp_token_in_k12_makes_the_sp_connect() -> None:
    """§8.5: with the TP's Doubling token in K12, "the only legal tile the SP may lay in K12
    is a #9 tile connecting to the TP's track" (§8.2: the token is "a small extension of
    the Company's existing track")."""
    from roundhouse.core.flow.actions import Choose as ChooseAction
    from roundhouse.titles.g18west.land_grant import LandGrantStep

    _, s = new()
    s.start_company("Bob", "TP", 100)
    for hex_name in ("K18", "K16", "K14"):
        lay = next(x for x in s.map.tile_lays(s, "TP") if x.hex == hex_name and x.tile == "9")
        s.map.lay_tile(s, "TP", lay)
    step = LandGrantStep()
    s.books["TP"].president  # noqa: B018 - Bob presides
    step.process(s, "TP", ChooseAction(player=PlayerId("Bob"), entity="TP", choice="x2:K18:K12"))
    assert s.doubling["TP"] == ["K12"]
    assert s.map_board().stubs["K12"]
    s.start_company("Ann", "SP", 100)
    for hex_name, tile in (("H3", "9"), ("J7", "8"), ("K8", "58")):
        lay = [x for x in s.map.tile_lays(s, "SP") if x.hex == hex_name and x.tile == tile][-1]
        s.map.lay_tile(s, "SP", lay)
    s.doubling["SP"] = ["K10"]
    s.set_count += 1  # the SP's next turn
    lay = [x for x in s.map.tile_lays(s, "SP") if x.hex == "K10" and x.tile == "9"]
    assert lay
    s.map.lay_tile(s, "SP", lay[0])
    in_k12 = {(x.tile, x.rotation) for x in s.map.tile_lays(s, "SP") if x.hex == "K12"}
    assert in_k12 and {t for t, _ in in_k12} == {"9"} and len(in_k12) == 1


def test_18west_3_3_4_phase_6_start_is_fully_funded() -> None:
    """§3.3.4: from Phase 6 the President's Certificate is paid to the Bank, the singles go
    to the Pool, and with five shares out the Bank pays the company ten times its value."""
    from roundhouse.titles.g18west.initial_round import start_fully_funded

    _, s = new()
    bank = s.ledger.cash(BANK)
    start_fully_funded(s, "Ann", "DRG", 100)
    assert s.ledger.cash("DRG") == 0 and s.ledger.cash(BANK) == bank + 200
    book = s.books["DRG"]
    assert book.shares_of(POOL) == 8 and not s.corps["DRG"].floated
    for cert in sorted(book.certs_of(POOL), key=lambda c: c.id)[:3]:
        book.move(cert.id, "Bob")
    s.check_float("DRG")
    assert s.corps["DRG"].floated and s.ledger.cash("DRG") == 1000
    assert "DRG" in s.initial_train and s.bypass["DRG"] is False
