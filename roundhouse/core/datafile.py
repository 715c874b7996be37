"""Data files: TOML read against a declared schema, with errors that name file, line and key.

A schema is a frozen dataclass deriving from :class:`Table`: its fields are the keys, their
types say what each value must be, their defaults make keys optional, and the attribute
docstrings are the documentation (``docs/data-format.md`` is generated from them by
:mod:`roundhouse.datadoc`).  A key the schema does not declare is an error, so a typo never
passes silently; a title that needs more keys declares a subclass with them.

Value types a schema may use (anything else is a programming error, raised as TypeError):

* ``int``, ``float``, ``str``, ``bool``: the TOML value of that kind (an int is never a bool);
* ``Annotated[int, Range(lo, hi)]``: a whole number within bounds (:data:`Amount`,
  :data:`Edge`);
* ``Literal["a", "b"]``: one of the words (:data:`Unlimited` is ``"unlimited"``);
* an :class:`enum.Enum`: its value (with a ``parse`` classmethod: what that reads, so
  ``Colour`` takes "yellow" or "grey");
* a class with ``parse`` and ``toml_form``: a string that class reads (a hex border,
  "2 river 10");
* ``tuple[X, ...]``, ``list[X]``, ``frozenset[X]``: an array of X; ``tuple[X, Y]``: an array
  of exactly these;
* ``Mapping[str, X]``: a table of X by key (``Mapping[int, X]``: keys "2", "3" ...);
* a :class:`Table` subclass: a table or an inline table, read by its own schema;
* ``X | Y``, ``X | None``: either; ``None`` only as a default (TOML has no null).

A table checks what involves several of its keys in ``__post_init__`` and raises
:class:`Invalid` naming the key.  Code that builds core records from loaded tables reports a
problem through :meth:`Table.fail` or inside :meth:`Table.located`, so those errors carry the
line too.

Every error is a :class:`DataError`; its message is ``FILE:LINE: WHERE: PROBLEM``::

    roundhouse/titles/g18royalgorge/trains.toml:42: [[trains]] 3rd entry, key 'price':
        expected a whole number, got "80"

tomllib gives no positions, so :class:`Text` scans the file once for the line of every table
header, array-of-tables entry, key and array item; a key that is missing is reported at its
table's line.

A file on disk must open with its source header (STYLE.md "Data files carry a source
header")::

    # <what the file holds>
    # source: <where the facts come from>
    # checked: <when, against what, by which tests>

:func:`load` checks it and keeps it (:attr:`Text.header`).

>>> from roundhouse.core.tables.trains import TrainsFile
>>> text = '''
... [[trains]]
... name = "2"
... price = 80
... count = 5
...
... [[trains]]
... name = "3"
... price = "180"
... count = 4
... '''
>>> try:
...     read(TrainsFile, tomllib.loads(text), source="trains.toml", text=text)
... except DataError as err:
...     print(err.file, err.line, err.where, sep=" | ")
...     print(err.problem)
trains.toml | 9 | [[trains]] 2nd entry, key 'price'
expected a whole number ≥ 0, got "180"

``str(err)`` joins the parts: ``trains.toml:9: [[trains]] 2nd entry, key 'price': expected ...``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import difflib
import enum
import json
import re
import tomllib
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Annotated, Literal, TypeVar

from roundhouse.core.datatext import Header, Key, KeyPath, Text, header_entries

T = TypeVar("T", bound="Table")


class DataError(ValueError):
    """A data file that cannot be read: the message names the file, the line, the key and
    the problem (``file``, ``line``, ``where`` and ``problem`` hold the parts)."""

    def __init__(
        self, problem: str, *, file: str | None = None, line: int | None = None, where: str = ""
    ) -> None:
        self.problem = problem
        self.file = file
        self.line = line
        self.where = where
        super().__init__(self.message)

    @property
    def message(self) -> str:
        place = self.file or ""
        if place and self.line is not None:
            place = f"{place}:{self.line}"
        parts = [p for p in (place, self.where) if p]
        return ": ".join([*parts, self.problem])

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (type(self), self.problem, self.file, self.line, self.where))


def _rebuild(
    cls: type[DataError], problem: str, file: str | None, line: int | None, where: str
) -> DataError:
    return cls(problem, file=file, line=line, where=where)


class Invalid(ValueError):
    """Raised by a table's ``__post_init__`` (or a ``parse`` classmethod): ``problem`` with
    the key path, relative to the table, that it is about (empty: the table itself)."""

    def __init__(self, problem: str, *key: Key) -> None:
        self.problem = problem
        self.key: KeyPath = key
        super().__init__(problem)


@dataclasses.dataclass(frozen=True, slots=True)
class Range:
    """``Annotated`` bound for a whole number: ``lo <= value`` and, if given, ``value <= hi``."""

    lo: int
    hi: int | None = None

    def describe(self) -> str:
        return f"≥ {self.lo}" if self.hi is None else f"{self.lo}-{self.hi}"


Amount = Annotated[int, Range(0)]
"""A whole number, 0 or more: money, counts, percentages."""

Edge = Annotated[int, Range(0, 5)]
"""A hex edge, 0-5 clockwise (core/hexgrid.py)."""

Unlimited = Literal["unlimited"]
"""The word for "no limit" where a count would go (a train type or tile that never runs out)."""


def limit(value: int | str) -> int | None:
    """A count read as ``int | Unlimited``: None for "unlimited"."""
    return value if isinstance(value, int) else None


TOML_KEY = "toml_key"
"""Field metadata naming a TOML key that is not a Python name: ``dataclasses.field(
metadata={TOML_KEY: "18xx_games"}, default_factory=dict)`` reads ``[manifest.18xx_games]``."""


# --- the source header -------------------------------------------------------------------------


def read_header(name: str, text: str) -> Header:
    """The ``# source:`` and ``# checked:`` entries of the comments that open the file; an
    error if either is missing."""
    entries = header_entries(text)
    missing = [k for k in ("source", "checked") if not entries.get(k)]
    if missing:
        raise DataError(
            f"the opening comments have no {' or '.join(repr(k + ':') for k in missing)} entry "
            "(every data file names its source and how it was checked)",
            file=name,
            line=1,
        )
    return Header(entries["source"], entries["checked"])


def _error(text: Text, path: KeyPath, problem: str, cls: type[DataError] = DataError) -> DataError:
    return cls(problem, file=text.name, line=text.line(path), where=text.where(path))


# --- schemas -------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Location:
    """Where a table was read from: its document and key path."""

    text: Text
    path: KeyPath


@dataclasses.dataclass(frozen=True, kw_only=True)
class Table:
    """Base of every schema: a TOML table read by :func:`read` or :func:`load`.

    A loaded table remembers where it came from (:func:`location_of`), so code that builds core
    records from it can report a problem at the right line (:meth:`fail`, :meth:`located`).
    """

    def __post_init__(self) -> None:
        """Checks that involve several keys: a schema overrides it, calls
        ``super().__post_init__()`` first, and raises :class:`Invalid` naming the key."""

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        """Frozen and never changed: copies of a game share it."""
        return self

    def __getstate__(self) -> dict[str, object]:
        """Pickled without its location (the whole document it was read from)."""
        return {k: v for k, v in self.__dict__.items() if k != "_location"}

    def fail(self, problem: str, *key: Key) -> DataError:
        """An error about this table (or its ``key``) for the caller to raise."""
        loc = location_of(self)
        if loc is None:
            where = type(self).__name__ + "".join(f", key {k!r}" for k in key)
            return DataError(problem, where=where)
        return _error(loc.text, (*loc.path, *key), problem)

    @contextlib.contextmanager
    def located(self, *key: Key) -> Iterator[None]:
        """Turn a ValueError raised while building from this table into a :class:`DataError`
        at this table (or its ``key``); an :class:`Invalid` names its own key below that."""
        try:
            yield
        except Invalid as exc:
            raise self.fail(exc.problem, *key, *exc.key) from None
        except DataError as exc:
            if exc.file is not None:
                raise
            raise _relocate(exc, self.fail(exc.problem, *key)) from None
        except ValueError as exc:
            raise self.fail(str(exc), *key) from None


def location_of(table: Table) -> Location | None:
    """Where a table was read from; None for one made in code."""
    found = table.__dict__.get("_location")
    return found if isinstance(found, Location) else None


def _relocate(original: DataError, located: DataError) -> DataError:
    """``located``'s place with ``original``'s class (a TileError stays a TileError)."""
    return type(original)(
        original.problem, file=located.file, line=located.line, where=located.where
    )


def replace(table: T, **changes: object) -> T:
    """:func:`dataclasses.replace` that keeps where the table was read from."""
    out = dataclasses.replace(table, **changes)
    loc = location_of(table)
    if loc is not None:
        object.__setattr__(out, "_location", loc)
    return out


def load(path: Path, schema: type[T], *, name: str | None = None) -> T:
    """Read a data file: parse it, check its source header, and read it against ``schema``.

    ``name`` is how errors name the file; default its path from the repository root."""
    label = name or display_name(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"cannot read the file: {exc.strerror}", file=label) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _syntax_error(label, text, exc) from None
    header = read_header(label, text)
    return _read(schema, Text(label, data, text, header))


def read(schema: type[T], data: Mapping[str, object], *, source: str, text: str | None = None) -> T:
    """Read an already parsed document (``source`` names it in errors; with its ``text``
    errors give lines too)."""
    return _read(schema, Text(source, data, text))


def display_name(path: Path) -> str:
    """A data file's path from the repository root when it is inside the package."""
    root = Path(__file__).resolve().parents[2]
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return str(path)


