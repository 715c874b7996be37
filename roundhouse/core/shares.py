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

Checks (:func:`check_sell`, :func:`check_buy`) never change anything and raise
:class:`IllegalAction` with a stable rule key; the mutators call them first.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import cast

from roundhouse.core.errors import IllegalAction

POOL = "pool"
"""The bank pool / open market."""
IPO = "ipo"
"""The initial offering (shares not yet issued, or held by 'the public')."""


class Certificate:
    """One certificate: printed id ("PRR_0" is the president's), size in shares, owner."""

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
        other.id, other.company, other.shares = self.id, self.company, self.shares
        other.owner, other.president, other.playable = self.owner, self.president, self.playable
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


class ShareBook:
    """All certificates of one company and who owns them.

    >>> book = ShareBook.standard("RG", size=10, owner="RG")
    >>> book.move("RG_0", "Jim"); book.transfer("RG", "Derek", 1)
    [<Certificate RG_1 (1 sh) owned by Derek>]
    >>> book.president, book.percent_of("Jim"), book.percent_of("RG")
    ('Jim', 20, 70)
    """

    __slots__ = ("certs", "company", "size")

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
        other.company, other.size = self.company, self.size
        certs: dict[str, Certificate] = {}
        for key, cert in self.certs.items():
            twin = memo.get(id(cert))
            certs[key] = cast(Certificate, twin) if twin is not None else cert.__deepcopy__(memo)
        other.certs = certs
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


def holding_limit(book: ShareBook, rules: ShareRules, zones: frozenset[str]) -> int | None:
    """Most shares of ``book`` a player may buy up to, or None for no limit."""
    rules = rules.of(book.company)
    if zones & rules.holding_exempt_zones:
        return None
    if book.size in rules.holding_limit_shares:
        return rules.holding_limit_shares[book.size]
    if rules.holding_limit_pct is None:
        return None
    return rules.holding_limit_pct * book.size // 100


def certificate_count(
    player: str,
    books: Iterable[ShareBook],
    zones: Mapping[str, frozenset[str]],
    rules: ShareRules,
    extra: int = 0,
) -> int:
    """Certificates ``player`` holds that count against the limit, plus ``extra`` (privates
    the title counts, e.g. 18RoyalGorge "Certificate Limits").  A president's certificate is
    one certificate; companies whose price is in an exempt zone do not count (18West §4.1)."""
    count = extra
    for book in books:
        if zones.get(book.company, frozenset()) & rules.of(book.company).cert_exempt_zones:
            continue
        count += sum(1 for c in book.certs.values() if c.owner == player)
    return count


def check_buy(
    book: ShareBook,
    buyer: str,
    cert_id: str,
    *,
    rules: ShareRules,
    zones: frozenset[str] = frozenset(),
    cert_count: int,
    cert_limit: int,
    sold_this_round: bool = False,
) -> None:
    """Raise unless ``buyer`` may take certificate ``cert_id`` (from wherever it lies).

    ``cert_count`` is what :func:`certificate_count` gives for the buyer now.
    """
    rules = rules.of(book.company)
    cert = book.cert(cert_id)
    if cert.owner == buyer:
        raise IllegalAction(f"{buyer} already owns {cert_id}", rule="shares.not_available")
    if not cert.playable:
        raise IllegalAction(f"{cert_id} is not for sale", rule="shares.unplayable")
    if zones & rules.no_trade_zones:
        raise IllegalAction(
            f"{book.company} shares cannot be bought while it is in {_zone_names(zones)}",
            rule="shares.no_trade_zone",
        )
    if sold_this_round:
        raise IllegalAction(
            f"{buyer} sold {book.company} this round and cannot buy it back until the next",
            rule="shares.rebuy_after_sale",
        )
    limit = holding_limit(book, rules, zones)
    after = book.shares_of(buyer) + cert.shares
    if limit is not None and after > limit:
        raise IllegalAction(
            f"{buyer} may hold at most {limit * 100 // book.size}% of {book.company}",
            rule="shares.holding_limit",
        )
    counts = not (zones & rules.cert_exempt_zones)
    if counts and cert_count + 1 > cert_limit:
        raise IllegalAction(
            f"{buyer} is at the certificate limit of {cert_limit}", rule="shares.cert_limit"
        )


