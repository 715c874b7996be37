"""Private companies (and concession cards) as a client lists them: name, what the card
does, its value and income, who owns it and whether it has closed.

>>> card = PrivateView(id="Y1", name="St. Cloud Hotel", value=40, revenue=10, owner="Ann",
...                    ability="+$20 to each route that stops at the hotel")
>>> card.to_json()["owner"], card.closed
('Ann', False)
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.view.part import Part

VIEW_VERSION = 1
"""Bumped when a field of :class:`PrivateView` is removed, renamed or changes meaning or type."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PrivateView(Part):
    """One private card."""

    id: str
    name: str = ""
    value: int = 0
    """Face value."""
    revenue: int = 0
    """Income it pays its owner each operating round now."""
    owner: str | None = None
    """A player or a company; None while the bank holds it."""
    closed: bool = False
    ability: str = ""
    """What the card does, in the rulebook's words."""
    min_bid: int | None = None
    """Opening bid when it is auctioned."""
    colour: str = ""
    """The card's colour group, where the title has them ("yellow", "green")."""
