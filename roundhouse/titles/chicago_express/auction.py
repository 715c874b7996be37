"""Auctions of one share: the initial four, the gauge auctions and the Wabash opening.

Chicago Express §4.1: the minimum bid is the company's income divided by the number of shares
that will be out once this one is sold, rounded up.  The auctioneer speaks first, then bidding
goes clockwise; a pass is final; no bid may exceed the bidder's cash; the winner pays the
company's treasury.  If nobody bids, the share of an initial auction goes free to its opener
(§2 step 7) and a regular one stays on the charter (§8 #4, option ``unbid_share``).

``legal_actions`` lists every bid from the lowest allowed amount up to the bidder's cash, in
steps of $1, then the pass.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.ids import PlayerId
from roundhouse.titles.chicago_express.actions import Bid, PassBid, StartAuction, bids, pass_bid
from roundhouse.titles.chicago_express.company import Company
from roundhouse.titles.chicago_express.state import Auction, AuctionKind, State


def min_bid(company: Company) -> int:
    """ceil(income / (shares out + 1)) (Chicago Express §4.1).

    >>> from roundhouse.titles.chicago_express.board import load_board
    >>> prr = Company(load_board().charters["PRR"])
    >>> prr.holders = {"Ann": 1}
    >>> min_bid(prr)
    4
    """
    return -(-company.income // (company.shares_out + 1))


def start(state: State, kind: AuctionKind, company: str, opener: PlayerId) -> None:
    """Open bidding on one share; the opener speaks first."""
    auction = Auction(kind, company, opener, min_bid(state.companies[company]))
    seat = state.players.index(opener)
    n = len(state.players)
    auction.still_in = [state.players[(seat + i) % n] for i in range(n)]
    state.auction = auction
    state.phase = "auction"


def must_open(state: State, auction: Auction) -> bool:
    """Whether the auctioneer's first word must be a bid (option off, §8 #3).

    Only when they can afford the minimum; otherwise even a compulsory opener passes.
    """
    return (
        not state.variant.auctioneer_may_pass
        and auction.high_bidder is None
        and auction.to_act == auction.auctioneer
        and auction.auctioneer in auction.still_in
        and state.cash[auction.auctioneer] >= auction.min_bid
    )


def start_rule(state: State, company_id: str, player: PlayerId) -> str | None:
    """The rule key that forbids ``player`` to auction a share of ``company_id`` now, or
    None (§4.1, §8 #3); :func:`start_error` words it."""
    company = state.companies.get(company_id)
    if company is None:
        return "auction.company"
    if not company.open:
        return "auction.closed"
    if company.shares_left == 0:
        return "auction.sold_out"
    if not state.variant.auctioneer_may_pass and state.cash[player] < min_bid(company):
        return "auction.must_open"
    return None


def start_error(state: State, action: StartAuction) -> IllegalAction | None:
    rule = start_rule(state, action.company, action.player)
    if rule is None:
        return None
    company = action.company
    if rule == "auction.company":
        return IllegalAction(f"there is no company {company!r}", rule=rule)
    if rule == "auction.closed":
        return IllegalAction(
            f"{company} is not open yet: it opens when a company first reaches Chicago", rule=rule
        )
    if rule == "auction.sold_out":
        return IllegalAction(f"{company} has no shares left to auction", rule=rule)
    need = min_bid(state.companies[company])
    return IllegalAction(
        f"{action.player} must open the {company} auction with at least ${need} "
        f"but has ${state.cash[action.player]}",
        rule=rule,
    )


def bid_error(state: State, action: Bid | PassBid) -> IllegalAction | None:
    auction = state.auction
    assert auction is not None
    if action.company != auction.company:
        return IllegalAction(
            f"the share on offer is {auction.company}, not {action.company}", rule="auction.company"
        )
    if isinstance(action, PassBid):
        if must_open(state, auction):
            return IllegalAction(
                f"{action.player} opened the {auction.company} auction and must bid at least "
                f"${auction.min_bid}",
                rule="auction.must_open",
            )
        return None
    lowest = auction.lowest_bid()
    if action.amount < auction.min_bid:
        company = state.companies[auction.company]
        shares = company.shares_out + 1
        return IllegalAction(
            f"{action.player} bids ${action.amount} for {auction.company}: the minimum bid is "
            f"${auction.min_bid} (income ${company.income} / {shares} "
            f"share{'s' if shares > 1 else ''}, rounded up)",
            rule="auction.min_bid",
        )
    if action.amount < lowest:
        return IllegalAction(
            f"{action.player} bids ${action.amount} for {auction.company}: the high bid is "
            f"already ${auction.high_bid}",
            rule="auction.raise",
        )
    if action.amount > state.cash[action.player]:
        return IllegalAction(
            f"{action.player} cannot bid ${action.amount} with ${state.cash[action.player]} "
            "in hand",
            rule="auction.cash",
        )
    return None


def legal(state: State) -> list[Action]:
    auction = state.auction
    assert auction is not None
    player = auction.to_act
    company = auction.company
    moves: list[Action] = [*bids(player, company, auction.lowest_bid(), state.cash[player])]
    if not must_open(state, auction):
        moves.append(pass_bid(player, company))
    return moves


def apply(state: State, action: Bid | PassBid) -> Auction | None:
    """Take one bid or pass; the auction, once it is over and the share is sold (or not),
    for :func:`~.turn.after_auction` to go on from.  None while bidding goes on."""
    auction = state.auction
    assert auction is not None
    if isinstance(action, Bid):
        auction.high_bid = action.amount
        auction.high_bidder = action.player
    else:
        auction.still_in.remove(action.player)
    n = len(state.players)
    seat = state.players.index(action.player)
    for i in range(1, n + 1):
        other = state.players[(seat + i) % n]
        if other in auction.still_in and other != auction.high_bidder:
            auction.to_act = other
            return None
    _resolve(state, auction)
    return auction


def _resolve(state: State, auction: Auction) -> None:
    company = state.companies[auction.company]
    winner = auction.high_bidder
    if winner is not None:
        state.cash[winner] -= auction.high_bid
        company.treasury += auction.high_bid
        state.emit(
            "auction",
            f"{winner} buys a share of {company.id} for ${auction.high_bid}",
            company=company.id,
            player=winner,
            price=auction.high_bid,
        )
    elif auction.kind == "initial" or state.variant.unbid_share_to_auctioneer:
        winner = auction.auctioneer
        state.emit(
            "auction",
            f"Nobody bids for {company.id}; {winner} takes the share free",
            company=company.id,
            player=winner,
            price=0,
        )
    else:
        state.emit(
            "auction",
            f"Nobody bids for {company.id}; the share stays on the charter",
            company=company.id,
        )
    if winner is not None:
        company.shares_left -= 1
        company.holders[winner] = company.holders.get(winner, 0) + 1
    state.auction = None
