"""The action vocabulary's base class and its JSON codec.

Actions are the log format: frozen dataclasses holding ids, never live objects.  Every action
names the ``player`` (seat) who made it.  A title lists its action classes; the codec turns
``{"kind": "bid", "player": "Ann", "company": "PRR", "amount": 7}`` into a ``Bid`` and back.
A released ``kind`` never changes, and new fields get defaults so old logs still load.

A field's type hint may carry checks (``typing.Annotated``): :class:`Span` bounds a whole number
when the action is read, and :class:`Known` says the text names something of the game (a
company, a hex, a tile ...), which the game looks up before the title sees the action
(:meth:`ActionCodec.check_known`).  So a malformed name or number is refused in one place, with
the field named, whatever the title and the step:

>>> from roundhouse.core.flow.actions import LayTile
>>> codec = ActionCodec([LayTile])
>>> lay = {"kind": "lay_tile", "player": "Ann", "entity": "RG", "hex": "E11", "tile": "57"}
>>> codec.decode({**lay, "rotation": 7})
Traceback (most recent call last):
roundhouse.core.errors.MalformedAction: lay_tile.rotation: 7 is out of range (0 to 5)
>>> codec.check_known(codec.decode({**lay, "hex": "Z99", "rotation": 2}), lambda k, v: v != "Z99")
Traceback (most recent call last):
roundhouse.core.errors.MalformedAction: lay_tile.hex: 'Z99' is no hex of this game
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Annotated, ClassVar

from roundhouse.core.errors import MalformedAction
from roundhouse.core.ids import PlayerId

Json = None | bool | int | float | str | list["Json"] | dict[str, "Json"]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """Base of every action; ``repr`` is a call you can paste back, ``str`` is table talk."""

    kind: ClassVar[str] = "action"
    player: PlayerId
    """The seat that makes the move (a company's actions are made by its president)."""

    def to_json(self) -> dict[str, Json]:
        """Plain JSON: the ``kind`` plus every field, tuples as lists."""
        cls = type(self)
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(self))
        doc: dict[str, Json] = {"kind": self.kind}
        for name in names:
            value = getattr(self, name)
            doc[name] = value if type(value) in _JSON_SCALARS else _to_json(value)
        return doc

    def __str__(self) -> str:
        parts = [
            f"{f.name}={getattr(self, f.name)}"
            for f in dataclasses.fields(self)
            if f.name != "player"
        ]
        return f"{self.player}: {self.kind} {' '.join(parts)}".rstrip()


@dataclasses.dataclass(frozen=True, slots=True)
class Span:
    """Field check: a whole number from ``low`` to ``high`` (None: unbounded), e.g. a tile's
    rotation 0-5; checked when an action is read."""

    low: int | None = None
    high: int | None = None

    def check(self, value: object, where: str) -> None:
        assert isinstance(value, int)
        if (self.low is None or value >= self.low) and (self.high is None or value <= self.high):
            return
        if self.high is None:
            bounds = f"at least {self.low}"
        elif self.low is None:
            bounds = f"at most {self.high}"
        else:
            bounds = f"{self.low} to {self.high}"
        raise MalformedAction(f"{where}: {value!r} is out of range ({bounds})")


@dataclasses.dataclass(frozen=True, slots=True)
class Known:
    """Field check: the text names a ``kind`` of thing the game has ("company", "hex",
    "tile", "train", "share" ...); the game asks its title (:meth:`TitleState.knows`).  The
    field's default (``""`` for "none") is always allowed."""

    kind: str


Knows = Callable[[str, str], bool]
"""``knows(kind, value)``: whether the game has a ``kind`` named ``value``."""


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""Each action class's field names, looked up once (``to_json`` runs for every saved action)."""
_JSON_SCALARS = frozenset({type(None), bool, int, float, str})


