"""The order in which 18xx.games asks for the run's extensions (``G18RoyalGorge::Step::Route``).

Before a run the site asks about each power the railroad holds, one at a time: the Track
Engineer (``engineer``), then the Coal Depot (``coal_depot``), then the Coal Creek Mines
(``coal_mines``), a coal power only while its card has cubes.  A choice names the power being
asked about; ``<power>/skip/0`` puts that question last and asks the next (offered while
another question is left).  Our game takes the powers in any order, so the writer puts the
site's skips before a choice of a power it is not asking about yet, and the reader drops
them.
"""

from __future__ import annotations

import dataclasses

from roundhouse.interop.site_turn import TurnKey
from roundhouse.titles.g18royalgorge import coal, track_engineer
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame

ORDER = ("coal_mines", "coal_depot", "engineer")
"""The site's ``CHOOSE_STATES``: it asks from the last."""


def is_route_skip(choice: str) -> bool:
    """``engineer/skip/0`` and the like: the site's move to its next question."""
    power, _, rest = choice.partition("/")
    return power in ORDER and rest.startswith("skip/")


def power_of(choice: str) -> str | None:
    """The power a run-extension choice names (``coal_mines/2+-0/1`` -> ``coal_mines``)."""
    power = choice.partition("/")[0]
    return power if power in ORDER else None


def _asked(g: RoyalGorgeGame, corp: str, power: str) -> bool:
    """Whether the site asks ``corp`` about ``power`` at the start of its run."""
    if power == "engineer":
        return any(g.privates[c].owner == corp for c in track_engineer.CARDS if c in g.privates)
    card = next(k for k, v in coal.POWERS.items() if v == power)
    private = g.privates.get(card)
    return private is not None and private.owner == corp and g.coal.get(card, 0) > 0


@dataclasses.dataclass
class Questions:
    """The site's questions in one operating turn: the one asked now and those left."""

    turn: TurnKey
    current: str | None
    left: list[str]

    @classmethod
    def start(cls, g: RoyalGorgeGame, turn: TurnKey) -> Questions:
        left = [p for p in ORDER if _asked(g, turn[2], p)]
        return cls(turn, left.pop() if left else None, left)

    def skips_before(self, power: str) -> list[str]:
        """The skips that bring the site to ``power``'s question; then it is answered."""
        out: list[str] = []
        while self.current is not None and self.current != power and self.left:
            out.append(f"{self.current}/skip/0")
            self.left.insert(0, self.current)
            self.current = self.left.pop()
        self.current = self.left.pop() if self.left else None
        return out
