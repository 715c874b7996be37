"""Operating-turn judgements of 18West's own (§7): which companies must own a train.

Track, stations, trains, dividends and emergency sales are the generic 18xx ones
(:mod:`roundhouse.bots.policy18xx`): track ranked by the map (§7.1; a Land Grant's mandatory
lays, §8.3, made whatever they cost), a station in the richest city with money to spare
(§7.4), the optimiser's best run, payout unless a train it must have needs the money (§7.6),
the longest affordable train and a further one only if longer (§7.8), the fewest shares sold
in an emergency (§7.8.4).
"""

from __future__ import annotations

from roundhouse.titles.g18west.bot.read import GRANGER, Company


def must_own_train(company: Company) -> bool:
    """§7.8.3: Public Companies must own a train; Granger Roads (§2.2.1) and Land Grant
    Companies (§2.2.2) need not, but run nothing without one."""
    return company.kind != GRANGER
