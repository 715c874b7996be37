"""The operating round: private income, then each floated company takes its turn.

18RoyalGorge "Operating Rounds": privates pay their owners first; companies operate highest
share price first, a stack top to bottom; each completes its whole turn before the next.
18US §6 and 18USA §12 are the same; 18West §7 runs Granger Roads first (a title's
:meth:`~roundhouse.core.hooks.Hooks.operating_order`).  The order is recomputed after every
turn among the companies yet to operate, since prices move during the round.  The turn's
steps come from :meth:`~roundhouse.core.hooks.Hooks.operating_steps`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from roundhouse.core.ability import income_now
from roundhouse.core.bank import BANK
from roundhouse.core.event import money_list
from roundhouse.core.flow.flow_game import G
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step
from roundhouse.core.shares import POOL

if TYPE_CHECKING:
    from roundhouse.core.entities import Private


class OperatingRound(Round[G]):
    kind = "OR"

    def __init__(self, steps: Sequence[Step[G]]) -> None:
        super().__init__(steps)
        self.done: list[str] = []
        self.current: str | None = None
        self.revenue: int | None = None
        """Revenue of the current turn's run (None until it has run)."""

    def label(self, g: G) -> str:
        return f"OR {g.set_count}.{g.or_in_set}"

    def start(self, g: G) -> None:
        g.begin_operating_round()
        g.emit("round", f"Operating round {self.label(g)[3:]}", round=self.label(g), kind="OR")
        self.pay_income(g)
        g.hooks.on_operating_round_start(g)
        self._pick(g)
        super().start(g)

    def pay_income(self, g: G) -> None:
        """Private income from the bank to each owner (18RoyalGorge "Income", 18US §3.3).
        A private in the open market (a bankrupt's, 18USA §15) has no owner to pay."""
        reached = g.phases_reached()
        paid: dict[str, int] = {}
        for private in g.privates.values():
            if private.closed or private.owner is None or private.owner == POOL:
                continue
            amount = self.income(g, private, income_now(private.spec.abilities, reached))
            if amount:
                g.ledger.transfer(BANK, private.owner, amount)
                paid[private.owner] = paid.get(private.owner, 0) + amount
        if paid:
            g.emit("income", f"Private income: {money_list(paid)}", paid=paid)

    def income(self, g: G, private: Private, printed: int) -> int:
        """What ``private`` pays its owner this round, given the income its card prints
        for the phases reached; a title's round changes it for a card with conditions."""
        return printed

    def _pick(self, g: G) -> None:
        waiting = [
            c.id
            for c in g.corps.values()
            if c.floated and not c.closed and c.id not in self.done and g.controller(c.id)
        ]
        order = g.hooks.operating_order(g, waiting)
        self.current = order[0] if order else None
        if self.current is None:
            self.finished = True

    def entity(self, g: G) -> str | None:
        return None if self.finished else self.current

    def next_entity(self, g: G) -> None:
        corp = self.current
        assert corp is not None
        if not g.depot.owned_by(corp):
            g.hooks.on_no_train(g, corp)
        g.corps[corp].operated += 1
        self.done.append(corp)
        self.revenue = None
        self._pick(g)

    def on_finish(self, g: G) -> None:
        g.hooks.on_operating_round_end(g)
