"""Trains for an 18xx company: the money to keep for one, which to buy and which to take
when the company must.

18US §6.8 and 18West §7.8 (like most 18xx): a company needs a train to run, trains rust as
later ones are bought, and a company without a train must buy one, its President paying what
the treasury lacks.  The bot keeps money back for a train while the company has none or only
ones that rust soon, buys the longest it can afford, and a further one only with money left
for track.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.bots.moves import field, number, stops
from roundhouse.bots.policy18xx.position import C, Position
from roundhouse.core.actions import Action

FURTHER_TRAIN_SPARE = 40
"""Cash left after a further (not needed) train, for track."""


def train_need(pos: Position[C], company: C) -> int:
    """What the company should keep for a train: the next Bank train's price when it has
    none, or only trains that rust soon, else nothing."""
    trains = company.real_trains()
    if trains and not all(pos.rusting_soon(t) for t in trains):
        return 0
    return pos.next_train_price()


def spare(pos: Position[C], company: C) -> int:
    """The treasury beyond a needed train: what track and stations may spend."""
    return company.cash - train_need(pos, company)


def rank(action: Action) -> tuple[int, int, int]:
    """Longer first, a card's plain side before its other one (18US: Express before
    Freight), cheaper first."""
    name = field(action, "variant") or field(action, "train")
    return (stops(name), not field(action, "variant"), -number(action, "price"))


def choose_train(
    legal: Sequence[Action],
    pos: Position[C],
    company: C,
    longer_from: int | None = None,
) -> Action | None:
    """A train when the company has none or only trains that rust soon, or a further one
    that will not rust soon and leaves money for track; the longest it can afford, from the
    Bank or the Pool.  ``longer_from``: holding this many trains, a further one must be
    longer than the longest it has (18West)."""
    buys = [
        a
        for a in legal
        if a.kind == "buy_train"
        and pos.bank_train(field(a, "train"))
        and number(a, "price") <= company.cash
    ]
    if not buys:
        return None
    trains = company.real_trains()
    if len(trains) >= pos.train_limit(company):
        return None
    if train_need(pos, company) > 0:
        return max(buys, key=rank)
    fresh = [a for a in buys if not pos.rusting_soon(field(a, "train"))]
    if not fresh:
        return None
    best = max(fresh, key=rank)
    longest = max((stops(t) for t in trains), default=0)
    further = longer_from is not None and len(trains) >= longer_from
    if further and stops(field(best, "train")) <= longest:
        return None
    if company.cash - number(best, "price") >= FURTHER_TRAIN_SPARE:
        return best
    return None


def forced_train(
    legal: Sequence[Action], pos: Position[C], payer: C | None = None
) -> Action | None:
    """The company must buy a train: the cheapest offered (its President pays what the
    treasury lacks), a Bank one on a tie; with ``payer``, first the cheapest Bank train the
    company can pay for itself (18West §7.8.3)."""
    buys = [a for a in legal if a.kind == "buy_train"]
    if not buys:
        return None
    if payer is not None:
        own = [
            a
            for a in buys
            if pos.bank_train(field(a, "train")) and number(a, "price") <= payer.cash
        ]
        if own:
            return min(own, key=lambda a: number(a, "price"))
    return min(buys, key=lambda a: (number(a, "price"), not pos.bank_train(field(a, "train"))))
