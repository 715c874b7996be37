"""Panels and facts: a title's own information in shapes every client can show.

Core's parts (board, market, table, trains, privates, prompt) cover what 18xx titles share.
What only one title has - 18RoyalGorge's steel market and gold track, Chicago Express's gauges
and industrial track - it gives as :class:`Panel` tables (a title, column headings, rows of
cells) or as :class:`Fact` values on a row of the table, so a client shows any title without
title code.

>>> steel = Panel(id="steel", title="Steel market", columns=("Column", "Cubes"),
...               rows=(("A", "0, 10, 20"), ("E", "20, 30")))
>>> steel.to_json()["rows"]
[['A', '0, 10, 20'], ['E', '20, 30']]
>>> Fact(key="min_bid", label="Min bid", value=4).to_json()
{'key': 'min_bid', 'label': 'Min bid', 'value': 4}

:func:`panels_from_json` turns a title's plain JSON (the view of a title that has no typed
parts yet, a step's decision in progress) into panels, the one place such guessing happens:

>>> [p.title for p in panels_from_json("Game", {"pile": 12, "bids": {"Ann": 3, "Bob": 5}})]
['Game', 'Bids']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence

from roundhouse.core.actions import Json
from roundhouse.core.view.part import Cell, Part

VIEW_VERSION = 1
"""Bumped when a field of :class:`Panel` or :class:`Fact` is removed, renamed or retyped."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Fact(Part):
    """One labelled value (a title's extra column on a row of the table)."""

    key: str
    """Stable machine name ("min_bid")."""
    label: str
    """What a person reads ("Min bid")."""
    value: Cell


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Panel(Part):
    """A titled table a client shows as it is.

    With ``columns`` it is a table (the first cell of each row names the row); without, a
    list of ``(label, value)`` rows.
    """

    id: str
    """Stable machine name ("steel", "gauges")."""
    title: str
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[Cell, ...], ...] = ()
    note: str = ""
    """A sentence under the table (what the numbers mean, which rule)."""
    gather: bool = False
    """Whether a client may show rows alike but for their first cell as one row naming them
    all ("E7, F7, H4 | 1 | 0"): Chicago Express's build offers some 18 hexes at a handful of
    prices and incomes (§4.2), a long table of repeats.  The rows stay one per name here."""

    @classmethod
    def of_facts(cls, id: str, title: str, facts: Iterable[tuple[str, Cell]]) -> Panel:
        """A panel of ``(label, value)`` rows."""
        return cls(id=id, title=title, rows=tuple((label, value) for label, value in facts))

    def value(self, label: str) -> Cell:
        """The value on the row whose first cell is ``label`` (KeyError if none)."""
        for row in self.rows:
            if row and row[0] == label:
                return row[1] if len(row) > 1 else None
        raise KeyError(f"panel {self.id} has no row {label!r}")


def humanize(key: str) -> str:
    """``"gold_shipped"`` -> ``"Gold shipped"``."""
    text = key.replace("_", " ")
    return text[:1].upper() + text[1:]


def cell(value: Json) -> Cell:
    """A JSON value as one cell: lists joined by commas, objects as ``key: value`` pairs."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list):
        return ", ".join(str(cell(v)) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {cell(v)}" for k, v in value.items())
    raise TypeError(f"{value!r} is not plain JSON")


def _records(value: Json) -> list[tuple[str | None, Mapping[str, Json]]] | None:
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return [(None, v) for v in value if isinstance(v, dict)]
    if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
        return [(k, v) for k, v in value.items() if isinstance(v, dict)]
    return None


def _table(key: str, records: Sequence[tuple[str | None, Mapping[str, Json]]]) -> Panel:
    keyed = any(k is not None for k, _ in records)
    fields = list(dict.fromkeys(f for _, r in records for f in r))
    columns = ([""] if keyed else []) + [humanize(f) for f in fields]
    rows = tuple(
        tuple([k] if keyed else []) + tuple(cell(r.get(f)) for f in fields) for k, r in records
    )
    return Panel(id=key, title=humanize(key), columns=tuple(columns), rows=rows)


def panels_from_json(title: str, doc: Mapping[str, Json], *, id: str = "game") -> list[Panel]:
    """``doc``'s plain values as one panel of facts named ``title``, and each entry holding
    records (a list of objects, or an object of objects) as a table of its own."""
    facts: list[tuple[str, Cell]] = []
    tables: list[Panel] = []
    for key, value in doc.items():
        records = _records(value)
        if records is not None:
            tables.append(_table(key, records))
        elif isinstance(value, dict) and value:
            tables.append(
                Panel.of_facts(key, humanize(key), ((k, cell(v)) for k, v in value.items()))
            )
        else:
            facts.append((humanize(key), cell(value)))
    out = [Panel.of_facts(id, title, facts)] if facts else []
    return out + tables
