"""A rough worth of a Chicago Express position to one player, for the greedy bot.

Only cash scores at the end (Chicago Express §6), and cash comes from dividends of
ceil(income / shares out) per share each round (§5.1).  So a player's worth is cash plus the
dividends their shares should still pay: per-share dividend × shares held × rounds likely left.
A company's treasury turns into income through builds (§4.2), so a share also carries a slice
of the treasury's future income.  A player leading an auction is counted as if they had won
it (paying the high bid), which lets a one-step search judge bids.

The table view gives it as each player's estimate (:mod:`.view`), what bots steer by, and
without that lead as the worth a table shows and the end-of-game chart plots: a bid is not
yet a share, and counting it drew every bidding war as worth leaping up and down by the
share's value at each bid.  The rules and the state never read it.
"""

from __future__ import annotations

from roundhouse.core.ids import PlayerId
from roundhouse.titles.chicago_express.state import State

LAST_ROUND = 8
"""Detroit leaves the track after the eighth dividend (Chicago Express §6)."""
INCOME_PER_TREASURY_DOLLAR = 0.3
"""About what a dollar spent on track adds to income (city entries cost 1–3 for 1–3)."""


def rounds_left(state: State) -> int:
    """General dividends still expected, from the round limit and how near the other
    end conditions are (§6: three companies sold out or out of trains, three houses left)."""
    left = LAST_ROUND - state.round + 1
    sold_out = sum(1 for c in state.companies.values() if c.open and c.shares_left == 0)
    no_trains = sum(1 for c in state.companies.values() if c.open and c.locos_left == 0)
    closest = max(sold_out, no_trains)
    if closest >= 3 or state.houses <= 3:
        return 1
    if closest == 2 or state.houses <= 6:
        left = min(left, 2)
    return max(1, left)


def position_value(state: State, player: PlayerId, *, count_lead: bool = True) -> float:
    """Cash plus what the player's shares should still pay; with ``count_lead`` a share
    whose auction the player leads counts as bought at the high bid."""
    cash = float(state.cash[player])
    if state.end is not None:
        return cash
    left = rounds_left(state)
    value = cash
    auction = state.auction if count_lead else None
    for company in state.companies.values():
        held = company.holders.get(player, 0)
        out = company.shares_out
        if auction is not None and auction.company == company.id and auction.high_bidder:
            out += 1
            if auction.high_bidder == player:
                held += 1
                value -= auction.high_bid
        if held == 0 or out == 0:
            continue
        per_share = -(-company.income // out)
        growth = company.treasury * INCOME_PER_TREASURY_DOLLAR * max(0, left - 1) / out
        value += held * (per_share * left + growth)
    return value
