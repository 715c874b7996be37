"""CF&I's and the Victor Gold Company's "president" on 18xx.games (``compat_18xx_games``).

The rulebook's CF&I and VGC have no president: ten equal shares, bought and sold like any
other ("Stock Round").  18xx.games builds them as corporations whose first 10% certificate
is a president's certificate (``G18RoyalGorge::Entities.def_metal_corporation``,
``PRESIDENT_SALES_TO_MARKET``), and its share pool hands that certificate around as it does
a railroad's (``G18RoyalGorge::SharePool#transfer_shares``):

* it starts in the bank pool; the first player to hold a share takes it;
* another player takes it only by holding strictly more shares (ties keep it; among several
  with the most, the first after the holder in seat order);
* a holder who sells every share leaves it in the pool when nobody else holds one, else it
  goes to whoever holds the most.

In a stock round the site lets it be sold like any share; in emergency fundraising it does
not (``Step::EmergencyMoney#can_sell?`` asks ``ShareBundle#can_dump?``): the holder may sell
their last share of the company only while another player holds one.  :func:`follow` keeps
the holder after every action; :func:`emergency_cap` is the sale limit.  Rulebook play has
neither.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from roundhouse.core.shares import ShareBook
from roundhouse.titles.g18royalgorge.company import METALS
from roundhouse.titles.g18royalgorge.variant import Variant


class MetalsTable(Protocol):
    """What the site's metal presidency reads and keeps of the game (the title state has it;
    the state calls :func:`follow`, so this module cannot name the state's class)."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def books(self) -> Mapping[str, ShareBook]: ...

    @property
    def variant(self) -> Variant: ...

    metal_president: dict[str, str | None]


def follow(g: MetalsTable) -> None:
    """Move each metal company's presidency as the site would after the latest action."""
    players: list[str] = list(g.players)
    for corp in METALS:
        book = g.books.get(corp)
        if book is None:
            continue
        held = {p: book.shares_of(p) for p in players}
        top = max(held.values(), default=0)
        holder = g.metal_president.get(corp)
        if top == 0:
            g.metal_president[corp] = None
            continue
        if holder is not None and held.get(holder, 0) == top:
            continue
        start = players.index(holder) + 1 if holder in players else 0
        order = [players[(start + i) % len(players)] for i in range(len(players))]
        g.metal_president[corp] = next(p for p in order if held[p] == top)


def emergency_cap(g: MetalsTable, player: str, corp: str, sellable: int) -> int:
    """How many of ``sellable`` shares ``player`` may sell in emergency fundraising: one
    fewer than all they hold when they hold the site's president's certificate and no
    other player holds a share to take it."""
    if not g.variant.compat_18xx_games or corp not in METALS:
        return sellable
    if g.metal_president.get(corp) != player:
        return sellable
    book = g.books[corp]
    others = any(book.shares_of(p) for p in g.players if p != player)
    if others or sellable < book.shares_of(player):
        return sellable
    return sellable - 1
