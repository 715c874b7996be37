"""Canonical form of a game state, for equality checks and :meth:`Game.state_hash`.

Two states that play the same have the same canonical form: dicts are sorted by key, sets are
sorted, dataclasses and slotted objects become dicts of their fields.  Fields whose name starts
with ``_`` are caches (derived data) and are left out.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json

from roundhouse.core.rng import Rng

Canon = None | bool | int | float | str | list["Canon"] | dict[str, "Canon"]


def canonical(value: object) -> Canon:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return canonical(value.value)
    if isinstance(value, Rng):
        return {"rng": value.state}
    if isinstance(value, list | tuple):
        return [canonical(v) for v in value]
    if isinstance(value, set | frozenset):
        items = [canonical(v) for v in value]
        return sorted(items, key=lambda c: json.dumps(c, sort_keys=True))
    if isinstance(value, dict):
        return {str(k): canonical(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: canonical(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if not f.name.startswith("_")
        }
    slots: list[str] = []
    for cls in type(value).__mro__:
        slots.extend(getattr(cls, "__slots__", ()))
    if slots:
        return {
            name: canonical(getattr(value, name))
            for name in sorted(set(slots))
            if not name.startswith("_") and hasattr(value, name)
        }
    if hasattr(value, "__dict__"):
        return {k: canonical(v) for k, v in sorted(vars(value).items()) if not k.startswith("_")}
    raise TypeError(f"cannot put {type(value).__name__} in canonical form")


def digest(value: object) -> str:
    """A short hex digest of the canonical form."""
    text = json.dumps(canonical(value), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
