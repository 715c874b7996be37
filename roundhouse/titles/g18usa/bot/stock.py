"""Stock-round judgements: the §10 private auction, starting companies (§11.6), buying.

Each function takes the acting player's legal moves and the :class:`~.read.Position` and
returns one of those moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.bots.map_info import MapInfo, pull
from roundhouse.bots.moves import field, number
from roundhouse.bots.policy18xx.position import pass_or_first
from roundhouse.core.actions import Action
from roundhouse.core.shares import company_of
from roundhouse.titles.g18usa.bot.read import Position

KEEP_AFTER_PRIVATE = 230
"""Cash a player keeps after buying a private: enough to open a company (§11.6: $100 at
least, more for a treasury that can buy a train and lay track)."""
PRIVATE_SHARE = 0.6
"""The most a private is bid up to, as a share of its face value."""
OPEN_SHARE = 0.8
"""The share of a player's cash its opening bid for a company spends."""
OPEN_CAP = 600
MAX_TREASURY = 400
"""§11.6: the treasury receives twice the share price, at most $200 a share."""
START_LOANS = 2
"""Loans counted on when judging whether a new company can buy the next train: it opens
only when its treasury, its president's cash left (for its shares) and these pay for it."""
MIN_OPEN = 100
"""§11.6: the minimum opening bid."""
RAISE_CAP = 200
"""The most the bot bids in another player's company auction."""
MAX_COMPANIES = 3
SECOND_COMPANY_CASH = 350
"""Cash from which a president opens another company."""
SIZE_ORDER = ("5", "2", "10")
"""Preferred sizes: a 5-share company sells three shares for capital and may take five
loans (§9); a 10-share one must buy $150 of stations at once (§11.6)."""
OWN_SHARE_LIMIT = 0.6
"""§11.4: no player holds more than 60% of a company."""


def private_bid(legal: Sequence[Action], pos: Position, player: str) -> Action:
    """§10: a modest bid for one cheap private at most; keep the money to start a company."""
    bids = [a for a in legal if a.kind == "bid"]
    if not bids:
        return pass_or_first(legal)
    if any(o == player for o in _private_owners(pos)):
        return pass_or_first(legal)
    cash = pos.cash.get(player, 0)
    best: tuple[float, Action] | None = None
    for action in bids:
        card = field(action, "company")
        value = pos.private_values.get(card, 0)
        price = number(action, "price")
        if value <= 0 or price > value * PRIVATE_SHARE or cash - price < KEEP_AFTER_PRIVATE:
            continue
        score = value - price
        if (
            best is None
            or score > best[0]
            or (score == best[0] and price < number(best[1], "price"))
        ):
            best = (score, action)
    return best[1] if best is not None else pass_or_first(legal)


def _private_owners(pos: Position) -> list[str]:
    return [p for p, held in pos.privates_held.items() if held]


def wants_company(pos: Position, player: str) -> bool:
    """Whether ``player`` should open another company now."""
    mine = [c for c in pos.presidencies.get(player, ()) if c in pos.companies]
    cash = pos.cash.get(player, 0)
    room = pos.cert_limit - pos.certificates.get(player, 0)
    if room < 3 or len(mine) >= MAX_COMPANIES or cash < MIN_OPEN:
        return False
    if not funds_train(pos, cash, min(OPEN_CAP, cash * OPEN_SHARE)):
        return False
    return not mine or cash >= SECOND_COMPANY_CASH


def funds_train(pos: Position, cash: int, bid: float) -> bool:
    """Whether a company won for ``bid`` can buy the next train: its treasury (§11.6: about
    the bid, at most $400), what its president keeps for its shares, and two loans."""
    capital = min(bid, MAX_TREASURY) + (cash - bid) + START_LOANS * 100
    return capital >= pos.next_train_price()


def open_company(bids: Sequence[Action], pos: Position, player: str) -> Action | None:
    """§11.6: open the auction for an unstarted company with most of the player's cash (the
    treasury receives about the bid, so it can buy trains and lay track)."""
    cash = pos.cash.get(player, 0)
    target = min(OPEN_CAP, max(MIN_OPEN, int(cash * OPEN_SHARE)))
    first = min(field(a, "company") for a in bids)
    mine = [a for a in bids if field(a, "company") == first and number(a, "price") <= target]
    if not mine:
        return None
    return max(mine, key=lambda a: number(a, "price"))


def raise_company(legal: Sequence[Action], pos: Position, player: str) -> Action:
    """Another player's company auction: raise by the least only while without a company and
    the price stays low (each player opens their own in turn)."""
    bids = [a for a in legal if a.kind == "bid"]
    if bids and not pos.presidencies.get(player):
        low = min(bids, key=lambda a: number(a, "price"))
        cash = pos.cash.get(player, 0)
        price = number(low, "price")
        if price <= min(RAISE_CAP, cash // 2) and funds_train(pos, cash, price):
            return low
    return pass_or_first(legal)


def choose_home(
    tokens: Sequence[Action], pos: Position, board: MapInfo, revenue: dict[str, int]
) -> Action:
    """§11.6 step 2: a cash subsidy first (§11.6.1), then a metropolis or rich city with
    revenue near it and no rival station there yet."""

    def score(action: Action) -> float:
        hex_id = field(action, "hex")
        value = pos.subsidies.get(hex_id, 0) * 2.0
        value += revenue.get(hex_id, 0) * 1.5
        value += 40.0 if hex_id in pos.metropolises else 0.0
        value += pull(board, revenue, hex_id, frozenset({hex_id}))
        rivals = sum(1 for c in pos.companies.values() if hex_id in c.hexes)
        homes = [h for c in pos.companies.values() for h in c.hexes]
        crowd = sum(1 for h in homes if board.distance(h, hex_id) <= 2)
        return value - 30.0 * rivals - 10.0 * crowd

    return max(tokens, key=score)


def choose_size(chooses: Sequence[Action], pos: Position) -> Action:
    by_choice = {field(a, "choice"): a for a in chooses}
    for size in SIZE_ORDER:
        if size in by_choice:
            return by_choice[size]
    return chooses[0]


def buy_score(action: Action, pos: Position, player: str) -> float:
    """Own companies' shares first (capital for their trains); others that pay well."""
    shares = getattr(action, "shares", ())
    if not isinstance(shares, tuple) or not shares:
        return -1.0
    corp = company_of(str(shares[0]))
    company = pos.companies.get(corp)
    cash = pos.cash.get(player, 0)
    if company is None or company.price is None or company.price * len(shares) > cash:
        return -1.0
    held = pos.shares.get(player, {}).get(corp, 0)
    if (held + len(shares)) / max(company.size, 1) > OWN_SHARE_LIMIT:
        return -1.0
    if company.president == player:
        return 2.0 - 0.1 * held
    if not company.real_trains() or company.revenue <= 0:
        return -1.0
    keep = MIN_OPEN if pos.presidencies.get(player) else 0
    if cash - company.price * len(shares) < keep:
        return -1.0
    return company.revenue / company.size / company.price - 0.15
