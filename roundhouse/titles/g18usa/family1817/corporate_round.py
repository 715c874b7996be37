"""The 1817 family's operating round: an operating round that can stop for a cash crisis.

Interest a company cannot pay (18USA §12.8) and dividends owed on short shares (§12.5) may
put a player in a cash crisis in the middle of a company's turn (§15); the turn goes on once
the debts are paid (:class:`~.cash_crisis.CashCrisisRound`).  A company
whose only rolling stock is a Pullman car ends its turn as one without a train (§12.7: "a
company with only a Pullman car will go into liquidation").  The one-car rule for purchases
is the buy-trains step's (:meth:`~roundhouse.core.flow.train_step.BuyTrainStep.sellers`).
A bankruptcy that ends the game may leave the rest of the turn to play up to its interest
(:mod:`.final_bankruptcy`, under ``compat_18xx_games``).
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.config import EndTrigger
from roundhouse.core.flow.operating_round import OperatingRound
from roundhouse.titles.g18usa.family1817.cash_crisis import CashCrisisRound
from roundhouse.titles.g18usa.family1817.engine import FG
from roundhouse.titles.g18usa.family1817.final_bankruptcy import site_interest_at_end


class CorporateOperatingRound(CashCrisisRound[FG], OperatingRound[FG]):
    """Operating round of the 1817 family (18USA §12, §15)."""

    def next_entity(self, g: FG) -> None:
        corp = self.current
        if corp is not None and g.depot.owned_by(corp) and not g.depot.running(corp):
            g.hooks.on_no_train(g, corp)
        super().next_entity(g)

    def process(self, g: FG, action: Action) -> None:
        corp = self.current
        ended = g.end.over
        super().process(g, action)
        if (
            not ended
            and g.end.over
            and g.end.reason == EndTrigger.BANKRUPTCY.value
            and g.config.turn_after_final_bankruptcy
            and corp is not None
            and self.current == corp
        ):
            site_interest_at_end(g, corp)
