"""A company as it stands during play: charter contents, treasury, income and track.

Chicago Express §1 and §10: shares and locomotives sit on the charter until sold or placed,
the treasury only fills from auctions (and the forest bonus) and only empties into builds, and
the income is the marker on the income track (kept incrementally; the invariant suite checks it
against the value recomputed from the board, Chicago Express §4.2).
"""

from __future__ import annotations

from roundhouse.core.ids import PlayerId
from roundhouse.titles.chicago_express.board import Charter


class Company:
    __slots__ = (
        "chicago_paid",
        "hexes",
        "holders",
        "id",
        "income",
        "locos_left",
        "open",
        "shares_left",
        "treasury",
    )

    def __init__(self, charter: Charter) -> None:
        self.id = charter.id
        self.shares_left = charter.shares
        self.locos_left = charter.locos
        self.treasury = 0
        self.income = charter.income
        self.hexes: list[str] = []
        """Hexes holding one of its locomotives, in the order they were entered."""
        self.holders: dict[PlayerId, int] = {}
        """Shares in players' hands, by player (shares are never sold back, §4.1)."""
        self.chicago_paid = False
        """Whether its one-time Chicago dividend has been paid (Chicago Express §5.2)."""
        self.open = charter.initial
        """The Wabash opens only when a company first reaches Chicago (§5.3)."""

    def __deepcopy__(self, memo: dict[int, object]) -> Company:
        other = Company.__new__(Company)
        other.chicago_paid = self.chicago_paid
        other.hexes = list(self.hexes)
        other.holders = dict(self.holders)
        other.id = self.id
        other.income = self.income
        other.locos_left = self.locos_left
        other.open = self.open
        other.shares_left = self.shares_left
        other.treasury = self.treasury
        return other

    @property
    def shares_out(self) -> int:
        return sum(self.holders.values())

    def __repr__(self) -> str:
        return f"<Company {self.id} income ${self.income} treasury ${self.treasury}>"
