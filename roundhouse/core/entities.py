"""Who owns and operates things: players, corporations (majors, minors, special companies)
and private companies / concessions, as printed data plus their state in one game.

A title describes its companies with the frozen ``*Spec`` records (its data files fill them
in); the engine makes one mutable state object per company.  Money is never held here - it is
in the :class:`~roundhouse.core.bank.Ledger` under the entity's id - and shares are in the
company's :class:`~roundhouse.core.shares.ShareBook`.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from roundhouse.core.ability import Ability
from roundhouse.core.marks import Clock, Tracked
from roundhouse.core.static import Static


@dataclasses.dataclass(frozen=True, kw_only=True)
class CorporationSpec(Static):
    """One company's charter as printed."""

    id: str
    name: str = ""
    kind: str = ""
    """Company type for train limits, par regions and hooks ("granger", "minor", ...)."""
    size: int = 10
    """Shares in the company (2, 4, 5, 10 or 20; a minor is 1)."""
    president_shares: int = 2
    float_shares: int = 2
    """Shares that must be in players' hands before it operates (18US §5.3: 3 for a Land
    Grant company; 18RoyalGorge: the president's certificate)."""
    tokens: tuple[int, ...] = (0,)
    """Price of each station token when placed, home token first; the company starts with
    this many tokens (18RoyalGorge, 18US, 18West: the charter's printed tokens).  Tokens it
    gains later (:attr:`Corporation.tokens_owned`, 18USA §11.6, §14.1.1, §14.3) are paid
    for when gained and placed for free (18USA §12.3)."""
    home: tuple[str, ...] = ()
    """Home hex (and city) where the first token goes when it floats; empty: none."""
    unplayable: int = 0
    """Certificates that can never be traded (18West §4.1's Granger Road shares)."""
    available_phase: str | None = None
    """First phase in which it may be started (18RoyalGorge "Stock Round", Fig. 1)."""
    must_own_train: bool = True
    """Subject to the title's mandatory-train rule (18US §6.9: not 5-share Land Grants)."""


class Corporation(Tracked):
    """A company in play: whether it has floated and operated, its tokens, and if closed."""

    clock: ClassVar[Clock] = Clock()
    """Ticks on every field write of any company (undo's marks: :mod:`roundhouse.core.marks`)."""

    __slots__ = (
        "closed",
        "floated",
        "formed_in",
        "operated",
        "par_price",
        "spec",
        "tokens_owned",
        "tokens_placed",
    )

    def __init__(self, spec: CorporationSpec) -> None:
        self.spec = spec
        self.floated = False
        self.operated = 0
        """Operating turns completed."""
        self.formed_in: int | None = None
        """Stock round number in which it was started (18USA §11.1)."""
        self.par_price: int | None = None
        self.tokens_owned = len(spec.tokens)
        """Station tokens it has, on the board and on its charter (18USA §14.1.1: "If the
        company already has eight station tokens")."""
        self.tokens_placed = 0
        """Station tokens on the board."""
        self.closed = False

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def started(self) -> bool:
        return self.par_price is not None

    def next_token_cost(self) -> int | None:
        """Cost of placing its next station token, or None when none are left on the
        charter; tokens beyond the printed prices were paid for when gained (18USA §12.3:
        "Station tokens are free to place")."""
        if self.tokens_placed >= self.tokens_owned:
            return None
        if self.tokens_placed >= len(self.spec.tokens):
            return 0
        return self.spec.tokens[self.tokens_placed]

    def __repr__(self) -> str:
        state = "closed" if self.closed else "floated" if self.floated else "unstarted"
        return f"<Corporation {self.id} {state}>"


@dataclasses.dataclass(frozen=True, kw_only=True)
class PrivateSpec(Static):
    """A private company or concession card."""

    id: str
    name: str = ""
    value: int
    """Face value (what companies pay around, what 18US §8 scores)."""
    min_bid: int | None = None
    """Opening bid in the auction; None: the face value (18RoyalGorge Fig. 1 "Initial Bid
    Price"; 18USA §10: half the face value)."""
    abilities: tuple[Ability, ...] = ()
    counts_as_cert: bool = False
    """Counts against the certificate limit (18RoyalGorge B1 Silver Mines)."""
    company_may_buy: bool = True
    """Companies may buy it (18RoyalGorge: only cards with the train symbol)."""


class Private(Tracked):
    """A private card in play: owner (a player, a company or None while the bank holds it),
    uses of its abilities, closed."""

    clock: ClassVar[Clock] = Clock()
    """Ticks on every field write of any private card (undo's marks:
    :mod:`roundhouse.core.marks`)."""

    __slots__ = ("closed", "owner", "spec", "used")

    def __init__(self, spec: PrivateSpec) -> None:
        self.spec = spec
        self.owner: str | None = None
        self.used: dict[int, int] = {}
        """Ability index -> times used."""
        self.closed = False

    @property
    def id(self) -> str:
        return self.spec.id

    def use(self, ability: Ability) -> None:
        i = self.spec.abilities.index(ability)
        self.used[i] = self.used.get(i, 0) + 1

    def __repr__(self) -> str:
        where = "closed" if self.closed else f"owned by {self.owner or 'the bank'}"
        return f"<Private {self.id} {where}>"


class Player(Tracked):
    """A seat at the table; cash lives in the ledger under the player's name."""

    clock: ClassVar[Clock] = Clock()
    """Ticks on every field write of any player (undo's marks: :mod:`roundhouse.core.marks`)."""

    __slots__ = ("bankrupt", "id")

    def __init__(self, player_id: str) -> None:
        self.id = player_id
        self.bankrupt = False

    def __repr__(self) -> str:
        return f"<Player {self.id}{' (bankrupt)' if self.bankrupt else ''}>"
