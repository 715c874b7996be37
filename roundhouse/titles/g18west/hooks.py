"""18West's changes to core's rounds for its merger and acquisition round (18West §6): the
round after each set of operating rounds from its phase, and the steps it is made of.

A title with the M&A round subclasses :class:`MergerHooks` and answers the round's questions
(:class:`~.merger_answers.MergerAnswers`: company types, which companies are joined, what an
acquisition does to station tokens) from its board.
"""

from __future__ import annotations

from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step
from roundhouse.titles.g18west.acquisition import (
    AcquireStep,
    AcquisitionDiscardStep,
    OfferAnswerStep,
    RelocateStep,
)
from roundhouse.titles.g18west.merger_answers import MergerAnswers
from roundhouse.titles.g18west.merger_round import IssueRedeemStep, MergerPassStep, MergerRound
from roundhouse.titles.g18west.merger_rules import merger_rules
from roundhouse.titles.g18west.state import WestGame


class MergerHooks(MergerAnswers):
    """Core's 18xx behaviour with the M&A round; every method may be overridden."""

    def next_round(self, g: WestGame, ended: Round[WestGame]) -> Round[WestGame]:
        """An M&A round after each set of operating rounds, before the stock round, from
        :attr:`MergerRules.from_phase` (18West §6: "Starting in Phase 4")."""
        start = merger_rules(g).from_phase
        set_over = ended.kind == "OR" and g.or_in_set >= g.ors_in_set
        if set_over and start is not None and start in g.phases_reached():
            return merger_round()
        return super().next_round(g, ended)


def merger_steps() -> list[Step[WestGame]]:
    """18West §6.1's actions, answers and discards first, pass last (a title adds its own
    steps before :class:`~.merger_round.MergerPassStep`)."""
    return [
        OfferAnswerStep(),
        RelocateStep(),
        AcquisitionDiscardStep(),
        IssueRedeemStep(),
        AcquireStep(),
        MergerPassStep(),
    ]


def merger_round() -> MergerRound:
    """An 18West §6 M&A round with every action :class:`MergerRules` switches on."""
    return MergerRound(merger_steps())
