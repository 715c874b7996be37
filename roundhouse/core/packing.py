"""Game states packed small, for the snapshots a game keeps while it rests.

A game keeps a copy of its state every :data:`~roundhouse.core.game.SNAPSHOT_EVERY` actions
so that undo and history replay at most that many actions.  As live objects those copies
are the largest part of a game the web server holds (a long 18USA game: 27 copies of 78
KiB), and issue #16 asks a live game in the server to take at most 2 MB.  A snapshot is
read only when undo or history goes back past it, so one at rest may as well be bytes: a
:class:`Packed` state is the state pickled and compressed, about a tenth of its live size
(7 KiB for that 18USA state), and unpacking it costs a few milliseconds, about what
replaying a few actions costs.

What copies of a state share (:func:`~roundhouse.core.copying.deep_copy`) the pack shares
too, by reference rather than as bytes: static data (:class:`~roundhouse.core.static.Static`:
tiles, the grid, printed hexes, charters), loaded data tables and the game's derived-data
cache (:class:`~roundhouse.core.derived.Derived`), so the unpacked state reaches the very
objects a copy would, and what a copy would copy (everything that changes in play) comes back
new every time it is unpacked.

>>> import dataclasses
>>> @dataclasses.dataclass(frozen=True)
... class Charter(Static):
...     name: str
>>> state = {"charter": Charter("RG"), "cash": [10, 20]}
>>> packed = Packed(state)
>>> back = packed.unpack()
>>> back == state, back["charter"] is state["charter"], back["cash"] is state["cash"]
(True, True, False)
"""

from __future__ import annotations

import io
import pickle
import zlib
from typing import Generic, TypeVar, cast

from roundhouse.core.datafile import Table
from roundhouse.core.derived import Derived
from roundhouse.core.static import Static

T = TypeVar("T")

SHARED: tuple[type, ...] = (Static, Derived, Table)
"""The kinds of object a state copy shares rather than copies (their ``__deepcopy__``
returns the object itself), and a pack therefore holds by reference."""

_LEVEL = 1
"""zlib's fastest level: a state's pickle shrinks about fourfold already, and packing is
done for every snapshot of a game going to rest."""


class Packed(Generic[T]):
    """``value`` as compressed bytes plus the shared objects it reaches (:data:`SHARED`).

    Immutable: packing is done once, and every :meth:`unpack` builds a new, independent
    value, so a pack is shared by clones and history copies as a live snapshot is."""

    __slots__ = ("_bytes", "_shared")

    def __init__(self, value: T) -> None:
        buffer = io.BytesIO()
        shared: list[object] = []
        _Packer(buffer, shared).dump(value)
        self._bytes = zlib.compress(buffer.getvalue(), _LEVEL)
        self._shared = tuple(shared)

    def unpack(self) -> T:
        """A new value equal to the one packed, sharing only the :data:`SHARED` objects."""
        data = io.BytesIO(zlib.decompress(self._bytes))
        return cast(T, _Unpacker(data, self._shared).load())

    @property
    def size(self) -> int:
        """Bytes of the packed form (the shared objects are the game's anyway)."""
        return len(self._bytes)

    def __repr__(self) -> str:
        return f"<Packed {len(self._bytes)} bytes, {len(self._shared)} shared>"


class _Packer(pickle.Pickler):
    def __init__(self, file: io.BytesIO, shared: list[object]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._shared = shared
        self._index: dict[int, int] = {}

    def persistent_id(self, obj: object) -> int | None:
        if not isinstance(obj, SHARED):
            return None
        index = self._index.get(id(obj))
        if index is None:
            index = self._index[id(obj)] = len(self._shared)
            self._shared.append(obj)
        return index


class _Unpacker(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, shared: tuple[object, ...]) -> None:
        super().__init__(file)
        self._shared = shared

    def persistent_load(self, pid: object) -> object:
        return self._shared[cast(int, pid)]
