"""Buying a share from a president above the holding limit (18USA §17, "No 60% President
Share Limit").

The variant lifts §11.4's holding limit for a company's president (core
:attr:`~roundhouse.core.shares.ShareRules.president_exempt`), so a president can keep a
company out of reach of short sellers.  In return: "Other players may buy shares from the
president if the president exceeds 60% ownership and there are no other shares of the
company otherwise available for purchase.  Players buying shares from the president using
this rule must pay the president 10% above the current share price (round up)."

Readings: "60% ownership" is §11.4's limit for the company's size (6 of 10, 3 of 5; a 2-share
company's president holds all of it and never exceeds it).  "Otherwise available" means no
certificate in the treasury or the open market, whoever could afford it.  The buyer keeps
every other limit of §11.3-§11.4 (no rebuy after a sale, the holding and certificate limits,
no trade in liquidation or acquisition); the president is not selling, so nothing stops them
buying shares of the company later in the round.  Of the president's ordinary certificates
the one with the lowest id is offered, so that one move stands for the purchase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.trade import buy_sources, settle_purchase
from roundhouse.core.share_trade import check_buy, holding_limit
from roundhouse.core.shares import company_of

if TYPE_CHECKING:
    from roundhouse.titles.g18usa.family1817.engine import FamilyEngine

PREMIUM_PCT = 10
"""What a buyer pays the president above the share price (§17)."""


def premium_price(price: int, shares: int = 1) -> int:
    """``shares`` at ``price`` plus 10%, rounded up (§17).

    >>> premium_price(67), premium_price(100), premium_price(75, 2)
    (74, 110, 165)
    """
    return -(-price * shares * (100 + PREMIUM_PCT) // 100)


def offered_cert(g: FamilyEngine, corp_id: str) -> str | None:
    """The certificate other players may buy from ``corp_id``'s president now, or None."""
    rules = g.config.share_rules.of(corp_id)
    corp = g.corps.get(corp_id)
    if not rules.president_exempt or corp is None or not corp.started or corp.closed:
        return None
    book = g.books[corp_id]
    president = book.president
    if president is None:
        return None
    limit = holding_limit(book, rules, g.market.zones(corp_id))
    if limit is None or book.shares_of(president) <= limit:
        return None
    if any(c.playable for source in buy_sources(g, corp_id) for c in book.certs_of(source)):
        return None
    ordinary = [c.id for c in book.certs_of(president) if c.playable and not c.president]
    return min(ordinary) if ordinary else None


def from_president(g: FamilyEngine, cert_id: str) -> bool:
    """Whether ``cert_id`` names a certificate a player holds (so buying it is a §17
    purchase from the president, not one from the treasury or the market)."""
    corp_id = company_of(cert_id)
    book = g.books.get(corp_id)
    if book is None or cert_id not in book.certs:
        return False
    return book.certs[cert_id].owner in g.players


def check_president_buy(g: FamilyEngine, player: str, cert_id: str, *, sold: bool) -> int:
    """Raise unless ``player`` may buy ``cert_id`` from its president now; returns the price."""
    corp_id = company_of(cert_id)
    book = g.books[corp_id]
    cert = book.cert(cert_id)
    if not g.config.share_rules.of(corp_id).president_exempt:
        raise IllegalAction(
            f"{cert_id} belongs to {cert.owner} and is not for sale", rule="shares.not_available"
        )
    if cert.owner == player:
        raise IllegalAction(f"{player} already owns {cert_id}", rule="shares.not_available")
    offered = offered_cert(g, corp_id)
    if offered != cert_id:
        limit = holding_limit(book, g.config.share_rules.of(corp_id), g.market.zones(corp_id))
        why = (
            f"only {offered} is offered"
            if offered is not None
            else f"the president must hold more than {limit} shares and none may be left in "
            "the treasury or the open market"
        )
        raise IllegalAction(
            f"{cert_id} cannot be bought from {cert.owner}: {why}", rule="shares.from_president"
        )
    check_buy(
        book,
        player,
        cert_id,
        rules=g.config.share_rules,
        zones=g.market.zones(corp_id),
        cert_count=g.purchase_cert_count(player, corp_id),
        cert_limit=g.cert_limit(),
        sold_this_round=sold,
    )
    price = premium_price(g.share_price(corp_id), cert.shares)
    if g.ledger.cash(player) < price:
        raise IllegalAction(
            f"{player} has ${g.ledger.cash(player)} and cannot pay ${price} for {cert_id}",
            rule="shares.from_president_cash",
        )
    return price


def do_president_buy(g: FamilyEngine, player: str, cert_id: str) -> None:
    """The buyer pays the president the price plus 10% and takes the certificate."""
    corp_id = company_of(cert_id)
    cert = g.books[corp_id].cert(cert_id)
    settle_purchase(
        g,
        player,
        cert_id,
        price=premium_price(g.share_price(corp_id), cert.shares),
        payee=cert.owner,
        source=f"its president {cert.owner} (share price plus 10%)",
    )
