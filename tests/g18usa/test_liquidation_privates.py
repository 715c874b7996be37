"""18USA §14.2.1: what becomes of the privates of a company in liquidation.  A company that
buys it "takes all of the purchased company's trains, station markers, and private
companies"; when nobody bids, "the bank wins the auction for $0" and the company leaves play:
its privates close with it (18xx.games closes them as it resets the charter), so a company
started later on the same charter begins without them.

Seed 9 with three players deals P1 (a coal token), P2 (bridge tokens) and P4 (an ore token).
GN, Ann's 2-share company, holds P1 and P2 and stands in the liquidation space; the M&A round
is played with the family's TakeoverRound (tests/g18usa/test_cash_crisis.py does the same)."""

from __future__ import annotations

from roundhouse.core.bank import BANK
from roundhouse.core.event import Event, collecting
from roundhouse.core.flow.actions import Bid, Pass
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from roundhouse.titles.g18usa import TITLE
from roundhouse.titles.g18usa.family1817.actions import Merge
from roundhouse.titles.g18usa.family1817.cash_crisis import enter_zone
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from roundhouse.titles.g18usa.state import UsaGame

ANN, BOB = PlayerId("Ann"), PlayerId("Bob")


def _liquidation(*, bob_company: bool) -> UsaGame:
    """GN (Ann's, $0 in its treasury, P1 and P2 on its charter) in the liquidation space and
    the M&A round under way; with ``bob_company`` Bob presides ATSF ($300, in the white area),
    which may bid for GN."""
    g = Game(TITLE, ["Ann", "Bob", "Cy"], seed=9).state
    assert isinstance(g, UsaGame)
    assert {"P1", "P2", "P4"} <= set(g.privates)
    g.start_company("Ann", "GN", 50)
    g.ledger.transfer_all("GN", BANK)
    for private in ("P1", "P2"):
        g.privates[private].owner = "GN"
    g.privates["P4"].owner = "Ann"
    if bob_company:
        g.start_company("Bob", "ATSF", 100)
        g.ledger.transfer_all("ATSF", BANK)
        g.ledger.transfer(BANK, "ATSF", 300)
    enter_zone(g, "GN", "liquidation")
    g.round = TakeoverRound()
    g.round.start(g)
    return g


def _closed(events: list[Event]) -> list[str]:
    return [str(e.data["item"]) for e in events if e.kind == "close"]


def test_18usa_14_2_1_bank_liquidation_closes_the_companys_privates() -> None:
    """Nobody has a company to bid with: the bank takes GN for $0 as the round begins, and P1
    and P2 close with it, each with a "close" event; Ann's own P4 stays open and hers."""
    with collecting() as events:
        g = _liquidation(bob_company=False)
    assert not g.corps["GN"].started and "GN" not in g.market.position
    assert g.privates["P1"].closed and g.privates["P2"].closed
    assert _closed(events) == ["P1", "P2"]
    assert not g.privates["P4"].closed and g.privates["P4"].owner == "Ann"


def test_18usa_14_2_1_a_restarted_charter_has_no_privates() -> None:
    """GN liquidated by the bank is started again (§14: its charter "may be re-opened later
    as a new company"), by Bob: the new GN holds no private, so P1's coal token and P2's
    bridge tokens are not his to use."""
    g = _liquidation(bob_company=False)
    g.start_company("Bob", "GN", 50)
    assert g.corps["GN"].started
    assert [p.id for p in g.privates.values() if p.owner == "GN" and not p.closed] == []


def test_18usa_14_2_1_bank_liquidation_after_everyone_passes() -> None:
    """Bob could bid with ATSF but passes: the auction ends without a bid, the bank takes GN
    for $0 and P1 and P2 close."""
    g = _liquidation(bob_company=True)
    assert g.round.entity(g) == "ATSF"  # ATSF may convert or merge first (§14.1)
    g.execute(Pass(player=BOB, entity="ATSF"))
    assert g.acting() == ("Bob",)
    with collecting() as events:
        g.execute(Pass(player=BOB, entity="Bob"))
    assert not g.corps["GN"].started
    assert _closed(events) == ["P1", "P2"]
    assert g.privates["P1"].closed and g.privates["P2"].closed


def test_18usa_14_2_1_a_buyer_takes_the_privates_open() -> None:
    """ATSF wins GN for $10: "The buying company takes all of the purchased company's ...
    private companies", which stay open, now ATSF's."""
    g = _liquidation(bob_company=True)
    g.execute(Pass(player=BOB, entity="ATSF"))
    with collecting() as events:
        g.execute(Bid(player=BOB, entity="Bob", company="GN", price=10))
        g.execute(Merge(player=BOB, entity="Bob", corporation="ATSF"))  # ATSF is the buyer
        g.execute(Pass(player=BOB, entity="ATSF"))  # no loan (§14.2.1 "It may take loans")
    assert not g.corps["GN"].started
    assert _closed(events) == []
    for private in ("P1", "P2"):
        assert not g.privates[private].closed and g.privates[private].owner == "ATSF"
