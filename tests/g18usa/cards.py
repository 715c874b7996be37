"""A stand-in deck of 30 private cards for the 18USA title's tests: ids and face values as the
rulebook's appendix (P1-P9) and 18xx.games's entities.rb (P10-P30) give them, no abilities
(the title deals the real P1-P30 of ``roundhouse/titles/g18usa/privates.py``).  Set-up draws
the same privates from either deck (it reads ids and face values), so the seeds lay out the
same board.  ``NO_PRIVATES_TITLE`` deals none: the game opens with the first stock round, for
scripted openings written before the privates were dealt (its seeds draw another board)."""

from __future__ import annotations

import dataclasses

from roundhouse.core.game import Game
from roundhouse.core.title import Title
from roundhouse.titles.g18usa import TITLE, make_setup


@dataclasses.dataclass(frozen=True)
class Card:
    id: str
    name: str
    value: int
    revenue: int = 0


VALUES = (
    30, 40, 40, 40, 30, 30, 40, 40, 40, 40,
    40, 60, 60, 60, 60, 60, 60, 60, 80, 80,
    80, 80, 80, 90, 90, 90, 90, 90, 120, 120,
)  # fmt: skip
"""P1-P30's face values (P1-P9: the rulebook's appendix; P10-P30: 18xx.games)."""

CARDS = tuple(Card(f"P{i + 1}", f"Private {i + 1}", v) for i, v in enumerate(VALUES))

CARD_TITLE: Title = dataclasses.replace(TITLE, setup=make_setup(lambda compat: CARDS))
"""18USA with the stand-in deck."""

NO_PRIVATES_TITLE: Title = dataclasses.replace(TITLE, setup=make_setup(lambda compat: ()))
"""18USA dealing no privates (§10's auction has nothing to sell)."""


def new(players: int = 3, seed: int = 1, title: Title = CARD_TITLE) -> Game:
    return Game(title, [f"P{i}" for i in range(players)], seed=seed)
