"""The dividend step of the 1817 family: short sellers pay the dividend (18USA §12.5).

"Players who are short pay the dividend per share to the bank for each short share"; a player
who cannot pay is in a cash crisis (§15, :func:`~.short_sale.charge_short_dividends`).
"""

from __future__ import annotations

from roundhouse.core.flow.dividend_step import DividendStep
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from roundhouse.titles.g18usa.family1817.short_sale import charge_short_dividends


class ShortDividendStep(DividendStep[FamilyEngine]):
    """Pay out, withhold or half-pay; on a payout, short sellers pay the bank each share's
    dividend before the price moves (18USA §12.5)."""

    def withhold_move(self, g: FamilyEngine, entity: str) -> None:
        """§12.5: "the share price token moves back one step", from the leftmost acquisition
        space into liquidation too; under ``TakeoverRules.withhold_stops_at_acquisition``
        (18xx.games: ordinary moves never enter the liquidation space,
        ``SharePrice#normal_movement?``) it stays there."""
        t = g.config.takeover
        barrier = {t.liquidation_zone} if t.enabled and t.withhold_stops_at_acquisition else set()
        g.market.withhold(entity, barrier_zones=barrier)

    def after_payout(self, g: FamilyEngine, entity: str, per_share: int) -> None:
        fg = g
        if fg.shorts.outstanding(entity):
            charge_short_dividends(fg, entity, per_share)
