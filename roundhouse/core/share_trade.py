"""Buying and selling certificates: the holding and certificate limits, the checks, the trades.

Checks (:func:`check_sell`, :func:`check_buy`) never change anything and raise
:class:`IllegalAction` with a stable rule key; the mutators (:func:`sell`, :func:`buy`) call
them first.  The books themselves are :mod:`roundhouse.core.shares`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from roundhouse.core.errors import IllegalAction
from roundhouse.core.shares import POOL, ShareBook, ShareRules


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
    if rules.president_exempt and book.president == buyer:
        limit = None
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
