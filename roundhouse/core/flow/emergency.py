"""Forced train purchases: the president's money, emergency share sales, bankruptcy.

18RoyalGorge "Important Rules About Trains" and "Emergency Fundraising"; 18US §6.9-§6.9.3;
18West §7.8.3-§7.8.5; 18USA §15 (Cash Crisis).  In order:

1. a company that must own a train and cannot pay for one from its treasury buys with the
   president making up the difference (:attr:`TitleConfig.emergency_train` says which trains
   qualify: the cheapest, or any the bank offers, 18US §6.9.1);
2. when the president's cash is not enough either, the president sells shares, under the
   normal rules plus :attr:`TitleConfig.emergency_sale` (no presidency change at all, or not
   of the company buying), and never more than the shortfall needs;
3. when nothing more can be sold and the money is still short, the president is bankrupt:
   cash goes to the company or the bank (:attr:`TitleConfig.bankrupt_cash`), and either the
   game ends (18RoyalGorge "Ending 1") or the player leaves the game, their shares go to the
   pool and their presidencies to the next eligible player or to the pool (18US §6.9.3,
   18West §7.8.5), or every president's certificate to the open market (18USA §15,
   :attr:`TitleConfig.bankrupt_presidency`); their privates close or go to the open market
   (:attr:`TitleConfig.bankrupt_privates`, 18USA §15).
"""

from __future__ import annotations

from roundhouse.core.bank import BANK
from roundhouse.core.config import (
    BankruptCash,
    BankruptcyEnd,
    BankruptPresidency,
    BankruptPrivates,
    EmergencySale,
    EmergencyTrain,
    EndTrigger,
)
from roundhouse.core.flow.flow_game import FlowGame
from roundhouse.core.flow.trade import sale_counts
from roundhouse.core.shares import POOL


def emergency_prices(
    g: FlowGame, corp_id: str, depot_prices: dict[tuple[str, str], int]
) -> dict[tuple[str, str], int]:
    """The (train, side) purchases the president may fund, by the title's rule."""
    if not depot_prices:
        return {}
    if g.config.emergency_train is EmergencyTrain.ANY:
        return dict(depot_prices)
    cheapest = min(depot_prices.values())
    return {k: v for k, v in depot_prices.items() if v == cheapest}


def allow_presidency_change(g: FlowGame, buyer: str, corp_id: str) -> bool:
    rule = g.config.emergency_sale
    return rule is EmergencySale.OTHER_COMPANIES and corp_id != buyer


def emergency_sales(
    g: FlowGame, buyer: str, president: str, target: int, *, keep_presidencies: bool = False
) -> dict[str, list[int]]:
    """Company -> share counts the president may sell toward ``target`` dollars of the
    president's own cash; a count is allowed only if one share fewer would not do.  Companies
    without a share price (not started) are skipped: nothing of theirs can be sold.
    ``keep_presidencies``: no sale may change any company's president (18West §8.3), whatever
    :attr:`TitleConfig.emergency_sale` allows for trains."""
    short = target - g.ledger.cash(president)
    if short <= 0:
        return {}
    out: dict[str, list[int]] = {}
    for corp_id, book in g.books.items():
        if not book.certs_of(president) or corp_id not in g.market.position:
            # Sales are at the current market value (18West §5.1.1, 18US §5.1); a company
            # not yet started has none, so its certificate cannot be sold.
            continue
        price = g.share_price(corp_id)
        counts = [
            n
            for n in sale_counts(
                g,
                president,
                corp_id,
                allow_presidency_change=not keep_presidencies
                and allow_presidency_change(g, buyer, corp_id),
            )
            if (n - 1) * price < short
        ]
        if counts:
            out[corp_id] = counts
    return out


def bankrupt_president(g: FlowGame, corp: str) -> bool:
    """The President of ``corp`` cannot raise what the company owes (a train, a title's owed
    tile) and goes bankrupt (:func:`declare_bankruptcy`).  True when the company's turn cannot
    go on: no President is left, or the game is over."""
    president = g.controller(corp)
    assert president is not None, f"{corp} has no President to go bankrupt"
    declare_bankruptcy(g, corp, president)
    return g.controller(corp) is None or g.end.over


def declare_bankruptcy(g: FlowGame, buyer: str, player: str) -> None:
    """``player`` is bankrupt: the president of ``buyer`` cannot raise the money for its
    train (or a title's cash crisis failed, 18USA §15; the cash is then already gone)."""
    g.emit("bankrupt", f"{player} goes bankrupt", player=player, company=buyer)
    if g.config.bankrupt_cash is BankruptCash.COMPANY:
        g.ledger.transfer_all(player, buyer)
    else:
        g.ledger.transfer_all(player, BANK)
    if g.config.bankruptcy_end is BankruptcyEnd.GAME_ENDS:
        g.end.trigger(g, EndTrigger.BANKRUPTCY)
        return
    g.player(player).bankrupt = True
    solvent = [p for p in g.players if not g.player(p).bankrupt]
    for book in g.books.values():
        was_president = book.president == player
        for cert in book.certs_of(player):
            if not cert.president:
                cert.owner = POOL
        if was_president:
            pc = book.president_cert
            assert pc is not None
            pc.owner = POOL
            if g.config.bankrupt_presidency is BankruptPresidency.NEXT_PLAYER:
                book.update_president(solvent)
    for private in g.privates.values():
        if private.owner != player:
            continue
        if g.config.bankrupt_privates is BankruptPrivates.OPEN_MARKET:
            private.owner = POOL
        elif g.config.bankrupt_privates is BankruptPrivates.CLOSE:
            private.closed = True
    if len(solvent) <= 1:
        g.end.trigger(g, EndTrigger.BANKRUPTCY)
