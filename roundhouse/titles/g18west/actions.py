"""Actions of 18West's M&A round: issuing, redeeming and acquisitions (18West §6).

Kinds are named after what the rulebook calls the moves (``issue_shares``,
``redeem_shares``, ``acquire``) and the owner's answer to an offer (``answer_offer``).
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, ClassVar

from roundhouse.core.actions import Action, Span
from roundhouse.core.flow.actions import CorporationName, Entity

Count = Annotated[int, Span(1)]
"""A number of shares: at least one."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class IssueShares(Action):
    """The company puts ``count`` of its treasury shares in the pool (18West §6.2)."""

    kind: ClassVar[str] = "issue_shares"
    entity: Entity
    count: Count

    def __str__(self) -> str:
        return f"{self.entity} issues {self.count} share(s)"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RedeemShares(Action):
    """The company buys ``count`` of its shares back from the pool (18West §6.2)."""

    kind: ClassVar[str] = "redeem_shares"
    entity: Entity
    count: Count

    def __str__(self) -> str:
        return f"{self.entity} redeems {self.count} share(s)"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Acquire(Action):
    """The company offers ``shares`` of its treasury stock, cash making up the balance, for
    company ``corporation`` (18West §6.4)."""

    kind: ClassVar[str] = "acquire"
    entity: Entity
    corporation: CorporationName
    shares: Annotated[int, Span(0)]

    def __str__(self) -> str:
        return f"{self.entity} offers {self.shares} share(s) for {self.corporation}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class AnswerOffer(Action):
    """The owner of a company on offer accepts or declines (18West §6.4: "never required to
    accept the compensation offered")."""

    kind: ClassVar[str] = "answer_offer"
    entity: Entity
    accept: bool

    def __str__(self) -> str:
        return f"{self.entity} {'accepts' if self.accept else 'declines'}"


MERGER_ACTIONS: tuple[type[Action], ...] = (IssueShares, RedeemShares, Acquire, AnswerOffer)
"""Added to a title's ``Title.actions`` when its M&A round issues, redeems or acquires."""
