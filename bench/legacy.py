"""The kernel's hot paths as they were before they were made fast, kept as baselines.

``bench/kernel_bench.py`` times each of these against its replacement in the same run, so the
ratios hold on any machine.  Behaviour is the same as the replacements' (the tests compare
them); only the speed differs.  Not for use outside the benchmarks.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import hashlib
import json
import types
import typing
from collections.abc import Iterable, Mapping

from roundhouse.core.actions import Action, Json
from roundhouse.core.derived import Derived, Stamp
from roundhouse.core.errors import MalformedAction
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng

Canon = None | bool | int | float | str | list["Canon"] | dict[str, "Canon"]


def canonical_v1(value: object) -> Canon:
    if isinstance(value, Derived | Stamp):
        return None
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return canonical_v1(value.value)
    if isinstance(value, Rng):
        return {"rng": value.state}
    if isinstance(value, range):
        return [value.start, value.stop, value.step]
    if isinstance(value, list | tuple):
        return [canonical_v1(v) for v in value]
    if isinstance(value, set | frozenset):
        items = [canonical_v1(v) for v in value]
        return sorted(items, key=lambda c: json.dumps(c, sort_keys=True))
    if isinstance(value, dict):
        return {
            str(k): canonical_v1(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))
        }
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: canonical_v1(getattr(value, f.name)) for f in dataclasses.fields(value)}
    slots: list[str] = []
    for cls in type(value).__mro__:
        slots.extend(getattr(cls, "__slots__", ()))
    if slots:
        return {
            name: canonical_v1(getattr(value, name))
            for name in sorted(set(slots) - {"__weakref__", "__dict__"})
            if hasattr(value, name)
        }
    if hasattr(value, "__dict__"):
        return {k: canonical_v1(v) for k, v in sorted(vars(value).items())}
    raise TypeError(f"cannot put {type(value).__name__} in canonical form")


def digest_v1(value: object) -> str:
    """A short hex digest of the canonical form."""
    text = json.dumps(canonical_v1(value), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


class ActionCodecV1:
    """The codec as it was: reads each field's type hint on every decode."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self.classes: dict[str, type[Action]] = {}
        self._hints: dict[str, dict[str, object]] = {}
        for cls in classes:
            if cls.kind in self.classes:
                raise ValueError(f"two action classes use the kind {cls.kind!r}")
            self.classes[cls.kind] = cls
            hints = typing.get_type_hints(cls)
            self._hints[cls.kind] = {f.name: hints[f.name] for f in dataclasses.fields(cls)}

    def decode(self, doc: object) -> Action:
        """Build an action from JSON, or raise :class:`MalformedAction` naming what is wrong."""
        if isinstance(doc, Action):
            if self.classes.get(doc.kind) is not type(doc):
                raise MalformedAction(f"{doc.kind!r} is not an action of this game")
            return doc
        if not isinstance(doc, Mapping):
            raise MalformedAction(f"an action must be a JSON object, not {type(doc).__name__}")
        kind = doc.get("kind")
        if not isinstance(kind, str) or kind not in self.classes:
            known = ", ".join(sorted(self.classes))
            raise MalformedAction(f"unknown action kind {kind!r}; this game knows: {known}")
        cls = self.classes[kind]
        fields = {f.name: f for f in dataclasses.fields(cls)}
        extra = set(doc) - set(fields) - {"kind"}
        if extra:
            raise MalformedAction(f"{kind}: unknown field(s) {', '.join(sorted(map(str, extra)))}")
        values: dict[str, object] = {}
        for name, field in fields.items():
            if name not in doc:
                if (
                    field.default is dataclasses.MISSING
                    and field.default_factory is dataclasses.MISSING
                ):
                    raise MalformedAction(f"{kind}: missing field {name!r}")
                continue
            values[name] = _coerce(doc[name], self._hints[kind][name], f"{kind}.{name}")
        try:
            return cls(**values)  # type: ignore[arg-type]
        except (TypeError, ValueError) as exc:
            raise MalformedAction(f"{kind}: {exc}") from exc

    def kinds(self) -> list[str]:
        return sorted(self.classes)


def _coerce(value: object, hint: object, where: str) -> object:
    """Check ``value`` against a field's type hint; JSON lists become tuples."""
    supertype = getattr(hint, "__supertype__", None)
    if supertype is not None:
        return _coerce(value, supertype, where)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        for option in args:
            try:
                return _coerce(value, option, where)
            except MalformedAction:
                continue
        raise MalformedAction(f"{where}: {value!r} is not a valid value")
    if origin is typing.Literal:
        if value in args:
            return value
        raise MalformedAction(f"{where}: {value!r} is not one of {list(args)}")
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise MalformedAction(f"{where}: expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_coerce(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise MalformedAction(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(
            _coerce(v, a, f"{where}[{i}]") for i, (v, a) in enumerate(zip(value, args, strict=True))
        )
    if hint is type(None):
        if value is None:
            return None
        raise MalformedAction(f"{where}: expected null, got {value!r}")
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise MalformedAction(f"{where}: expected true/false, got {value!r}")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise MalformedAction(f"{where}: expected a whole number, got {value!r}")
    if hint is str:
        if isinstance(value, str):
            return value
        raise MalformedAction(f"{where}: expected text, got {value!r}")
    raise TypeError(f"{where}: unsupported action field type {hint!r}")


def to_json_v1(action: Action) -> dict[str, Json]:
    """``Action.to_json`` as it was: reads the dataclass fields on every call."""
    doc: dict[str, Json] = {"kind": action.kind}
    for f in dataclasses.fields(action):
        doc[f.name] = _to_json_v1(getattr(action, f.name))
    return doc


def _to_json_v1(value: object) -> Json:
    if isinstance(value, tuple | list):
        return [_to_json_v1(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"action field value {value!r} is not JSON-able")


def restore_v1(game: Game, length: int) -> None:
    """Undo as it was: the nearest regular snapshot at or before ``length`` plus replay."""
    snapshots = {i: s for i, s in game._snapshots.items() if i % 64 == 0}
    base = max(i for i in snapshots if i <= length)
    state = copy.deepcopy(snapshots[base])
    for action in game.log[base:length]:
        state.execute(action)
    game._state = state
    del game._log[length:]
    game._legal = None


def clone_v1(game: Game) -> Game:
    """Clone as it was: a deep copy of everything (title, log and snapshots too)."""
    return copy.deepcopy(game)
