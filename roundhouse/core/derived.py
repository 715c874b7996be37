"""Derived data: values worked out from the position (reach, lay lists, runs), kept in one place.

A game's state holds only what the rules declare (every field is hashed and copied); anything
computed from it and kept for speed lives in one :class:`Derived` cache that the game owns and
every part of its state reaches through the same object.  Entries are keyed by everything they
depend on, and the parts of the state that change often (the board) name their contents with
:func:`stamp` numbers: a stamp is never handed out twice in a process, so one key means one
answer in every copy of the state.  That is why copies (snapshots, undo, clones for search)
share the cache instead of copying it, and why nothing ever has to invalidate an entry: a change
makes a new stamp, and old entries simply stop being asked for.

They are dropped as soon as that is certain: the cache knows the parts that name their
contents with stamps (:meth:`Derived.hold`: every board built or copied on it), and an entry
whose key holds a stamp that no such part holds any more can never be asked for again (a
stamp is never handed out twice).  Entries of stamps still held but long idle (the board of a
regular undo snapshot, copied from only when a player undoes to exactly there) are dropped
too, past the :attr:`Derived.GENERATIONS` most recently used stamps.  Without this a game of
18USA held 22 MB of route graphs and reaches of boards long gone (issue #16: a live game in
the web server takes at most 2 MB).

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
import weakref
from collections.abc import Callable, Hashable
from typing import Self, TypeVar

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

    def restore(self, earlier: Self) -> None:
        """Take back the content of ``earlier``, a copy of this part made before it last
        changed, in place: whatever holds this part keeps holding it, and its version is
        ``earlier``'s again.  Undo shares a versioned part between the state in play and the
        state it keeps to go back to (:class:`~roundhouse.core.game.Game`), and restores it
        from a copy only when its version moved on."""
        raise NotImplementedError(f"{type(self).__name__} cannot restore an earlier content")


class Derived:
    """A bounded cache of derived values, shared by every copy of one game's state.

    Left out of the state hash (:mod:`roundhouse.core.canonical`) and never copied.  An entry
    whose key holds a :class:`Stamp` (at any depth of nested tuples) belongs to that stamp's
    *generation*: it is dropped once no part the cache holds (:meth:`hold`) carries the
    stamp, or once :attr:`GENERATIONS` other stamps were used more recently.  Entries of no
    stamp (memos keyed by content, static lookups) stay until the cache holds ``limit``
    entries, when the oldest half is dropped: entries are cheap to recompute, and a game in
    play asks mostly for those of its latest positions.

    >>> class Part:
    ...     version = stamp()
    >>> cache, part = Derived(), Part()
    >>> cache.hold(part)
    >>> cache.get(("reach", part.version), lambda: "first board")
    'first board'
    >>> first = part.version
    >>> for n in range(100):
    ...     part.version = stamp()
    ...     _ = cache.get(("reach", part.version), lambda: "a later board")
    >>> ("reach", first) in cache.entries, len(cache.entries) <= Derived.SWEEP_AFTER
    (False, True)
    """

    __slots__ = ("_due", "_generations", "_holders", "entries", "latest", "limit")

    LATEST = 8
    """How many values :meth:`latest_get` keeps."""

    GENERATIONS = 16
    """How many stamps' entries are kept at most, the most recently used (an entry put under
    the stamp, a part built or copied with it): the position in play, the states a search
    keeps to undo to (:data:`roundhouse.core.game.KEEP_AFTER_UNDO`, 8) and the spare undo
    snapshot, with room to spare."""

    SWEEP_AFTER = 8
    """New generations between two sweeps for stamps no held part carries any more."""

    def __init__(self, limit: int = 50_000) -> None:
        self.entries: dict[Hashable, object] = {}
        self.limit = limit
        self.latest: dict[Hashable, object] = {}
        """The few big values of :meth:`latest_get`, oldest first."""
        self._generations: dict[Stamp, list[Hashable]] = {}
        """Stamp -> the keys put under it, least recently used stamp first."""
        self._holders: dict[weakref.ref[Versioned], None] = {}
        """The parts whose stamps may still be asked for (weakly: a dropped copy of the
        state lets go of its board, and with it of its stamp)."""
        self._due = self.SWEEP_AFTER
        """Generations that make the next sweep."""

    def hold(self, part: Versioned) -> None:
        """``part`` (a board, built or copied) names its contents with stamps kept here: while
        it lives, entries of the stamp it carries stay (as long as it is among the
        :attr:`GENERATIONS` latest used), and it counts as a use of that stamp."""
        holders = self._holders
        holders[weakref.ref(part, lambda ref: holders.pop(ref, None))] = None
        self._used(part.version)

    def _used(self, version: Stamp) -> list[Hashable]:
        """Mark ``version`` the most recently used stamp; the keys put under it."""
        generations = self._generations
        keys = generations.pop(version, None)
        if keys is None:
            keys = []
            if len(generations) >= self._due:
                self._sweep()  # before the new stamp joins: it is not swept
        generations[version] = keys
        return keys

    def _sweep(self) -> None:
        """Drop the generations of stamps no held part carries, and those past the
        :attr:`GENERATIONS` most recently used.  Copies of the state may be played in other
        threads (bots): each step here is one C-level operation on a dict, and a key another
        thread dropped first is simply gone already."""
        carried = set()
        for ref in list(self._holders):
            part = ref()
            if part is not None:
                carried.add(part.version)
        generations = self._generations
        order = list(generations)
        recent = set(order[-self.GENERATIONS :])
        entries = self.entries
        for version in order:
            if version not in carried or version not in recent:
                for key in generations.pop(version, ()):
                    entries.pop(key, None)
        self._due = len(generations) + self.SWEEP_AFTER

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
        """Keep ``value`` under ``key`` (in the generation of each stamp the key holds); when
        full, drop the oldest half first.  Copies of a state may be played in other threads
        (bots): a key another thread dropped first is simply gone already."""
        entries = self.entries
        if len(entries) >= self.limit:
            for old in list(itertools.islice(entries, len(entries) // 2)):
                entries.pop(old, None)
        entries[key] = value
        if type(key) is tuple:
            for version in _stamps(key):
                self._used(version).append(key)

    def clear(self) -> None:
        """Drop every derived value (a game going to rest, :meth:`Game.trim
        <roundhouse.core.game.Game.trim>`): each is worked out again when next asked for.
        The parts held stay held."""
        self.entries.clear()
        self.latest.clear()
        self._generations.clear()
        self._due = self.SWEEP_AFTER

    def __deepcopy__(self, memo: dict[int, object]) -> Derived:
        return self

    def __copy__(self) -> Derived:
        return self

    def __reduce__(self) -> tuple[type[Derived], tuple[int]]:
        """Pickled empty: derived data is recomputed, and the parts held are not pickled
        with it."""
        return (Derived, (self.limit,))

    def __repr__(self) -> str:
        return f"<Derived {len(self.entries)} entries>"


def _stamps(key: tuple[object, ...]) -> list[Stamp]:
    """The stamps in ``key`` and the tuples nested in it (a listing's key inside the key of
    what was read of it)."""
    found: list[Stamp] = []
    for part in key:
        if type(part) is Stamp:
            found.append(part)
        elif type(part) is tuple:
            found.extend(_stamps(part))
    return found
