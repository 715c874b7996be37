"""What a Chicago Express position is worth to each player, and what a share is worth.

Only cash scores (§6), and cash comes from dividends of ceil(income / shares out) per share at
the end of every round (§5.1), from the Chicago dividend (§5.2) and from nothing else.  So a
player's expected final cash is their cash plus, for every share held, the dividends it should
still pay:

- the dividend at the end of this round at today's income;
- for each later round (:func:`rounds_left`), the income the company should have by then: its
  income now plus what its treasury buys on the way (:func:`growth`: the cheapest paths from
  its network to the hexes that pay, bought best value for money first, each paying from the
  round its locomotives can get there), shared among the shares out and some of those still on
  the charter (they will be sold, and the buyers' money is already counted as growth).

The same sums price a share in an auction (:func:`share_value`): the dividends the new share
earns once the winner's money is in the treasury.  Cash is worth a little more than face early
on, when it can still buy dividends (``Weights.cash_premium``).
"""

from __future__ import annotations

import dataclasses
import heapq
from collections.abc import Mapping

from roundhouse.titles.chicago_express.bot.model import EXCLUSIVE, GAUGE_SIZES, MapInfo, Position

LAST_ROUND = 8
"""At most eight general dividends (Chicago Express §6)."""
COMPANIES_TO_END = 3
HOUSES_TO_END = 3


@dataclasses.dataclass(frozen=True, slots=True)
class Weights:
    """The knobs of the estimate (tuned by arena self-play)."""

    build_rate: float = 2.5
    """Locomotives a company places in a round, roughly (for when a path starts paying)."""
    share_rate: float = 2.2
    """Shares auctioned in a round, roughly (for when the shares run out)."""
    house_rate: float = 2.0
    dilution: float = 0.35
    """How much of the charter's unsold shares count as out for later dividends."""
    cash_premium: float = 0.35
    """A dollar's worth above face at the start (falls to nothing in the last round)."""
    max_targets: int = 5
    """Paths bought per growth projection."""


WEIGHTS = Weights()


def rounds_left(pos: Position, w: Weights = WEIGHTS) -> float:
    """General dividends still to come, this round's included (at least 1): the round limit,
    and how soon three companies sell out or the houses run low (§6)."""
    if pos.result is not None:
        return 0.0
    by_limit = float(LAST_ROUND - pos.round + 1)
    open_left = sorted(c.left for c in pos.companies.values() if c.open)
    sold_out = sum(1 for c in pos.companies.values() if c.left == 0)
    no_locos = sum(1 for c in pos.companies.values() if c.locos == 0)
    if sold_out >= COMPANIES_TO_END or no_locos >= COMPANIES_TO_END or pos.houses <= HOUSES_TO_END:
        return 1.0
    needed = sum(n for n in open_left if n > 0)
    short = COMPANIES_TO_END - sold_out
    unsold = [n for n in open_left if n > 0]
    if len(unsold) >= short:
        needed = sum(unsold[:short])
    else:  # the Wabash has to open first
        needed = sum(unsold) + 2 * (short - len(unsold))
    auctions_left = GAUGE_SIZES["auction"] - pos.gauges.get("auction", 0)
    by_shares = 1.0 + max(0.0, needed - auctions_left) / w.share_rate
    develops_left = GAUGE_SIZES["develop"] - pos.gauges.get("develop", 0)
    by_houses = 1.0 + max(0.0, pos.houses - HOUSES_TO_END - develops_left) / w.house_rate
    return max(1.0, min(by_limit, by_shares, by_houses))


