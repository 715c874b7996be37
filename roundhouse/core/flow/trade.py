"""Share trading shared by the stock round and emergency money raising: which sales and
purchases are legal for a player now, and carrying them out with their money and price
moves.

The limits themselves are :mod:`roundhouse.core.shares`'s; this module adds the round's
context (what was sold this round, whether the company has operated, the title's timing and
price-drop settings) and the money.
"""

from __future__ import annotations

from roundhouse.core.bank import BANK
from roundhouse.core.config import Capitalization, SellDropBy, SellTiming
from roundhouse.core.errors import IllegalAction
from roundhouse.core.event import price_move
from roundhouse.core.flow.flow_game import FlowGame
from roundhouse.core.share_trade import buy, check_buy, check_sell, sell
from roundhouse.core.shares import IPO, POOL, company_of


def may_sell_yet(g: FlowGame, corp_id: str) -> bool:
    """The title's timing rule for a company's first sales (18US §5.1, 18USA §11.1)."""
    corp = g.corps[corp_id]
    timing = g.config.sell_timing
    if timing is SellTiming.AFTER_FIRST_OPERATION:
        return corp.operated > 0
    if timing is SellTiming.NOT_IN_FORMING_ROUND:
        return corp.formed_in != g.sr_count or g.round.kind != "SR"
    return True


def check_sale(
    g: FlowGame, player: str, corp_id: str, count: int, *, allow_presidency_change: bool = True
) -> int:
    """Raise unless ``player`` may sell ``count`` shares of ``corp_id`` now; returns the
    money it raises (all shares at the price before any drop, 18US §5.1)."""
    book = g.books[corp_id]
    check_sell(
        book,
        player,
        count,
        rules=g.config.share_rules,
        players=g.players,
        zones=g.market.zones(corp_id),
        operated=may_sell_yet(g, corp_id),
        allow_presidency_change=allow_presidency_change,
    )
    return count * g.share_price(corp_id)


def sale_counts(
    g: FlowGame, player: str, corp_id: str, *, allow_presidency_change: bool = True
) -> list[int]:
    """Every number of shares of ``corp_id`` that ``player`` may sell now."""
    book = g.books[corp_id]
    held = sum(c.shares for c in book.certs_of(player) if c.playable)
    out = []
    for n in range(1, held + 1):
        try:
            check_sale(g, player, corp_id, n, allow_presidency_change=allow_presidency_change)
        except IllegalAction:
            continue
        out.append(n)
    return out


def do_sale(
    g: FlowGame, player: str, corp_id: str, count: int, *, allow_presidency_change: bool = True
) -> None:
    """Sell to the pool: the bank pays, then the price drops by the title's rule."""
    book = g.books[corp_id]
    money = check_sale(g, player, corp_id, count, allow_presidency_change=allow_presidency_change)
    was_president = book.president == player
    was = book.president
    sell(
        book,
        player,
        count,
        rules=g.config.share_rules,
        players=g.players,
        zones=g.market.zones(corp_id),
        operated=may_sell_yet(g, corp_id),
        allow_presidency_change=allow_presidency_change,
    )
    g.ledger.transfer(BANK, player, money)
    g.emit(
        "sell",
        f"{player} sells {count} share{'s' if count != 1 else ''} of {corp_id} for ${money}",
        company=corp_id,
        player=player,
        price=money,
        restates=True,
    )
    if book.president != was and book.president is not None:
        g.emit("president", f"{book.president} becomes president of {corp_id}", company=corp_id)
    if was_president or g.config.sell_drop_by is SellDropBy.ANYONE:
        before = g.share_price(corp_id)
        g.market.sell(corp_id, count, g.config.sell_drop)
        g.emit(
            "price",
            price_move(corp_id, before, g.share_price(corp_id), g.market.zones(corp_id)),
            company=corp_id,
        )
    g.after_price_move(corp_id)


def buy_sources(g: FlowGame, corp_id: str) -> list[str]:
    """Where a company's certificates may be bought from: its treasury or the initial
    offering (by capitalisation), and the pool."""
    first = corp_id if g.config.capitalization is Capitalization.INCREMENTAL else IPO
    return [first, POOL]


def check_purchase(g: FlowGame, player: str, cert_id: str, *, sold: bool) -> int:
    """Raise unless ``player`` may buy ``cert_id`` now; returns its price."""
    corp_id = company_of(cert_id)
    if corp_id not in g.books:
        raise IllegalAction(f"there is no certificate {cert_id}", rule="shares.unknown_certificate")
    book = g.books[corp_id]
    corp = g.corps[corp_id]
    cert = book.cert(cert_id)
    if not corp.started and not cert.president:
        raise IllegalAction(f"{corp_id} has not been started", rule="shares.not_started")
    if cert.owner not in buy_sources(g, corp_id):
        raise IllegalAction(f"{cert_id} is not for sale", rule="shares.not_available")
    if cert.president and cert.owner != POOL:
        raise IllegalAction(
            f"start {corp_id} with a par action to buy its president's certificate",
            rule="shares.par_required",
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
    price = cert.shares * g.share_price(corp_id)
    if g.ledger.cash(player) < price:
        raise IllegalAction(
            f"{player} has ${g.ledger.cash(player)} and cannot pay ${price} for {cert_id}",
            rule="money.insufficient_cash",
        )
    return price


def do_purchase(g: FlowGame, player: str, cert_id: str) -> None:
    """Buy one certificate: the treasury is paid for its own shares, the bank otherwise."""
    corp_id = company_of(cert_id)
    cert = g.books[corp_id].cert(cert_id)
    source = {IPO: "the initial offering", POOL: "the market", corp_id: "its treasury"}
    settle_purchase(
        g,
        player,
        cert_id,
        price=cert.shares * g.share_price(corp_id),
        payee=corp_id if cert.owner == corp_id else BANK,
        source=source.get(cert.owner, cert.owner),
    )
    g.check_float(corp_id)


def settle_purchase(
    g: FlowGame, player: str, cert_id: str, *, price: int, payee: str, source: str
) -> None:
    """The buyer pays ``price`` to ``payee`` and takes the certificate (already checked),
    and the presidency follows; ``source`` names the seller in the log."""
    corp_id = company_of(cert_id)
    book = g.books[corp_id]
    cert = book.cert(cert_id)
    g.emit(
        "buy",
        f"{player} buys {100 * cert.shares // book.size}% of {corp_id} from {source} for ${price}",
        company=corp_id,
        player=player,
        price=price,
        restates=True,
    )
    g.ledger.transfer(player, payee, price)
    was = book.president
    buy(
        book,
        player,
        cert_id,
        rules=g.config.share_rules,
        players=g.players,
        zones=g.market.zones(corp_id),
        cert_count=g.purchase_cert_count(player, corp_id),
        cert_limit=g.cert_limit(),
    )
    if book.president != was and book.president is not None:
        g.emit("president", f"{book.president} becomes president of {corp_id}", company=corp_id)
