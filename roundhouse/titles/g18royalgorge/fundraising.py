"""Emergency fundraising and bankruptcy ("5. Buy Trains": "Emergency Fundraising",
"Bankruptcy").

A railroad that must own a train and cannot pay for one from its treasury is helped by its
president's cash; when that is not enough the president "must perform emergency fundraising by
selling shares until they can afford the train" - shares of any company, CF&I and the Victor
Gold Company included, never one that would change a presidency or overfill the pool (core's
:mod:`~roundhouse.core.flow.emergency`).  CF&I and VGC shares sell as in a stock round
(:mod:`.metals`: at their price, which does not move; the pool may hold all of them).

"If emergency fundraising still results in an insufficient amount of money to buy a train,
the player is bankrupt, and the game immediately ends."  So the president may declare
bankruptcy as soon as the railroad's cash, their own and everything they could sell together
fall short of the cheapest train the bank or the pool offers; declaring makes those sales
(largest first, as 18xx.games does), then the cash goes to the railroad and the game ends.
Buying another railroad's train at an agreed price stays possible, but it needs the other
president's agreement and does not keep the president from going bankrupt (18xx.games checks
the bank's trains only, ``can_go_bankrupt?``).
"""

from __future__ import annotations

from roundhouse.core.flow.emergency import allow_presidency_change
from roundhouse.core.flow.trade import do_sale, sale_counts
from roundhouse.titles.g18royalgorge import metals
from roundhouse.titles.g18royalgorge.metal_president import emergency_cap
from roundhouse.titles.g18royalgorge.state import METALS, RoyalGorgeGame


def priced(g: RoyalGorgeGame, corp_id: str) -> bool:
    return corp_id in g.market.position


def sale_options(
    g: RoyalGorgeGame, buyer: str, president: str, sold: frozenset[str] = frozenset()
) -> dict[str, list[int]]:
    """Company -> every share count the president may sell in an emergency of ``buyer``
    (``sold``: companies the turn's emergency already sold, with ``compat_18xx_games`` not
    again)."""
    out: dict[str, list[int]] = {}
    for corp_id, book in g.books.items():
        if not book.certs_of(president) or not priced(g, corp_id) or corp_id in sold:
            continue
        if corp_id in METALS:
            counts = list(range(1, _metal_sellable(g, president, corp_id) + 1))
        else:
            counts = sale_counts(
                g,
                president,
                corp_id,
                allow_presidency_change=allow_presidency_change(g, buyer, corp_id),
            )
        if counts:
            out[corp_id] = counts
    return out


def _metal_sellable(g: RoyalGorgeGame, president: str, corp_id: str) -> int:
    """CF&I or VGC shares the president may sell in an emergency.  With
    ``compat_18xx_games`` a Metals Investor share is no longer held back (18xx.games keeps
    that purchase only in the stock round's own record, ``metals_investor_bought``), but the
    last share is while it carries the site's president's certificate alone
    (:mod:`.metal_president`)."""
    if g.variant.compat_18xx_games:
        held = g.books[corp_id].shares_of(president)
    else:
        held = metals.sellable(g, president, corp_id)
    return emergency_cap(g, president, corp_id, held)


def metal_sales(g: RoyalGorgeGame, president: str, short: int) -> dict[str, list[int]]:
    """CF&I and VGC counts toward ``short`` dollars, each only if one share fewer would not
    do (the same "never more than needed" as core's sales)."""
    out: dict[str, list[int]] = {}
    if short <= 0:
        return out
    for corp_id in METALS:
        price = g.share_price(corp_id)
        counts = [
            n
            for n in range(1, _metal_sellable(g, president, corp_id) + 1)
            if (n - 1) * price < short
        ]
        if counts:
            out[corp_id] = counts
    return out


def sell(g: RoyalGorgeGame, buyer: str, president: str, corp_id: str, count: int) -> None:
    """One emergency sale: a metal at its unmoving price, any other by core's sale rules."""
    if corp_id in METALS:
        metals.sell(g, president, corp_id, count)
        return
    do_sale(
        g,
        president,
        corp_id,
        count,
        allow_presidency_change=allow_presidency_change(g, buyer, corp_id),
    )


def raisable(
    g: RoyalGorgeGame, buyer: str, president: str, sold: frozenset[str] = frozenset()
) -> int:
    """The railroad's cash, the president's and what all their allowed sales would fetch at
    today's prices (18xx.games's emergency buying power)."""
    total = g.ledger.cash(buyer) + g.ledger.cash(president)
    for corp_id, counts in sale_options(g, buyer, president, sold).items():
        total += max(counts) * g.share_price(corp_id)
    return total


def bankrupt(
    g: RoyalGorgeGame, cheapest: int, buyer: str, president: str, sold: frozenset[str] = frozenset()
) -> bool:
    """Whether even all of emergency fundraising cannot pay for a ``cheapest`` train."""
    return raisable(g, buyer, president, sold) < cheapest


def sell_everything(
    g: RoyalGorgeGame, buyer: str, president: str, sold: frozenset[str] = frozenset()
) -> None:
    """The sales a declared bankruptcy makes: the largest allowed block of each company,
    again until nothing more may be sold."""
    while True:
        options = sale_options(g, buyer, president, sold)
        if not options:
            return
        for corp_id in sorted(options):
            sell(g, buyer, president, corp_id, max(options[corp_id]))
