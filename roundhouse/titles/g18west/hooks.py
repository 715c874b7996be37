"""18West's changes to core's rounds for its merger and acquisition round (18West §6): the
round after each set of operating rounds from its phase, company types, which companies are
joined, and what an acquisition does to station tokens.

A title with the M&A round subclasses :class:`MergerHooks` and answers from its board.
"""

from __future__ import annotations

from roundhouse.core.engine18xx import Engine
from roundhouse.core.flow.round import Round
from roundhouse.core.hooks import Hooks
from roundhouse.titles.g18west.merger_rules import merger_rules


class MergerHooks(Hooks):
    """Core's 18xx behaviour with the M&A round; every method may be overridden."""

    def next_round(self, g: Engine, ended: Round) -> Round:
        """An M&A round after each set of operating rounds, before the stock round, from
        :attr:`MergerRules.from_phase` (18West §6: "Starting in Phase 4")."""
        start = merger_rules(g).from_phase
        set_over = ended.kind == "OR" and g.or_in_set >= g.ors_in_set
        if set_over and start is not None and start in g.phases_reached():
            from roundhouse.titles.g18west.merger_round import merger_round

            return merger_round()
        return super().next_round(g, ended)

    def company_kind(self, g: Engine, corp_id: str) -> str:
        """The company's type now, for rules that name types (18West §6.3: "The acquiring
        Company must be a Public Company"; a converted Land Grant company is one, §7.2)."""
        return g.corps[corp_id].spec.kind

    def acquisition_connected(self, g: Engine, buyer: str, target: str) -> bool:
        """18West §6.3: the two companies' routes share a track segment, or both have tokens
        in one hex.  Answered from the title's board; the neutral answer is no."""
        return False

    def on_company_absorbed(self, g: Engine, survivor: str, absorbed: str) -> None:
        """``absorbed``'s trains, privates and treasury went to ``survivor`` in an
        acquisition; the title swaps its station tokens (18West §6.4)."""


NEUTRAL = MergerHooks()
"""The answers for a title whose hooks are not :class:`MergerHooks`."""


def merger_hooks(g: Engine) -> MergerHooks:
    """The game's hooks for the M&A round (:data:`NEUTRAL` when the title has none)."""
    return g.hooks if isinstance(g.hooks, MergerHooks) else NEUTRAL
