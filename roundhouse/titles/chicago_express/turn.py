"""What follows an action within the turn: the next initial auction, the Chicago phase, the
end of the round.

Chicago Express §2 steps 7-8 (the initial auctions of PRR, B&O, C&O and NYC, each opened by
the winner of the one before; the PRR's winner takes the first turn), §3.3 (the round ends
with a general dividend once two gauges are full) and §5.2-5.3 (after the turn, each company
that first reached Chicago pays its Chicago dividend and the Wabash opens at Fort Wayne, its
share auctioned at once).  The rule modules change the :class:`~.state.State` for one action;
this module decides who acts next.
"""

from __future__ import annotations

from roundhouse.titles.chicago_express import auction, dividend
from roundhouse.titles.chicago_express.actions import GAUGES
from roundhouse.titles.chicago_express.board import FORT_WAYNE
from roundhouse.titles.chicago_express.state import GAUGE_SIZE, WABASH, Auction, State


def after_auction(state: State, closed: Auction) -> None:
    """What follows an auction: the next initial auction, or the rest of the turn.

    Whoever won the share opens the next initial auction, and the PRR's winner takes the
    first turn (§2 steps 7-8); nobody bidding, the opener took the share free."""
    opener_next = closed.high_bidder or closed.auctioneer
    if closed.kind == "initial":
        order = state.board.initial_order
        index = order.index(closed.company)
        if index == 0:
            state.current = state.players.index(opener_next)
        if index + 1 < len(order):
            auction.start(state, "initial", order[index + 1], opener_next)
        else:
            state.phase = "gauge"
        return
    finish_turn(state)


def finish_turn(state: State) -> None:
    """After the turn: Chicago phase (§5.2-5.3), then the dividend if two gauges are full."""
    while state.pending_chicago:
        company = state.companies[state.pending_chicago.pop(0)]
        company.chicago_paid = True
        dividend.pay(state, company, "Chicago dividend")
        wabash = state.companies[WABASH]
        if not wabash.open:
            wabash.open = True
            state.add_locomotive(wabash, FORT_WAYNE)
            state.emit(
                "open",
                f"The Wabash opens at Fort Wayne with income ${wabash.income}",
                company=WABASH,
            )
            auction.start(state, "wabash", WABASH, state.players[state.current])
            return
    state.gauge = None
    gauges = state.gauges
    if sum([gauges[g] == GAUGE_SIZE[g] for g in GAUGES]) >= 2:
        dividend.general(state)
        if state.end is not None:
            return
    state.current = (state.current + 1) % len(state.players)
    state.phase = "gauge"
