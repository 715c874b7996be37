"""18USA §15 as a property: whatever the holdings, the debt and the debtor's choices, a cash
crisis ends with the debt paid or the debtor bankrupt with nothing more they could sell,
no sale ever changes a presidency, and money is conserved."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from roundhouse.core.bank import BANK
from roundhouse.core.flow.actions import Bankrupt, SellShares
from roundhouse.titles.g18usa.family1817.cash_crisis import owe
from roundhouse.titles.g18usa.family1817.corporate_round import CorporateOperatingRound
from tests.g18usa.test_cash_crisis import eliminating_engine, set_cash, set_price

PRICES = [30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 135, 150]


@settings(max_examples=60, deadline=None)
@given(
    price=st.sampled_from(PRICES),
    ann_dd=st.integers(0, 2),
    ann_cc=st.integers(0, 1),
    cash=st.integers(0, 200),
    debt=st.integers(1, 700),
    data=st.data(),
)
def test_18usa_15_a_crisis_ends_paid_or_bankrupt_without_presidency_changes(
    price: int, ann_dd: int, ann_cc: int, cash: int, debt: int, data: st.DataObject
) -> None:
    g = eliminating_engine()
    g.start_company("Bob", "DD", 80)
    g.start_company("Ann", "CC", 80)
    set_price(g, "DD", price)
    g.books["DD"].transfer("DD", "Ann", ann_dd)
    g.books["CC"].transfer("CC", "Ann", ann_cc)
    g.books["CC"].transfer("CC", "Bob", 1)
    set_cash(g, "Ann", cash)
    total = g.ledger.total()
    presidents = {c: g.books[c].president for c in ("CC", "DD")}
    r = CorporateOperatingRound(g.hooks.operating_steps(g))
    g.round = r
    owe(g, "Ann", debt, BANK)
    raised = 0
    while r.crisis.debts:
        moves = g.legal_actions()
        assert moves
        move = data.draw(st.sampled_from(moves))
        g.check(move)
        if isinstance(move, SellShares):
            each = g.share_price(move.corporation)
            assert g.ledger.cash("Ann") + (move.count - 1) * each < debt  # never a share too many
            raised += move.count * each
        else:
            assert isinstance(move, Bankrupt) and len(moves) == 1
        g.execute(move)
        assert {c: g.books[c].president for c in ("CC", "DD")} == presidents or g.player(
            "Ann"
        ).bankrupt
    assert g.ledger.total() == total
    if g.player("Ann").bankrupt:
        assert cash + raised < debt
    else:
        assert g.ledger.cash("Ann") == cash + raised - debt >= 0
