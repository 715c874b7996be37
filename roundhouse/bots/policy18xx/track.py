"""Track and stations for an 18xx company, ranked by the map alone (no copies of the game):
a lay by the revenue its new track points at less its terrain cost, a station by the revenue
of its city.

The 18US and 18West bots build this way (their runs are slow to find on a grown network,
so lays are not tried up to the run as 18USA's and 18RoyalGorge's are).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from roundhouse.bots.map_info import MapInfo, costs, pull, revenues
from roundhouse.bots.moves import field, laid_this_turn, number
from roundhouse.bots.policy18xx.position import C, Position
from roundhouse.bots.policy18xx.trains import spare
from roundhouse.core.actions import Action
from roundhouse.core.game import Game

LAYS_PER_TURN = 3
"""The most tiles the bot lays in a turn (18US §7.3.2 and 18West §8.2: a Land Grant company
lays up to three; others fewer, the step ends them)."""
TRACK_SPARE = 40
"""Cash a company keeps after a lay that costs money, beyond what a needed train costs."""
TOKEN_SPARE = 40
"""Cash a company keeps after placing a station, beyond what a needed train costs."""


def choose_lay(
    game: Game,
    pos: Position[C],
    company: C,
    lays: Sequence[Action],
    info: MapInfo,
    forced: bool = False,
) -> Action | None:
    """The lay whose new track points at most revenue (and the city it improves), less its
    terrain cost; None to stop laying (no money to spare, or the turn's lays made).
    ``forced``: a lay must be made (18West §8.3's mandatory Land Grant lay), so the best
    offered whatever it costs."""
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
    game: Game,
    pos: Position[C],
    company: C,
    tokens: Sequence[Action],
    cost: Callable[[Action], int],
) -> Action | None:
    """A station in the richest city offered whose ``cost`` leaves money to spare (the
    cheaper on a tie); None while the company has no train or no such city."""
    if not company.real_trains():
        return None
    affordable = [a for a in tokens if spare(pos, company) - cost(a) >= TOKEN_SPARE]
    if not affordable:
        return None
    revenue = revenues(game.board())
    return max(affordable, key=lambda a: (revenue.get(field(a, "hex"), 0), -cost(a)))
