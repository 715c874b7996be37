"""Operating-turn judgements (18US §6): track, conversions, stations, trains, dividends and
money raising.

Nothing here copies the game: track and stations are ranked by the map (revenue near a
tile's exits, the terrain cost of its hex), the run is the optimiser's best as offered by
the legal ``run_routes`` moves, and the rest reads the table and the train roster.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.bots.map_info import MapInfo, costs, pull, revenues
from roundhouse.bots.moves import field, laid_this_turn, number, stops
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.titles.g18us.bot.read import Company, Position

LAYS_PER_TURN = 3
"""§7.3.2: a 5-Share Land Grant company lays up to three tiles; others fewer (the step
ends them), and the bot stops there in any case."""
TRACK_SPARE = 40
"""Cash a company keeps after a lay that costs money, beyond what a needed train costs."""
TOKEN_SPARE = 40
TOKEN_PER_HEX = 20
"""§6.4: a station token costs $20 per hex of distance from the company's base."""
SECOND_TRAIN_SPARE = 40
"""Cash left after a second train, for track."""


def real_trains(company: Company) -> list[str]:
    return [t for t in company.trains if stops(t) > 0]


def train_need(pos: Position, company: Company) -> int:
    """What the company should keep for a train: the next Bank train's price when it has
    none, or only trains that rust soon (§10.6), else nothing."""
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
) -> Action | None:
    """§6.2: the lay whose new track points at most revenue (and the city it improves), less
    its terrain cost; None to stop laying (no money to spare, or the turn's lays made)."""
    if laid_this_turn(game, company.id) >= LAYS_PER_TURN:
        return None
    board = game.board()
    revenue = revenues(board)
    cost_of = costs(board)
    budget = spare(pos, company) - TRACK_SPARE
    home = frozenset(company.hexes)
    best: tuple[float, Action] | None = None
    seen: dict[tuple[str, str, int], float] = {}
    near: dict[str, float] = {}
    """Neighbour hex -> its pull, worked out once for the many lays sharing it."""
    for action in lays:
        hex_id = field(action, "hex")
        cost = cost_of.get(hex_id, 0)
        if cost > 0 and cost > budget:
            continue
        key = (hex_id, field(action, "tile"), number(action, "rotation"))
        if key in seen:
            continue
        exits = info.exits(key[1], key[2])
        score = revenue.get(hex_id, 0) * 1.5
        for edge in exits:
            step = info.neighbour(hex_id, edge)
            if step is not None:
                if step not in near:
                    near[step] = pull(info, revenue, step, home)
                score += near[step] / max(len(exits), 1)
        score -= cost * 0.3
        seen[key] = score
        if best is None or score > best[0]:
            best = (score, action)
    return best[1] if best is not None else None


def choose_token(
    game: Game, pos: Position, company: Company, tokens: Sequence[Action], info: MapInfo
) -> Action | None:
    """§6.4: a station in the richest city it may reach, when the money is spare ($20 a hex
    from its base)."""
    if not real_trains(company):
        return None
    revenue = revenues(game.board())
    base = company.hexes[0] if company.hexes else ""

    def cost(action: Action) -> int:
        return TOKEN_PER_HEX * info.distance(base, field(action, "hex")) if base else 0

    affordable = [a for a in tokens if spare(pos, company) - cost(a) >= TOKEN_SPARE]
    if not affordable:
        return None
    return max(affordable, key=lambda a: (revenue.get(field(a, "hex"), 0), -cost(a)))


def choose_dividend(pos: Position, company: Company, modes: dict[str, Action]) -> Action:
    """§6.6: pay out (the President's shares earn and the price rises), unless the company
    needs the money for a train it must have: then withhold."""
    need = train_need(pos, company)
    if need > company.cash and company.revenue > 0 and "withhold" in modes:
        return modes["withhold"]
    return modes.get("payout") or next(iter(modes.values()))


def choose_train(legal: Sequence[Action], pos: Position, company: Company) -> Action | None:
    """§6.8: a train when the company has none or only trains that rust soon, or a second
    one it can afford with money to spare for track; the longest it can afford, from the
    Bank or the Pool (Express before Freight)."""
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

    def rank(a: Action) -> tuple[int, int, int]:
        name = field(a, "variant") or field(a, "train")
        return (stops(name), not field(a, "variant"), -number(a, "price"))

    best = max(buys, key=rank)
    if train_need(pos, company) > 0:
        return best
    fresh = [a for a in buys if not pos.rusting_soon(field(a, "train"))]
    if not fresh:
        return None
    best = max(fresh, key=rank)
    if company.cash - number(best, "price") >= SECOND_TRAIN_SPARE:
        return best
    return None


def forced_train(legal: Sequence[Action], pos: Position, player: str) -> Action | None:
    """§6.9.2: the company must buy a train: the cheapest offered that the company and its
    President can pay together."""
    buys = [a for a in legal if a.kind == "buy_train"]
    if not buys:
        return None
    cheapest = min(buys, key=lambda a: (number(a, "price"), not pos.bank_train(field(a, "train"))))
    return cheapest


def choose_sale(legal: Sequence[Action], pos: Position, player: str) -> Action:
    """§6.9.1 emergency money raising: sell the fewest shares, others' companies before
    one's own; go bankrupt only when nothing else is listed."""
    sells = [a for a in legal if a.kind == "sell_shares"]
    if sells:
        own = set(pos.presidencies.get(player, ()))
        return min(sells, key=lambda a: (field(a, "corporation") in own, number(a, "count")))
    others = [a for a in legal if a.kind != "bankrupt"]
    return others[0] if others else legal[0]


def choose_conversion(
    legal: Sequence[Action], pos: Position, company: Company, step: str
) -> Action:
    """§6.3.1: a 4-Share Eastern company places its doubling token in a Gateway City
    whenever it may (a share's money and a doubled City, §6.4.1); it converts to 5 or 10
    shares without one only when it needs the money for a train.  §6.3.2: a Land Grant
    company converts at the richest site it is offered (it must)."""
    chooses = [a for a in legal if a.kind == "choose"]
    passes = [a for a in legal if a.kind == "pass"]
    sites = [a for a in chooses if field(a, "choice") not in ("5-Share", "10-Share")]
    if sites:
        return sites[0]
    short = train_need(pos, company) > company.cash or (
        not real_trains(company) and pos.next_train_price() > company.cash
    )
    if chooses and (short or not passes):
        return chooses[0]
    return passes[0] if passes else legal[0]


def choose_marker(
    tokens: Sequence[Action], pos: Position, player: str, revenue: dict[str, int]
) -> Action:
    """§6.4.2: a Bonus Token (Erie Canal, Customs House) in the richest City the player's
    companies have a station in, else the richest offered."""
    mine = {h for c in pos.mine(player) for h in c.hexes}
    return max(
        tokens,
        key=lambda a: (field(a, "hex") in mine, revenue.get(field(a, "hex"), 0)),
    )
