"""18West §7.8.3-§7.8.5: a President who cannot pay for the company's train is bankrupt, and
the company they leave in the Pool runs on autopilot (§7.9.1's rules for the UP).

The opening is the first 27 actions of a random 3-player game (fuzz seed 9700112), chosen
because it reaches a bankruptcy in Operating Round 1.1: Bob wins the GN's President's
Certificate for $270, starts it at $70 ($140 to its treasury, $90 left to him), lets its
§7.8.2 first train go, spends $40 on a mountain tile (C4) and $100 on its Bypass token in
Seattle, and ends its run with $0 in the treasury and no train.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

import roundhouse
from roundhouse.core.bank import BANK
from roundhouse.core.flow.actions import Bankrupt, Bid, BuyTrain, Choose, Par, Pass
from roundhouse.core.flow.emergency import declare_bankruptcy
from roundhouse.core.flow.train_step import BuyTrainStep
from roundhouse.core.game import Game
from roundhouse.core.shares import POOL
from roundhouse.terminal.play import result_table
from roundhouse.titles.g18west.autopilot import run_autopilot
from roundhouse.titles.g18west.state import WestGame
from tests.g18west.test_title import new


def _act(kind: str, player: str, entity: str | None = None, **fields: Any) -> dict[str, Any]:
    return {"kind": kind, "player": player, "entity": entity or player, **fields}


OPENING = [
    _act("choose", "Bob", choice="auction:MKT", company=""),
    _act("bid", "Bob", company="MKT", price=290),
    _act("bid", "Cy", company="MKT", price=365),
    _act("bid", "Ann", company="MKT", price=400),
    _act("pass", "Bob"),
    _act("pass", "Cy"),
    _act("par", "Ann", corporation="MKT", share_price=50),
    _act("buy_shares", "Cy", shares=["UP_1"]),
    _act("pass", "Ann"),
    _act("choose", "Bob", choice="auction:GN", company=""),
    _act("bid", "Bob", company="GN", price=225),
    _act("bid", "Cy", company="GN", price=240),
    _act("pass", "Ann"),
    _act("bid", "Bob", company="GN", price=270),
    _act("pass", "Cy"),
    _act("par", "Bob", corporation="GN", share_price=70),
    _act("pass", "Cy"),
    _act("pass", "Ann"),
    _act("pass", "Bob"),
    # Operating Round 1.1: the MKT (a Granger Road) first, then the GN
    _act("pass", "Ann", "MKT"),
    _act("dividend", "Ann", "MKT", mode="withhold"),
    _act("buy_train", "Ann", "MKT", train="2-2", price=100, variant=""),
    _act("pass", "Bob", "GN"),  # §7.8.2: no first train
    _act("lay_tile", "Bob", "GN", hex="C4", tile="9", rotation=2),
    _act("pass", "Bob", "GN"),
    _act("place_token", "Bob", "GN", hex="A4", city="c"),
    _act("dividend", "Bob", "GN", mode="withhold"),
]


def _gn_cannot_pay() -> tuple[Game, WestGame]:
    game = roundhouse.load(
        {"title": "18West", "options": {}, "seed": 9700112, "players": ["Ann", "Bob", "Cy"]}
        | {"actions": OPENING}
    )
    state = game.state
    assert isinstance(state, WestGame)
    return game, state


def test_18west_7_8_5_a_first_turn_public_company_bankrupts_its_president() -> None:
    """§7.8.3: the GN, a Public Company, must own a train at the end of its turn; §7.8.4: Bob
    must pay what the treasury lacks ($100 - $0) and has $90; he may not sell GN stock, as
    the GN is operating for the first time, and owns nothing else: §7.8.5, he is bankrupt -
    the only move listed, in Operating Round 1.1."""
    game, s = _gn_cannot_pay()
    assert s.label() == "OR 1.1"
    assert s.ledger.cash("GN") == 0 and s.ledger.cash("Bob") == 90
    assert list(game.legal_actions()) == [Bankrupt(player="Bob", entity="GN")]


def test_18west_7_8_5_the_bank_makes_up_the_difference_for_a_company_in_the_pool() -> None:
    """§7.8.5: Bob's holdings go to the Pool; no player holds two GN shares, so its
    President's Certificate goes there too; the treasury holds what Bob raised (his $90) and
    "If the Presidency ends up in the Pool, the Bank makes up the difference" ($10) for a
    2-train.  No treasury share is issued for it: all eight stay in the GN's treasury."""
    game, s = _gn_cannot_pay()
    bank = s.ledger.cash(BANK)
    game.apply(Bankrupt(player="Bob", entity="GN"))  # type: ignore[arg-type]
    book = s.books["GN"]
    assert s.player("Bob").bankrupt and s.ledger.cash("Bob") == 0
    assert book.president is None and book.president_cert.owner == POOL  # type: ignore[union-attr]
    assert [t.type for t in s.depot.owned_by("GN")] == ["2"]
    assert book.shares_of("GN") == 8 and book.shares_of(POOL) == 2
    assert s.ledger.cash("GN") == 0
    assert s.ledger.cash(BANK) == bank - 10 + 100


