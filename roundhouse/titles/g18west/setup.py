"""18West §3.1 "Setting Up the Game", done on the fresh game before its first round."""

from __future__ import annotations

from roundhouse.core.shares import POOL
from roundhouse.titles.g18west import land_grant
from roundhouse.titles.g18west.board import home_stations
from roundhouse.titles.g18west.data import UP, UP_START_PRICE
from roundhouse.titles.g18west.state import WestGame

UP_TRAINS = 2
"""§3.1: "Take two 2-trains from the Train Stack and place them on the UP charter"."""


def set_up(game: WestGame) -> None:
    """Home tokens on the map (placed by :func:`.board.board`), the x2 tokens, the UP at
    $70 with two 2-trains, its President's Certificate and three singles in the Pool and
    five shares in its treasury; the first player drawn at random."""
    for home in home_stations():
        game.corps[home.company].tokens_placed += 1
    land_grant.set_up(game)
    book = game.books[UP]
    pc = book.president_cert
    assert pc is not None
    book.move(pc.id, POOL)
    book.transfer(UP, POOL, 3)
    game.market.place(UP, game.market.grid.find(UP_START_PRICE))
    corp = game.corps[UP]
    corp.par_price = UP_START_PRICE
    corp.floated = True
    # §2.2.3: the UP "is considered to have been a Land Grant Company which converted to
    # become a Public Company before the start of the game": its stock may be sold at once
    # (§3.2.1).
    corp.operated = 1
    for _ in range(UP_TRAINS):
        train = game.depot.available()[0]
        game.depot.upcoming.remove(train.id)
        train.owner = UP
    game.priority = game.players[game.rng.below(len(game.players))]
