"""Derived data: values worked out from the position (reach, lay lists, runs), kept in one place.

A game's state holds only what the rules declare (every field is hashed and copied); anything
computed from it and kept for speed lives in one :class:`Derived` cache that the game owns and
every part of its state reaches through the same object.  Entries are keyed by everything they
depend on, and the parts of the state that change often (the board) name their contents with
:func:`stamp` numbers: a stamp is never handed out twice in a process, so one key means one
answer in every copy of the state.  That is why copies (snapshots, undo, clones for search)
share the cache instead of copying it, and why nothing ever has to invalidate an entry: a change
makes a new stamp, and old entries simply stop being asked for until the cache drops them.

>>> stamp() != stamp()
True
>>> cache = Derived(limit=2)
>>> cache.get(("reach", "RG", 7), lambda: "computed")
'computed'
>>> cache.get(("reach", "RG", 7), lambda: "not asked again")
'computed'
>>> import copy
>>> copy.deepcopy(cache) is cache
True
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from typing import TypeVar

T = TypeVar("T")

_STAMPS = itertools.count(1)


class Stamp(int):
    """A :func:`stamp`: it names a content rather than being part of it, so the state hash
    leaves it out (two equal boards reached in different orders carry different stamps)."""

    __slots__ = ()


def stamp() -> Stamp:
    """A number no other call in this process returns: the name of one content of a part."""
    return Stamp(next(_STAMPS))


class Versioned:
    """A part of the state whose whole content its ``version`` names: every change to it
    gives it a new :func:`stamp` (the board: :meth:`~roundhouse.core.board.Board.touch`
    after every mutation).  What depends on its content alone, its canonical form included
    (:func:`~roundhouse.core.canonical.digest`), may then be kept in its ``derived`` cache
    under that stamp."""

    __slots__ = ()

    version: Stamp
    derived: Derived


class Derived:
    """A bounded cache of derived values, shared by every copy of one game's state.

    Left out of the state hash (:mod:`roundhouse.core.canonical`) and never copied.  When it
    holds ``limit`` entries the oldest half is dropped: entries are cheap to recompute, and a
    game in play asks mostly for those of its latest positions.
    """

    __slots__ = ("entries", "latest", "limit")

    LATEST = 8
    """How many values :meth:`latest_get` keeps."""

    def __init__(self, limit: int = 50_000) -> None:
        self.entries: dict[Hashable, object] = {}
        self.limit = limit
        self.latest: dict[Hashable, object] = {}
        """The few big values of :meth:`latest_get`, oldest first."""

    def get(self, key: Hashable, compute: Callable[[], T]) -> T:
        """The value under ``key``, computed (and kept) the first time it is asked for.

        ``key`` must name everything the value depends on; the value must not be changed by
        whoever receives it (copies of the state share it)."""
        entries = self.entries
        try:
            return entries[key]  # type: ignore[return-value]
        except KeyError:
            pass
        value = compute()
        self.put(key, value)
        return value

    def latest_get(self, key: Hashable, compute: Callable[[], T]) -> T:
        """As :meth:`get`, for values too big to keep thousands of (a board's canonical
        bytes, 20 KB on 18RoyalGorge) that are asked for at the latest positions only: a
        store of their own keeps the :attr:`LATEST` most recently computed ones.

        >>> cache = Derived()
        >>> [cache.latest_get(("bytes", n), lambda n=n: n * n) for n in range(10)][-1]
        81
        >>> [n for _, n in cache.latest]
        [2, 3, 4, 5, 6, 7, 8, 9]
        """
        latest = self.latest
        try:
            return latest[key]  # type: ignore[return-value]
        except KeyError:
            pass
        value = compute()
        if len(latest) >= self.LATEST:
            # One C-level pass over the keys (copies of the state may hash in other threads).
            for old in list(latest)[: len(latest) - self.LATEST + 1]:
                latest.pop(old, None)
        latest[key] = value
        return value

    def peek(self, key: Hashable) -> object | None:
        """The value under ``key``, or None (for hot paths that cannot afford a closure)."""
        return self.entries.get(key)

    def put(self, key: Hashable, value: object) -> None:
        """Keep ``value`` under ``key``; when full, drop the oldest half first.  Copies of a
        state may be played in other threads (bots): a key another thread dropped first is
        simply gone already."""
        entries = self.entries
        if len(entries) >= self.limit:
            for old in list(itertools.islice(entries, len(entries) // 2)):
                entries.pop(old, None)
        entries[key] = value

    def __deepcopy__(self, memo: dict[int, object]) -> Derived:
        return self

    def __copy__(self) -> Derived:
        return self

    def __repr__(self) -> str:
        return f"<Derived {len(self.entries)} entries>"
