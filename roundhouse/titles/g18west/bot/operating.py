"""Operating-turn judgements (18West §7): track, stations, trains, dividends and money
raising.

Nothing here copies the game: track is ranked by the map (revenue near a tile's exits, the
terrain cost of its hex), the run is the optimiser's best as offered by the legal
``run_routes`` moves, and the rest reads the table and the train roster.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.bots.map_info import MapInfo, costs, pull, revenues
from roundhouse.bots.moves import field, laid_this_turn, number, stops
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.titles.g18west.bot.read import GRANGER, Company, Position

LAYS_PER_TURN = 3
"""§8.2: a Land Grant Company lays up to three tiles in its grant; others fewer (the step
ends them), and the bot stops there in any case."""
TRACK_SPARE = 40
"""Cash a company keeps after a lay that costs money, beyond what a needed train costs."""
TOKEN_SPARE = 40
"""Cash a company keeps after placing a station (§7.4), beyond a needed train."""
SECOND_TRAIN_SPARE = 40
"""Cash left after a further train, for track."""


def real_trains(company: Company) -> list[str]:
    return [t for t in company.trains if stops(t) > 0]


def must_own_train(company: Company) -> bool:
    """§7.8.3: Public Companies must own a train; Granger Roads (§2.2.1) and Land Grant
    Companies (§2.2.2) need not, but run nothing without one."""
    return company.kind != GRANGER


def train_need(pos: Position, company: Company) -> int:
    """What the company should keep for a train: the next Bank train's price when it has
    none, or only trains that rust soon, else nothing."""
    trains = real_trains(company)
    if trains and not all(pos.rusting_soon(t) for t in trains):
        return 0
    return pos.next_train_price()


def spare(pos: Position, company: Company) -> int:
    return company.cash - train_need(pos, company)


def choose_lay(
    game: Game,
    pos: Position,
    company: Company,
    lays: Sequence[Action],
    info: MapInfo,
    forced: bool,
) -> Action | None:
    """§7.1: the lay whose new track points at most revenue (and the city it improves), less
    its terrain cost; None to stop laying (no money to spare, or the turn's lays made).
    ``forced``: a lay must be made (§8.3's mandatory Land Grant lay), so the best offered."""
    if not forced and laid_this_turn(game, company.id) >= LAYS_PER_TURN:
        return None
    board = game.board()
    revenue = revenues(board)
    cost_of = costs(board)
    budget = spare(pos, company) - TRACK_SPARE
    home = frozenset(company.hexes)
    best: tuple[float, Action] | None = None
    seen: set[tuple[str, str, int]] = set()
    near: dict[str, float] = {}
    """Neighbour hex -> its pull, worked out once for the many lays sharing it."""
    for action in lays:
        hex_id = field(action, "hex")
        cost = cost_of.get(hex_id, 0)
        if not forced and cost > 0 and cost > budget:
            continue
        key = (hex_id, field(action, "tile"), number(action, "rotation"))
        if key in seen:
            continue
        seen.add(key)
        exits = info.exits(key[1], key[2])
        score = revenue.get(hex_id, 0) * 1.5
        for edge in exits:
            step = info.neighbour(hex_id, edge)
            if step is not None:
                if step not in near:
                    near[step] = pull(info, revenue, step, home)
                score += near[step] / max(len(exits), 1)
        score -= cost * 0.3
        if best is None or score > best[0]:
            best = (score, action)
    return best[1] if best is not None else None


def choose_token(
    game: Game, pos: Position, company: Company, tokens: Sequence[Action], cost: int
) -> Action | None:
    """§7.4: a station in the richest city offered, when the money is spare."""
    if not real_trains(company) or spare(pos, company) - cost < TOKEN_SPARE:
        return None
    revenue = revenues(game.board())
    return max(tokens, key=lambda a: revenue.get(field(a, "hex"), 0))


def choose_dividend(pos: Position, company: Company, modes: dict[str, Action]) -> Action:
    """§7.6: pay out (the shareholders earn and the price rises), unless the company needs
    the money for a train it must have: then withhold."""
    need = train_need(pos, company)
    if (
        need > company.cash
        and must_own_train(company)
        and company.revenue > 0
        and "withhold" in modes
    ):
        return modes["withhold"]
    for mode in ("payout", "half"):
        if mode in modes:
            return modes[mode]
    return next(iter(modes.values()))


def choose_train(legal: Sequence[Action], pos: Position, company: Company) -> Action | None:
    """§7.8: a train when the company has none or only trains that rust soon, or a second
    one (or a longer one than it has) it can afford with money to spare for track; the
    longest it can afford, from the Bank or the Pool."""
    buys = [
        a
        for a in legal
        if a.kind == "buy_train"
        and pos.bank_train(field(a, "train"))
        and number(a, "price") <= company.cash
    ]
    if not buys:
        return None
    trains = real_trains(company)
    if len(trains) >= pos.train_limit(company):
        return None

    def rank(a: Action) -> tuple[int, int]:
        return (stops(field(a, "train")), -number(a, "price"))

    if train_need(pos, company) > 0:
        return max(buys, key=rank)
    fresh = [a for a in buys if not pos.rusting_soon(field(a, "train"))]
    if not fresh:
        return None
    best = max(fresh, key=rank)
    longest = max((stops(t) for t in trains), default=0)
    if len(trains) >= 2 and stops(field(best, "train")) <= longest:
        return None
    if company.cash - number(best, "price") >= SECOND_TRAIN_SPARE:
        return best
    return None


def forced_train(legal: Sequence[Action], pos: Position, company: Company) -> Action | None:
    """§7.8.3: the company must buy a train: a Bank train it can pay for itself, else the
    cheapest offered (its President makes up the difference, §7.8.4)."""
    buys = [a for a in legal if a.kind == "buy_train"]
    if not buys:
        return None
    own = [
        a for a in buys if pos.bank_train(field(a, "train")) and number(a, "price") <= company.cash
    ]
    if own:
        return min(own, key=lambda a: number(a, "price"))
    return min(buys, key=lambda a: (number(a, "price"), not pos.bank_train(field(a, "train"))))


def choose_sale(legal: Sequence[Action], pos: Position, player: str) -> Action:
    """§7.8.4 emergency money raising: sell the fewest shares, others' companies before
    one's own; go bankrupt only when nothing else is listed."""
    sells = [a for a in legal if a.kind == "sell_shares"]
    if sells:
        own = {c.id for c in pos.mine(player)}
        return min(sells, key=lambda a: (field(a, "corporation") in own, number(a, "count")))
    others = [a for a in legal if a.kind != "bankrupt"]
    return others[0] if others else legal[0]
