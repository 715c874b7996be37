"""The players' own decisions: the Initial Stock Round's auctions (18West §3.2), starting
companies (§3.3) and Stock Rounds (§3.5, §5).

Each function takes the acting player's legal moves and the :class:`~.read.Position` and
returns one of those moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.bots.moves import field, number
from roundhouse.bots.policy18xx import stock
from roundhouse.bots.policy18xx.position import pass_or_first
from roundhouse.core.actions import Action
from roundhouse.titles.g18west.bot.read import GRANGER, LAND_GRANT, Position

UP = "UP"
COMPANY_ORDER = (
    "UP",
    "GN",
    "DRG",
    "ATSF",
    "SP",
    "TP",
    "KP",
    "NP",
    "CBQ",
    "CNW",
    "CRIP",
    "MP",
    "CMStPP",
    "MKT",
    "SLSF",
    "SSW",
)
"""President's Certificates to buy, best first.  The UP (§3.2.3) comes running: two
2-trains, stations and treasury shares for its certificate alone.  The Public Companies
(DRG, GN, §2.2.3) buy their first train before they run (§7.8.2); Land Grant Companies
(§2.2.2) lay subsidised track; Granger Roads (§2.2.1) are cheap and pay their President
half their revenue, so they make a good second company."""
OVERBID = {"UP": 40, "public": 20, LAND_GRANT: 15, GRANGER: 10}
"""The most the bot bids above the opening $0 for a President's Certificate (§3.2.4)."""
AUCTION_RESERVE = 20
"""Cash a bidder keeps beyond the bid and the certificate at its lowest Starting Value."""
MIN_START = {GRANGER: 50}
"""§3.3: the lowest Starting Value (Granger Roads $50, others $70)."""
SECOND_COMPANY_CASH = 200
"""Cash from which a president starts another company."""
SHARE_RESERVE = 20
"""Cash a player keeps after buying a share of his own company."""


def _rank(corp: str) -> int:
    return COMPANY_ORDER.index(corp) if corp in COMPANY_ORDER else len(COMPANY_ORDER)


def wants_company(pos: Position, player: str) -> bool:
    return stock.wants_company(pos, player, SECOND_COMPANY_CASH)


def certificate_cost(pos: Position, corp: str) -> int:
    """What the President's Certificate costs at least besides the bid: twice the lowest
    Starting Value (§3.3), or the UP's at twice its market value (§3.2.3)."""
    company = pos.companies.get(corp)
    if company is None:
        return 140
    if corp == UP:
        return 2 * (company.price or 70)
    return 2 * MIN_START.get(company.kind, 70)


def ceiling(pos: Position, player: str, corp: str) -> int:
    """The highest bid the bot makes for ``corp``'s certificate: its overbid limit, within
    the cash left after the certificate and a reserve (§3.2.4: never all of it)."""
    company = pos.companies.get(corp)
    kind = "UP" if corp == UP else company.kind if company is not None else GRANGER
    room = pos.cash.get(player, 0) - certificate_cost(pos, corp) - AUCTION_RESERVE
    return min(OVERBID.get(kind, 10), room)


def auction_move(legal: Sequence[Action], pos: Position, player: str) -> Action:
    """§3.2.4: the lowest bid up to the bot's ceiling, else pass."""
    bids = [a for a in legal if a.kind == "bid"]
    if bids:
        corp = field(bids[0], "company")
        fitting = [a for a in bids if number(a, "price") <= ceiling(pos, player, corp)]
        if fitting:
            return min(fitting, key=lambda a: number(a, "price"))
    if any(a.kind == "pass" for a in legal):
        return pass_or_first(legal)
    return min(bids, key=lambda a: number(a, "price")) if bids else legal[0]


def choose_par(pars: Sequence[Action], pos: Position, player: str) -> Action | None:
    """§3.3: the best company at the highest Starting Value whose certificate (twice it)
    leaves a fifth of the player's cash, else the lowest it can pay at all."""
    cash = pos.cash.get(player, 0)
    by_corp: dict[str, list[Action]] = {}
    for a in pars:
        by_corp.setdefault(field(a, "corporation"), []).append(a)
    for corp in sorted(by_corp, key=_rank):
        options = by_corp[corp]
        fitting = [a for a in options if 2 * number(a, "share_price") <= cash * 0.8]
        if fitting:
            return max(fitting, key=lambda a: number(a, "share_price"))
    return None


def auction_par(pars: Sequence[Action], pos: Position, player: str) -> Action:
    """§3.3 after an auction: the highest Starting Value that leaves a reserve, else the
    lowest (the auction kept the lowest within the bidder's cash)."""
    cash = pos.cash.get(player, 0)
    fitting = [a for a in pars if 2 * number(a, "share_price") <= cash - AUCTION_RESERVE]
    if fitting:
        return max(fitting, key=lambda a: number(a, "share_price"))
    return min(pars, key=lambda a: number(a, "share_price"))


def buy_score(action: Action, pos: Position, player: str) -> float:
    """Shares of one's own companies first (they keep the presidency, and in the Initial
    Stock Round pay the Starting Value into the company's treasury, §3.2.2), the UP's
    from the Pool while it has no President (two make the buyer President, §3.2.3), then
    companies that run and pay well for their price."""
    found = stock.share_bought(action, pos, player)
    if found is None:
        return -1.0
    company, price = found
    if price <= 0:
        return -1.0  # §4.2.1: a share at the foot of the grey zone is worth nothing
    cash = pos.cash.get(player, 0)
    held = pos.shares.get(player, {}).get(company.id, 0)
    if company.president == player:
        if cash - price < SHARE_RESERVE:
            return -1.0
        if held * 2 <= company.size:
            return 2.0
        return 0.5 if company.trains else 0.1
    if company.id == UP and company.president is None:
        return 2.5 if cash >= 2 * price + SHARE_RESERVE else -1.0
    return stock.dividend_yield(pos, player, company, price, 150)


def stock_move(legal: Sequence[Action], pos: Position, player: str) -> Action:
    """§3.2, §5: start a company (by auction in the Initial Stock Round, §3.2.4, or by
    buying its certificate later, §3.5), buy shares; never sell voluntarily."""
    of: dict[str, list[Action]] = {}
    for a in legal:
        of.setdefault(a.kind, []).append(a)
    idle = pass_or_first([a for a in legal if a.kind != "sell_shares"] or legal)
    buys = of.get("buy_shares", [])
    best = max(buys, key=lambda a: buy_score(a, pos, player)) if buys else None
    if best is not None and buy_score(best, pos, player) >= 2.0:
        return best
    if wants_company(pos, player):
        auctions = [
            a
            for a in of.get("choose", [])
            if field(a, "choice").startswith("auction:")
            and ceiling(pos, player, field(a, "choice").split(":", 1)[1]) >= 0
        ]
        if auctions:
            return min(auctions, key=lambda a: _rank(field(a, "choice").split(":", 1)[1]))
        if "par" in of:
            par = choose_par(of["par"], pos, player)
            if par is not None:
                return par
    if best is not None and buy_score(best, pos, player) > 0.08:
        return best
    return idle
