"""18US's card powers in core's rounds (18US §10): what a stock turn and an operating turn are
when concessions and privates act in them.

A title with such cards subclasses :class:`CardHooks`.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.ability import When
from roundhouse.core.flow.company_step import BuyCompanyStep
from roundhouse.core.flow.dividend_step import DividendStep
from roundhouse.core.flow.map_steps import RouteStep
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.stock_round import StockRound, StockStep
from roundhouse.core.hooks import Hooks
from roundhouse.titles.g18us.card_window_step import CardTokenStep, CardTrackStep
from roundhouse.titles.g18us.exchange_step import ShareExchangeStep
from roundhouse.titles.g18us.extra_lay_step import ExtraTileLayStep
from roundhouse.titles.g18us.revenue_marker_step import RevenueMarkerStep
from roundhouse.titles.g18us.state import UsGame
from roundhouse.titles.g18us.train_discount import DiscountBuyTrainStep


class CardHooks(Hooks[UsGame]):
    """Core's 18xx rounds with the cards' steps."""

    def stock_round(self, g: UsGame) -> Round[UsGame]:
        """A player's turn: any card exchanges on the side (18US §10.1.4: "in addition to
        his normal turn"), then sales and a purchase."""
        return StockRound([ShareExchangeStep(When.STOCK_ROUND), StockStep()])

    def operating_steps(self, g: UsGame) -> Sequence[Step[UsGame]]:
        """A company's turn (18US §6) with the cards' moments: extra tiles during the track
        step, which stays open while a card still has a lay (§10.1.3); revenue markers before
        the station (§10.1.1-§10.1.2); the card exchanged for the company's share between the
        run and the dividend (§10.1.4); a card's discount on a train from the bank
        (§10.1.5)."""
        return [
            BuyCompanyStep(),
            ExtraTileLayStep(),
            CardTrackStep(),
            RevenueMarkerStep(),
            CardTokenStep(),
            RouteStep(),
            ShareExchangeStep(When.ROUTE),
            DividendStep(),
            DiscountBuyTrainStep(),
        ]
