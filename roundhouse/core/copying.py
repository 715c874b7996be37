"""Deep copies of game states, as :func:`copy.deepcopy` makes them, only faster.

Snapshots, undo and every clone a bot or search tries copy the whole state, so the copy is on
the hot path of search (issue #16: the greedy bot spent most of its decision time copying).
:func:`copy.deepcopy` reaches a plain object through the reduce protocol
(``__reduce_ex__``, ``copyreg.__newobj__``, a state dict rebuilt key by key), several Python
calls per object.  :func:`deep_copy` gives the same result (the same objects shared, the
same objects copied, the same order in every dict and set) with a dispatch table decided once
per type:

* atomic values (numbers, text, classes, functions, enum members) are themselves;
* lists, dicts, sets and tuples are copied item by item (a tuple whose items all copy to
  themselves is itself, as :func:`copy.deepcopy` does);
* an object of a class that keeps its fields in its instance dict and leaves the copy and
  pickle protocols alone is a new instance of the class with a copy of that dict;
* everything else (a class with its own ``__deepcopy__``, slots, ``__reduce__``,
  ``__getstate__`` …) is handed to :func:`copy.deepcopy` with the same memo, so a custom
  copy (the board's, a static value's) is honoured and an object reached twice stays one.

``tests/core/test_copying.py`` holds it to :func:`copy.deepcopy` on states of every title.
"""

from __future__ import annotations

import copy
import copyreg
import enum
from collections.abc import Callable
from typing import Any, TypeVar, cast

from roundhouse.core.derived import Derived
from roundhouse.core.static import Static

T = TypeVar("T")

_Copier = Callable[[Any, dict[int, Any]], Any]

_deepcopy_dispatch = cast("dict[type, object]", copy._deepcopy_dispatch)  # type: ignore[attr-defined]
_deepcopy_atomic = copy._deepcopy_atomic  # type: ignore[attr-defined]


def deep_copy(value: T, memo: dict[int, Any] | None = None) -> T:
    """A deep copy of ``value`` equal to ``copy.deepcopy(value, memo)``."""
    if memo is None:
        memo = {}
    return cast(T, _copy(value, memo))


def _copy(value: Any, memo: dict[int, Any]) -> Any:
    cls = type(value)
    copier = _PLANS.get(cls)
    if copier is None:
        copier = _learn(cls)
    if copier is _atomic:
        return value
    found = memo.get(id(value), memo)
    if found is not memo:
        return found
    return copier(value, memo)


def _atomic(value: Any, memo: dict[int, Any]) -> Any:
    return value


def _list(value: list[Any], memo: dict[int, Any]) -> list[Any]:
    out: list[Any] = []
    memo[id(value)] = out
    plans = _PLANS
    for item in value:
        if plans.get(type(item)) is _atomic:
            out.append(item)
        else:
            out.append(_copy(item, memo))
    return out


def _dict(value: dict[Any, Any], memo: dict[int, Any]) -> dict[Any, Any]:
    out: dict[Any, Any] = {}
    memo[id(value)] = out
    plans = _PLANS
    for key, item in value.items():
        if plans.get(type(key)) is not _atomic:
            key = _copy(key, memo)
        if plans.get(type(item)) is _atomic:
            out[key] = item
        else:
            out[key] = _copy(item, memo)
    return out


def _tuple(value: tuple[Any, ...], memo: dict[int, Any]) -> tuple[Any, ...]:
    plans = _PLANS
    for item in value:
        if plans.get(type(item)) is not _atomic:
            break
    else:  # atomic items only (names, numbers): the tuple is itself, as in copy.deepcopy
        memo[id(value)] = value
        return value
    items = [_copy(item, memo) for item in value]
    # A tuple may hold itself through a mutable item: then it is in the memo by now.
    found = memo.get(id(value), memo)
    if found is not memo:
        return cast("tuple[Any, ...]", found)
    out = value if all(a is b for a, b in zip(items, value, strict=True)) else tuple(items)
    memo[id(value)] = out
    return out


def _set(value: set[Any], memo: dict[int, Any]) -> set[Any]:
    # copy.deepcopy builds the set from a list of its copied items after keeping the set
    # alive; items of a set are hashable, nearly always atomic.
    out = {_copy(item, memo) for item in list(value)}
    memo[id(value)] = out
    _keep_alive(value, memo)
    return out