class Board:
    """Entry costs and values of the hexes in a position (Chicago Express §4.2), worked out
    once for every hex: what a company not yet in a hex pays to enter it (``entry``; no entry
    where none may) and the income it gains there (``worth``)."""

    __slots__ = ("entry", "worth")

    def __init__(self, m: MapInfo, pos: Position, options: Mapping[str, object]) -> None:
        present = pos.present()
        one_plus = options.get("shared_hex_cost", "one_plus_present") == "one_plus_present"
        fort_wayne_open = bool(options.get("fort_wayne_open", True))
        entry: dict[str, int] = {}
        worth: dict[str, int] = {}
        for h, info in m.hexes.items():
            here = len(present.get(h, ()))
            if info.kind == "industrial":
                worth[h] = pos.industrial.get(h, info.income)
            elif info.kind != "start":
                worth[h] = info.income + (info.development if h in pos.developed else 0)
            if info.home is not None and (info.kind == "start" or not fort_wayne_open):
                continue
            if info.kind in EXCLUSIVE:
                if not here:
                    entry[h] = info.cost
            elif not here:
                entry[h] = info.cost
            else:
                entry[h] = info.cost * (1 + here) if one_plus else info.cost * here
        self.entry = entry
        self.worth = worth

    def value(self, hex_id: str) -> int:
        """Income a company gains by entering ``hex_id`` now."""
        return self.worth.get(hex_id, 0)

    def cost(self, hex_id: str, company: str) -> int | None:
        """What a company not in ``hex_id`` pays to enter it; None where it may not."""
        return self.entry.get(hex_id)


def growth(
    m: MapInfo, board: Board, pos: Position, company: str, budget: int, rounds: float, w: Weights
) -> tuple[float, float]:
    """What ``company``'s treasury of ``budget`` should add: (income-rounds from later
    dividends, one-off Chicago dividend in dollars).

    Cheapest paths from its network (Dijkstra on entry costs), bought best value per dollar
    first; a hex ``n`` locomotives away pays from round ``n / build_rate`` on, so paths longer
    than the rounds left allow are not followed.
    """
    c = pos.companies[company]
    later = rounds - 1.0
    if not c.open or c.locos == 0 or later <= 0.0 or not c.hexes or budget <= 0:
        return 0.0, 0.0
    reach = min(c.locos, int(later * w.build_rate))
    if reach <= 0:
        return 0.0, 0.0
    entry = board.entry
    worth = board.worth
    hexes = m.hexes
    dist: dict[str, int] = dict.fromkeys(c.hexes, 0)
    steps: dict[str, int] = dict.fromkeys(c.hexes, 0)
    prev: dict[str, str] = {}
    heap: list[tuple[int, int, str]] = [(0, 0, h) for h in c.hexes]
    heapq.heapify(heap)
    while heap:
        d, s, h = heapq.heappop(heap)
        if d > dist[h] or s >= reach:
            continue
        for n in hexes[h].neighbours:
            cost = entry.get(n)
            if cost is None:
                continue
            nd = d + cost
            if nd > budget or nd >= dist.get(n, 1 << 30):
                continue
            dist[n] = nd
            steps[n] = s + 1
            prev[n] = h
            heapq.heappush(heap, (nd, s + 1, n))
    targets = [t for t in dist if t in prev and worth.get(t, 0) > 0]
    bought: set[str] = set(c.hexes)
    placed = 0
    income_rounds = 0.0
    chicago = 0.0
    income = c.income
    spent = 0
    rate = w.build_rate
    chicago_open = not c.chicago_paid
    for _ in range(w.max_targets):
        best: tuple[float, float, list[str], int, int] | None = None
        for target in targets:
            if target in bought:
                continue
            path: list[str] = []
            h = target
            while h not in bought:
                path.append(h)
                h = prev[h]
            cost = dist[target] - dist[h]
            if cost > budget - spent or placed + len(path) > reach:
                continue
            gain = 0.0
            added = 0
            for i, x in enumerate(reversed(path), start=1):
                v = worth.get(x, 0)
                added += v
                pays = later - (placed + i) / rate
                if pays > 0:
                    gain += v * pays
            bonus = 0
            if chicago_open and target == m.chicago and (placed + len(path)) / rate < later:
                bonus = income + added
            total = gain + bonus
            if total <= 0:
                continue
            ratio = total / max(cost, 1)
            if best is None or ratio > best[0]:
                best = (ratio, gain, path, cost, bonus)
        if best is None:
            break
        _ratio, gain, path, cost, bonus = best
        chicago += bonus
        income_rounds += gain
        income += sum(worth.get(x, 0) for x in path)
        spent += cost
        placed += len(path)
        bought.update(path)
    return income_rounds, chicago


