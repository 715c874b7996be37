"""§17 "$300 Maximum Starting Price After Phase 5" (a variant): "The maximum starting price
for a company becomes $300 after the first 5-train has been purchased or exported.  However,
if at the end of the company's IPO stock round, less than 50% of the shares of a new company
are in the player's hands, the company is immediately moved to the Liquidation area.  The
liquidation rule applies to all phases of the game, not just after Phase 5.\""""

from __future__ import annotations

import dataclasses

from roundhouse.titles.g18usa import data
from roundhouse.titles.g18usa.family1817.cash_crisis import enter_zone
from roundhouse.titles.g18usa.family1817.company_start import StartRules
from roundhouse.titles.g18usa.state import UsaGame


def start_rules(g: UsaGame, start: StartRules) -> StartRules:
    """The stock round's start rules: starts reach $300 once Phase 5 has begun (trains are
    not sold in a stock round, so the phase holds for the round)."""
    if g.variant.max_start_300 and "5" in g.phases_reached():
        return dataclasses.replace(start, price_ceiling=data.max_start_price_variant())
    return start


def liquidate_unheld(g: UsaGame) -> None:
    """At the end of a stock round: a company formed in it with less than half of it in
    players' hands goes to liquidation."""
    if not g.variant.max_start_300:
        return
    zone = g.config.takeover.liquidation_zone
    for corp in g.corps.values():
        book = g.books[corp.id]
        if corp.formed_in == g.sr_count and 2 * g.player_shares(corp.id) < book.size:
            enter_zone(g, corp.id, zone)
