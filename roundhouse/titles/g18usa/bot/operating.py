"""Operating-turn judgements (18USA §12): track, stations, trains, dividends and loans.

Track and stations are ranked by the map (revenue near their exits), and while the company
has trains the best few are tried on copies of the game up to the run (§12.4), keeping the
lay that raises it most for its cost.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.bots.map_info import MapInfo, pull
from roundhouse.bots.moves import field, laid_this_turn, number, stops
from roundhouse.bots.policy18xx.trains import train_need
from roundhouse.bots.policy18xx.trial import on_copy
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.titles.g18usa.bot.read import Company, Position

FIVE_SHARE_PHASE = 3
"""§8: the phase from which 5-share companies exist (and 2-share ones may convert)."""
LAY_TRIALS = 3
"""Lays tried up to the run per track move."""
LAYS_PER_TURN = 2
HEAVY_STOPS = 8
"""Stops summed over a company's trains from which its best run is too slow to find on
copies of the game (a second or more on a grown network): track is then chosen by the map."""
TRACK_BUDGET = 60
"""The most a lay may cost that does not raise the run (terrain, §12.2)."""
TOKEN_SPARE = 60
"""Cash left after a station beyond what a needed train costs."""
REPAY_SPARE = 50
"""Cash left after repaying a loan (§12.9) beyond a needed train and the interest."""
LOW_ROOM = 5
"""Market spaces above the acquisition area below which a company in debt withholds to
repay loans (§12.9: two spaces up a loan, against one down for withholding, §12.5)."""


def spare(pos: Position, company: Company) -> int:
    return company.cash - train_need(pos, company) - company.loans * pos.interest


def run_after(game: Game, player: str, company: str) -> int:
    """The best run ``company`` makes once its remaining steps before the run are passed
    (on a copy)."""
    trial = game.clone()
    for _ in range(10):
        if trial.finished:
            return 0
        prompt = trial.prompt()
        if prompt.entity != company:
            return 0
        legal = trial.legal_actions(player)
        runs = legal.of_kind("run_routes")
        if runs:
            return max(number(a, "revenue") for a in runs)
        passes = legal.of_kind("pass")
        if not passes:
            return 0
        trial.apply(passes[0])
    return 0


def rank_lays(
    lays: Sequence[Action], company: Company, board: MapInfo, revenue: dict[str, int]
) -> list[Action]:
    """Lays by the revenue their new track points at (and the city they improve)."""
    home = frozenset(company.hexes)

    def score(action: Action) -> float:
        hex_id = field(action, "hex")
        exits = board.exits(field(action, "tile"), number(action, "rotation"))
        total = revenue.get(hex_id, 0) * 1.5
        for edge in exits:
            step = board.neighbour(hex_id, edge)
            if step is not None:
                total += pull(board, revenue, step, home) / max(len(exits), 1)
        return total

    return sorted(lays, key=score, reverse=True)


def choose_lay(
    game: Game,
    player: str,
    pos: Position,
    company: Company,
    lays: Sequence[Action],
    board: MapInfo,
    revenue: dict[str, int],
    runs: bool = True,
) -> Action | None:
    """The lay that raises the run most for its cost (tried on copies up to the run unless
    ``runs`` is off), else the best-ranked affordable one heading for revenue; None to stop
    laying."""
    if laid_this_turn(game, company.id) >= LAYS_PER_TURN:
        return None
    budget = spare(pos, company)
    if company.revenue <= 0 and company.real_trains():
        # trains without a route: track is what the company needs first
        budget = max(budget, company.cash - interest_due(pos, company))
    if budget <= 0:
        return None
    ranked = rank_lays(lays, company, board, revenue)[:LAY_TRIALS]
    trains = company.real_trains()
    tried = runs and bool(trains) and sum(stops(t) for t in trains) < HEAVY_STOPS
    base = run_after(game, player, company.id) if tried else 0
    best: tuple[float, Action] | None = None
    for action in ranked:
        trial, cost = on_copy(game, action, company.id, company.cash)
        if cost > budget:
            continue
        gain = run_after(trial, player, company.id) - base if tried else 0
        if gain <= 0 and cost > TRACK_BUDGET:
            continue
        score = gain * 3.0 - cost
        if best is None or score > best[0]:
            best = (score, action)
    return best[1] if best is not None else None


def choose_token(
    game: Game,
    pos: Position,
    company: Company,
    tokens: Sequence[Action],
    revenue: dict[str, int],
) -> Action | None:
    """§12.3: a station in the richest reachable city, when the money is spare."""
    if not company.real_trains():
        return None
    best = max(tokens, key=lambda a: revenue.get(field(a, "hex"), 0))
    _, cost = on_copy(game, best, company.id, company.cash)
    if spare(pos, company) - cost < TOKEN_SPARE:
        return None
    return best


def interest_due(pos: Position, company: Company) -> int:
    """§12.8: the interest the company pays after buying trains (unpaid, it must borrow)."""
    return company.loans * pos.interest


def choose_dividend(pos: Position, company: Company, modes: dict[str, Action]) -> Action:
    """§12.5: pay out, unless the company needs the money for a train: then withhold (or
    pay half when half is enough)."""
    revenue = company.revenue
    if revenue <= 0 and "payout" in modes:
        # nothing to keep: paying out nothing leaves the price, withholding moves it back
        return modes["payout"]
    need = train_need(pos, company)
    if company.size == 2 and pos.phase_number() >= FIVE_SHARE_PHASE - 1:
        need = max(need, conversion_cost(company))
    short = need + interest_due(pos, company) - company.cash
    room = pos.headroom.get(company.id, 0)
    if short > 0 and "withhold" in modes and room > SAFE_STEPS:
        if "half" in modes and revenue // 2 >= short:
            return modes["half"]
        return modes["withhold"]
    if short > 0 and "half" in modes:
        return modes["half"]
    if company.loans and room <= LOW_ROOM and "withhold" in modes:
        repayable = (company.cash + revenue - need - interest_due(pos, company)) // LOAN
        if min(repayable, company.loans) >= 2:
            return modes["withhold"]
    return modes.get("payout") or next(iter(modes.values()))


def bank_trains(legal: Sequence[Action], pos: Position) -> list[Action]:
    """Trains from the bank or the open market (not from other companies)."""
    if pos.roster is None:
        return []
    sold = set(pos.roster.available)
    owners = {t.id: t.owner for t in pos.roster.trains}
    out = []
    for a in legal:
        if a.kind != "buy_train":
            continue
        train = field(a, "train")
        if train in sold or owners.get(train) in (None, "", "pool", "market", "depot"):
            out.append(a)
    return out


def choose_train(legal: Sequence[Action], pos: Position, company: Company) -> Action | None:
    """§12.6: a train when the company has none (the cheapest), when its trains rust soon,
    or a second one it can afford with money to spare; the longest it can afford."""
    buys = [a for a in bank_trains(legal, pos) if stops(field(a, "train")) > 0]
    affordable = [a for a in buys if number(a, "price") <= company.cash]
    if not affordable:
        return None
    trains = company.real_trains()
    if len(trains) >= pos.train_limit(company):
        return None
    must = train_need(pos, company) > 0
    best = max(affordable, key=lambda a: (stops(field(a, "train")), -number(a, "price")))
    if must:
        return best
    second = len(trains) < 2 and company.cash - number(best, "price") >= TRACK_BUDGET
    if second and not pos.rusting_soon(field(best, "train")):
        return best
    return None


LOAN = 100
"""§9: each loan brings $100."""
RATE_STEP = 5
"""§9: the interest rate rises a step as loans go out; a decision to borrow allows for it."""
INTEREST_COVER = 3
"""A company borrows only while its last run pays this many times the interest (§12.8)."""
LOAN_STEPS = 2
"""§9: each loan moves the share price two spaces back."""
SAFE_STEPS = 2
"""Market spaces kept above the acquisition area (a withheld run moves one back, §12.5)."""


def loan_room(company: Company, stranded: bool = False) -> int:
    """Loans the bot lets a company still take: §9 allows as many as it has shares, the bot
    half of that (rounded up), since a liquidated company's president repays its loans
    (§14.2.1) and each loan costs interest every operating round (§12.8); all of them when
    the company would otherwise be left without a train (§12.6: liquidation anyway)."""
    cap = company.size if stranded else (company.size + 1) // 2
    return max(0, cap - company.loans)


def wants_loan(pos: Position, company: Company, borrowing: bool = False) -> bool:
    """§9: borrow only for a train the company must have and cannot pay for, and only when
    the loans it may still take cover the shortfall, keep its price clear of the acquisition
    area and leave the interest covered by the last run.  ``borrowing``: it already took a
    loan for this train this turn, so it finishes the job (§9's limit alone)."""
    need = train_need(pos, company)
    short = need - company.cash
    if need <= 0 or short <= 0:
        return False
    loans = -(-short // LOAN)
    if loans > loan_room(company, stranded=True):
        return False
    if borrowing:
        return True
    if pos.headroom.get(company.id, 0) - LOAN_STEPS * (loans + 1) < SAFE_STEPS:
        return False
    rate = pos.interest + RATE_STEP
    return (company.loans + loans) * rate * INTEREST_COVER <= max(company.revenue, LOAN)


def borrowing(game: Game, company: str) -> bool:
    """Whether ``company`` took a loan earlier in this turn."""
    for action in reversed(game.log):
        if field(action, "entity") != company:
            return False
        if action.kind == "take_loan":
            return True
    return False


def conversion_cost(company: Company) -> int:
    """§14.1.1: the stations a conversion must buy."""
    return 50 if company.size == 2 else 100


def wants_conversion(pos: Position, company: Company) -> bool:
    """§14.1.1: grow a 2-share company once 5-share ones exist (Phase 3, §8: two loans
    never buy a $400 4-train), a 5-share one when its next train is beyond its treasury and
    loans, so the new treasury shares can be sold for the money."""
    token = conversion_cost(company)
    if company.cash < token or company.size >= 10:
        return False
    if company.size == 2:
        return pos.phase_number() >= FIVE_SHARE_PHASE
    need = train_need(pos, company) or pos.next_train_price()
    return need > company.cash - token + loan_room(company) * LOAN


def choose_repay(pos: Position, company: Company) -> bool:
    return company.loans > 0 and spare(pos, company) >= 100 + REPAY_SPARE
