"""Operating-turn judgements of 18US's own (§6): station costs, conversions and Bonus
Tokens.

Track, trains, dividends and emergency sales are the generic 18xx ones
(:mod:`roundhouse.bots.policy18xx`): track ranked by the map, the optimiser's best run, the
longest affordable train (Express before Freight, §6.8), payout unless a train it must have
needs the money (§6.6), the fewest shares sold in an emergency (§6.9).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from roundhouse.bots.map_info import MapInfo
from roundhouse.bots.moves import field
from roundhouse.bots.policy18xx.trains import train_need
from roundhouse.core.actions import Action
from roundhouse.titles.g18us.bot.read import Company, Position

TOKEN_PER_HEX = 20
"""§6.4: a station token costs $20 per hex of distance from the company's base."""


def token_cost(company: Company, info: MapInfo) -> Callable[[Action], int]:
    """§6.4: what a station costs ($20 a hex from the company's base)."""
    base = company.hexes[0] if company.hexes else ""

    def cost(action: Action) -> int:
        return TOKEN_PER_HEX * info.distance(base, field(action, "hex")) if base else 0

    return cost


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
        not company.real_trains() and pos.next_train_price() > company.cash
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
