"""Canonical form of a game state, for equality checks and :meth:`Game.state_hash`.

Two states that play the same have the same canonical form: dicts are sorted by key, sets are
sorted, dataclasses and objects become dicts of their fields (dataclass fields; otherwise every
slot and instance attribute).  Fields whose name starts with ``_`` are caches (derived data) and
are left out.

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
from collections.abc import Callable
from typing import cast

from roundhouse.core.rng import Rng

Canon = None | bool | int | float | str | list["Canon"] | dict[str, "Canon"]

_Walk = Callable[[object], Canon]

_SCALARS = frozenset({type(None), bool, int, float, str})
"""Types that are their own canonical form (exact types: subclasses and enums are walked)."""
_TEXT_KEYS = frozenset({str})
_MISSING = object()


def canonical(value: object) -> Canon:
    """The canonical form of ``value``: fresh lists, dicts with text keys, and scalars."""
    return (_WALK.get(type(value)) or _learn(type(value)))(value)


def text(value: object) -> str:
    """The canonical form as readable text (its ``repr``), to see why two hashes differ."""
    return repr(canonical(value))


def digest(value: object) -> str:
    """A short hex digest of the canonical form (blake2b, 128 bits)."""
    return hashlib.blake2b(marshal.dumps(canonical(value), 2), digest_size=16).hexdigest()


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
    if issubclass(cls, enum.Enum):
        return lambda v: canonical(cast("enum.Enum", v).value)
    if issubclass(cls, Rng):
        return lambda v: {"rng": cast(Rng, v).state}
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
    if dataclasses.is_dataclass(cls):
        names = sorted(f.name for f in dataclasses.fields(cls) if not f.name.startswith("_"))
        return _fields_plan(names, with_dict=False)
    slots: set[str] = set()
    for klass in cls.__mro__:
        declared = klass.__dict__.get("__slots__", ())
        slots.update((declared,) if isinstance(declared, str) else declared)
    has_dict = any("__dict__" in klass.__dict__ for klass in cls.__mro__ if klass is not object)
    names = sorted(n for n in slots if not n.startswith("_"))
    if not names and not has_dict:
        return _refuse(cls)
    return _fields_plan(names, with_dict=has_dict)


def _refuse(cls: type) -> _Walk:
    def refuse(value: object) -> Canon:
        raise TypeError(f"cannot put {cls.__name__} in canonical form")

    return refuse


def _fields_plan(names: list[str], with_dict: bool) -> _Walk:
    """Objects as dicts of their public fields: fixed names (dataclass fields, slots) plus,
    for classes with instance dicts, whatever public attributes the instance holds.  An unset
    slot is left out."""
    grab = operator.attrgetter(*names) if names else None
    single = len(names) == 1

    def slow(value: object) -> Canon:
        found: dict[str, object] = {}
        for name in names:
            v = getattr(value, name, _MISSING)
            if v is not _MISSING:
                found[name] = v
        if with_dict:
            found.update((n, v) for n, v in vars(value).items() if not n.startswith("_"))
        get = _WALK.get
        return {n: (get(type(v)) or _learn(type(v)))(v) for n, v in sorted(found.items())}

    if with_dict and not names:

        def walk_dict(value: object) -> Canon:
            get, scalars = _WALK.get, _SCALARS
            return {
                n: v if type(v) in scalars else (get(type(v)) or _learn(type(v)))(v)
                for n, v in sorted(vars(value).items())
                if n[:1] != "_"
            }

        return walk_dict
    if grab is None or with_dict:
        return slow

    def walk_fields(value: object) -> Canon:
        try:
            values = (grab(value),) if single else grab(value)
        except AttributeError:
            return slow(value)
        get, scalars = _WALK.get, _SCALARS
        return {
            n: v if type(v) in scalars else (get(type(v)) or _learn(type(v)))(v)
            for n, v in zip(names, values, strict=True)
        }

    return walk_fields
