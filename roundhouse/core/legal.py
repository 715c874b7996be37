"""The list of legal actions as a view object, as python-chess's ``LegalMoveGenerator``.

It is a sequence (index it, iterate it, ``len`` it), ``action in legal`` is the legality test,
and its repr lists the moves in table talk.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from roundhouse.core.actions import Action


class LegalActions(Sequence[Action]):
    __slots__ = ("_items", "_set")

    def __init__(self, items: Sequence[Action]) -> None:
        self._items = tuple(items)
        self._set: frozenset[Action] | None = None

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self._items[index]

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._items)

    def __contains__(self, action: object) -> bool:
        if self._set is None:
            self._set = frozenset(self._items)
        return action in self._set

    def kinds(self) -> list[str]:
        """The distinct action kinds on offer, in first-seen order."""
        return list(dict.fromkeys(a.kind for a in self._items))

    def of_kind(self, kind: str) -> list[Action]:
        return [a for a in self._items if a.kind == kind]

    def __repr__(self) -> str:
        return f"<LegalActions ({len(self._items)}): {', '.join(map(str, self._items[:20]))}" + (
            ", …>" if len(self._items) > 20 else ">"
        )