_AT_LINE = re.compile(r"\(at line (\d+), column \d+\)$")


def _syntax_error(name: str, text: str, exc: tomllib.TOMLDecodeError) -> DataError:
    message = str(exc)
    m = _AT_LINE.search(message)
    line = int(m.group(1)) if m else None
    if m is None and message.endswith("(at end of document)"):
        line = text.count("\n") + (0 if text.endswith("\n") else 1)
        message = message.removesuffix("(at end of document)") + "at the end of the file"
    problem = message[: m.start()].strip() if m else message
    return DataError(f"not valid TOML: {problem}", file=name, line=line)


def _read(schema: type[T], text: Text) -> T:
    if not isinstance(text.data, Mapping):
        raise _error(text, (), "expected a TOML document")
    return _table(schema, text.data, text, ())


_FIELDS: dict[type[Table], tuple[SchemaField, ...]] = {}


def schema_fields(schema: type[Table]) -> tuple[SchemaField, ...]:
    """The keys of a schema, in declaration order."""
    cached = _FIELDS.get(schema)
    if cached is not None:
        return cached
    if not (isinstance(schema, type) and issubclass(schema, Table)):
        raise TypeError(f"{schema!r} is not a Table schema")
    hints = typing.get_type_hints(schema, include_extras=True)
    out: list[SchemaField] = []
    for f in dataclasses.fields(schema):
        if not f.init:
            continue
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        default: object = None
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        key = str(f.metadata.get(TOML_KEY, f.name))
        out.append(SchemaField(f.name, key, hints[f.name], required, default))
    _FIELDS[schema] = tuple(out)
    return _FIELDS[schema]


