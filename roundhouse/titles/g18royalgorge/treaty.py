"""The Treaty of Boston and the debt it leaves.

Rulebook "Resolving Events" (Treaty of Boston) and "Royal Gorge Tiles": the green gorge tiles
are laid (by nobody: the event lays them), the gorge opens, Rio Grande takes two free stations
on it.  "6. Pay Off 1 Debt": Rio Grande owes Santa Fe 4 debt tokens and Santa Fe owes Doc
Holliday (G1; the bank when he is not in the game) 2; in its turn an indebted railroad may buy
one token at the debt marker's price, paid to the creditor; "End of Operating Round": the
marker moves one space right after every operating round from the Treaty on; "Triggering End
of Game" / the debt cards: unpaid tokens drop the share price at the end (the card numbers are
18xx.games's, docs/facts/18royalgorge.md §13).  A station Rio Grande had paid for in the gorge
goes back to its charter and its unused stations are repriced ($80, $60, $40 from the last).
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.market import Cell, Direction
from roundhouse.titles.g18royalgorge import site_graph
from roundhouse.titles.g18royalgorge.company import railroads
from roundhouse.titles.g18royalgorge.data import debts, royal_gorge
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame

RIO_GRANDE, SANTA_FE, DOC = "RG", "SF", "G1"
CITY = "c"


def event(g: RoyalGorgeGame) -> None:
    """The Treaty of Boston happens now."""
    g.emit("treaty", "The Treaty of Boston: the Royal Gorge opens to both railroads")
    stale = site_graph.before_treaty(g)
    board = g.map_board()
    gorge = royal_gorge()
    for hex_name in gorge.hexes:
        here = board.hexes[hex_name]
        moves = {c: CITY for c in here.tokens}
        tile = gorge.green[hex_name]
        board.supply[tile] = max(1, board.supply.get(tile) or 0)
        board.lay(hex_name, tile, 0, moves)
    for name, edge in gorge.walls:
        board.borders.pop(board.grid.hexside(name, edge), None)
    board.touch()
    returned = 0
    for hex_name in gorge.stations:
        held = board.hexes[hex_name].tokens.get(CITY, [])
        while RIO_GRANDE in held:
            board.remove_token(hex_name, CITY, RIO_GRANDE)
            returned += 1
    corp = g.corps[RIO_GRANDE]
    if returned:
        corp.tokens_placed -= returned
        prices = list(corp.spec.tokens)
        repriced = list(railroads()[RIO_GRANDE].returned_token_prices)
        for i in range(len(prices) - 1, corp.tokens_placed - 1, -1):
            if not repriced:
                break
            prices[i] = repriced.pop(0)
        corp.spec = dataclasses.replace(corp.spec, tokens=tuple(prices))
    for hex_name in gorge.stations:
        board.place_token(hex_name, CITY, RIO_GRANDE)
    g.treaty = True
    g.debt_owed = {d.debtor: d.tokens for d in debts().values()}
    site_graph.after_treaty(g, stale)


def creditor(g: RoyalGorgeGame, debtor: str) -> str:
    """Who is paid for a debt token: Santa Fe's treasury, Doc Holliday's owner, or the bank."""
    if debtor == RIO_GRANDE:
        return SANTA_FE
    doc = g.privates.get(DOC)
    if doc is not None and doc.owner is not None and not doc.closed:
        return doc.owner
    return BANK


def may_pay(g: RoyalGorgeGame, corp: str) -> bool:
    return (
        g.treaty
        and g.debt_owed.get(corp, 0) > 0
        and g.debt_paid_or.get(corp) != (g.set_count, g.or_in_set)
        and g.ledger.cash(corp) >= g.debt_price()
    )


def pay(g: RoyalGorgeGame, corp: str) -> None:
    if not may_pay(g, corp):
        raise IllegalAction(
            f"{corp} cannot buy a debt token now (one per operating round, ${g.debt_price()})",
            rule="debt.pay",
        )
    g.ledger.transfer(corp, creditor(g, corp), g.debt_price())
    g.debt_owed[corp] -= 1
    g.debt_paid_or[corp] = (g.set_count, g.or_in_set)
    if corp == SANTA_FE and g.debt_owed[corp] == 0 and DOC in g.privates:
        g.privates[DOC].closed = True


def after_operating_round(g: RoyalGorgeGame) -> None:
    """The debt marker moves one space right once the Treaty has happened."""
    if g.treaty and g.debt_cell is not None:
        g.debt_cell = g.market.grid.step(g.debt_cell, Direction.RIGHT)


def penalised_cell(g: RoyalGorgeGame, corp: str) -> Cell | None:
    """Where unpaid debt puts the railroad's price at the end; None when nothing is owed."""
    owed = g.debt_owed.get(corp, 0)
    if not g.treaty or not owed or corp not in g.market.position:
        return None
    cell = g.market.cell(corp)
    for _ in range(debts()[corp].penalty[owed]):
        cell = g.market.grid.step(cell, Direction.LEFT)
    return cell
