"""Canonical form of a game state, for equality checks and :meth:`Game.state_hash`.

Two states that play the same have the same canonical form: dicts are sorted by key, sets are
sorted, dataclasses and objects become dicts of their fields (dataclass fields; otherwise every
slot and instance attribute): every field is state, whatever its name.  The one exception is the
game's :class:`~roundhouse.core.derived.Derived` cache and the
:class:`~roundhouse.core.derived.Stamp` numbers naming contents for it, which stand as ``None``
wherever the state holds them: derived data is not part of the position.  The form of
:class:`~roundhouse.core.static.Static` data and of a frozen dataclass holding only immutable
values is worked out once and shared between calls, so treat a form as read-only.

The canonical form is made of lists, dicts with text keys (inserted in sorted order) and
scalars only, so any loss-free serialisation of it is an injective encoding:
:func:`digest` hashes its ``marshal`` bytes in format version 2 (no object sharing, so equal
forms give equal bytes; the format has not changed since Python 2.5), three times faster than
``repr`` or ``json``.  Speed matters (the fuzz harness hashes after every action): how to walk
a type is decided once and kept in a dispatch table, and lists and dicts that hold only
scalars are copied in one C call rather than item by item.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import marshal
import operator
import secrets
import threading
from collections.abc import Callable
from typing import cast

from roundhouse.core.derived import Derived, Stamp, Versioned
from roundhouse.core.rng import Rng
from roundhouse.core.static import Static

Canon = None | bool | int | float | str | list["Canon"] | dict[str, "Canon"]

_Walk = Callable[[object], Canon]

_SCALARS = frozenset({type(None), bool, int, float, str})
"""Types that are their own canonical form (exact types: subclasses and enums are walked)."""
_TEXT_KEYS = frozenset({str})
_MISSING = object()


_seen: dict[int, tuple[object, Canon]] | None = None
"""Objects already walked in the walk under way (id -> object, its form), so an object the
state reaches twice (the board, held by the map and by its connectivity graph) is walked once.
Its form is shared, which marshal (format 2 keeps no references) writes out in full both
times, so the digest is the same as walking it twice.  None outside a walk."""


_pieces: dict[int, tuple[bytes, bytes]] | None = None
"""During a :func:`digest`: the :class:`~roundhouse.core.derived.Versioned` parts met so far
(version -> the marshal bytes of the text standing in for the part, the marshal bytes of its
form).  None otherwise; like :data:`_seen`, it belongs to the thread holding :data:`_WALKING`."""

_TOKEN = f"\x00versioned:{secrets.token_hex(8)}:"
"""The start of the text that stands for a versioned part in the form :func:`digest`
marshals: a NUL and a random number drawn once per process, so no text of a state matches it
(the digest never contains it: the part's own bytes replace it)."""


_WALKING = threading.RLock()
"""Held by the thread whose walk is under way: :data:`_seen` and :data:`_pieces` belong to
one walk, and bots hash their copies of a game in threads of their own (the server's bot
pool).  Without it a walk begun while another thread's was under way used that walk's memo,
so an object it changed between two hashes could get the form it had at the first."""


def canonical(value: object) -> Canon:
    """The canonical form of ``value``: fresh lists, dicts with text keys, and scalars."""
    global _seen
    with _WALKING:
        if _seen is not None:  # a form asked for inside this thread's walk
            return (_WALK.get(type(value)) or _learn(type(value)))(value)
        _seen = {}
        try:
            return (_WALK.get(type(value)) or _learn(type(value)))(value)
        finally:
            _seen = None


def text(value: object) -> str:
    """The canonical form as readable text (its ``repr``), to see why two hashes differ."""
    return repr(canonical(value))


def digest(value: object) -> str:
    """A short hex digest of the canonical form (blake2b, 128 bits).

    The bytes hashed are always ``marshal.dumps(canonical(value), 2)``, but a
    :class:`~roundhouse.core.derived.Versioned` part (the board: two thirds of an
    18RoyalGorge state's form) is not walked again while its version stands: its marshal
    bytes are kept in its derived cache, the walk puts a placeholder text in its place, and
    the placeholder's bytes are replaced by the kept ones in the marshalled whole.  Marshal
    format 2 writes a container as its items' bytes one after the other (no references,
    no sharing), which is why the result is the very bytes of the full form.
    """
    global _pieces
    with _WALKING:
        if _pieces is not None or _seen is not None:
            return hashlib.blake2b(marshal.dumps(canonical(value), 2), digest_size=16).hexdigest()
        pieces: dict[int, tuple[bytes, bytes]] = {}
        _pieces = pieces
        try:
            data = marshal.dumps(canonical(value), 2)
        finally:
            _pieces = None
    for token, body in pieces.values():
        data = data.replace(token, body)
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _scalar(value: Canon) -> Canon:
    return value


def _list(items: list[object]) -> Canon:
    if _SCALARS.issuperset(map(type, items)):
        return list(items)  # type: ignore[arg-type]
    get = _WALK.get
    return [(get(type(v)) or _learn(type(v)))(v) for v in items]


def _set(items: set[object]) -> Canon:
    """Sorted (a set has no order of its own): text by value, anything else by canonical text."""
    if _TEXT_KEYS.issuperset(map(type, items)):
        return sorted(items)  # type: ignore[type-var,return-value]
    return sorted([canonical(v) for v in items], key=repr)


def _dict(items: dict[object, object]) -> Canon:
    if _TEXT_KEYS.issuperset(map(type, items)):
        pairs = sorted(items.items())
        if _SCALARS.issuperset(map(type, items.values())):
            return dict(pairs)  # type: ignore[arg-type]
        get = _WALK.get
        return {k: (get(type(v)) or _learn(type(v)))(v) for k, v in pairs}  # type: ignore[misc]
    return {str(k): canonical(items[k]) for k in sorted(items, key=str)}


_WALK: dict[type, _Walk] = {
    type(None): cast(_Walk, _scalar),
    bool: cast(_Walk, _scalar),
    int: cast(_Walk, _scalar),
    float: cast(_Walk, _scalar),
    str: cast(_Walk, _scalar),
    list: cast(_Walk, _list),
    tuple: cast(_Walk, _list),
    set: cast(_Walk, _set),
    frozenset: cast(_Walk, _set),
    dict: cast(_Walk, _dict),
}
"""How to walk each type (exact types: a subclass gets its own entry from :func:`_learn`).
Each walker is called only with values of its types, whatever its annotation says."""


def _learn(cls: type) -> _Walk:
    """Decide once how values of ``cls`` are walked, and remember it."""
    walk = _plan(cls)
    _WALK[cls] = walk
    return walk


def _plan(cls: type) -> _Walk:
    if issubclass(cls, Derived | Stamp):
        return lambda v: None
    if issubclass(cls, Versioned):
        return _versioned_plan(_plan_fields(cls))
    # Only the class that defines it: a subclass with fields of its own would be keyed
    # without them.
    keyer = cls.__dict__.get("canonical_key")
    if callable(keyer):
        return _keyed_plan(cls, _plan_fields(cls), keyer)
    return _plan_fields(cls)


def _keyed_plan(
    cls: type,
    walk: _Walk,
    keyer: Callable[[object], tuple[tuple[object, ...], tuple[object, ...]] | None],
) -> _Walk:
    """Objects whose class says what their form is made of are walked once per distinct key
    and their form shared, like a frozen value's (:func:`_settled_plan`).  The class's
    ``canonical_key()`` returns ``(key, kept)``: a hashable key such that equal keys mean
    equal forms, which may name objects by their id, and those objects, which the cache
    holds (so no id in a kept key is reused while it lives); or ``None``: walk this one.
    The board's hexes (105 in 18RoyalGorge) are keyed, so after a lay only the hex that
    changed is walked, not the board."""

    def keyed(value: object) -> Canon:
        try:
            found = keyer(value)
        except AttributeError:  # an unset field: walked as it is
            found = None
        if found is None:
            return walk(value)
        key = (cls, found[0])
        hit = _KEYED.get(key)
        if hit is not None:
            return hit[1]
        form = walk(value)
        if len(_KEYED) >= _KEYED_LIMIT:
            _KEYED.clear()
        _KEYED[key] = (found[1], form)
        return form

    return keyed


_KEYED: dict[tuple[type, tuple[object, ...]], tuple[tuple[object, ...], Canon]] = {}
"""(class, key) -> (the objects the key names by id, the form) for the objects of classes
with a ``canonical_key`` method (:func:`_keyed_plan`)."""
_KEYED_LIMIT = 20_000
"""Entries kept before the cache starts again (a hex's form is about a kilobyte: 20 MB at
most; a game's board makes a few hundred distinct hexes)."""


def _versioned_plan(walk: _Walk) -> _Walk:
    """A :class:`~roundhouse.core.derived.Versioned` part: its full form, except inside
    :func:`digest`, where it stands as a placeholder text for the marshal bytes of its form
    (computed once per version, kept in its derived cache)."""

    def versioned(value: object) -> Canon:
        global _pieces
        pieces = _pieces
        if pieces is None:
            return walk(value)
        part = cast(Versioned, value)
        key = part.version
        token = f"{_TOKEN}{int(key)}"
        if key not in pieces:
            _pieces = None  # the part's bytes are its whole form, placeholders resolved
            try:
                body = part.derived.latest_get(
                    ("canonical bytes", key), lambda: marshal.dumps(walk(value), 2)
                )
            finally:
                _pieces = pieces
            pieces[key] = (marshal.dumps(token, 2), body)
        return token

    return versioned


def _plan_fields(cls: type) -> _Walk:
    if issubclass(cls, enum.Enum):
        return lambda v: canonical(cast("enum.Enum", v).value)
    if issubclass(cls, Rng):
        return lambda v: {"rng": cast(Rng, v).state}
    if issubclass(cls, range):
        return lambda v: [cast(range, v).start, cast(range, v).stop, cast(range, v).step]
    if issubclass(cls, int):
        return lambda v: int(cast(int, v))
    if issubclass(cls, float):
        return lambda v: float(cast(float, v))
    if issubclass(cls, str):
        return lambda v: str.__str__(cast(str, v))
    if issubclass(cls, list | tuple):
        return lambda v: _list(list(cast("list[object]", v)))
    if issubclass(cls, set | frozenset):
        return lambda v: _set(set(cast("set[object]", v)))
    if issubclass(cls, dict):
        return lambda v: _dict(dict(cast("dict[object, object]", v)))
    if issubclass(cls, Static):
        # A static dataclass is its fields (what a cached_property adds later is not).
        with_dict = not dataclasses.is_dataclass(cls) and _has_dict(cls)
        return _static_plan(_fields_plan(_field_names(cls), with_dict=with_dict))
    if dataclasses.is_dataclass(cls):
        names = sorted(f.name for f in dataclasses.fields(cls))
        walk = _fields_plan(names, with_dict=False)
        params = getattr(cls, "__dataclass_params__", None)
        if not getattr(params, "frozen", False):
            return walk
        read_only = frozenset(
            f.name
            for f in dataclasses.fields(cls)
            if f.name in names and str(f.type).startswith("Mapping[")
        )
        return _settled_plan(walk, names, read_only)
    names, has_dict = _field_names(cls), _has_dict(cls)
    if not names and not has_dict:
        return _refuse(cls)
    return _fields_plan(names, with_dict=has_dict)


def _field_names(cls: type) -> list[str]:
    """Dataclass fields, else every slot of the class and its bases."""
    if dataclasses.is_dataclass(cls):
        return sorted(f.name for f in dataclasses.fields(cls))
    slots: set[str] = set()
    for klass in cls.__mro__:
        declared = klass.__dict__.get("__slots__", ())
        slots.update((declared,) if isinstance(declared, str) else declared)
    return sorted(slots - {"__weakref__", "__dict__"})


def _has_dict(cls: type) -> bool:
    return any("__dict__" in klass.__dict__ for klass in cls.__mro__ if klass is not object)


def _static_plan(walk: _Walk) -> _Walk:
    """:class:`~roundhouse.core.static.Static` data never changes, so each object is walked
    once and stands in the form as the digest of its own form (the object is held, so its id
    is not reused): a tile, a charter or the rule settings cost a short text, not their
    whole shape, on every hash."""

    def once(value: object) -> Canon:
        found = _SETTLED.get(id(value))
        if found is not None and found[0] is value and found[1] is not None:
            return found[1]
        form = walk(value)
        code = hashlib.blake2b(marshal.dumps(form, 2), digest_size=8).hexdigest()
        short = f"{type(value).__name__}:{code}"
        if len(_SETTLED) >= _SETTLED_LIMIT:
            _SETTLED.clear()
        _SETTLED[id(value)] = (value, short)
        return short

    return once


_SETTLED: dict[int, tuple[object, Canon | None]] = {}
"""id -> (frozen dataclass value, its canonical form, or None when it holds something that can
change).  The value is held, so its id is not reused while the entry lives."""
_SETTLED_LIMIT = 200_000
_NOT_SETTLED = (None, None)


def _settled(value: object) -> bool:
    """Can the canonical form of ``value`` never change?  Scalars and enum members; tuples and
    frozensets of such values; frozen dataclasses already found settled by their walk."""
    kind = type(value)
    if kind in _SCALARS or isinstance(value, enum.Enum):
        return True
    if kind is tuple or kind is frozenset:
        return all(_settled(v) for v in cast("tuple[object, ...]", value))
    found = _SETTLED.get(id(value), _NOT_SETTLED)
    return found[0] is value and found[1] is not None


def _settled_mapping(value: object) -> bool:
    """A dict held by a frozen dataclass field typed ``Mapping`` (read-only: ``mypy --strict``
    rejects writing through it) is settled when its keys and values are: printed hexes'
    reservations, the tile catalogue (which :class:`~roundhouse.core.board.Board` copies
    already share because it never changes in play)."""
    if type(value) is not dict:
        return _settled(value)
    items = cast("dict[object, object]", value)
    return all(_settled(k) and _settled(v) for k, v in items.items())


def _settled_plan(walk: _Walk, names: list[str], read_only: frozenset[str]) -> _Walk:
    """Frozen dataclasses whose public fields are all settled (tiles and their stops, specs,
    train kinds) are walked once: the form is remembered and shared by later calls, which is
    why a canonical form must be treated as read-only.  Their fields cannot be rebound, so
    only a mutable container inside could change the form, and those are never remembered,
    except dicts in fields typed ``Mapping`` (``read_only``, see :func:`_settled_mapping`)."""
    grab = operator.attrgetter(*names) if names else None

    def cached(value: object) -> Canon:
        found = _SETTLED.get(id(value))
        if found is not None and found[0] is value:
            if found[1] is not None:
                return found[1]
            return walk(value)
        form = walk(value)
        try:
            fields = () if grab is None else (grab(value),) if len(names) == 1 else grab(value)
            settled = all(
                _settled_mapping(f) if n in read_only else _settled(f)
                for n, f in zip(names, fields, strict=True)
            )
        except AttributeError:
            settled = False
        if len(_SETTLED) >= _SETTLED_LIMIT:
            _SETTLED.clear()
        _SETTLED[id(value)] = (value, form if settled else None)
        return form

    return cached


def _refuse(cls: type) -> _Walk:
    def refuse(value: object) -> Canon:
        raise TypeError(f"cannot put {cls.__name__} in canonical form")

    return refuse


def _fields_plan(names: list[str], with_dict: bool) -> _Walk:
    """Objects as dicts of their fields: fixed names (dataclass fields, slots) plus, for
    classes with instance dicts, whatever attributes the instance holds.  An unset slot is
    left out."""
    grab = operator.attrgetter(*names) if names else None
    single = len(names) == 1

    def slow(value: object) -> Canon:
        seen = _seen
        if seen is not None:
            hit = seen.get(id(value))
            if hit is not None and hit[0] is value:
                return hit[1]
        found: dict[str, object] = {}
        for name in names:
            v = getattr(value, name, _MISSING)
            if v is not _MISSING:
                found[name] = v
        if with_dict:
            found.update(vars(value).items())
        get = _WALK.get
        form = {n: (get(type(v)) or _learn(type(v)))(v) for n, v in sorted(found.items())}
        if seen is not None:
            seen[id(value)] = (value, form)
        return form

    if with_dict and not names:

        def walk_dict(value: object) -> Canon:
            seen = _seen
            if seen is not None:
                hit = seen.get(id(value))
                if hit is not None and hit[0] is value:
                    return hit[1]
            get, scalars = _WALK.get, _SCALARS
            form: Canon = {
                n: v if type(v) in scalars else (get(type(v)) or _learn(type(v)))(v)
                for n, v in sorted(vars(value).items())
            }
            if seen is not None:
                seen[id(value)] = (value, form)
            return form

        return walk_dict
    if grab is None or with_dict:
        return slow

    def walk_fields(value: object) -> Canon:
        seen = _seen
        if seen is not None:
            hit = seen.get(id(value))
            if hit is not None and hit[0] is value:
                return hit[1]
        try:
            values = (grab(value),) if single else grab(value)
        except AttributeError:
            return slow(value)
        get, scalars = _WALK.get, _SCALARS
        form: Canon = {
            n: v if type(v) in scalars else (get(type(v)) or _learn(type(v)))(v)
            for n, v in zip(names, values, strict=True)
        }
        if seen is not None:
            seen[id(value)] = (value, form)
        return form

    return walk_fields
