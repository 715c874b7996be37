"""The 1817 family's settings: the 18xx settings plus loans, shorts and the M&A round's
conversions and sales (18USA §9, §11.2, §14)."""

from __future__ import annotations

import dataclasses

from roundhouse.core.config import TitleConfig
from roundhouse.titles.g18usa.family1817.loan import LoanRules
from roundhouse.titles.g18usa.family1817.short import ShortRules
from roundhouse.titles.g18usa.family1817.takeover import TakeoverRules


@dataclasses.dataclass(frozen=True, kw_only=True)
class FamilyConfig(TitleConfig):
    """A 1817-family title's settings (read by :class:`~.engine.FamilyEngine` and the
    family's rounds)."""

    loans: LoanRules = dataclasses.field(default_factory=LoanRules)
    """Company loans, interest and repayment (18USA §9, §12.8-§12.9); default: none."""
    shorts: ShortRules = dataclasses.field(default_factory=ShortRules)
    """Short selling (18USA §11.2); default: none."""
    takeover: TakeoverRules = dataclasses.field(default_factory=TakeoverRules)
    """Conversions, mergers and company sales (18USA §14); default: none."""
    cars_after_track: bool = False
    """A car bought before the run (18USA §12.7 "prior to the run trains step") only once
    the track and station steps are done, as 18xx.games sells it
    (:class:`~.car_step.CarPurchaseStep`)."""
    one_car_before_run: bool = False
    """At most one car bought from the bank before the run in a turn (off: §12.7 limits a
    company to owning one, so one scrapped may be bought again).  18xx.games sells it in a
    step of its own that ends with the purchase (``G18USA::Step::BuyPullman``, a
    ``Step::BuyTrain`` that passes once no train is buyable), so a car scrapped after it
    can be replaced only in the buy-trains step (on under ``compat_18xx_games``)."""
    interest_bankrupt_cash_to_company: bool = True
    """18USA §15: a player bankrupted by a company's loan interest places "all of their
    money on that company's charter".  18xx.games has the president pay the interest at
    once, into debt (``G1817::Round::Operating#pay_interest!``), so their money goes to
    the bank and the company gets nothing (off under ``compat_18xx_games``)."""
    acts_at_interest: bool = True
    """Whether a company whose turn has come to §12.8's interest may still act beside the
    turn's steps: scrap its car (18USA §12.7: "at any time the owning company may take an
    action", :class:`~.car_step.ScrapCarStep`) or place a private's bridge token (§13.4,
    no time named).  18xx.games pays the interest the moment the company leaves its
    buy-trains step (``G1817::Round::Operating#pay_interest!``), so the turn has no such
    moment there (off under ``compat_18xx_games``)."""
    turn_after_final_bankruptcy: bool = False
    """Whether the operating company's turn goes on to its interest after the bankruptcy
    that ends the game, when nothing before it waits, as on 18xx.games (18USA §16 ends the
    game at the bankruptcy; :mod:`.final_bankruptcy`; on under ``compat_18xx_games``)."""

    @classmethod
    def extending(cls, base: TitleConfig, **changes: object) -> FamilyConfig:
        """``base``'s settings with the family's (and any other field) set by keyword."""
        fields: dict[str, object] = {
            f.name: getattr(base, f.name) for f in dataclasses.fields(base) if f.init
        }
        fields.update(changes)
        return cls(**fields)  # type: ignore[arg-type]
