"""Share certificates, who owns them, and the limits on buying, selling and presidency.

A company's stock is a :class:`ShareBook`: its *size* in shares (2, 4, 5, 10 or 20) and its
certificates, each worth some number of those shares.  Percentages follow from the size, so a
company that grows (18USA §14.1.1: 2 -> 5 -> 10 shares; 18US §3.5: 4 -> 5 -> 10; 18US §7.4: a
System of 20) keeps its certificates and only adds new ones (:meth:`ShareBook.resize`).

Owners are plain ids: a player's name, a company id (its treasury / charter), :data:`POOL`
(bank pool, open market) or :data:`IPO` (initial offering, the unissued or "public" shares:
18US §6.6's broker-held half of a 10-share company, 18West §2.2.2's Government shares).
Unplayable certificates (18West §4.1's two invisible Granger Road treasury shares) carry
``playable=False``: they count for dividends but can never be bought or sold.

Buying and selling, with their limits, are :mod:`roundhouse.core.share_trade`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar, cast

from roundhouse.core.errors import IllegalAction
from roundhouse.core.marks import Clock, Tracked

BOOKS_CLOCK = Clock()
"""Ticks on every field write of any share book or certificate (undo's marks:
:mod:`roundhouse.core.marks`)."""

POOL = "pool"
"""The bank pool / open market."""
IPO = "ipo"
"""The initial offering (shares not yet issued, or held by 'the public')."""


def company_of(cert_id: str) -> str:
    """The company a certificate id names: ids are ``{company}_{n}``
    (:meth:`ShareBook.standard`), and a move's shares name certificates by id alone.

    >>> company_of("B&O_1"), company_of("GN_0")
    ('B&O', 'GN')
    """
    return cert_id.rsplit("_", 1)[0]


class Certificate(Tracked):
    """One certificate: printed id ("PRR_0" is the president's), size in shares, owner."""

    clock: ClassVar[Clock] = BOOKS_CLOCK

    __slots__ = ("company", "id", "owner", "playable", "president", "shares")

    def __init__(
        self,
        cert_id: str,
        company: str,
        shares: int,
        owner: str,
        *,
        president: bool = False,
        playable: bool = True,
    ) -> None:
        self.id = cert_id
        self.company = company
        self.shares = shares
        self.owner = owner
        self.president = president
        self.playable = playable

    def __deepcopy__(self, memo: dict[int, object]) -> Certificate:
        """Every field is an immutable scalar, so a copy sets them directly: the generic
        deep copy (reduce protocol, per-field memo) made a snapshot's 65 certificates cost
        more than the rest of the stock round's state."""
        other = object.__new__(type(self))
        put = object.__setattr__  # a new certificate is in no mark: no tick (Tracked)
        put(other, "id", self.id)
        put(other, "company", self.company)
        put(other, "shares", self.shares)
        put(other, "owner", self.owner)
        put(other, "president", self.president)
        put(other, "playable", self.playable)
        memo[id(self)] = other
        return other

    def __repr__(self) -> str:
        kind = " president's" if self.president else ""
        return f"<Certificate {self.id}{kind} ({self.shares} sh) owned by {self.owner}>"


@dataclasses.dataclass(frozen=True, kw_only=True)
class ShareRules:
    """A title's limits on share ownership; the defaults are the common 1830 family values."""

    pool_limit_pct: int | None = 50
    """Most of a company the pool may hold (18RoyalGorge "Selling": 50%); None: no limit."""
    holding_limit_pct: int | None = 60
    """Most of a company a player may buy (18RoyalGorge: 60%, 70% with two players)."""
    holding_limit_shares: Mapping[int, int] = dataclasses.field(default_factory=dict)
    """By company size, the most *shares* a player may buy; overrides the percentage
    (18USA §11.4: 6 of 10, 3 of 5, 2 of 2; 18US §4.1: 3 of 4 or 5, 5 of 10, 10 of 20)."""
    holding_exempt_zones: frozenset[str] = frozenset()
    """Market zones where the holding limit does not apply."""
    president_exempt: bool = False
    """Whether a company's president may buy past the holding limit (18USA §17 "No 60%
    President Share Limit"); other players stay bound by it."""
    cert_exempt_zones: frozenset[str] = frozenset()
    """Market zones whose certificates do not count (18West §4.2.1: the grey zone)."""
    no_trade_zones: frozenset[str] = frozenset()
    """Market zones whose shares may be neither bought nor sold (18USA §11.1/§11.3)."""
    unsellable_sizes: frozenset[int] = frozenset()
    """Company sizes whose shares may not be sold (18USA §11.1: 2-share companies)."""
    president_cert_to_pool: bool = False
    """Whether a president's certificate may be sold to the pool (none of our titles allow it)."""
    companies: Mapping[str, ShareRules] = dataclasses.field(default_factory=dict)
    """Company id -> its own rules where they differ from these (18RoyalGorge's metal
    companies, whose shares may all sit in the bank pool).  Every check in this module reads
    the rules of the company it is about through :meth:`of`."""

    def of(self, company: str) -> ShareRules:
        """The rules for ``company``: its own entry in :attr:`companies`, else these."""
        return self.companies.get(company, self)


class ShareBook(Tracked):
    """All certificates of one company and who owns them.

    >>> book = ShareBook.standard("RG", size=10, owner="RG")
    >>> book.move("RG_0", "Jim"); book.transfer("RG", "Derek", 1)
    [<Certificate RG_1 (1 sh) owned by Derek>]
    >>> book.president, book.percent_of("Jim"), book.percent_of("RG")
    ('Jim', 20, 70)
    """

    __slots__ = ("certs", "company", "size")

    clock: ClassVar[Clock] = BOOKS_CLOCK

    def __init__(self, company: str, size: int, certs: Iterable[Certificate]) -> None:
        self.company = company
        self.size = size
        self.certs: dict[str, Certificate] = {c.id: c for c in certs}
        if self.total() != size:
            raise ValueError(f"{company}: certificates total {self.total()} shares, not {size}")
        if sum(c.president for c in self.certs.values()) > 1:
            raise ValueError(f"{company} has more than one president's certificate")

    def __deepcopy__(self, memo: dict[int, object]) -> ShareBook:
        """Copies each certificate directly (see :meth:`Certificate.__deepcopy__`), keeping
        the memo so a certificate also held elsewhere in the state stays one object."""
        other = object.__new__(type(self))
        memo[id(self)] = other
        put = object.__setattr__  # a new book is in no mark: no tick (Tracked)
        put(other, "company", self.company)
        put(other, "size", self.size)
        certs: dict[str, Certificate] = {}
        for key, cert in self.certs.items():
            twin = memo.get(id(cert))
            certs[key] = cast(Certificate, twin) if twin is not None else cert.__deepcopy__(memo)
        put(other, "certs", certs)
        memo[id(self.certs)] = certs
        return other

    @classmethod
    def standard(
        cls,
        company: str,
        *,
        size: int,
        owner: str = IPO,
        president_shares: int = 2,
        unplayable: int = 0,
        unplayable_owner: str = IPO,
    ) -> ShareBook:
        """A president's certificate ``{company}_0`` plus single-share certificates, the last
        ``unplayable`` of them unplayable and held by ``unplayable_owner``."""
        certs = [Certificate(f"{company}_0", company, president_shares, owner, president=True)]
        singles = size - president_shares
        for i in range(1, singles + 1):
            playable = i <= singles - unplayable
            certs.append(
                Certificate(
                    f"{company}_{i}",
                    company,
                    1,
                    owner if playable else unplayable_owner,
                    playable=playable,
                )
            )
        return cls(company, size, certs)

    def total(self) -> int:
        return sum(c.shares for c in self.certs.values())

    def cert(self, cert_id: str) -> Certificate:
        try:
            return self.certs[cert_id]
        except KeyError:
            raise IllegalAction(
                f"{self.company} has no certificate {cert_id}", rule="shares.unknown_certificate"
            ) from None

    def certs_of(self, owner: str) -> list[Certificate]:
        return [c for c in self.certs.values() if c.owner == owner]

    def shares_of(self, owner: str) -> int:
        return sum(c.shares for c in self.certs.values() if c.owner == owner)

    def percent_of(self, owner: str) -> int:
        """Whole percent of the company (shares * 100 / size, rounded down)."""
        return self.shares_of(owner) * 100 // self.size

    def holdings(self) -> dict[str, int]:
        """Owner -> shares, for every owner holding any."""
        out: dict[str, int] = {}
        for c in self.certs.values():
            out[c.owner] = out.get(c.owner, 0) + c.shares
        return out

    @property
    def president_cert(self) -> Certificate | None:
        return next((c for c in self.certs.values() if c.president), None)

    @property
    def president(self) -> str | None:
        """The owner of the president's certificate if a player holds it, else None."""
        pc = self.president_cert
        if pc is None or pc.owner in (POOL, IPO, self.company):
            return None
        return pc.owner

    def move(self, cert_id: str, to: str) -> None:
        """Hand one certificate to ``to`` (no money, no presidency check)."""
        self.cert(cert_id).owner = to

    def normal_certs_for(self, owner: str, shares: int) -> list[Certificate] | None:
        """Playable non-president certificates of ``owner`` adding up to exactly ``shares``
        (smallest first), or None if they cannot."""
        picked: list[Certificate] = []
        total = 0
        for c in sorted(self.certs_of(owner), key=lambda c: (c.shares, c.id)):
            if c.president or not c.playable or total + c.shares > shares:
                continue
            picked.append(c)
            total += c.shares
            if total == shares:
                return picked
        return picked if total == shares else None

    def transfer(self, source: str, to: str, shares: int) -> list[Certificate]:
        """Move ``shares`` worth of normal certificates; raises if ``source`` lacks them."""
        certs = self.normal_certs_for(source, shares)
        if certs is None:
            raise IllegalAction(
                f"{source} does not hold {shares} normal share(s) of {self.company}",
                rule="shares.not_owned",
            )
        for c in certs:
            c.owner = to
        return certs

    def presidency_successor(self, players: Sequence[str]) -> str | None:
        """Who must take the presidency now, or None if the president keeps it.

        A player takes it only with *more* shares than the president; among several with the
        most, the first in seat order after the current president (18USA §11.5 "closest to
        the outgoing president's left"; 18US §5.4 and 18West §5.1.4 "earliest in Stock Round
        order after the current President"; 18RoyalGorge "About Presidency").  With no
        president yet, the player holding most wins, ties to the first in seat order.
        """
        current = self.president
        held = {p: self.shares_of(p) for p in players}
        bar = held.get(current, 0) if current is not None else 0
        best = max((n for p, n in held.items() if p != current), default=0)
        if best <= bar or best == 0:
            return None
        pc = self.president_cert
        if current is None and pc is not None and best < pc.shares:
            return None  # 18US §6.9.3: from the pool only with enough shares to swap
        start = players.index(current) + 1 if current in players else 0
        for i in range(len(players)):
            p = players[(start + i) % len(players)]
            if p != current and held[p] == best:
                return p
        return None  # pragma: no cover - best came from held

    def update_president(self, players: Sequence[str]) -> tuple[str | None, str] | None:
        """Carry out a change of presidency if one is due; returns (old, new) or None.

        The new president hands normal certificates worth the president's certificate to the
        old holder (18USA §11.5, 18US §5.4, 18RoyalGorge "About Presidency")."""
        new = self.presidency_successor(players)
        pc = self.president_cert
        if new is None or pc is None:
            return None
        old = pc.owner
        give = self.normal_certs_for(new, pc.shares)
        if give is None:
            raise IllegalAction(
                f"{new} cannot swap normal certificates for the {self.company} president's",
                rule="shares.president_swap",
            )
        for c in give:
            c.owner = old
        pc.owner = new
        return (None if old in (POOL, IPO, self.company) else old, new)

    def resize(
        self,
        size: int,
        new_certs: Sequence[tuple[int, str, bool]] = (),
        *,
        president_shares: int | None = None,
    ) -> list[Certificate]:
        """Change the company's size (18USA §14.1.1, 18US §3.5/§7.4.1): optionally flip the
        president's certificate to a new share count, then add certificates given as
        (shares, owner, playable).  New ids continue the company's numbering."""
        pc = self.president_cert
        pres_delta = (president_shares - pc.shares) if pc and president_shares else 0
        if self.total() + pres_delta + sum(s for s, _, _ in new_certs) != size:
            raise ValueError(f"{self.company}: new certificates do not make {size} shares")
        if pc is not None and president_shares is not None:
            pc.shares = president_shares
        start = len(self.certs)
        added = [
            Certificate(f"{self.company}_{start + i}", self.company, s, owner, playable=playable)
            for i, (s, owner, playable) in enumerate(new_certs)
        ]
        for c in added:
            self.certs[c.id] = c
        self.size = size
        return added

    def __repr__(self) -> str:
        parts = ", ".join(f"{o} {s * 100 // self.size}%" for o, s in self.holdings().items())
        return f"<Shares {self.company} ({self.size} sh): {parts}>"
