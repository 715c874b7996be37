"""A company's money decisions in an 18xx operating turn: the dividend, and the shares its
President sells in an emergency.

Most 18xx: paying out earns the shareholders and lifts the price, withholding keeps the run
for the treasury; a company that must buy a train it cannot pay for has its President sell
shares, and bankruptcy comes only when nothing is left to sell.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from roundhouse.bots.moves import field, number
from roundhouse.bots.policy18xx.position import C, Position
from roundhouse.bots.policy18xx.trains import train_need
from roundhouse.core.actions import Action


def choose_dividend(
    pos: Position[C],
    company: C,
    modes: dict[str, Action],
    must_own_train: bool = True,
    pay: Sequence[str] = ("payout",),
) -> Action:
    """Pay out (the first of ``pay`` offered), unless the company needs the money for a
    train it must have (``must_own_train``) and ran: then withhold."""
    need = train_need(pos, company)
    if need > company.cash and must_own_train and company.revenue > 0 and "withhold" in modes:
        return modes["withhold"]
    for mode in pay:
        if mode in modes:
            return modes[mode]
    return next(iter(modes.values()))


def choose_sale(legal: Sequence[Action], own: Collection[str]) -> Action:
    """Emergency money raising: sell the fewest shares, others' companies before the seller's
    ``own``; go bankrupt only when nothing else is listed."""
    sells = [a for a in legal if a.kind == "sell_shares"]
    if sells:
        return min(sells, key=lambda a: (field(a, "corporation") in own, number(a, "count")))
    others = [a for a in legal if a.kind != "bankrupt"]
    return others[0] if others else legal[0]
