"""An 18xx player's stock-round rules of thumb that titles share: when to open another
company (the first at once, a second or third with the cash for it, room under the
certificate limit for its President's Certificate and a share), and what a share of another
president's company is worth (its dividends for its price)."""

from __future__ import annotations

from roundhouse.bots.moves import field
from roundhouse.bots.policy18xx.position import C, Position, corp_of
from roundhouse.core.actions import Action

MAX_COMPANIES = 3
"""Companies a player presides at most."""


def wants_company(pos: Position[C], player: str, further_cash: int) -> bool:
    """Whether ``player`` should open a company now: its first, or a further one from
    ``further_cash`` (and never a fourth, nor without two certificates' room)."""
    mine = pos.mine(player)
    room = pos.cert_limit - pos.certificates.get(player, 0)
    if room < 2 or len(mine) >= MAX_COMPANIES:
        return False
    return not mine or pos.cash.get(player, 0) >= further_cash


def share_bought(action: Action, pos: Position[C], player: str) -> tuple[C, int] | None:
    """The company whose share ``player`` buys for himself with ``action``, and the share's
    price, when the price is known and within his cash; None otherwise."""
    if field(action, "entity") != player:
        return None
    company = pos.companies.get(corp_of(action))
    if company is None or company.price is None or company.price > pos.cash.get(player, 0):
        return None
    return company, company.price


def dividend_yield(pos: Position[C], player: str, company: C, price: int, reserve: int) -> float:
    """A share of another president's company: its last run a share for the share's price,
    while it runs and pays; -1 when it does not, or when a player with no company of his
    own would keep less than ``reserve`` (the money to open one)."""
    if not company.trains or company.revenue <= 0:
        return -1.0
    keep = 0 if pos.mine(player) else reserve
    if pos.cash.get(player, 0) - price < keep:
        return -1.0
    return company.revenue / max(company.size, 1) / price
