"""18RoyalGorge "Stock Round", Selling: the bank pays the share price for each share sold.
18xx.games takes every certificate a sale names even when it pays for fewer
(:mod:`roundhouse.titles.g18royalgorge.site_sale`); only ``compat_18xx_games`` accepts that,
from a document: no player is offered it."""

from __future__ import annotations

import dataclasses

from roundhouse.core.flow.actions import Choose
from roundhouse.core.ids import PlayerId
from roundhouse.core.shares import POOL
from tests.g18royalgorge.replayed import position

STOCK_MARKET = "18RoyalGorge_game_end_stock_market.json"
THREE_FOR_ONE = Choose(player=PlayerId("1"), entity="1", choice="partial_sale:CF&I:3:1")


def test_18royalgorge_compat_partial_sale_hands_over_every_named_certificate() -> None:
    """Action 150 (edited by hand on the site) sells three CF&I certificates "for 10%": the
    player is paid one share ($80) and keeps none of the three."""
    game, g = position(STOCK_MARKET, 150)
    cash, pool = g.ledger.cash("1"), g.books["CF&I"].shares_of(POOL)
    game.apply(THREE_FOR_ONE)
    assert g.ledger.cash("1") == cash + g.share_price("CF&I") == cash + 80
    assert g.books["CF&I"].shares_of("1") == 0
    assert g.books["CF&I"].shares_of(POOL) == pool + 3


def test_18royalgorge_compat_partial_sale_is_not_offered() -> None:
    """The site's interface never makes such a sale, and after one the site's books no
    longer match its certificates (the seller is still booked for the shares), so no game
    of ours reaches one by choice: bots and players are not offered it."""
    game, _ = position(STOCK_MARKET, 150)
    assert THREE_FOR_ONE not in game.legal_actions()
    assert not [a for a in game.legal_actions() if "partial_sale" in str(a)]


def test_18royalgorge_stock_round_selling_pays_every_share_by_the_rulebook() -> None:
    """By the rulebook there is no such sale: only whole sales are offered."""
    game, g = position(STOCK_MARKET, 150)
    g.variant = dataclasses.replace(g.variant, compat_18xx_games=False)
    assert not [a for a in game.legal_actions() if isinstance(a, Choose)]