def cash_worth(rounds: float, w: Weights = WEIGHTS) -> float:
    """What a dollar in hand is worth now, relative to a dollar at the end."""
    return 1.0 + w.cash_premium * max(0.0, rounds - 1.0) / (LAST_ROUND - 1)


def with_sale(pos: Position, company: str, buyer: str, price: int) -> Position:
    """``pos`` after ``buyer`` bought a share of ``company`` for ``price`` (§4.1)."""
    c = pos.companies[company]
    cash = dict(pos.cash)
    cash[buyer] -= price
    shares = {p: dict(s) for p, s in pos.shares.items()}
    shares[buyer][company] = shares[buyer].get(company, 0) + 1
    companies = dict(pos.companies)
    companies[company] = dataclasses.replace(c, out=c.out + 1, treasury=c.treasury + price)
    return dataclasses.replace(pos, cash=cash, shares=shares, companies=companies, auction=None)


CALIBRATION: dict[int, tuple[float, float, float]] = {
    1: (1.6, 1.5, 0.8),
    2: (1.25, 1.3, 1.2),
    3: (1.0, 1.6, 1.2),
    4: (1.0, 1.35, 1.6),
    5: (1.0, 1.1, 1.7),
}
"""Round -> weights of (cash, this round's dividends, later dividends) in a player's final
cash: least squares over some 5,300 player positions from 120 four-player heuristic self-play
games with one plan in seven taken from the next best (``python -m
bench.calibrate_chicago_express``), rounded; early cash is worth more than face (it still buys
shares), later dividends more than the projection says (companies grow on the money of
shares sold later)."""


def calibration(round_: int) -> tuple[float, float, float]:
    return CALIBRATION[min(max(round_, 1), max(CALIBRATION))]


CACHE_LIMIT = 20_000
"""Remembered boards and growth projections before the memo starts afresh."""


