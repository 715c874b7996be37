"""What every view part shares: frozen, slotted records that turn into plain JSON.

A part (:class:`Part` subclass) holds ids, numbers, text and other parts, never live game
objects, so it may be kept, compared and sent anywhere.  :meth:`Part.to_json` gives the JSON a
client reads: every field by name, tuples as lists, mappings as objects, parts as objects; the
server publishes the same shapes in OpenAPI (pydantic reads the dataclass fields).

>>> import dataclasses
>>> @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
... class Pair(Part):
...     name: str
...     values: tuple[int, ...] = ()
>>> Pair(name="RG", values=(30, 40)).to_json()
{'name': 'RG', 'values': [30, 40]}
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import ClassVar

from roundhouse.core.actions import Json

Cell = str | int | float | bool | None
"""One value in a table cell or a fact: text, a number, yes/no, or nothing."""

_NAMES: dict[type, tuple[str, ...]] = {}
_SCALARS = frozenset({type(None), bool, int, float, str})


def plain(value: object) -> Json:
    """``value`` as plain JSON: parts and dataclasses as objects, tuples and lists as lists,
    mappings as objects with text keys, enums as their values."""
    kind = type(value)
    if kind in _SCALARS:
        return value  # type: ignore[return-value]
    if isinstance(value, Part):
        return value.to_json()
    if isinstance(value, tuple | list | frozenset | set):
        items = sorted(value) if isinstance(value, frozenset | set) else value
        return [plain(v) for v in items]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"{value!r} is not part of a view")


def plain_object(doc: Mapping[str, object]) -> dict[str, Json]:
    """A mapping of plain values (a step's view) as a JSON object."""
    return {str(k): plain(v) for k, v in doc.items()}


class Part:
    """Base of every view record (frozen, slotted dataclasses); see the module docstring."""

    __slots__ = ()
    __pydantic_config__: ClassVar[dict[str, object]] = {"use_attribute_docstrings": True}
    """Lets pydantic (the server's OpenAPI document) describe each field by its docstring;
    core itself does not use pydantic."""

    def to_json(self) -> dict[str, Json]:
        """Every field by name, as plain JSON."""
        cls = type(self)
        names = _NAMES.get(cls)
        if names is None:
            names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(self))  # type: ignore[arg-type]
        out: dict[str, Json] = {}
        for name in names:
            value = getattr(self, name)
            out[name] = value if type(value) in _SCALARS else plain(value)
        return out