def _frozenset(value: frozenset[Any], memo: dict[int, Any]) -> frozenset[Any]:
    out = frozenset([_copy(item, memo) for item in list(value)])
    memo[id(value)] = out
    _keep_alive(value, memo)
    return out


def _plain(value: Any, memo: dict[int, Any]) -> Any:
    """An object of a plain class: a new instance with a deep copy of its instance dict."""
    out = object.__new__(type(value))
    memo[id(value)] = out
    _keep_alive(value, memo)
    out.__dict__.update(_dict(value.__dict__, memo))
    return out


def _slotted(names: tuple[str, ...]) -> _Copier:
    """Objects of a class that keeps its fields in slots: a new instance with a deep copy of
    each slot that is set (in the order :func:`copyreg._slotnames` gives them)."""
    setter = object.__setattr__

    def copy_slots(value: Any, memo: dict[int, Any]) -> Any:
        out = object.__new__(type(value))
        memo[id(value)] = out
        _keep_alive(value, memo)
        plans = _PLANS
        for name in names:
            try:
                item = getattr(value, name)
            except AttributeError:
                continue
            if plans.get(type(item)) is not _atomic:
                item = _copy(item, memo)
            setter(out, name, item)
        return out

    return copy_slots


def _fallback(value: Any, memo: dict[int, Any]) -> Any:
    return copy.deepcopy(value, memo)


def _keep_alive(value: Any, memo: dict[int, Any]) -> None:
    """Hold ``value`` for as long as the memo lives, as :func:`copy.deepcopy` does, so no id
    in the memo is reused by a new object during the copy."""
    try:
        memo[id(memo)].append(value)
    except KeyError:
        memo[id(memo)] = [value]


_SELF_COPIES = frozenset({Static.__deepcopy__, Derived.__deepcopy__, enum.Enum.__deepcopy__})
"""``__deepcopy__`` methods that hand out the object itself (static data, the derived-data
cache, enum members): their objects are atomic here."""

_PLANS: dict[type, _Copier] = {
    list: _list,
    dict: _dict,
    tuple: _tuple,
    set: _set,
    frozenset: _frozenset,
}


def _learn(cls: type) -> _Copier:
    plan = _plan(cls)
    _PLANS[cls] = plan
    return plan


def _plan(cls: type) -> _Copier:
    if _deepcopy_dispatch.get(cls) is _deepcopy_atomic or issubclass(cls, type):
        return _atomic
    if getattr(cls, "__deepcopy__", None) in _SELF_COPIES:
        return _atomic
    if not _default_protocol(cls):
        return _fallback
    if _slotless(cls):
        return _plain
    names = _slot_names(cls)
    if names is not None:
        return _slotted(names)
    return _fallback


_HOOKS = (
    "__deepcopy__",
    "__reduce__",
    "__reduce_ex__",
    "__getstate__",
    "__setstate__",
    "__getnewargs__",
    "__getnewargs_ex__",
)


def _default_protocol(cls: type) -> bool:
    """Does :func:`copy.deepcopy` copy instances of ``cls`` by the default reduce protocol
    (a new object from ``object.__new__``, then its instance dict and slots set)?  Yes when
    nothing in the class changes the copy or pickle protocol."""
    if cls.__module__ == "builtins" or cls in _deepcopy_dispatch or cls in copyreg.dispatch_table:
        return False
    for hook in _HOOKS:
        own = getattr(cls, hook, None)
        if own is not None and own is not getattr(object, hook, None):
            return False
    return cast(object, cls.__new__) is object.__new__


def _slot_names(cls: type) -> tuple[str, ...] | None:
    """Every slot of ``cls`` and its bases, as :func:`copyreg._slotnames` lists them; None
    when its instances also have a dict (then :func:`copy.deepcopy` is asked)."""
    if any("__dict__" in klass.__dict__ for klass in cls.__mro__ if klass is not object):
        return None
    names = copyreg._slotnames(cls)  # type: ignore[attr-defined]
    return tuple(n for n in names if n not in ("__dict__", "__weakref__"))


def _slotless(cls: type) -> bool:
    """Instances keep every field in their dict: some class has one, none declares slots."""
    if not any("__dict__" in klass.__dict__ for klass in cls.__mro__ if klass is not object):
        return False
    return not any(klass.__dict__.get("__slots__") for klass in cls.__mro__)