class Valuer:
    """The estimates of one title's positions under one set of options, remembering boards
    and growth projections (a search meets the same ones over and over)."""

    def __init__(self, m: MapInfo, options: Mapping[str, object], w: Weights = WEIGHTS) -> None:
        self.map = m
        self.options = dict(options)
        self.weights = w
        self._boards: dict[tuple[object, ...], Board] = {}
        self._growth: dict[tuple[object, ...], tuple[float, float]] = {}

    def _key(self, pos: Position) -> tuple[object, ...]:
        return (
            tuple(c.hexes for c in pos.companies.values()),
            pos.developed,
            tuple(pos.industrial.values()),
        )

    def board(self, pos: Position) -> Board:
        key = self._key(pos)
        found = self._boards.get(key)
        if found is None:
            if len(self._boards) > CACHE_LIMIT // 10:
                self._boards.clear()
            found = self._boards[key] = Board(self.map, pos, self.options)
        return found

    def growth(
        self, pos: Position, company: str, budget: int, rounds: float
    ) -> tuple[float, float]:
        c = pos.companies[company]
        key = (self._key(pos), company, budget, round(rounds, 2), c.income, c.chicago_paid, c.open)
        found = self._growth.get(key)
        if found is None:
            if len(self._growth) > CACHE_LIMIT:
                self._growth.clear()
            board = self.board(pos)
            found = self._growth[key] = growth(
                self.map, board, pos, company, budget, rounds, self.weights
            )
        return found

    def per_share(
        self, pos: Position, company: str, rounds: float, extra_share: int = 0, extra_cash: int = 0
    ) -> float:
        """Dividends one share of ``company`` should still pay, with ``extra_share`` more
        shares out and ``extra_cash`` more in the treasury (an auction's outcome)."""
        now, later = self.dividends(pos, company, rounds, extra_share, extra_cash)
        return now + later

    def dividends(
        self, pos: Position, company: str, rounds: float, extra_share: int = 0, extra_cash: int = 0
    ) -> tuple[float, float]:
        """:meth:`per_share` in two parts: this round's dividend, and the later ones (with
        the Chicago dividend)."""
        c = pos.companies[company]
        out = c.out + extra_share
        if out <= 0 or not c.open:
            return 0.0, 0.0
        now = -(-c.income // out)
        if rounds <= 1.0:
            return float(now) * max(rounds, 0.0), 0.0
        grown, chicago = self.growth(pos, company, c.treasury + extra_cash, rounds)
        w = self.weights
        later_out = out + w.dilution * (c.size - out)
        later = (c.income * (rounds - 1.0) + grown) / later_out
        return float(now), later + chicago / out

    def company_worth(self, pos: Position, company: str) -> float:
        """What all of ``company``'s shares out should still pay."""
        rounds = rounds_left(pos, self.weights)
        return self.per_share(pos, company, rounds) * max(pos.companies[company].out, 1)

    def share_value(self, pos: Position, company: str, price: int) -> float:
        """Dividends a newly sold share of ``company`` should pay its buyer at ``price``."""
        rounds = rounds_left(pos, self.weights)
        return self.per_share(pos, company, rounds, extra_share=1, extra_cash=price)

    def max_bid(self, pos: Position, company: str) -> int:
        """The most anyone should pay for a share of ``company`` (before their cash runs
        out): where the dividends it brings, with the price in the treasury, stop covering
        the price in today's money."""
        premium = cash_worth(rounds_left(pos, self.weights), self.weights)
        bid = 0.0
        for _ in range(4):
            bid = self.share_value(pos, company, int(bid)) / premium
        return int(bid)

    def auction_outcome(self, pos: Position) -> tuple[str, str, int] | None:
        """How the auction under way should end: (company, buyer, price), or None when no
        one buys.  Everyone still in bids up to what the share is worth or their cash, so
        the one who can go highest wins at one more than the next highest can (§4.1)."""
        auction = pos.auction
        if auction is None:
            return None
        worth = self.max_bid(pos, auction.item)
        high, high_bid = auction.high_bidder, auction.high_bid or 0
        limits = {p: min(pos.cash[p], worth) for p in auction.bidders}
        if high is not None:
            limits[high] = max(limits.get(high, 0), high_bid)
        ready = {p: v for p, v in limits.items() if v >= auction.lowest_bid or p == high}
        if not ready:
            return None
        winner = max(ready, key=lambda p: (ready[p], p == high))
        rivals = [v for p, v in limits.items() if p != winner]
        floor = high_bid if winner == high else auction.lowest_bid
        price = max(floor, min(ready[winner], max(rivals, default=0) + 1))
        return auction.item, winner, price

    def estimates(self, pos: Position, calibrated: bool = False) -> dict[str, float]:
        """Each player's expected final cash; ``calibrated`` weighs cash, this round's
        dividends and later ones as heuristic self-play said they turn into final cash
        (:data:`CALIBRATION`)."""
        if pos.result is not None:
            return {p: float(v) for p, v in pos.result.items()}
        sale = self.auction_outcome(pos)
        if sale is not None:
            pos = with_sale(pos, *sale)
        rounds = rounds_left(pos, self.weights)
        parts = {c: self.dividends(pos, c, rounds) for c in pos.companies}
        cash_w, now_w, later_w = calibration(pos.round) if calibrated else (1.0, 1.0, 1.0)
        return {
            p: cash_w * pos.cash[p]
            + sum(
                n * (now_w * parts[c][0] + later_w * parts[c][1]) for c, n in pos.shares[p].items()
            )
            for p in pos.players
        }
