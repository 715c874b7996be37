"""The two ways an action can be refused.

Both are ``ValueError`` subclasses (as in python-chess) and both leave the game unchanged.
Core raises them with a stable *rule key*; the game adds the title's rulebook citation, so the
player reads e.g. ``"H12 already took a tile this turn (18USA §12.4)"``.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """The action is well formed but not allowed in this position."""

    def __init__(self, reason: str, *, rule: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        """What was wrong, in the table's words, without the citation."""
        self.rule = rule
        """Stable key of the rule that forbids it (``"auction.min_bid"``), or None."""
        self.citation: str | None = None
        """Where the title's rulebook says so (``"Chicago Express §4.1"``), set by the game."""

    def cite(self, citation: str | None) -> IllegalAction:
        """Attach the rulebook reference for :attr:`rule`; returns self for ``raise ... from``."""
        self.citation = citation
        self.args = (str(self),)
        return self

    def __str__(self) -> str:
        if self.citation:
            return f"{self.reason} ({self.citation})"
        return self.reason


class MalformedAction(IllegalAction):
    """The action could not even be read: unknown kind, missing field, wrong type."""


class InvalidSetup(ValueError):
    """``new_game``/``load`` was given an unknown title, bad players, seed or options."""
