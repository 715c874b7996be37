"""The uniform random player: the baseline opponent and the fuzz harness's driver.

It picks an action *kind* uniformly first and then an action of that kind, so a long list of
bids does not drown out passing or building. Its randomness comes from its own seeded
:class:`~roundhouse.core.rng.Rng`, never the game's (which would change the game) nor Python's
``random`` module (which would break reproducibility across versions).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng

T = TypeVar("T")


def draw(rng: Rng, n: int) -> int:
    """A fair draw in ``[0, n)`` from the *high* bits of the generator.

    ``Rng.below`` takes the state modulo ``n``; the low bits of a power-of-two LCG have short
    periods (the lowest bit simply alternates), so ``below(2)`` would make a bot alternate
    between two choices.  Scaling the whole 31-bit state avoids that.
    """
    if n <= 0:
        raise ValueError(f"cannot draw below {n}")
    return (rng.next() * n) >> 31


def pick(rng: Rng, items: Sequence[T]) -> T:
    """One item of a non-empty sequence, uniformly, using :func:`draw`."""
    return items[draw(rng, len(items))]


class RandomBot:
    """Plays a uniformly random kind of legal action, then a uniformly random action of it."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, player: str) -> Action:
        legal = game.legal_actions(player)
        if not legal:
            raise ValueError(f"{player} has no legal action in {game!r}")
        kinds = legal.kinds()
        moves = legal.of_kind(kinds[draw(self.rng, len(kinds))])
        return moves[draw(self.rng, len(moves))]

    def __repr__(self) -> str:
        return f"<RandomBot rng={self.rng.state}>"
