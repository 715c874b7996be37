"""§7.3 Issuing Treasury Stock in the operating round: from Phase 4, a Public Company that
has completed an earlier operating round may issue treasury shares to the Pool at their
Current Market Value; its value then moves one space left."""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.event import price_move
from roundhouse.core.flow.actions import Pass
from roundhouse.core.flow.step import Step
from roundhouse.core.market import Direction
from roundhouse.core.shares import POOL
from roundhouse.titles.g18west.actions import IssueShares
from roundhouse.titles.g18west.merger_round import issue_counts
from roundhouse.titles.g18west.state import WestGame

ISSUE_PHASE = "4"
"""§7.3: "If it is Phase 4 or later"."""


class IssueStep(Step[WestGame]):
    """Issue some treasury shares, or pass (one decision per turn)."""

    kinds = frozenset({"issue_shares", "pass"})
    name = "issue"
    passing = "passes on issuing shares"

    def __init__(self) -> None:
        self.done = False

    def setup(self, g: WestGame, entity: str) -> None:
        self.done = False

    def _counts(self, g: WestGame, entity: str) -> list[int]:
        if ISSUE_PHASE not in g.phases_reached() or not g.is_public(entity):
            return []
        if g.corps[entity].operated < 1:
            return []
        return issue_counts(g, entity)

    def active(self, g: WestGame, entity: str) -> bool:
        return not self.done and bool(self._counts(g, entity))

    def actions(self, g: WestGame, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        out: list[Action] = [
            IssueShares(player=p, entity=entity, count=n) for n in self._counts(g, entity)
        ]
        out.append(Pass(player=p, entity=entity))
        return out

    def process(self, g: WestGame, entity: str, action: Action) -> None:
        self.done = True
        if not isinstance(action, IssueShares):
            return
        before = g.share_price(entity)
        money = action.count * before
        g.books[entity].transfer(entity, POOL, action.count)
        g.ledger.transfer(BANK, entity, money)
        g.market.move(entity, Direction.LEFT, 1)
        g.emit(
            "issue",
            f"{entity} issues {action.count} share(s) for ${money}",
            company=entity,
            amount=money,
        )
        g.emit(
            "price",
            price_move(entity, before, g.share_price(entity), g.market.zones(entity)),
            company=entity,
        )
        g.after_price_move(entity)