def test_18west_7_8_3_a_granger_road_on_autopilot_buys_no_train() -> None:
    """§7.8.3: "Granger Roads and Land Grant Companies are not required to own a train and
    therefore can never be in a 'mandatory train buying' ... situation" - not on autopilot
    either (§7.8.5: a bankrupt's Granger Road, which only its President could hold, goes to
    the Pool and runs by §7.9.1, whose forced purchase is for a company with no train that
    must own one)."""
    _, s = new()
    s.start_company("Ann", "MKT", 60)
    s.start_company("Bob", "KP", 70)
    s.ledger.transfer("Ann", BANK, s.ledger.cash("Ann"))
    s.ledger.transfer("Bob", BANK, s.ledger.cash("Bob"))
    declare_bankruptcy(s, "MKT", "Ann")
    declare_bankruptcy(s, "KP", "Bob")
    for company, cash in (("MKT", 120), ("KP", 140)):
        assert s.books[company].president is None
        run_autopilot(s, company)
        assert s.depot.owned_by(company) == []
        assert s.ledger.cash(company) == cash


def test_18west_7_8_1_no_train_is_bought_from_a_company_without_a_president() -> None:
    """§7.8.1: from Phase 3 a company may buy another's train "at a mutually agreed price";
    the UP before anyone buys its President's Certificate has nobody to agree for it (its
    §7.9.1 autopilot never sells), so its two 2-trains are not offered - until it has a
    President."""
    _, s = new()
    s.depot.phases.advance_to("3")
    s.start_company("Ann", "DRG", 100)
    step = BuyTrainStep()
    step.setup(s, "DRG")
    ups = {t.id for t in s.depot.owned_by("UP")}
    assert len(ups) == 2 and not ups & set(step.sellers(s, "DRG"))
    president = s.books["UP"].president_cert
    assert president is not None
    president.owner = "Bob"
    s.books["UP"].update_president(["Ann", "Bob", "Cy"])
    assert s.books["UP"].president == "Bob"
    assert ups <= set(step.sellers(s, "DRG"))


def test_18west_7_8_5_a_land_grant_company_left_in_the_pool_runs_on_autopilot_at_once() -> None:
    """§8.3: Bob cannot raise the $40 of the NP's owed tile in B5 and is bankrupt; nobody
    holds two NP shares, so §7.8.5 puts its Presidency in the Pool and it "operates on
    autopilot using the rules for the UP" - for the rest of this turn too: it lays nothing,
    runs (no train: nothing, §4.2 moves its value left), and buys no train (§7.8.3: a Land
    Grant Company need not own one)."""
    game = roundhouse.new_game("18West", players=["Ann", "Bob", "Cy"], seed=1)
    game.apply(Choose(player="Bob", entity="Bob", choice="auction:NP", company=""))
    game.apply(Bid(player="Bob", entity="Bob", company="NP", price=0))
    game.apply(Pass(player="Cy", entity="Cy"))
    game.apply(Pass(player="Ann", entity="Ann"))
    game.apply(Par(player="Bob", entity="Bob", corporation="NP", share_price=70))
    while game.state.label() == "ISR":
        who = game.acting[0]
        game.apply(Pass(player=who, entity=who))
    s = game.state
    assert isinstance(s, WestGame) and s.label() == "OR 1.1"
    s.doubling["NP"] = ["B5"]  # only its mountain hex, as in test_mandatory_lay
    s.map_board().touch()
    s.ledger.transfer("NP", BANK, s.ledger.cash("NP") - 10)
    s.ledger.transfer("Bob", BANK, s.ledger.cash("Bob"))
    assert list(game.legal_actions()) == [Bankrupt(player="Bob", entity="NP")]
    blank = s.map_board()["B5"].tile
    game.apply(Bankrupt(player="Bob", entity="NP"))
    told = [e.text for e in game.events(len(game.log) - 1)[0]]
    assert told[:3] == [
        "Bob goes bankrupt",
        "NP (autopilot) earns nothing",
        "NP's share price falls from $70 to $60",
    ]
    assert s.books["NP"].president is None and s.depot.owned_by("NP") == []
    assert s.map_board()["B5"].tile is blank


