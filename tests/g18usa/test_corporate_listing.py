"""The corporate rounds list every move they accept (DESIGN "Complete move generation"), found
by listed moves with one field changed (issue #14, roundhouse/harness/mutation.py)."""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bid
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.titles.g18usa.family1817.actions import PayoffLoan, TakeLoan
from roundhouse.titles.g18usa.family1817.loan_step import RepayStep, take_loan
from roundhouse.titles.g18usa.family1817.sale_auction import SaleAuction
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from tests.core.flow.playout import PLAYERS
from tests.core.flow.synthetic import engine
from tests.g18usa import test_corporate_playout, test_corporate_start_playout
from tests.g18usa.corporate import corporate_engine


def test_18usa_12_9_every_loan_the_company_may_repay_is_listed() -> None:
    """18USA §12.9: the company may repay loans; each loan cube it may repay is a move of its
    own (only the first was listed, any was accepted)."""
    g = corporate_engine()
    g.start_company("Ann", "CC", 80)
    loans = [take_loan(g, "CC") for _ in range(3)]
    g.loans.start_operating_round()  # repaying waits for a round without borrowing
    listed = RepayStep().actions(g, "CC")
    assert [a.loan for a in listed if isinstance(a, PayoffLoan)] == loans


def auction_position() -> tuple[Game, SaleAuction, str]:
    """A company sale's auction in an M&A round of the corporate title with auctioned starts
    (seed 1, random moves: the fuzzer's position), with a bidder whose limit is far above
    the first bids."""
    game = Game(test_corporate_start_playout.TITLE, PLAYERS, seed=1)
    rng = Rng(1)
    for _ in range(2_000):
        g = engine(game)
        r = g.round
        if isinstance(r, TakeoverRound) and r.phase == "auction" and not r.crisis.debts:
            who = r.entity(g)
            sale = r.auction
            assert who is not None and sale is not None
            step = g.config.takeover.bid_step
            if sale.max_bid(g, who) > sale.min_bid(g) + 20 * step:
                return game, sale, who
        moves = game.legal_actions()
        game.apply(moves[rng.below(len(moves))])
    raise AssertionError("no such auction")


def test_18usa_14_2_every_bid_in_steps_up_to_the_limit_is_legal() -> None:
    """18USA §14.2: bids go up in steps to what the bidder's companies can pay; the list
    shows the first few and a range documents the rest, so ``in legal_actions()`` agrees
    with what the round accepts (a bid past the twelfth step was accepted, not listed)."""
    game, sale, who = auction_position()
    g = engine(game)
    step = g.config.takeover.bid_step
    low, high = sale.min_bid(g), sale.max_bid(g, who)
    legal = game.legal_actions()
    for price in range(-(-low // step) * step, high + 1, step):
        bid = Bid(player=PlayerId(who), entity=who, company=sale.target, price=price)
        assert bid in legal, price
    # a bid past the twelfth step and below the most: accepted, not listed
    first = -(-low // step) * step
    past = first + 13 * step
    assert past < high
    late = Bid(player=PlayerId(who), entity=who, company=sale.target, price=past)
    assert late not in list(legal)
    game.apply(late)


def test_18usa_9_a_loan_named_for_a_player_is_refused_not_a_crash() -> None:
    """18USA §9: loans are taken by companies.  In the stock round a president acting for
    their company (who has begun to) may take another; a ``take_loan`` naming the player
    instead is refused (it crashed looking up the player's loan limit: seed 4 of the
    corporate playout)."""
    game = Game(test_corporate_playout.TITLE, PLAYERS, seed=4)
    rng = Rng(4)
    for _ in range(2_000):
        loans = [a for a in game.legal_actions() if isinstance(a, TakeLoan)]
        steps = engine(game).round.steps
        if loans and any(getattr(s, "for_company", None) for s in steps):
            break
        moves = game.legal_actions()
        game.apply(moves[rng.below(len(moves))])
    else:
        raise AssertionError("no loan in a stock round")
    loan = loans[0]
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(dataclasses.replace(loan, entity=loan.player))
    assert game.state_hash() == before
    game.apply(loan)
