"""A bankrupt player in the 18USA merger and acquisition round (§15 with §14): the round goes
on without them.  Fuzz games 18USA 6 players seed 6 and 7 players seed 8 crashed here
("nobody controls PRR" / "DRG"); their saved games no longer reach those positions since the
opening auction's rules changed, so these tests pin the cases directly."""

from __future__ import annotations

from roundhouse.core.bank import BANK
from roundhouse.core.flow.actions import Bid, Pass
from roundhouse.titles.g18usa.family1817.actions import Merge, PayoffLoan
from roundhouse.titles.g18usa.family1817.cash_crisis import bankrupt, enter_zone
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from roundhouse.titles.g18usa.family1817.loan_step import take_loan
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from tests.g18usa.test_bankruptcy import engine
from tests.g18usa.test_takeover_loans import ANN, act, set_cash, takeover_round


def usa_engine() -> FamilyEngine:
    """The corporate title with 18USA §15's bankruptcy: the player leaves, the game goes on,
    their holdings go to the open market."""
    g = engine(usa=True)
    assert isinstance(g, FamilyEngine)
    return g


def acquisition_won_by_cc(bid: int) -> FamilyEngine:
    """Bob's DD stands in an acquisition space; Ann's CC ($0 treasury) wins it for ``bid``
    (as ``test_takeover_loans``, with §15's bankruptcy)."""
    g = usa_engine()
    g.start_company("Ann", "CC", 80)
    g.start_company("Bob", "DD", 60)
    set_cash(g, "CC", 0)
    set_cash(g, "DD", 0)
    enter_zone(g, "DD", "acquisition")
    takeover_round(g)
    g.execute(Pass(player=ANN, entity="CC"))
    act(g, Bid(player=ANN, entity="Ann", company="DD", price=bid))
    act(g, Merge(player=ANN, entity="Ann", corporation="CC"))
    return g


def test_18usa_15_a_bankrupt_player_is_skipped_in_the_post_merger_share_round() -> None:
    """§15: a bankrupt player has left the game, so the post-merger share round (§14.1.3)
    asks only the others: Bob, bankrupt once the round had begun, is not asked after Ann."""
    g = usa_engine()
    g.start_company("Ann", "AA", 70)
    g.start_company("Ann", "BB", 60)
    takeover_round(g)
    act(g, Merge(player=ANN, entity="AA", corporation="BB"))
    assert g.acting() == ("Ann",)
    bankrupt(g, "Bob", BANK)
    act(g, Pass(player=ANN, entity="Ann"))
    assert g.acting() == ("Cy",)


def test_18usa_15_a_buyer_whose_president_went_bankrupt_borrows_what_its_bid_needs() -> None:
    """§15 with §14.2.2: CC won DD for $10 with an empty treasury, and must borrow before it
    pays; its president Ann goes bankrupt before deciding (her certificate goes to the open
    market, CC to the liquidation space).  Nobody decides for CC any more: it takes the loan
    the bid needs and pays Bob for DD, and the round goes on without asking anyone to act
    for a company nobody controls (here it liquidates CC and ends)."""
    g = acquisition_won_by_cc(bid=10)
    bob = g.ledger.cash("Bob")
    bankrupt(g, "Ann", BANK)
    assert g.controller("CC") is None
    assert isinstance(g.round, TakeoverRound)
    g.round.resume(g)
    assert g.ledger.cash("Bob") == bob + 2 * (10 // 5)  # §14.2.2: the bid / size, per share
    assert not g.corps["DD"].started
    assert all(g.controller(e) is not None for e in g.round.entities_acting(g))
    g.legal_actions()  # no "nobody controls CC"


def test_18usa_15_a_buyer_whose_president_went_bankrupt_repays_nothing_more() -> None:
    """§15 with §14.2.2: CC bought DD, taking over its loan, and its president Ann may now
    repay it; she goes bankrupt before deciding.  Nobody decides for CC any more: it stops
    repaying and the round goes on to the next sale."""
    g = usa_engine()
    g.start_company("Ann", "CC", 80)
    g.start_company("Bob", "DD", 60)
    set_cash(g, "CC", 300)
    take_loan(g, "DD")
    set_cash(g, "DD", 0)
    enter_zone(g, "DD", "acquisition")
    r = takeover_round(g)
    g.execute(Pass(player=ANN, entity="CC"))
    act(g, Bid(player=ANN, entity="Ann", company="DD", price=10))
    act(g, Merge(player=ANN, entity="Ann", corporation="CC"))
    act(g, Pass(player=ANN, entity="CC"))  # pays the bid, no more loans
    assert r.phase == "repay"
    assert PayoffLoan(player=ANN, entity="CC", loan=0) in g.legal_actions()
    bankrupt(g, "Ann", BANK)
    r.resume(g)
    assert r.phase != "repay"
    assert all(g.controller(e) is not None for e in r.entities_acting(g))
    g.legal_actions()  # no "nobody controls CC"


def test_a_bankrupt_presidents_liquidation_debt_void_lets_the_round_go_on() -> None:
    """§15: P6 goes bankrupt on MKT's interest; in the merger and acquisition round the
    bank liquidates MKT, GN and TP (§14.2.1) and their presidents owe the loans, but P6's
    debt is void ("removed from the game").  With no debt left to ask for, the round goes
    on to its end and the next operating round starts (found by the differential: random
    bots, 6 players, seed 2070, where nobody was left to act; the position is its first
    467 moves)."""
    import json
    from pathlib import Path

    import roundhouse

    path = Path(__file__).parent / "positions" / "bankrupt-presidents-liquidation-debt-void-6p.json"
    game = roundhouse.load(json.loads(path.read_text()))
    g = game.state
    assert str(game.log[-1]) == "P6 declares bankruptcy"
    assert not game.finished
    assert game.acting == ("P5",)
    assert g.round.kind == "OR"  # type: ignore[attr-defined]
    assert all(g.corps[c].closed or not g.corps[c].floated for c in ("GN", "TP", "MKT"))  # type: ignore[attr-defined]
