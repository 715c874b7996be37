"""The private auction as 18xx.games runs it: who is still bidding (``compat_18xx_games``).

The rulebook ("Private Asset Auction") only says a pass takes a player out of the card's
auction.  18xx.games (tobymao/18xx ``Step::PassableAuction#auction_entity`` and ``#add_bid``,
``G18RoyalGorge::Step::SingleItemAuction``) also takes out, without any move of theirs:

* when a card comes up, every player whose cash is below its minimum bid ("cannot bid $45
  and is out of the auction for ...");
* after each bid, every other player whose cash is below the next minimum (the bid + $5);
  the bidder left alone wins at once.

A card that no player can afford when it comes up has no bidder at all, and the site's engine
fails there (``SingleItemAuction#win_bid`` is called without a winner): the game cannot go on
on the site.  So that a compat game stays one the site can finish, compat refuses a bid or a
pass after which no way of ending this card's auction leaves some player able to afford each
later card (:func:`site_can_finish`); declining a card never lowers anyone's cash, so from a
position the site can finish some move always remains.  Rulebook play has neither rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import Bid
from roundhouse.core.flow.auction import EnglishAuction
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame

RAISE = 5
"""``MIN_BID_INCREMENT``: a bid beats the last by at least $5 (any amount above that)."""


def drop(auction: EnglishAuction, out: Iterable[str]) -> None:
    """Take ``out`` from the card's bidders, the turn staying with the player to act (or
    going on to the next one left, in turn order, when that player is taken out)."""
    gone = set(out)
    if not gone:
        return
    order = auction.bidders
    start = auction.turn
    rotation = order[start:] + order[:start]
    auction.bidders = [b for b in order if b not in gone]
    auction.turn = 0
    for b in rotation:
        if b not in gone and b not in auction.passed:
            auction.turn = auction.bidders.index(b)
            return


def short_of(
    g: RoyalGorgeGame, auction: EnglishAuction, price: int, keep: str | None = None
) -> list[str]:
    """The bidders (other than ``keep``) whose cash is below ``price``."""
    return [b for b in auction.bidders if b != keep and g.ledger.cash(b) < price]


def site_can_finish(cash: Mapping[str, int], payers: Sequence[tuple[str, int]], later: int) -> bool:
    """Whether one of the ways this card's auction can still end (``payers``: who pays
    what; empty when the card can still be declined by all) leaves a player with ``later``,
    the highest minimum bid among the cards still to come."""
    if not payers:
        return max(cash.values(), default=0) >= later
    for payer, price in payers:
        left = (cash[p] - price if p == payer else c for p, c in cash.items())
        if max(left, default=0) >= later:
            return True
    return False


def payers_after(
    g: RoyalGorgeGame, auction: EnglishAuction, entity: str, action: Action
) -> list[tuple[str, int]]:
    """Who could still win this card, and at what least price, once ``entity`` made
    ``action``: the leader at the high bid, or anyone else still in it who can beat that
    (a first bid brings back those who declined, a later pass takes its player out)."""
    if isinstance(action, Bid):
        price, leader = action.price, entity
        gone = set() if auction.high_bidder is None else auction.passed
    elif auction.high_bidder is None:
        return []
    else:
        price, leader = auction.high_bid, auction.high_bidder
        gone = auction.passed | {entity}
    rest = [
        b
        for b in auction.bidders
        if b != leader and b not in gone and g.ledger.cash(b) >= price + RAISE
    ]
    return [(leader, price), *((b, price + RAISE) for b in rest)]


def minimum_bid(g: RoyalGorgeGame, item: str) -> int:
    """A card's opening minimum: its face value unless it names another."""
    spec = g.privates[item].spec
    return spec.value if spec.min_bid is None else spec.min_bid


def move_lets_site_finish(
    g: RoyalGorgeGame, auction: EnglishAuction, later: Sequence[str], entity: str, action: Action
) -> bool:
    """Whether after ``action`` the site can still bring every card in ``later`` up with a
    player able to afford it (see the module's docstring)."""
    cash: dict[str, int] = {str(p): g.ledger.cash(p) for p in g.players}
    need = max((minimum_bid(g, item) for item in later), default=0)
    return site_can_finish(cash, payers_after(g, auction, entity, action), need)
