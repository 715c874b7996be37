"""18US §3.2's Eastern Railroad Convention: sealed bids, then choices in bid order
(roundhouse.titles.g18us.sealed_bid), on the synthetic title."""

from __future__ import annotations

import dataclasses

from roundhouse.core.flow.auction import AuctionRound
from roundhouse.core.game import Game
from roundhouse.core.hooks import Hooks
from roundhouse.titles.g18us.sealed_bid import SealedBidStep
from tests.core.flow.synthetic import DATA, act, engine, make_title
from tests.core.flow.test_auction import ROYAL_GORGE_PRIVATES


class SealedHooks(Hooks):
    def first_round(self, g):  # type: ignore[no-untyped-def]
        return AuctionRound(SealedBidStep(list(g.privates), (0, 5, 10), lot="ERRC"))


def test_18us_3_2_sealed_bids_then_choice_in_bid_order() -> None:
    """18US §3.2: everyone secretly bids $0, $5 or $10 and pays it; the highest bidder picks
    first at face value, ties in player order."""
    data = dataclasses.replace(DATA, privates=ROYAL_GORGE_PRIVATES)
    g = Game(make_title(data=data, hooks=SealedHooks()), ["Ann", "Bob"], seed=0)
    assert set(g.acting) == {"Ann", "Bob"}
    act(g, "bid", "Bob", company="ERRC", price=5)
    assert g.acting == ("Ann",)
    act(g, "bid", "Ann", company="ERRC", price=5)
    assert g.acting == ("Ann",)  # tie: player order
    act(g, "bid", "Ann", company="Y2", price=65)
    act(g, "bid", "Bob", company="Y4", price=40)
    e = engine(g)
    assert e.ledger.cash("Ann") == 800 - 5 - 65
    assert e.ledger.cash("Bob") == 800 - 5 - 40
    assert e.round.kind == "SR"
