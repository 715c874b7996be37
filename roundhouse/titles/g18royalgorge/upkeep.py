"""End of an operating round, and the upkeep after the second one of a set.

Rulebook "End of Operating Round": after every OR the debt marker moves (once the Treaty has
happened); after the second, in this order: Victor Gold Company dividend, export a train (all
2+ if a 2+ is on top), CF&I dividend, steel market refilled.  (18xx.games runs them in another
order with the same outcome, docs/facts/18royalgorge.md §15.)
"""

from __future__ import annotations

from roundhouse.core.bank import BANK
from roundhouse.titles.g18royalgorge import gold, metals, steel, treaty
from roundhouse.titles.g18royalgorge.data import export_all_type
from roundhouse.titles.g18royalgorge.deck import departures
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame


def export(g: RoyalGorgeGame) -> None:
    if not g.depot.upcoming:
        return
    top = g.depot.trains[g.depot.upcoming[0]]
    kind = export_all_type()
    if top.type == kind:
        g.depot.export_all(kind)
        departures(g, None, exported=True)
    else:
        events = g.depot.export_next(g.ledger)
        g.exporting = True
        try:
            g.train_events(None, events)
        finally:
            g.exporting = False


def end_of_operating_round(g: RoyalGorgeGame) -> None:
    treaty.after_operating_round(g)
    if g.or_in_set < g.ors_in_set:
        return
    metals.pay(g, metals.VGC, gold.vgc_dividend(g), BANK)
    g.gold_shipped = 0
    if not g.end.over:
        export(g)
    metals.cfi_dividend(g)
    steel.refill(g)
