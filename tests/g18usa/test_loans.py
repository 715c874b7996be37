"""18USA §9 and §14 limits on loans: the price never goes past the leftmost acquisition
space into liquidation because of a loan, and a company that loans drove out of the white
area takes no more in the M&A round."""

from __future__ import annotations

from roundhouse.core.ids import PlayerId
from roundhouse.titles.g18usa.family1817.actions import Convert, TakeLoan
from roundhouse.titles.g18usa.family1817.loan_step import take_loan
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from tests.g18usa.corporate import corporate_engine

ANN = PlayerId("Ann")


def test_18usa_9_loans_stop_at_the_leftmost_acquisition_space() -> None:
    """18USA §9: "If the token is in (or enters) the leftmost gray space, taking loans has no
    further effect on the share price marker" - from $20 one space to $10, then no move."""
    g = corporate_engine()
    g.start_company("Ann", "CC", 80)
    cell = g.market.grid.at_or_below(20)
    assert cell is not None
    g.market.place("CC", cell)
    take_loan(g, "CC")
    assert g.share_price("CC") == 10
    assert "acquisition" in g.market.zones("CC")
    take_loan(g, "CC")
    assert g.share_price("CC") == 10
    assert "liquidation" not in g.market.zones("CC")


def test_18usa_14_no_more_loans_once_they_drove_the_company_into_acquisition() -> None:
    """18USA §14: a company moved into the gray area by loans taken during its conversion
    "may not take any further actions during this M&A round"; here AA ($50) converts, a
    first loan takes it to $30, a second to $10 (acquisition): no third loan is offered, the
    $50 token is bought, and nobody trades its shares (§11.1, §11.3)."""
    g = corporate_engine()
    g.start_company("Ann", "AA", 60)
    cell = g.market.grid.at_or_below(50)
    assert cell is not None
    g.market.place("AA", cell)
    r = TakeoverRound()
    g.round = r
    r.start(g)
    g.execute(Convert(player=ANN, entity="AA"))
    g.execute(TakeLoan(player=ANN, entity="AA", loan=0))
    assert g.share_price("AA") == 30
    g.execute(TakeLoan(player=ANN, entity="AA", loan=1))
    assert g.share_price("AA") == 10
    assert g.loans.of("AA") == [0, 1]
    assert g.ledger.cash("AA") == 2 * 60 + 200 - 50
    assert "liquidation" not in g.market.zones("AA")
    assert r.finished  # no third loan was offered: the conversion went on by itself