@dataclasses.dataclass(frozen=True)
class SchemaField:
    """One key of a schema: its Python name, TOML key, type, and default when optional."""

    name: str
    key: str
    type: object
    required: bool
    default: object


def _table(schema: type[T], raw: Mapping[str, object], text: Text, path: KeyPath) -> T:
    fields = schema_fields(schema)
    by_key = {f.key: f for f in fields}
    for key in raw:
        if key not in by_key:
            close = difflib.get_close_matches(key, list(by_key), n=1)
            hint = (
                f"; did you mean {close[0]!r}?"
                if close
                else f"; the keys are {', '.join(by_key) or 'none'}"
            )
            what = "table" if isinstance(raw[key], Mapping) else "key"
            raise _error(text, (*path, key), f"unknown {what}{hint}")
    kwargs: dict[str, object] = {}
    for f in fields:
        if f.key in raw:
            kwargs[f.name] = _value(f.type, raw[f.key], text, (*path, f.key))
        elif f.required:
            raise _error(text, path, f"missing key {f.key!r} ({describe_type(f.type)})")
    factory: Callable[..., T] = schema
    try:
        out = factory(**kwargs)
    except Invalid as exc:
        raise _error(text, (*path, *exc.key), exc.problem) from None
    except DataError as exc:
        if exc.file is not None:
            raise
        raise _relocate(exc, _error(text, path, exc.problem)) from None
    except ValueError as exc:
        raise _error(text, path, str(exc)) from None
    object.__setattr__(out, "_location", Location(text, path))
    return out