def _cy_holds_two_gn_shares(s: WestGame) -> None:
    """Cy bought two GN shares from its treasury in the Initial Stock Round (§3.2.2)."""
    for cert in [c for c in s.books["GN"].certs.values() if c.owner == "GN"][:2]:
        cert.owner = "Cy"


def test_18west_7_8_5_the_next_president_completes_the_purchase() -> None:
    """§7.8.5: "transfer the Presidency ... to the next eligible player": Cy holds two GN
    shares and becomes President; the treasury holds what Bob raised ($90), and "The new
    President must complete the Emergency Money Raising using their own resources": Cy pays
    the other $10 of the 2-train."""
    game, s = _gn_cannot_pay()
    _cy_holds_two_gn_shares(s)
    game.apply(Bankrupt(player="Bob", entity="GN"))  # type: ignore[arg-type]
    assert s.books["GN"].president == "Cy" and s.ledger.cash("GN") == 90
    (buy,) = game.legal_actions()
    assert isinstance(buy, BuyTrain) and buy.price == 100
    cash = s.ledger.cash("Cy")
    game.apply(buy)
    assert s.ledger.cash("Cy") == cash - 10 and s.ledger.cash("GN") == 0
    assert [t.type for t in s.depot.owned_by("GN")] == ["2"]


def test_18west_9_a_second_bankruptcy_leaves_one_player_and_ends_the_game() -> None:
    """The new President may fail too: Cy has $5, and her only other shares are the GN's,
    which she may not sell while it operates for the first time (§7.8.4) - she is bankrupt in
    the same turn, and §9: "If all players but one have gone bankrupt, the game ends
    immediately"."""
    game, s = _gn_cannot_pay()
    _cy_holds_two_gn_shares(s)
    s.books["UP"].cert("UP_1").owner = POOL
    s.ledger.transfer("Cy", BANK, s.ledger.cash("Cy") - 5)
    game.apply(Bankrupt(player="Bob", entity="GN"))  # type: ignore[arg-type]
    assert list(game.legal_actions()) == [Bankrupt(player="Cy", entity="GN")]
    game.apply(Bankrupt(player="Cy", entity="GN"))  # type: ignore[arg-type]
    assert game.finished and game.end_reason == "bankrupt"
    assert [p for p in ("Ann", "Bob", "Cy") if not s.player(p).bankrupt] == ["Ann"]


def test_18west_9_the_sole_solvent_player_wins_a_tie_at_zero() -> None:
    """§9: "The sole solvent player is the winner" - whatever the scores.  Here all three end
    with $0 (Ann's only certificate is a Granger Road's at $0, the bankrupt players' holdings
    went to the Pool), and Ann alone wins: in the result, the log, the view and the arena."""
    game, s = _gn_cannot_pay()
    _cy_holds_two_gn_shares(s)
    s.books["UP"].cert("UP_1").owner = POOL
    s.ledger.transfer("Cy", BANK, s.ledger.cash("Cy") - 5)
    game.apply(Bankrupt(player="Bob", entity="GN"))  # type: ignore[arg-type]
    game.apply(Bankrupt(player="Cy", entity="GN"))  # type: ignore[arg-type]
    assert game.result == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert game.winners == ("Ann",)
    assert game.observe().winners == ("Ann",)
    over = [e for step in game.events() for e in step if e.kind == "game_over"]
    assert over[-1].text == "Game over (bankrupt): Ann wins with $0; Bob $0, Cy $0"
    assert over[-1].data["winners"] == ["Ann"]
    console = Console(width=60, record=True)
    console.print(result_table(game))
    rows = [line.split() for line in console.export_text().splitlines() if "$0" in line]
    assert [(r[1], r[3]) for r in rows] == [("1", "Ann"), ("2", "Bob"), ("2", "Cy")]
