"""Final scores ("Calculating Scores"): cash plus every share at its final price.

Unpaid debt moves Rio Grande's and Santa Fe's prices left at the end ("6. Pay Off 1 Debt"; the
card values are 18xx.games's): we score their shares at the penalised price.  With
``compat_18xx_games`` the privates a player still holds add their face value (18xx.games
counts them; the rulebook does not).
"""

from __future__ import annotations

from roundhouse.titles.g18royalgorge import treaty
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame


def final_price(g: RoyalGorgeGame, corp_id: str) -> int:
    cell = treaty.penalised_cell(g, corp_id)
    return g.share_price(corp_id) if cell is None else cell.price


def adjustment(g: RoyalGorgeGame, player: str) -> int:
    """What core's score (cash + shares at market) misses: debt penalties, private values."""
    out = 0
    for corp_id in g.debt_owed:
        if corp_id in g.market.position:
            held = g.books[corp_id].shares_of(player)
            out += held * (final_price(g, corp_id) - g.share_price(corp_id))
    if g.variant.compat_18xx_games:
        out += sum(p.spec.value for p in g.privates.values() if p.owner == player and not p.closed)
    return out
