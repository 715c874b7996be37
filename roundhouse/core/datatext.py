"""Where things are in a TOML text: the line of every key, the opening header, and key paths
as a reader finds them in the file.

tomllib gives no positions, so :class:`Text` scans a document that tomllib has accepted, once,
for the line of every table header, array-of-tables entry, key and array item.  A path that
is not written in the file (a missing key) gets the line of the nearest table or key around
it.  Used by :mod:`roundhouse.core.datafile`.

>>> import tomllib
>>> src = '[[trains]]\\nname = "2"\\n\\n[[trains]]\\nname = "3"\\nprice = 80\\n'
>>> text = Text("trains.toml", tomllib.loads(src), src)
>>> text.line(("trains", 1, "price")), text.where(("trains", 1, "price"))
(6, "[[trains]] 2nd entry, key 'price'")
"""

from __future__ import annotations

import bisect
import dataclasses
import json
import re
import tomllib
from collections.abc import Mapping

Key = str | int
"""One step of a key path: a table key, or an index into an array."""

KeyPath = tuple[Key, ...]


@dataclasses.dataclass(frozen=True)
class Header:
    """What a data file's opening comment says: its source and how it was checked."""

    source: str
    checked: str


_HEADER_LABEL = re.compile(r"^ ?([A-Za-z][\w ]{0,30}):\s*(.*)$")


def header_entries(text: str) -> dict[str, str]:
    """The labelled entries of the comments that open a file (``# source: ...``), by lower-case
    label; an entry goes on over the comment lines indented under it."""
    entries: dict[str, list[str]] = {}
    current: list[str] | None = None
    for raw in text.splitlines():
        if not raw.strip():
            current = None
            continue
        if not raw.startswith("#"):
            break
        body = raw[1:]
        m = _HEADER_LABEL.match(body)
        if m is not None and not body.startswith("  "):
            current = entries.setdefault(m.group(1).strip().lower(), [])
            current.append(m.group(2).strip())
        elif current is not None and body.startswith("  "):
            current.append(body.strip())
        else:
            current = None
    return {k: " ".join(v).strip() for k, v in entries.items()}


class Text:
    """One source document: its name, its parsed form and (when read from a file) its text,
    from which the line of any key path is found."""

    __slots__ = ("_lines", "data", "header", "name", "text")

    def __init__(
        self,
        name: str,
        data: Mapping[str, object],
        text: str | None = None,
        header: Header | None = None,
    ) -> None:
        self.name = name
        self.data = data
        self.text = text
        self.header = header
        self._lines: dict[KeyPath, int] | None = None

    def line(self, path: KeyPath) -> int | None:
        """The line of ``path`` or, when it is not written in the file (a missing key), of
        the nearest table or key around it; None without text."""
        if self.text is None:
            return None
        if self._lines is None:
            self._lines = _scan(self.text)
        for end in range(len(path), -1, -1):
            found = self._lines.get(path[:end])
            if found is not None:
                return found
        return None

    def where(self, path: KeyPath) -> str:
        return describe_path(self.data, path)


_BARE = re.compile(r"^[A-Za-z0-9_-]+$")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _toml_key(key: str) -> str:
    return key if _BARE.match(key) else json.dumps(key, ensure_ascii=False)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def describe_path(data: object, path: KeyPath) -> str:
    """A key path as a reader finds it in the file: ``[[trains]] 3rd entry, key 'price'``,
    ``[railroads.KP], key 'stations', item 2``."""
    header: list[str] = []
    parts: list[str] = []
    node: object = data
    i = 0
    in_header = True
    while i < len(path):
        step = path[i]
        if isinstance(step, str):
            child = node.get(step) if isinstance(node, Mapping) else None
            nxt = path[i + 1] if i + 1 < len(path) else None
            if in_header and isinstance(child, Mapping):
                header.append(_toml_key(step))
            elif (
                in_header
                and isinstance(child, list)
                and isinstance(nxt, int)
                and child
                and all(isinstance(x, Mapping) for x in child)
            ):
                header.append(_toml_key(step))
                parts.append(f"[[{'.'.join(header)}]] {_ordinal(nxt + 1)} entry")
                in_header = False
                node = child[nxt] if nxt < len(child) else None
                i += 2
                continue
            else:
                if in_header and header:
                    parts.append(f"[{'.'.join(header)}]")
                in_header = False
                parts.append(f"key {step!r}")
            node = child
        else:
            if in_header and header:
                parts.append(f"[{'.'.join(header)}]")
            in_header = False
            item = node[step] if isinstance(node, list) and step < len(node) else None
            parts.append(
                f"{_ordinal(step + 1)} entry" if isinstance(item, Mapping) else f"item {step + 1}"
            )
            node = item
        i += 1
    if in_header and header:
        parts.append(f"[{'.'.join(header)}]")
    return ", ".join(parts)