def show(value: object) -> str:
    """A value as TOML writes it, shortened: ``"80"``, ``true``, ``[1, 2]``, ``a table``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        out = json.dumps(value, ensure_ascii=False)
    elif isinstance(value, Mapping):
        return "a table"
    elif isinstance(value, list):
        out = "[" + ", ".join(show(v) for v in value) + "]"
    else:
        out = str(value)
    return out if len(out) <= 60 else out[:57] + "..."


def _unwrap(tp: object) -> tuple[object, tuple[object, ...]]:
    """A type without its ``Annotated`` wrapper, and the metadata."""
    if typing.get_origin(tp) is Annotated:
        base, *meta = typing.get_args(tp)
        return base, tuple(meta)
    return tp, ()


def _is_union(tp: object) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType)


def _parser(tp: object) -> Callable[[str], object] | None:
    parse = getattr(tp, "parse", None)
    if isinstance(tp, type) and callable(parse) and not issubclass(tp, Table):
        return typing.cast(Callable[[str], object], parse)
    return None


def _hint(tp: object, raw: object) -> str:
    """(did you mean "doubling"?)" for a misspelt word."""
    words: list[str] = []
    if typing.get_origin(tp) is Literal:
        words = [str(v) for v in typing.get_args(tp)]
    elif isinstance(tp, type) and issubclass(tp, enum.Enum):
        words = _words(tp)
    if not isinstance(raw, str) or not words:
        return ""
    close = difflib.get_close_matches(raw, words, n=1)
    return f" (did you mean {json.dumps(close[0])}?)" if close else ""


def _is_container(tp: object) -> bool:
    """Tables and arrays report their own, deeper errors inside a union."""
    base, _ = _unwrap(tp)
    return typing.get_origin(base) in (tuple, list, frozenset, Mapping, dict) or (
        isinstance(base, type) and issubclass(base, Table)
    )


def _kind_fits(tp: object, raw: object) -> bool:
    """Whether ``raw`` is the kind of TOML value ``tp`` reads (before looking closer)."""
    base, _ = _unwrap(tp)
    origin = typing.get_origin(base)
    if base is type(None):
        return False
    if base is bool:
        return isinstance(raw, bool)
    if base is int:
        return isinstance(raw, int) and not isinstance(raw, bool)
    if base is float:
        return isinstance(raw, int | float) and not isinstance(raw, bool)
    if base is str:
        return isinstance(raw, str)
    if origin is Literal:
        return any(type(raw) is type(v) and raw == v for v in typing.get_args(base))
    if origin in (tuple, list, frozenset):
        return isinstance(raw, list)
    if origin in (Mapping, dict) or (isinstance(base, type) and issubclass(base, Table)):
        return isinstance(raw, Mapping)
    if (isinstance(base, type) and issubclass(base, enum.Enum)) or _parser(base) is not None:
        return isinstance(raw, str)
    if _is_union(base):
        return any(_kind_fits(m, raw) for m in typing.get_args(base))
    raise TypeError(f"a schema cannot use the type {base!r}")


def _value(tp: object, raw: object, text: Text, path: KeyPath) -> object:
    base, meta = _unwrap(tp)
    origin = typing.get_origin(base)
    if _is_union(base):
        members = [m for m in typing.get_args(base) if m is not type(None)]
        fitting = [m for m in members if _kind_fits(m, raw)]
        last: DataError | None = None
        for member in fitting:
            try:
                return _value(member, raw, text, path)
            except DataError as exc:
                last = exc
        if last is not None and len(fitting) == 1 and _is_container(fitting[0]):
            raise last
        raise _error(text, path, f"expected {describe_type(base)}, got {show(raw)}")
    if not _kind_fits(base, raw):
        raise _error(text, path, f"expected {describe_type(tp)}, got {show(raw)}{_hint(base, raw)}")
    if base is float:
        return float(typing.cast(float, raw))
    if base in (int, str, bool):
        for m in meta:
            if (
                isinstance(m, Range)
                and isinstance(raw, int)
                and (raw < m.lo or (m.hi is not None and raw > m.hi))
            ):
                raise _error(text, path, f"expected {describe_type(tp)}, got {show(raw)}")
        return raw
    if origin is Literal:
        return raw
    if origin in (tuple, list, frozenset):
        items = typing.cast(list[object], raw)
        args = typing.get_args(base)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(items) != len(args):
                raise _error(
                    text, path, f"expected {describe_type(tp)}, got {len(items)} items: {show(raw)}"
                )
            return tuple(
                _value(a, v, text, (*path, i))
                for i, (a, v) in enumerate(zip(args, items, strict=True))
            )
        values = (_value(args[0], v, text, (*path, i)) for i, v in enumerate(items))
        return (
            tuple(values)
            if origin is tuple
            else list(values)
            if origin is list
            else frozenset(values)
        )
    if origin in (Mapping, dict):
        key_type, value_type = typing.get_args(base)
        out: dict[object, object] = {}
        for k, v in typing.cast(Mapping[str, object], raw).items():
            key: object = k
            if key_type is int:
                if not re.fullmatch(r"-?\d+", k):
                    raise _error(text, (*path, k), "expected a whole number as the key")
                key = int(k)
            out[key] = _value(value_type, v, text, (*path, k))
        return out
    if isinstance(base, type) and issubclass(base, Table):
        return _table(base, typing.cast(Mapping[str, object], raw), text, path)
    parse = _parser(base)
    if parse is not None:
        try:
            return parse(typing.cast(str, raw))
        except Invalid as exc:
            raise _error(text, path, exc.problem) from None
        except ValueError:
            raise _error(
                text, path, f"expected {describe_type(tp)}, got {show(raw)}{_hint(base, raw)}"
            ) from None
    if isinstance(base, type) and issubclass(base, enum.Enum):
        for member in base:
            if member.value == raw:
                return member
        raise _error(text, path, f"expected {describe_type(tp)}, got {show(raw)}{_hint(base, raw)}")
    raise TypeError(f"a schema cannot use the type {base!r}")  # pragma: no cover


