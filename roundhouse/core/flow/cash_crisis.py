"""A player who owes money they do not have: sell shares, else go bankrupt (18USA §15).

The 1817 family's Cash Crisis covers every debt a player owes outside a train purchase:
interest a company could not pay (§12.8), dividends owed on short shares (§12.5), a
liquidated company's loans (§14.2.1) and a sold company's short settlement.  The player sells
shares one at a time to the open market under the normal rules, never changing a
presidency, until the debt is covered; failing that they are bankrupt.

Which shares to sell is a choice in the rulebook; core makes it for the player (cheapest
company first, one share at a time), so a debt settles inside the action that caused it.
On bankruptcy the player's cash goes to the company whose interest could not be paid, else
to the bank; their shares, shorts and presidencies go to the open market and a company whose
president's certificate lands there goes to the liquidation zone when the title has one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.emergency import declare_bankruptcy
from roundhouse.core.flow.trade import do_sale
from roundhouse.core.shares import POOL

if TYPE_CHECKING:
    from roundhouse.core.engine18xx import Engine


def raise_cash(g: Engine, player: str, amount: int) -> None:
    """Sell shares, cheapest company first, one at a time, until ``player`` has ``amount``
    or nothing more may be sold (18USA §15: no presidency change)."""
    order = list(reversed(g.market.operating_order(g.books)))
    for corp_id in order:
        while g.ledger.cash(player) < amount and g.books[corp_id].shares_of(player):
            try:
                do_sale(g, player, corp_id, 1, allow_presidency_change=False)
            except IllegalAction:
                break


def settle_debt(g: Engine, player: str, amount: int, payee: str, *, cause: str = BANK) -> bool:
    """``player`` pays ``amount`` to ``payee``, through a cash crisis if need be.  Returns
    False when the player went bankrupt instead; their cash then goes to ``cause`` (18USA
    §15: the company whose interest was due, else the bank)."""
    if amount <= 0 or g.player(player).bankrupt:
        return True
    if g.ledger.cash(player) < amount:
        raise_cash(g, player, amount)
    if g.ledger.cash(player) >= amount:
        g.ledger.transfer(player, payee, amount)
        return True
    bankrupt(g, player, cause)
    return False


def bankrupt(g: Engine, player: str, cause: str) -> None:
    """18USA §15: cash to ``cause``, holdings and shorts to the open market."""
    g.ledger.transfer_all(player, cause)
    presided = [c for c, b in g.books.items() if b.president == player]
    declare_bankruptcy(g, cause if cause in g.corps else next(iter(g.corps)), player)
    for corp_id in list(g.shorts.held):
        n = g.shorts.of(player, corp_id)
        if n:
            g.shorts.add(player, corp_id, -n)
            g.shorts.add(POOL, corp_id, n)
            cancel_pool_shorts(g, corp_id)
    current = g.round.entity(g) if g.round.kind == "OR" else None
    if current in presided and g.controller(current) is None:
        g.round.next_entity(g)  # nobody is left to run the rest of its turn
    zone = g.config.takeover.liquidation_zone
    if g.config.takeover.enabled:
        for corp_id in g.market.operating_order(presided):
            pc = g.books[corp_id].president_cert
            if pc is not None and pc.owner == POOL:
                enter_zone(g, corp_id, zone)


def cancel_pool_shorts(g: Engine, corp_id: str, *, from_treasury: bool = False) -> None:
    """Shorts in the open market go back on the short stack with a matching regular share
    from the market (18USA §15); with ``from_treasury`` the bank also buys the missing
    shares from the company's treasury at the share price (18USA §11, at a stock round's
    start)."""
    book = g.books[corp_id]
    while g.shorts.of(POOL, corp_id):
        cert = next((c for c in book.certs_of(POOL) if not c.president and c.playable), None)
        if cert is None and from_treasury:
            cert = next((c for c in book.certs_of(corp_id) if not c.president and c.playable), None)
            if cert is not None:
                g.ledger.transfer(BANK, corp_id, cert.shares * g.share_price(corp_id))
        if cert is None:
            return
        del book.certs[cert.id]
        g.shorts.add(POOL, corp_id, -1)


def enter_zone(g: Engine, corp_id: str, zone: str) -> None:
    """Put the company's price token on the first cell of ``zone`` (18USA §12.6, §12.8:
    "placed in the liquidation space"), below any tokens there."""
    cells = g.market.grid.with_zones({zone})
    if not cells:
        raise ValueError(f"the market has no {zone} zone")
    if zone not in g.market.zones(corp_id):
        g.market.place(corp_id, cells[0])
