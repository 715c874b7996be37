"""Loans in the 18USA M&A round are the president's decisions (§14.1.1, §14.1.2, §14.2),
with the rulebook's numbers: $100 a loan, the price two spaces back per loan, station
tokens of a converted 5-share company $50."""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.engine18xx import Engine
from roundhouse.core.flow.actions import Bid, Pass
from roundhouse.core.ids import PlayerId
from roundhouse.titles.g18usa.family1817.actions import Convert, Merge, TakeLoan
from roundhouse.titles.g18usa.family1817.cash_crisis import enter_zone
from roundhouse.titles.g18usa.family1817.company_sale import SaleKind, bid_capacity
from roundhouse.titles.g18usa.family1817.loan_step import take_loan
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from tests.g18usa.corporate import corporate_engine

ANN, BOB, CY = PlayerId("Ann"), PlayerId("Bob"), PlayerId("Cy")


def set_cash(g: Engine, holder: str, amount: int) -> None:
    g.ledger.transfer_all(holder, BANK)
    g.ledger.transfer(BANK, holder, amount)


def act(g: Engine, action: Action) -> None:
    g.check(action)
    g.execute(action)


def takeover_round(g: Engine) -> TakeoverRound:
    r = TakeoverRound()
    g.round = r
    r.start(g)
    return r


def converting_aa(cash: int) -> Engine:
    """Ann's 2-share AA at $80 with ``cash`` in its treasury converts to 5 shares."""
    g = corporate_engine()
    g.start_company("Ann", "AA", 80)
    set_cash(g, "AA", cash)
    takeover_round(g)
    assert Convert(player=ANN, entity="AA") in g.legal_actions()
    act(g, Convert(player=ANN, entity="AA"))
    assert g.books["AA"].size == 5
    return g


def test_18usa_14_1_1_the_president_may_take_loans_before_buying_the_token() -> None:
    """18USA §14.1.1: after the new shares, "Take loans (if desired)", then buy the $50
    station token: a loan brings $100 and moves the price two spaces back ($80 -> $60)."""
    g = converting_aa(cash=30)
    assert g.legal_actions() == [
        TakeLoan(player=ANN, entity="AA", loan=0),
        Pass(player=ANN, entity="AA"),
    ]
    act(g, TakeLoan(player=ANN, entity="AA", loan=0))
    assert g.ledger.cash("AA") == 130
    assert g.share_price("AA") == 60
    act(g, Pass(player=ANN, entity="AA"))
    assert g.ledger.cash("AA") == 80
    assert "liquidation" not in g.market.zones("AA")
    assert g.acting() == ("Ann",)  # §14.1.3: the post-conversion share round begins


