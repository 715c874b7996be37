"""The 1817 family's changes to core's rounds (18USA §12.5, §12.6, §14.3, §16).

A family title's hooks subclass :class:`FamilyHooks` (and add the family's steps and rounds
to their operating turn and round sequence).
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.flow.dividend_step import DividendStep
from roundhouse.core.flow.step import Step
from roundhouse.core.hooks import Hooks
from roundhouse.titles.g18usa.family1817.cash_crisis import enter_zone
from roundhouse.titles.g18usa.family1817.dividend_step import ShortDividendStep
from roundhouse.titles.g18usa.family1817.engine import FG
from roundhouse.titles.g18usa.family1817.short_sale import short_value


class FamilyHooks(Hooks[FG]):
    """Core's 18xx behaviour with the 1817 family's rules for trains, dividends and scores."""

    def operating_steps(self, g: FG) -> Sequence[Step[FG]]:
        """Core's operating turn with short sellers paying dividends (18USA §12.5)."""
        return [
            ShortDividendStep() if type(s) is DividendStep else s
            for s in super().operating_steps(g)
        ]

    def operating_order(self, g: FG, candidates: Sequence[str]) -> list[str]:
        """18USA §12: "Companies whose share price tokens are in the red 'liquidation' space
        on the stock market do not operate" (one liquidated at the end of a stock round for
        its unpaid tokens, §11.6, waits for the next M&A round)."""
        t = g.config.takeover
        if t.enabled:
            candidates = [c for c in candidates if t.liquidation_zone not in g.market.zones(c)]
        return super().operating_order(g, candidates)

    def on_no_train(self, g: FG, corp_id: str) -> None:
        """18USA §12.6: a company ending its turn without a train goes to the liquidation
        space (when :attr:`TakeoverRules.no_train_liquidation` is set)."""
        takeover = g.config.takeover
        if takeover.enabled and takeover.no_train_liquidation:
            enter_zone(g, corp_id, takeover.liquidation_zone)

    def on_company_absorbed(self, g: FG, survivor: str, absorbed: str) -> None:
        """``absorbed``'s trains, privates (and treasury) went to ``survivor`` in a merger
        or a company sale; a title whose board does not convert station tokens itself does
        it here (18USA §14.3)."""

    def uncapped_tokens(self, g: FG, corp_id: str) -> int:
        """Station tokens of the company that do not count toward the cap of eight (18USA
        §14.1.1: "If the company already has eight station tokens, this step is skipped";
        §14.3): none by default; a title may leave some out."""
        return 0

    def score_adjustment(self, g: FG, player: str) -> int:
        """18USA §16: each short share scores minus its final share price."""
        return -short_value(g, player)
