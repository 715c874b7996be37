"""Static data: what a game is set up with and never changes in play (charters, cards, market
grids, rule settings), shared by every copy of a state instead of copied.

A class says it is static by deriving from :class:`Static`; copies (snapshots, undo, clones)
then hand out the same object.  Its instances must never change: frozen dataclasses holding
scalars, tuples and other static values.  The state hash still covers them (they are part of
what a game is), worked out once per object.

>>> import copy, dataclasses
>>> @dataclasses.dataclass(frozen=True)
... class Charter(Static):
...     name: str
>>> charter = Charter("RG")
>>> copy.deepcopy([charter])[0] is charter
True
"""

from __future__ import annotations

from typing import Self


class Static:
    """Base of immutable data shared by copies."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self

    def __copy__(self) -> Self:
        return self
