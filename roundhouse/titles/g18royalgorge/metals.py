"""CF&I and the Victor Gold Company: share-only companies with their own dividends.

Rulebook "Setting Up the Game": their shares are on the board, prices on $45 (the "Alternate
Gold and Steel Prices" variant draws them), $50 on CF&I.  "Stock Round": they are bought like
any share, count for the holding limit; "End of a Stock Round": they rise when sold out.  "End
of Operating Round": VGC pays the lowest uncovered gold space, CF&I pays everything in its box
and keeps $50; per share a tenth, pool shares' part stays with the bank, and the price moves
right once per multiple of the price paid (at most three).  The Gold Miner (B4) adds two ghost
shares of VGC paid by the bank that do not count for the price move ("Brown Privates
Reference").  Selling their shares never moves their price; the pool may hold all of them.
"""

from __future__ import annotations

from roundhouse.core.bank import BANK
from roundhouse.core.market import Direction
from roundhouse.core.shares import POOL, Certificate, ShareBook
from roundhouse.titles.g18royalgorge.state import METALS, RoyalGorgeGame

CFI, VGC = METALS
GOLD_MINER = "B4"
BOX_START = 50


def set_up(g: RoyalGorgeGame) -> None:
    """Ten 10% certificates each, all in the bank pool; price tokens on the market."""
    for corp_id in METALS:
        g.books[corp_id] = ShareBook(
            corp_id, 10, [Certificate(f"{corp_id}_{i}", corp_id, 1, POOL) for i in range(10)]
        )
        g.market.place(corp_id, g.market.grid.find(g.metal_start[corp_id]))
        g.corps[corp_id].par_price = g.metal_start[corp_id]
    g.ledger.transfer(BANK, CFI, BOX_START)


def pay(g: RoyalGorgeGame, corp_id: str, amount: int, source: str) -> dict[str, int]:
    """Pay ``amount`` to the shareholders from ``source``; move the price; returns payments."""
    per_share = amount // 10
    paid: dict[str, int] = {}
    book = g.books[corp_id]
    for player in g.players:
        n = book.shares_of(player)
        if n:
            paid[player] = per_share * n
            g.ledger.transfer(source, player, per_share * n)
    if corp_id == VGC:
        miner = g.privates.get(GOLD_MINER)
        if miner is not None and miner.owner in g.players and not miner.closed:
            g.ledger.transfer(BANK, miner.owner, per_share * 2)
            paid[miner.owner] = paid.get(miner.owner, 0) + per_share * 2
    price = g.share_price(corp_id)
    g.market.move(corp_id, Direction.RIGHT, min(amount // price, 3))
    return paid


def cfi_dividend(g: RoyalGorgeGame) -> dict[str, int]:
    """All the money in CF&I's box, then all but $50 goes back to the bank."""
    amount = g.ledger.cash(CFI)
    paid = pay(g, CFI, amount, CFI)
    g.ledger.transfer(CFI, BANK, g.ledger.cash(CFI))
    g.ledger.transfer(BANK, CFI, BOX_START)
    return paid


def sellable(g: RoyalGorgeGame, player: str, corp_id: str) -> int:
    """Shares ``player`` may sell now: those not bought with the Metals Investor this round."""
    held = g.books[corp_id].shares_of(player)
    locked = 1 if corp_id in g.metals_bought.get(player, set()) else 0
    return max(0, held - locked)


def sell(g: RoyalGorgeGame, player: str, corp_id: str, count: int) -> None:
    book = g.books[corp_id]
    certs = sorted(book.certs_of(player), key=lambda c: c.id)[:count]
    for cert in certs:
        cert.owner = POOL
    g.ledger.transfer(BANK, player, count * g.share_price(corp_id))