# --- describing types (error messages and the generated documentation) ---------------------


def _words(tp: type[enum.Enum]) -> list[str]:
    if _parser(tp) is not None:
        return [m.name.lower() for m in tp]
    return [str(m.value) for m in tp]


def describe_type(
    tp: object, *, plural: bool = False, link: Callable[[type], str] | None = None
) -> str:
    """A value type in words: "a whole number ≥ 0", "an array of strings",
    ``"plus" or "doubling"``.  ``link`` names a table type (the docs link it)."""
    base, meta = _unwrap(tp)
    origin = typing.get_origin(base)
    bound = next((m for m in meta if isinstance(m, Range)), None)

    def noun(singular: str, many: str, article: str = "a") -> str:
        return many if plural else f"{article} {singular}"

    if _is_union(base):
        members = [m for m in typing.get_args(base) if m is not type(None)]
        return " or ".join(describe_type(m, plural=plural, link=link) for m in members)
    if base is int:
        out = noun("whole number", "whole numbers")
        return out if bound is None else f"{out} {bound.describe()}"
    if base is float:
        return noun("number", "numbers")
    if base is str:
        return noun("string", "strings")
    if base is bool:
        return "true or false"
    if origin is Literal:
        return _one_of([json.dumps(v) for v in typing.get_args(base)], plural=plural)
    if origin in (tuple, list, frozenset):
        args = typing.get_args(base)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if all(a == args[0] for a in args):
                inner = describe_type(args[0], plural=True, link=link)
                return noun(f"array of {len(args)} {inner}", f"arrays of {len(args)} {inner}", "an")
            inner = ", ".join(describe_type(a, link=link) for a in args)
            return noun(f"array [{inner}]", f"arrays [{inner}]", "an")
        inner = describe_type(args[0], plural=True, link=link)
        return noun(f"array of {inner}", f"arrays of {inner}", "an")
    if origin in (Mapping, dict):
        key_type, value_type = typing.get_args(base)
        keys = "by number" if key_type is int else "by key"
        inner = describe_type(value_type, plural=True, link=link)
        return noun(f"table of {inner} {keys}", f"tables of {inner} {keys}")
    if isinstance(base, type) and issubclass(base, Table):
        name = link(base) if link else base.__name__
        article = "an" if base.__name__[0] in "AEIO" else "a"
        return noun(f"{name} table", f"{name} tables", article)
    parse = _parser(base)
    if parse is not None and not (isinstance(base, type) and issubclass(base, enum.Enum)):
        form = getattr(base, "toml_form", "")
        return noun(f"string {form}".strip(), f"strings {form}".strip())
    if isinstance(base, type) and issubclass(base, enum.Enum):
        return _one_of([json.dumps(w) for w in _words(base)], plural=plural)
    return repr(base)


def _one_of(words: list[str], *, plural: bool = False) -> str:
    if len(words) <= 2:
        return " or ".join(words)
    return f"{'any' if plural else 'one'} of {', '.join(words)}"


def describe_default(value: object) -> str:
    """A default value as TOML would write it."""
    if value is None:
        return "none"
    if isinstance(value, enum.Enum):
        words = _words(type(value))
        return json.dumps(words[list(type(value)).index(value)])
    if isinstance(value, tuple | frozenset | list):
        return "[" + ", ".join(describe_default(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return (
            "{}"
            if not value
            else "{" + ", ".join(f"{k} = {describe_default(v)}" for k, v in value.items()) + "}"
        )
    return show(value)
