"""18USA §10's private auction: a player chooses which private goes up
(roundhouse.titles.g18usa.family1817.private_auction), on the synthetic title."""

from __future__ import annotations

import dataclasses

from roundhouse.core.config import AuctionPriority
from roundhouse.core.flow.auction import AuctionRound
from roundhouse.core.game import Game
from roundhouse.core.hooks import Hooks
from roundhouse.titles.g18usa.family1817.private_auction import SelectionAuctionStep
from tests.core.flow.synthetic import DATA, act, engine, make_title
from tests.core.flow.test_auction import ROYAL_GORGE_PRIVATES


class SelectionHooks(Hooks):
    def first_round(self, g):  # type: ignore[no-untyped-def]
        return AuctionRound(SelectionAuctionStep(list(g.privates)))


def test_18usa_10_selection_auction_turn_passes_left_of_starter() -> None:
    """18USA §10: a player puts a private up with an opening bid; the winner pays; the turn
    goes to the left of the player who started it; priority goes left of the last
    starter when all pass."""
    data = dataclasses.replace(DATA, privates=ROYAL_GORGE_PRIVATES)
    title = make_title(
        data=data, hooks=SelectionHooks(), auction_priority=AuctionPriority.AFTER_LAST_STARTER
    )
    g = Game(title, ["Ann", "Bob", "Cy"], seed=0)
    act(g, "bid", "Ann", company="Y4", price=40)
    act(g, "bid", "Bob", company="Y4", price=45)
    act(g, "pass", "Cy")
    act(g, "pass", "Ann")
    e = engine(g)
    assert e.privates["Y4"].owner == "Bob" and e.ledger.cash("Bob") == 505
    assert g.acting == ("Bob",)
    for p in ("Bob", "Cy", "Ann"):
        act(g, "pass", p)
    assert e.round.kind == "SR" and e.priority == "Bob"
