"""The game's only source of randomness: a seeded linear congruential generator.

The constants are those of the classic ANSI C ``rand`` (a = 1103515245, c = 12345, m = 2**31),
which is also the generator 18xx.games uses, so titles can reproduce that site's set-up draws
from the same seed.  The generator's state lives inside the game state, so snapshots, undo and
replay all see the same sequence.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_A = 1103515245
_C = 12345
_M = 2**31


class Rng:
    """Deterministic generator; every draw advances :attr:`state` by one step."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed % _M

    def next(self) -> int:
        """Advance and return the new state, an int in ``[0, 2**31)``."""
        self.state = (_A * self.state + _C) % _M
        return self.state

    def below(self, n: int) -> int:
        """A fair draw in ``[0, n)`` from the *high* bits of the next state.

        The low bits of a power-of-two LCG have short periods (the lowest simply alternates),
        so taking the state modulo ``n`` would make ``below(2)`` alternate; scaling the whole
        31-bit state does not.  Titles reproducing 18xx.games's draws use :meth:`next` (or
        :meth:`sorted_by_draws`) exactly as that site does.
        """
        if n <= 0:
            raise ValueError(f"cannot draw below {n}")
        return (self.next() * n) >> 31

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates from the end, one draw per position."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sorted_by_draws(self, items: Sequence[T]) -> list[T]:
        """The items ordered by one fresh draw each, taken in list order, smallest first.

        This is the shuffle 18xx.games's set-up code uses (each element gets a draw, then the
        list is sorted by them); "pick k" is the first k of the result.  Ties keep list order.
        """
        keyed = [(self.next(), i) for i in range(len(items))]
        keyed.sort()
        return [items[i] for _, i in keyed]

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)
