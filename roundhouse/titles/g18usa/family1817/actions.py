"""Actions of the 1817 family's corporate finance: loans, short sales, conversions, mergers
and company sales (18USA §9, §11.2, §14).

Kinds and fields are 18xx.games's (``take_loan``/``payoff_loan`` with ``loan``, ``short``
and ``merge`` with ``corporation``, ``convert``, ``assign`` with ``target``,
``scrap_train`` with ``train``), so its 18USA
logs map onto ours field for field.  ``merge`` has two uses there, kept here: a company
naming its merger partner (entity = the company) and, after a company sale's auction, the
winning player naming which of their companies buys (entity = the player).
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, ClassVar

from roundhouse.core.actions import Action, Span
from roundhouse.core.flow.actions import CorporationName, Entity, TrainName

Count = Annotated[int, Span(1)]
"""A number of shares or loans: at least one."""
LoanCube = Annotated[int, Span(0)]
"""A loan cube's number on the loan chart."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TakeLoan(Action):
    """The company takes loan cube ``loan`` (18USA §9)."""

    kind: ClassVar[str] = "take_loan"
    entity: Entity
    loan: LoanCube

    def __str__(self) -> str:
        return f"{self.entity} takes loan {self.loan}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PayoffLoan(Action):
    """The company repays loan cube ``loan`` (18USA §12.9)."""

    kind: ClassVar[str] = "payoff_loan"
    entity: Entity
    loan: LoanCube

    def __str__(self) -> str:
        return f"{self.entity} repays loan {self.loan}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Short(Action):
    """The player sells one share of ``corporation`` short (18USA §11.2)."""

    kind: ClassVar[str] = "short"
    entity: Entity
    corporation: CorporationName

    def __str__(self) -> str:
        return f"{self.entity} sells {self.corporation} short"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Convert(Action):
    """The company grows one size up on its own (18USA §14.1.1)."""

    kind: ClassVar[str] = "convert"
    entity: Entity

    def __str__(self) -> str:
        return f"{self.entity} converts"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Merge(Action):
    """A company merges with ``corporation`` (18USA §14.1.2), or an auction's winner names
    the company ``corporation`` that buys (§14.2)."""

    kind: ClassVar[str] = "merge"
    entity: Entity
    corporation: CorporationName

    def __str__(self) -> str:
        return f"{self.entity} merges with {self.corporation}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Assign(Action):
    """A president offers company ``target`` for a friendly sale (18USA §14.2.3)."""

    kind: ClassVar[str] = "assign"
    entity: Entity
    target: CorporationName

    def __str__(self) -> str:
        return f"{self.entity} offers {self.target} for sale"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ScrapTrain(Action):
    """The company scraps its car ``train`` for its scrap value (18USA §12.7: a Pullman
    car, $50, whenever the company may act)."""

    kind: ClassVar[str] = "scrap_train"
    entity: Entity
    train: TrainName

    def __str__(self) -> str:
        return f"{self.entity} scraps {self.train}"


CORPORATE_ACTIONS: tuple[type[Action], ...] = (
    TakeLoan,
    PayoffLoan,
    Short,
    Convert,
    Merge,
    Assign,
    ScrapTrain,
)
"""Added to a title's ``Title.actions`` when it uses loans, shorts or the M&A round (18USA §14)."""