def test_18usa_14_1_1_declining_loans_without_the_token_money_means_liquidation() -> None:
    """18USA §14.1.1: a company that cannot afford its station token goes to the
    liquidation space - taking the loan that would pay for it was the president's choice;
    there is no post-conversion share round for it (§11.1, §11.3)."""
    g = converting_aa(cash=30)
    ann = g.ledger.cash("Ann")
    act(g, Pass(player=ANN, entity="AA"))
    # Into the liquidation space, so liquidated later in this M&A round (§14.2.1): nobody
    # bids, the $30 treasury is split over its 5 shares, $6 each to Ann's two.
    assert "AA" not in g.market.position and not g.corps["AA"].started
    assert g.ledger.cash("Ann") == ann + 2 * (30 // 5)
    assert g.loans.out() == 0


def test_18usa_14_1_2_loans_are_offered_after_the_merger_share_round() -> None:
    """18USA §14.1.2: after the post-merger process (§14.1.3) the new 5-share company
    "Take[s] loans (if desired)"."""
    g = corporate_engine()
    g.start_company("Ann", "AA", 70)
    g.start_company("Ann", "BB", 60)
    takeover_round(g)
    act(g, Merge(player=ANN, entity="AA", corporation="BB"))
    assert g.share_price("AA") == 120  # $60 + $70 = $130, rounded down to $120
    for player in (ANN, BOB, CY):
        act(g, Pass(player=player, entity=player))
    assert g.legal_actions() == [
        TakeLoan(player=ANN, entity="AA", loan=0),
        Pass(player=ANN, entity="AA"),
    ]
    cash = g.ledger.cash("AA")
    act(g, TakeLoan(player=ANN, entity="AA", loan=0))
    assert g.ledger.cash("AA") == cash + 100
    assert g.share_price("AA") == 100  # two spaces back from $120
    act(g, Pass(player=ANN, entity="AA"))
    assert TakeLoan(player=ANN, entity="AA", loan=1) not in g.legal_actions()


def acquisition_won_by_cc(bid: int) -> Engine:
    """Bob's DD stands in an acquisition space; Ann's CC ($0 treasury) wins it."""
    g = corporate_engine()
    g.start_company("Ann", "CC", 80)
    g.start_company("Bob", "DD", 60)
    set_cash(g, "CC", 0)
    set_cash(g, "DD", 0)
    enter_zone(g, "DD", "acquisition")
    takeover_round(g)
    g.execute(Pass(player=ANN, entity="CC"))  # CC neither converts nor merges
    assert g.acting() == ("Ann",)  # Cy, left of DD's president, has no company to bid with
    act(g, Bid(player=ANN, entity="Ann", company="DD", price=bid))
    act(g, Merge(player=ANN, entity="Ann", corporation="CC"))
    return g


def test_18usa_14_2_a_buyer_short_of_the_bid_must_borrow_and_may_borrow_more() -> None:
    """18USA §14.2.2: "The buying company now pays the winning bid ... It may take loans":
    while the treasury is short only a loan is possible; then paying or more loans."""
    g = acquisition_won_by_cc(bid=10)
    assert g.legal_actions() == [TakeLoan(player=ANN, entity="CC", loan=0)]
    act(g, TakeLoan(player=ANN, entity="CC", loan=0))
    assert g.legal_actions() == [
        TakeLoan(player=ANN, entity="CC", loan=1),
        Pass(player=ANN, entity="CC"),
    ]
    bob = g.ledger.cash("Bob")
    act(g, Pass(player=ANN, entity="CC"))
    assert g.ledger.cash("CC") == 90
    assert g.ledger.cash("Bob") == bob + 2 * (10 // 5)  # §14.2.2: the bid / size, per share
    assert not g.corps["DD"].started


def test_18usa_14_2_bid_capacity_counts_acquired_loans_toward_the_limit() -> None:
    """18USA §9, §14.2.2: the buyer takes the target's loans, and they count toward its
    limit (a 5-share company holds at most five), so fewer new loans can fund the bid."""
    g = corporate_engine()
    g.start_company("Ann", "CC", 80)
    g.start_company("Bob", "DD", 60)
    set_cash(g, "CC", 0)
    for _ in range(4):
        take_loan(g, "DD")
    set_cash(g, "DD", 0)
    assert bid_capacity(g, "CC", "DD", SaleKind.ACQUISITION) == 100
    assert bid_capacity(g, "CC", "DD", SaleKind.LIQUIDATION) == 500


def test_18usa_14_2_2_shareholders_settle_after_the_acquired_loans_are_decided() -> None:
    """§14.2.2: the buyer pays the bid, "may now pay off any loans acquired", and only then
    do shareholders and short sellers settle.  GN has just bought DRG and its four loans;
    while GN decides on them nobody has been paid or charged (P6 and P2, short DRG, owe
    $20 each only once GN passes).  Found by the export differential: random bots, 6
    players, seed 610, where P6's cash crisis came first and the site refused its sale
    before GN's decision; the position is its first 236 moves."""
    import json
    from pathlib import Path

    import roundhouse

    path = Path(__file__).parent / "positions" / "acquired-loans-before-settlement-6p.json"
    game = roundhouse.load(json.loads(path.read_text()))
    g = game.state
    assert str(game.log[-1]) == "P2 merges with GN"
    assert g.round.phase == "repay"  # type: ignore[attr-defined]
    assert not g.round.crisis.debts  # type: ignore[attr-defined]
    assert g.shorts.of("P6", "DRG") == 1  # type: ignore[attr-defined]
    cash = g.ledger.cash("P3")  # type: ignore[attr-defined]
    game.apply(next(a for a in game.legal_actions() if a.kind == "pass"))
    assert g.shorts.of("P6", "DRG") == 0  # type: ignore[attr-defined]
    assert [d.player for d in g.round.crisis.debts] == ["P6", "P2"]  # type: ignore[attr-defined]
    assert g.ledger.cash("P3") == cash + 40  # type: ignore[attr-defined]


def test_18usa_14_2_compat_sales_go_once_through_the_order_at_their_start() -> None:
    """§14.2 conducts the sales "in reverse operating order"; 18xx.games fixes that order
    when its acquisition round begins and goes through it once
    (``G1817::Round::Acquisition#select_entities``).  Here ATSF ($50 now) had the higher
    price when the sales began, and its acquisition of SP has lowered it below SLSF ($53)
    since: after KCS's friendly sale found no buyer, SLSF comes next there, not ATSF, so
    under ``compat_18xx_games`` P4 is asked about SLSF (found by the export differential:
    random bots, 4 players, seed 602; the position is its first 269 moves)."""
    import json
    from pathlib import Path

    import roundhouse

    path = Path(__file__).parent / "positions" / "sales-in-the-order-at-their-start-4p.json"
    game = roundhouse.load(json.loads(path.read_text()))
    g = game.state
    assert (g.share_price("ATSF"), g.share_price("SLSF")) == (50, 53)  # type: ignore[attr-defined]
    assert [str(a) for a in game.legal_actions()] == ["P4 offers SLSF for sale", "P4 passes"]


def test_18usa_14_2_2_the_bid_may_draw_on_the_acquired_p15s_extra_loan() -> None:
    """§14.2.2: the buyer takes the acquired company's assets, privates included, and then
    pays its bid, so SR's P15 Western Land Grant (one loan above the limit) is room the bid
    may draw on.  P1's IC ($174, at its limit of two loans) bidding for SR in acquisition
    ($80, three loans the buyer repays under ``compat_18xx_games``) can pay $174 + $80 -
    $300 + $100 = $54, as 18xx.games counts it (``G18USA::Step::Acquire
    #max_bid_for_corporation``): bids of $10 to $50.  Without P15's loan nobody could
    bid, and SR's auction was skipped (found by the export differential: random bots, 7
    players, seed 817; the position is its first 341 moves)."""
    import json
    from pathlib import Path

    import roundhouse

    path = Path(__file__).parent / "positions" / "acquiring-the-western-land-grant-7p.json"
    game = roundhouse.load(json.loads(path.read_text()))
    g = game.state
    assert str(game.log[-1]) == "P7 declares bankruptcy"
    assert g.privates["P15"].owner == "SR"  # type: ignore[attr-defined]
    assert bid_capacity(g, "IC", "SR", SaleKind.ACQUISITION) == 54  # type: ignore[arg-type]
    legal = game.legal_actions()
    assert next(str(a) for a in legal) == "P1 bids $10 for SR"
    assert [(r.low, r.high) for r in legal.ranges] == [(10, 50)]


def test_18usa_15_compat_an_auction_is_called_off_when_its_company_moves_to_liquidation() -> None:
    """TP, in the acquisition area when the M&A round began, is being auctioned when its
    president P3 goes bankrupt in a cash crisis: §15 puts TP's president's certificate in
    the open market and TP in liquidation.  18xx.games calls the auction off then (the
    company "is no longer eligible to be auctioned", ``G1817::Step::Acquire
    #active_entities``) and goes on with the next company, so under
    ``compat_18xx_games`` (``TakeoverRules.liquidate_only_at_start``) P1 is asked about
    C&O next, not for a bid for TP (found by the export differential: random bots, 3
    players, seed 901; the position is its first 195 moves)."""
    import json
    from pathlib import Path

    import roundhouse

    path = Path(__file__).parent / "positions" / "auction-called-off-by-bankruptcy-3p.json"
    game = roundhouse.load(json.loads(path.read_text()))
    g = game.state
    assert str(game.log[-1]) == "P3 declares bankruptcy"
    assert "liquidation" in g.market.zones("TP")  # type: ignore[attr-defined]
    assert "TP" in g.round.acquisition_at_start  # type: ignore[attr-defined]
    assert [str(a) for a in game.legal_actions()] == ["P1 offers C&O for sale", "P1 passes"]
