"""What a card's own step offers a company, as the steps holding the company's turn see it.

18US §10.1.3 gives an extra tile "during its tile placement step" and §10.2.1-§10.2.2 a bonus
token "during its token placement step".  The card's move comes from a non-blocking step of
its own (:class:`~.extra_lay_step.ExtraTileLayStep`,
:class:`~.revenue_marker_step.RevenueMarkerStep`), and the company's track and token steps
stay open while it has one (:mod:`.card_window_step`).  The window steps ask only the bases
here, so imports point one way: this module, then the window steps, then the cards' steps
(which look for the window steps to know when their moment has come).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping

from roundhouse.core.flow.step import Step
from roundhouse.core.track import TileLay
from roundhouse.titles.g18us.state import UsGame


class TrackCardStep(Step[UsGame], ABC):
    """A card's step that lays tiles for a company during its tile placement step."""

    @abstractmethod
    def lays(self, g: UsGame, corp: str) -> Mapping[tuple[str, str, str, int], TileLay]:
        """(card, hex, tile, rotation) -> the lay the cards offer ``corp``, whatever step it
        is in (what keeps a :class:`~.card_window_step.CardTrackStep` open)."""


class TokenCardStep(Step[UsGame], ABC):
    """A card's step that places markers for a company, some during its token step."""

    @abstractmethod
    def token_step_markers(self, g: UsGame, corp: str) -> bool:
        """Whether a token-step card has a marker for ``corp`` (what keeps a
        :class:`~.card_window_step.CardTokenStep` open)."""
