"""Metals Investor (G5) and U.S. Mint Worker (B6) buys are purchases like any other.

Rulebook "Stock Round", "Buying": "If you sell a company's stock during a stock round, you
cannot repurchase that stock until the following stock round (i.e., after the next set of
operating rounds)."  The cards only change the price ("Green Privates Reference" G5, "Brown
Privates Reference" B6); 18xx.games agrees (its discounted bundles go through the same
``can_buy?``, which refuses a company the player sold this round).
"""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bid, BuyShares, Choose, Pass, SellShares
from roundhouse.core.game import Game
from roundhouse.titles.g18royalgorge import TITLE
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from tests.g18royalgorge.shared import rg_state

SEED = 18
"""A deal with both the Metals Investor (G5) and the U.S. Mint Worker (B6)."""


def stock_round_with_cards(who_index: int = 0) -> tuple[Game, RoyalGorgeGame, str]:
    """The first stock round; the player to act holds G5 and B6 (given by hand after an
    auction where the first bidder took every card)."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=SEED)
    g = rg_state(game.state)  # type: ignore[arg-type]
    while g.round.kind != "SR":
        moves = list(game.legal_actions())
        auction = g.round.steps[0]
        open_bid = getattr(getattr(auction, "auction", None), "high_bidder", None) is None
        bids = [a for a in moves if isinstance(a, Bid)]
        game.apply(bids[0] if bids and open_bid else next(a for a in moves if isinstance(a, Pass)))
    who = game.acting[0]
    for card in ("G5", "B6"):
        g.privates[card].owner = who
    game._legal = None  # the position was edited by hand
    return game, g, who


def go_round(game: Game, who: str) -> None:
    """Everyone else passes until ``who`` acts again."""
    while game.acting[0] != who:
        p = game.acting[0]
        game.apply(Pass(player=p, entity=p))  # type: ignore[arg-type]


def discounted(game: Game, card: str) -> list[str]:
    return [a.choice for a in game.legal_actions() if isinstance(a, Choose) and a.company == card]


@pytest.mark.parametrize(
    ("metal", "card", "choice"),
    [("CF&I", "G5", "CF&I"), ("VGC", "G5", "VGC"), ("VGC", "B6", "VGC:1")],
)
def test_18royalgorge_buying_no_discounted_rebuy_of_a_company_sold_this_round(
    metal: str, card: str, choice: str
) -> None:
    """ "Buying": a player who sold CF&I (or VGC) this stock round cannot buy it back with
    the Metals Investor or the Mint Worker either; the other metal stays on offer."""
    game, _, who = stock_round_with_cards()
    game.apply(BuyShares(player=who, entity=who, shares=(f"{metal}_0",)))  # type: ignore[arg-type]
    go_round(game, who)
    assert choice in discounted(game, card)
    game.apply(SellShares(player=who, entity=who, corporation=metal, count=1))  # type: ignore[arg-type]
    assert choice not in discounted(game, card)
    before = game.state_hash()
    with pytest.raises(IllegalAction) as err:
        game.apply(Choose(player=who, entity=who, choice=choice, company=card))  # type: ignore[arg-type]
    assert err.value.rule == "shares.rebuy_after_sale"
    assert "Buying" in str(err.value)
    assert game.state_hash() == before
    other = "VGC" if metal == "CF&I" else "CF&I"
    assert other in discounted(game, "G5")