def _scan(text: str) -> dict[KeyPath, int]:
    """Line of every table header, array-of-tables entry, key and array item in a TOML
    document that tomllib has already accepted."""
    return _Scanner(text).run()


class _Scanner:
    __slots__ = ("aot", "i", "newlines", "positions", "s")

    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.newlines = [m.start() for m in re.finditer("\n", text)]
        self.positions: dict[KeyPath, int] = {}
        self.aot: dict[KeyPath, int] = {}

    def line_at(self, pos: int) -> int:
        return bisect.bisect_left(self.newlines, pos) + 1

    def mark(self, path: KeyPath, pos: int, *, first: bool = False) -> None:
        if first and path in self.positions:
            return
        self.positions[path] = pos

    def run(self) -> dict[KeyPath, int]:
        s = self.s
        table: KeyPath = ()
        while True:
            self.skip(newlines=True)
            if self.i >= len(s):
                break
            start = self.i
            if s.startswith("[[", self.i):
                self.i += 2
                keys = self.keys()
                self.i = s.index("]]", self.i) + 2
                parent = self.resolve(keys[:-1])
                array = (*parent, keys[-1])
                index = self.aot.get(array, -1) + 1
                self.aot[array] = index
                table = (*array, index)
                self.mark(array, start, first=True)
                self.mark(table, start)
            elif s[self.i] == "[":
                self.i += 1
                keys = self.keys()
                self.i = s.index("]", self.i) + 1
                table = self.resolve(keys)
                self.mark(table, start, first=True)
            else:
                self.pair(table)
            self.skip_line()
        return {path: self.line_at(pos) for path, pos in self.positions.items()}

    def resolve(self, keys: list[str]) -> KeyPath:
        out: KeyPath = ()
        for key in keys:
            out = (*out, key)
            if out in self.aot:
                out = (*out, self.aot[out])
        return out

    def pair(self, table: KeyPath) -> None:
        start = self.i
        keys = self.keys()
        self.i = self.s.index("=", self.i) + 1
        for end in range(1, len(keys)):
            self.mark((*table, *keys[:end]), start, first=True)
        path = (*table, *keys)
        self.mark(path, start)
        self.value(path)

    def skip(self, *, newlines: bool) -> None:
        s = self.s
        while self.i < len(s):
            c = s[self.i]
            if c in " \t\r" or (newlines and c == "\n"):
                self.i += 1
            elif c == "#":
                end = s.find("\n", self.i)
                self.i = len(s) if end < 0 else end
            else:
                break

    def skip_line(self) -> None:
        self.skip(newlines=False)

    def keys(self) -> list[str]:
        s = self.s
        out: list[str] = []
        while True:
            self.skip(newlines=False)
            c = s[self.i]
            if c in "\"'":
                start = self.i
                self.string()
                out.append(str(tomllib.loads(f"k = {s[start : self.i]}")["k"]))
            else:
                m = _BARE_KEY.match(s, self.i)
                if m is None:
                    break
                out.append(m.group(0))
                self.i = m.end()
            self.skip(newlines=False)
            if self.i < len(s) and s[self.i] == ".":
                self.i += 1
                continue
            return out
        return out

    def string(self) -> None:
        s = self.s
        for quote in ('"""', "'''"):
            if s.startswith(quote, self.i):
                self.i += 3
                while True:
                    if quote == '"""' and s[self.i] == "\\":
                        self.i += 2
                    elif s.startswith(quote, self.i):
                        self.i += 3
                        while self.i < len(s) and s[self.i] == quote[0]:
                            self.i += 1
                        return
                    else:
                        self.i += 1
        quote = s[self.i]
        self.i += 1
        while s[self.i] != quote:
            self.i += 2 if quote == '"' and s[self.i] == "\\" else 1
        self.i += 1

    def value(self, path: KeyPath) -> None:
        s = self.s
        self.skip(newlines=False)
        c = s[self.i]
        if c == "[":
            self.i += 1
            index = 0
            while True:
                self.skip(newlines=True)
                if s[self.i] == "]":
                    self.i += 1
                    return
                self.mark((*path, index), self.i)
                self.value((*path, index))
                self.skip(newlines=True)
                if s[self.i] == ",":
                    self.i += 1
                index += 1
        elif c == "{":
            self.i += 1
            while True:
                self.skip(newlines=False)
                if s[self.i] == "}":
                    self.i += 1
                    return
                self.pair(path)
                self.skip(newlines=False)
                if s[self.i] == ",":
                    self.i += 1
        elif c in "\"'":
            self.string()
        else:
            while self.i < len(s) and s[self.i] not in ",]}\n#":
                self.i += 1
