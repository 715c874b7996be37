"""Merger and acquisition rounds (the 1817 family's 18USA §14 and 18West §6): skeleton.

What is here: the round's turn structure, common to both - players in stock-round order from
the priority holder, one action per turn, the round ends when all pass in a row, and the
priority deal does not move (18West §6: "this does not alter the position of the Priority
Deal").  A title adds its actions as steps before :class:`MergerPassStep`.

18USA §14 (conversions, mergers, liquidations, acquisitions, friendly sales) is played by
:class:`~roundhouse.core.flow.takeover_round.TakeoverRound`; the two functions below route
to it.  Not here yet (each raises ``NotImplementedError`` naming its section): issuing and
redeeming stock (18West §6.2, §6.5) and acquisitions of Granger Roads (18West §6.3-§6.4.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import Pass
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step

if TYPE_CHECKING:
    from roundhouse.core.engine18xx import Engine


class MergerRound(Round):
    kind = "MR"

    def __init__(self, steps: Sequence[Step]) -> None:
        super().__init__(steps)
        self.order: list[str] = []
        self.index = 0
        self.passes = 0
        self.acted = False

    def start(self, g: Engine) -> None:
        self.order = g.turn_order_from(g.priority)
        super().start(g)

    def entity(self, g: Engine) -> str | None:
        return None if self.finished or not self.order else self.order[self.index]

    def next_entity(self, g: Engine) -> None:
        self.passes = 0 if self.acted else self.passes + 1
        self.acted = False
        if self.passes >= len(self.order):
            self.finished = True
            return
        self.index = (self.index + 1) % len(self.order)


class MergerPassStep(Step):
    """The turn's last resort: pass (a title's M&A steps come before it)."""

    kinds = frozenset({"pass"})
    name = "merger_pass"

    def __init__(self) -> None:
        self.done = False

    def setup(self, g: Engine, entity: str) -> None:
        self.done = False

    def active(self, g: Engine, entity: str) -> bool:
        return not self.done

    def actions(self, g: Engine, entity: str) -> list[Action]:
        return [Pass(player=g.pid(entity), entity=entity)]

    def process(self, g: Engine, entity: str, action: Action) -> None:
        self.done = True


def issue_or_redeem(g: Engine, corp_id: str, shares: int) -> None:
    raise NotImplementedError("18West §6.2 issuing and redeeming stock in the M&A round")


def acquire_granger(g: Engine, buyer: str, target: str) -> None:
    raise NotImplementedError("18West §6.3-§6.5 acquisition of a Granger Road")


def convert_or_merge(g: Engine, corp_id: str, partner: str | None) -> None:
    """18USA §14.1.1-§14.1.2 (see :mod:`roundhouse.core.flow.company_sale`)."""
    from roundhouse.core.flow.company_sale import convert, merge

    if partner is None:
        convert(g, corp_id)
    else:
        merge(g, corp_id, partner)


def sell_company(g: Engine, corp_id: str, buyer: str | None, bid: int, kind: str) -> None:
    """18USA §14.2.1-§14.2.3: ``kind`` is "liquidation", "acquisition" or "friendly"."""
    from roundhouse.core.flow import company_sale

    company_sale.sell_company(g, corp_id, buyer, bid, company_sale.SaleKind(kind))
