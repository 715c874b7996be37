"""Opening auctions: sequential English auctions (18RoyalGorge "Private Asset Auction")."""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.entities import PrivateSpec
from roundhouse.core.errors import IllegalAction
from roundhouse.core.game import Game
from tests.core.flow.synthetic import DATA, act, engine, make_title

ROYAL_GORGE_PRIVATES = (
    PrivateSpec(id="Y2", name="Ghost Town Tour Company", value=65),
    PrivateSpec(id="Y4", name="William Palmer", value=40),
)


def gorge_game() -> Game:
    data = dataclasses.replace(DATA, privates=ROYAL_GORGE_PRIVATES)
    return Game(make_title(data=data), ["Jim", "Derek", "Lesley"], seed=0)


def test_18royalgorge_private_auction_example() -> None:
    """18RoyalGorge "Private Asset Auction", example: Jim opens the Ghost Town Tour at $65,
    Derek passes, Lesley $75, Jim $80, Lesley $85, Jim passes: Lesley pays $85 and starts
    the next auction."""
    g = gorge_game()
    act(g, "bid", "Jim", company="Y2", price=65)
    act(g, "pass", "Derek")
    act(g, "bid", "Lesley", company="Y2", price=75)
    act(g, "bid", "Jim", company="Y2", price=80)
    act(g, "bid", "Lesley", company="Y2", price=85)
    act(g, "pass", "Jim")
    e = engine(g)
    assert e.privates["Y2"].owner == "Lesley"
    assert e.ledger.cash("Lesley") == 550 - 85
    assert e.ledger.cash("Jim") == 550
    assert g.acting == ("Lesley",)
    assert {a.kind for a in g.legal_actions()} == {"bid", "pass"}


def test_18royalgorge_auction_bids_step_5_from_minimum() -> None:
    """18RoyalGorge: bids in $5 increments, above the last bid, not below the initial bid."""
    g = gorge_game()
    with pytest.raises(IllegalAction) as low:
        act(g, "bid", "Jim", company="Y2", price=60)
    assert low.value.rule == "auction.min_bid"
    act(g, "bid", "Jim", company="Y2", price=65)
    with pytest.raises(IllegalAction):
        act(g, "bid", "Derek", company="Y2", price=67)
    prices = [a.price for a in g.legal_actions() if a.kind == "bid"]  # type: ignore[attr-defined]
    assert prices[0] == 70 and prices[-1] == 550 and all(p % 5 == 0 for p in prices)


def test_18royalgorge_auction_all_pass_removes_card_and_priority_to_most_cash() -> None:
    """18RoyalGorge: if all players pass on a card it is removed from play; after the
    auction the player with the most money gets the priority deal."""
    g = gorge_game()
    act(g, "bid", "Jim", company="Y2", price=65)
    act(g, "pass", "Derek")
    act(g, "pass", "Lesley")
    for p in ("Jim", "Derek", "Lesley"):
        act(g, "pass", p)
    e = engine(g)
    assert e.privates["Y4"].closed and e.privates["Y4"].owner is None
    assert e.round.kind == "SR"
    assert e.priority == "Derek"  # $550 against Jim's $485 and Lesley's $550 (seat order)