def check_sell(
    book: ShareBook,
    seller: str,
    shares: int,
    *,
    rules: ShareRules,
    players: Sequence[str],
    zones: frozenset[str] = frozenset(),
    operated: bool = True,
    allow_presidency_change: bool = True,
) -> None:
    """Raise unless ``seller`` may sell ``shares`` shares of ``book`` to the pool now.

    A president may sell below the president's certificate only when another player then
    holds more and can take it over (18US §4.1, 18West §4.1, 18USA §11.5, 18RoyalGorge "About
    Presidency"): the certificate itself never goes to the pool.  ``operated`` False forbids
    selling a company that has not yet operated (18US §5.1, 18West §5.1.1);
    ``allow_presidency_change`` False is the emergency-sale rule (18US §6.9.1).
    """
    rules = rules.of(book.company)
    if shares <= 0:
        raise IllegalAction("sell at least one share", rule="shares.sell_nothing")
    if book.size in rules.unsellable_sizes:
        raise IllegalAction(
            f"shares of a {book.size}-share company cannot be sold", rule="shares.unsellable"
        )
    if zones & rules.no_trade_zones:
        raise IllegalAction(
            f"{book.company} shares cannot be sold while it is in {_zone_names(zones)}",
            rule="shares.no_trade_zone",
        )
    if not operated:
        raise IllegalAction(
            f"{book.company} has not operated yet, so its shares cannot be sold",
            rule="shares.not_operated",
        )
    held = book.shares_of(seller)
    sellable = sum(c.shares for c in book.certs_of(seller) if c.playable)
    if shares > sellable:
        raise IllegalAction(
            f"{seller} holds only {held} share(s) of {book.company}", rule="shares.not_owned"
        )
    pool_after = book.shares_of(POOL) + shares
    if rules.pool_limit_pct is not None and pool_after * 100 > rules.pool_limit_pct * book.size:
        raise IllegalAction(
            f"the pool may hold at most {rules.pool_limit_pct}% of {book.company}",
            rule="shares.pool_limit",
        )
    pc = book.president_cert
    if pc is None or pc.owner != seller or rules.president_cert_to_pool:
        return
    remaining = held - shares
    others = {p: book.shares_of(p) for p in players if p != seller}
    takes_over = [p for p, n in others.items() if n > remaining]
    if not takes_over:
        if remaining < pc.shares:
            raise IllegalAction(
                f"the {book.company} president's certificate cannot be sold to the pool",
                rule="shares.president_to_pool",
            )
        return
    if not allow_presidency_change:
        raise IllegalAction(
            f"{seller} may not sell so many {book.company} shares that the presidency changes",
            rule="shares.presidency_change",
        )
    if max(others.values()) < pc.shares:
        raise IllegalAction(
            f"no other player holds {pc.shares} shares of {book.company} to take the "
            "president's certificate",
            rule="shares.president_to_pool",
        )


def sell(
    book: ShareBook,
    seller: str,
    shares: int,
    *,
    rules: ShareRules,
    players: Sequence[str],
    zones: frozenset[str] = frozenset(),
    operated: bool = True,
    allow_presidency_change: bool = True,
) -> tuple[str | None, str] | None:
    """Sell ``shares`` to the pool (no money: the caller pays the seller).

    If the sale hands over the presidency, the swap happens first, so only normal
    certificates reach the pool.  Returns the presidency change (old, new), if any.
    """
    check_sell(
        book,
        seller,
        shares,
        rules=rules,
        players=players,
        zones=zones,
        operated=operated,
        allow_presidency_change=allow_presidency_change,
    )
    change = None
    pc = book.president_cert
    if pc is not None and pc.owner == seller:
        remaining = book.shares_of(seller) - shares
        others = [p for p in players if p != seller and book.shares_of(p) > remaining]
        if others:
            # The successor is decided on the holdings after the sale (all adjustments are
            # concurrent, 18US §4.1); the swap itself uses the pre-sale certificates.
            best = max(book.shares_of(p) for p in others)
            start = players.index(seller) + 1 if seller in players else 0
            order = [players[(start + i) % len(players)] for i in range(len(players))]
            new = next(p for p in order if p in others and book.shares_of(p) == best)
            give = book.normal_certs_for(new, pc.shares)
            if give is None:
                raise IllegalAction(
                    f"{new} cannot swap normal certificates for the {book.company} "
                    "president's certificate",
                    rule="shares.president_swap",
                )
            for c in give:
                c.owner = seller
            pc.owner = new
            change = (seller, new)
    book.transfer(seller, POOL, shares)
    return change


def buy(
    book: ShareBook,
    buyer: str,
    cert_id: str,
    *,
    rules: ShareRules,
    players: Sequence[str],
    zones: frozenset[str] = frozenset(),
    cert_count: int,
    cert_limit: int,
    sold_this_round: bool = False,
) -> tuple[str | None, str] | None:
    """Take ``cert_id`` (no money: the caller pays the pool's bank or the treasury) and
    settle the presidency; returns the presidency change (old, new), if any."""
    check_buy(
        book,
        buyer,
        cert_id,
        rules=rules,
        zones=zones,
        cert_count=cert_count,
        cert_limit=cert_limit,
        sold_this_round=sold_this_round,
    )
    book.move(cert_id, buyer)
    return book.update_president(players)


def _zone_names(zones: frozenset[str]) -> str:
    return " / ".join(sorted(zones))
