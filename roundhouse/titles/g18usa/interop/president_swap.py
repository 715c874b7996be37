"""Which certificate goes where when a sale hands over a presidency, by the site's ids.

18USA §11.5: a president who sells so much that another player holds more passes the
president's certificate to that player, who gives two ordinary shares for it.  Which of a
company's alike ordinary certificates change hands is no rule; ours and 18xx.games's choose
differently, and a later action naming a share (a company buying its own from the market,
§11.7) must name the one the site has there.

The site (``SharePool#transfer_shares``, ``#change_president``, ``#handle_partial``) moves
the sold certificates to the market first, the president's among them when it is sold;
then the new president's first two shares go to the seller if the seller still holds as
much as the president's certificate, else to the market; the president's certificate goes
to the new president; and when only half of the president's certificate was sold, the
market's first share goes back to the seller.  :func:`site_holdings` replays that on the
site's ids; :func:`realias` pairs them with ours holder by holder
(:attr:`.writer.WriteMemory.alias`).  A holder's shares are taken in the order they came
(:attr:`.writer.WriteMemory.holdings`), as the site keeps them.
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.shares import POOL, ShareBook

PRESIDENT_SHARES = 2
"""The president's certificate counts as two shares (§5)."""


@dataclasses.dataclass(frozen=True)
class Sale:
    """A player's sale as written, with the holdings it started from (the site's ids)."""

    corporation: str
    seller: str
    president: str | None
    """Who was president before the sale."""
    sold: tuple[str, ...]
    """The certificates the written ``sell_shares`` names, in its order."""
    count: int
    """Shares sold (half of a president's certificate named in :attr:`sold` is one)."""
    holdings: dict[str, list[str]]
    """Player -> the site's ids of their playable certificates of the company, in the order
    they came (the site gives away a new president's first two; found by the differential:
    random bots, 4 players, seed 1002, where they had come out of number order)."""
    pool: list[str]
    """The market's certificates of the company, in the site's order."""


def _number(cert: str) -> int:
    return int(cert.rpartition("_")[2])


def _president_id(corporation: str) -> str:
    return f"{corporation}_0"


def site_holdings(sale: Sale, new_president: str) -> dict[str, list[str]]:
    """The seller's, the new president's and the market's certificates on the site after
    ``sale`` made ``new_president`` president (module docstring), the market in its order."""
    president = _president_id(sale.corporation)
    before = sale.holdings.get(sale.seller, [])
    seller = [c for c in before if c not in sale.sold]
    taker = list(sale.holdings.get(new_president, []))
    pool = [*sale.pool, *sale.sold]
    size = {c: PRESIDENT_SHARES if c == president else 1 for c in [*before, *sale.sold]}
    kept = sum(size[c] for c in before) - sale.count
    swap, taker = taker[:PRESIDENT_SHARES], taker[PRESIDENT_SHARES:]
    if kept >= PRESIDENT_SHARES:
        seller += swap
    else:
        pool += swap
    for holder in (seller, pool):
        if president in holder:
            holder.remove(president)
    taker.append(president)
    back = sum(size[c] for c in sale.sold) - sale.count
    for _ in range(min(back, len(pool))):
        # part of the president's certificate sold: the market's first shares come back
        seller.append(pool.pop(0))
    return {sale.seller: seller, new_president: taker, POOL: pool}


def realias(
    book: ShareBook, alias: dict[str, str], sale: Sale, new_president: str
) -> list[str] | None:
    """Pair our certificates with the site's after ``sale`` (:func:`site_holdings`), holder
    by holder, in ``alias`` (ours -> the site's); returns the market's site ids in the site's
    order, or None when the holdings do not match (then nothing changes)."""
    site = site_holdings(sale, new_president)
    return site[POOL] if pair_holdings(book, alias, site) else None


def pair_holdings(book: ShareBook, alias: dict[str, str], site: dict[str, list[str]]) -> bool:
    """Pair our certificates with the site's ids ``site`` says each holder has now, holder by
    holder in the order of the numbers, in ``alias``; False (nothing changed) when the
    holdings do not match."""

    def site_id(cert: str) -> str:
        return alias.get(cert, cert)

    ours = {
        holder: sorted(
            (c.id for c in book.certs_of(holder) if c.playable), key=lambda c: _number(site_id(c))
        )
        for holder in site
    }
    now = sorted(site_id(c) for ids in ours.values() for c in ids)
    if now != sorted(c for ids in site.values() for c in ids):
        return False
    if any(len(ours[h]) != len(site[h]) for h in site):
        return False
    for holder, theirs in site.items():
        for mine, name in zip(ours[holder], sorted(theirs, key=_number), strict=True):
            if mine == name:
                alias.pop(mine, None)
            else:
                alias[mine] = name
    return True
