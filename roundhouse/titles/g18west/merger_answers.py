"""What the merger and acquisition round asks of the title (18West §6.3-§6.4): the type of a
company now, whether two companies are joined, and what an acquisition does to station
tokens.

The round's steps (:mod:`.merger_round`, :mod:`.acquisition`) ask these through
:func:`merger_answers`; a title answers them by subclassing :class:`~.hooks.MergerHooks`,
which also schedules the round.  They are kept apart from the hooks so that imports point
one way: these answers, then the steps, then the hooks that build the round from them.
"""

from __future__ import annotations

from roundhouse.core.hooks import Hooks
from roundhouse.titles.g18west.state import WestGame


class MergerAnswers(Hooks[WestGame]):
    """Core's 18xx behaviour plus the M&A round's questions; every method may be
    overridden (a title does so through :class:`~.hooks.MergerHooks`)."""

    def company_kind(self, g: WestGame, corp_id: str) -> str:
        """The company's type now, for rules that name types (18West §6.3: "The acquiring
        Company must be a Public Company"; a converted Land Grant company is one, §7.2)."""
        return g.corps[corp_id].spec.kind

    def acquisition_connected(self, g: WestGame, buyer: str, target: str) -> bool:
        """18West §6.3: the two companies' routes share a track segment, or both have tokens
        in one hex.  Answered from the title's board; the neutral answer is no."""
        return False

    def on_company_absorbed(self, g: WestGame, survivor: str, absorbed: str) -> None:
        """``absorbed``'s trains, privates and treasury went to ``survivor`` in an
        acquisition; the title swaps its station tokens (18West §6.4)."""


NEUTRAL = MergerAnswers()
"""The answers for a title whose hooks are not :class:`MergerAnswers`."""


def merger_answers(g: WestGame) -> MergerAnswers:
    """The game's answers for the M&A round (:data:`NEUTRAL` when the title has none)."""
    return g.hooks if isinstance(g.hooks, MergerAnswers) else NEUTRAL