def _to_json(value: object) -> Json:
    if isinstance(value, tuple | list):
        return [_to_json(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"action field value {value!r} is not JSON-able")


Coerce = Callable[[object, str], object]
"""Checks one field value (and turns JSON lists into tuples); the text names the field."""


class ActionCodec:
    """Decodes JSON documents into the action classes of one title, checking every field.

    Every :meth:`Game.apply` decodes, and :func:`load` decodes every action of a save file, so
    what each field needs (its type hint turned into a checking function, the field names,
    which fields may be left out) is worked out once per action class, not per document.
    """

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self.classes: dict[str, type[Action]] = {}
        self._plans: dict[str, _Plan] = {}
        for cls in classes:
            if cls.kind in self.classes:
                raise ValueError(f"two action classes use the kind {cls.kind!r}")
            self.classes[cls.kind] = cls
            self._plans[cls.kind] = _Plan(cls)

    def decode(self, doc: object) -> Action:
        """Build an action from JSON, or raise :class:`MalformedAction` naming what is wrong."""
        if isinstance(doc, Action):
            if self.classes.get(doc.kind) is not type(doc):
                raise MalformedAction(f"{doc.kind!r} is not an action of this game")
            # An action built in Python skipped the reading checks: run them on its fields
            # (plain text and whole-number fields of the right type need none).
            for name, where, coerce, plain in self._plans[doc.kind].checks:
                value = getattr(doc, name)
                if type(value) is not plain and coerce(value, where) != value:
                    raise MalformedAction(f"{where}: expected a tuple, got {value!r}")
            return doc
        if not isinstance(doc, Mapping):
            raise MalformedAction(f"an action must be a JSON object, not {type(doc).__name__}")
        kind = doc.get("kind")
        plan = self._plans.get(kind) if isinstance(kind, str) else None
        if plan is None:
            known = ", ".join(sorted(self.classes))
            raise MalformedAction(f"unknown action kind {kind!r}; this game knows: {known}")
        if not plan.allowed.issuperset(doc):
            extra = set(doc) - plan.allowed
            raise MalformedAction(f"{kind}: unknown field(s) {', '.join(sorted(map(str, extra)))}")
        values: dict[str, object] = {}
        for name, where, coerce, required in plan.fields:
            if name in doc:
                values[name] = coerce(doc[name], where)
            elif required:
                raise MalformedAction(f"{kind}: missing field {name!r}")
        try:
            return plan.cls(**values)  # type: ignore[arg-type]
        except (TypeError, ValueError) as exc:
            raise MalformedAction(f"{kind}: {exc}") from exc

    def check_known(self, action: Action, knows: Knows) -> None:
        """Refuse ``action`` if a :class:`Known` field names nothing the game has."""
        known = self._plans[action.kind].known
        if not known:
            return
        for name, where, kind, default in known:
            value = getattr(action, name)
            for item in value if isinstance(value, tuple) else (value,):
                if item != default and not knows(kind, item):
                    raise MalformedAction(f"{where}: {item!r} is no {kind} of this game")

    def kinds(self) -> list[str]:
        return sorted(self.classes)


class _Plan:
    """What decoding one action class needs, worked out once."""

    __slots__ = ("allowed", "checks", "cls", "fields", "known")

    def __init__(self, cls: type[Action]) -> None:
        hints = typing.get_type_hints(cls, include_extras=True)
        self.cls = cls
        self.fields: tuple[tuple[str, str, Coerce, bool], ...] = tuple(
            (
                f.name,
                f"{cls.kind}.{f.name}",
                coercer(hints[f.name]),
                f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
            )
            for f in dataclasses.fields(cls)
        )
        self.allowed = frozenset([*(f[0] for f in self.fields), "kind"])
        self.checks: tuple[tuple[str, str, Coerce, type | None], ...] = tuple(
            (name, where, coerce, _PLAIN.get(coerce)) for name, where, coerce, _ in self.fields
        )
        """The field checks for an action built in Python, with the one type each accepts
        as it is (None: always check)."""
        self.known: tuple[tuple[str, str, str, object], ...] = tuple(
            (f.name, f"{cls.kind}.{f.name}", kind, f.default)
            for f in dataclasses.fields(cls)
            for kind in _known_kinds(hints[f.name])
        )


def _known_kinds(hint: object) -> list[str]:
    """The :class:`Known` kinds of a field's hint (or of its items, for a tuple)."""
    if typing.get_origin(hint) is tuple:
        return [
            k for arg in typing.get_args(hint) if arg is not Ellipsis for k in _known_kinds(arg)
        ]
    if typing.get_origin(hint) is not Annotated:
        return []
    return [m.kind for m in typing.get_args(hint)[1:] if isinstance(m, Known)]


def coercer(hint: object) -> Coerce:
    """The checking function for a field's type hint (see :func:`_coerce` for the rules).

    Plain ``str``, ``int`` and ``bool`` fields and literals (nearly all fields) get direct
    checks; any other hint falls back to :func:`_coerce`, which reads the hint on each call.
    """
    supertype = getattr(hint, "__supertype__", None)
    if supertype is not None:
        return coercer(supertype)
    if typing.get_origin(hint) is Annotated:
        base, *metadata = typing.get_args(hint)
        return _annotated(coercer(base), tuple(metadata))
    if hint is str:
        return _coerce_str
    if hint is int:
        return _coerce_int
    if hint is bool:
        return _coerce_bool
    if typing.get_origin(hint) is typing.Literal:
        return _literal(typing.get_args(hint))
    return lambda value, where: _coerce(value, hint, where)


def _annotated(base: Coerce, metadata: tuple[object, ...]) -> Coerce:
    spans = [m for m in metadata if isinstance(m, Span)]
    if not spans:
        return base

    def coerce_span(value: object, where: str) -> object:
        value = base(value, where)
        for span in spans:
            span.check(value, where)
        return value

    return coerce_span


def _literal(args: tuple[object, ...]) -> Coerce:
    def coerce_literal(value: object, where: str) -> object:
        if value in args:
            return value
        raise MalformedAction(f"{where}: {value!r} is not one of {list(args)}")

    return coerce_literal


def _coerce_str(value: object, where: str) -> object:
    if type(value) is str or isinstance(value, str):
        return value
    raise MalformedAction(f"{where}: expected text, got {value!r}")


def _coerce_int(value: object, where: str) -> object:
    if type(value) is int or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise MalformedAction(f"{where}: expected a whole number, got {value!r}")


def _coerce_bool(value: object, where: str) -> object:
    if isinstance(value, bool):
        return value
    raise MalformedAction(f"{where}: expected true/false, got {value!r}")


_PLAIN: dict[Coerce, type] = {_coerce_str: str, _coerce_int: int, _coerce_bool: bool}
"""Checks that pass every value of exactly this type unchanged."""


def _coerce(value: object, hint: object, where: str) -> object:
    """Check ``value`` against a field's type hint; JSON lists become tuples."""
    supertype = getattr(hint, "__supertype__", None)
    if supertype is not None:
        return _coerce(value, supertype, where)
    origin = typing.get_origin(hint)
    if origin is Annotated:
        base, *metadata = typing.get_args(hint)
        return _annotated(lambda v, w: _coerce(v, base, w), tuple(metadata))(value, where)
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
