"""Rich rendering of any title's ``view()``: tables for lists of records, a text map, the log.

Titles need no terminal code: lists of records (players, companies) become tables, a ``map``
list of hexes with doubled ``x``/``y`` coordinates becomes a text map, and ``events`` are the
recent log lines.  Unknown keys are shown as plain ``key: value`` lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from roundhouse.core.actions import Action, Json

COMPANY_STYLES = {
    "red": "bold red",
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "black": "bold white on grey23",
}
TERRAIN_LETTERS = {
    "plain": ".",
    "forest": "f",
    "mountain": "M",
    "city": "c",
    "industrial": "I",
    "chicago": "C",
    "start": "S",
}
_SKIP = {"title", "seats", "acting", "action_count", "finished", "result", "end_reason"}
MAP_KEYS = ("map", "hexes")
"""View keys that hold the board's hexes (each with doubled ``x``/``y``)."""
EVENT_KEYS = ("events", "messages")
"""View keys that hold recent log lines."""


def _records(value: Json) -> list[dict[str, Json]] | None:
    """A list of records, or a mapping id -> record turned into records with an ``id``."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return [v for v in value if isinstance(v, dict)]
    if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
        return [{"id": k, **v} for k, v in value.items() if isinstance(v, dict)]
    return None


def _cell(value: Json) -> str:
    if isinstance(value, list):
        return ", ".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_cell(v)}" for k, v in value.items())
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def records_table(name: str, records: Sequence[Mapping[str, Json]]) -> Table:
    """One row per record, one column per key (in first-seen order)."""
    columns = list(dict.fromkeys(k for r in records for k in r))
    if "id" in columns and "name" in columns:
        longest = max(len(str(r.get("name", ""))) for r in records)
        if longest > 12:
            columns.remove("name")  # long names only widen; the id is what moves use
    table = Table(title=name.replace("_", " ").title(), title_justify="left", expand=False)
    for column in columns:
        table.add_column(column.replace("_", " "), overflow="fold")
    for record in records:
        table.add_row(*(_cell(record.get(c)) for c in columns))
    return table


def text_map(hexes: Sequence[Mapping[str, Json]], colours: Mapping[str, str]) -> Text:
    """A flat-topped hex map in text: each hex at its doubled coordinates, four columns wide.

    A hex shows its terrain letter, then one coloured block per company present; a ``*``
    marks a developed hex.
    """
    cells: dict[tuple[int, int], Mapping[str, Json]] = {}
    for h in hexes:
        x, y = h.get("x"), h.get("y")
        if isinstance(x, int) and isinstance(y, int):
            cells[(x, y)] = h
    if not cells:
        return Text("(no map)")
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    out = Text()
    letters: dict[int, str] = {}
    for (x, _), h in cells.items():
        letters.setdefault(x, "".join(ch for ch in str(h.get("id", "")) if ch.isalpha()))
    header = "".join(f"{letters.get(x, ''):<5}" for x in range(min(xs), max(xs) + 1))
    out.append("   " + header.rstrip())
    out.append("   (a hex is its column letter and row: K4)\n", style="dim")
    for y in range(min(ys), max(ys) + 1):
        # Rows are numbered on the even lines; odd columns sit half a row lower.
        line = Text(f"{y // 2:>2} " if y % 2 == 0 else "   ", style="dim")
        for x in range(min(xs), max(xs) + 1):
            h = cells.get((x, y))
            if h is None:
                line.append("     ")
                continue
            kind = str(h.get("type", "?"))
            letter = TERRAIN_LETTERS.get(kind, kind[:1])
            line.append(letter + ("*" if h.get("developed") else " "), style="dim")
            present = h.get("companies") or []
            assert isinstance(present, list)
            for company in present[:3]:
                line.append("■", style=COMPANY_STYLES.get(colours.get(str(company), ""), "bold"))
            line.append(" " * (3 - min(3, len(present))))
        line.rstrip()
        out.append_text(line)
        out.append("\n")
    out.append(
        "  . plain  f forest  M mountain  c city  I industrial  C Chicago  S start  * developed",
        style="dim",
    )
    return out


def render_view(view: Mapping[str, Json], label: str = "") -> RenderableType:
    """Everything a player needs to decide, from the view alone."""
    parts: list[RenderableType] = []
    colours: dict[str, str] = {}
    for c in _records(view.get("companies")) or []:
        colours[str(c.get("id", c.get("name")))] = str(c.get("colour", ""))
    lines: list[str] = []
    for key, value in view.items():
        if key in _SKIP or key in EVENT_KEYS:
            continue
        records = _records(value)
        if key in MAP_KEYS and records:
            parts.insert(0, Panel(text_map(records, colours), title="Map"))
        elif records is not None:
            parts.append(records_table(key, records))
        else:
            lines.append(f"{key.replace('_', ' ')}: {_cell(value)}")
    if lines:
        parts.append(Text("\n".join(lines)))
    for key in EVENT_KEYS:
        events = view.get(key)
        if isinstance(events, list) and events:
            parts.append(Panel("\n".join(map(str, events[-8:])), title="Recent events"))
    acting = ", ".join(map(str, view.get("acting") or [])) or "nobody"
    title = f"{view.get('title')} {label} — {acting} to act".replace("  ", " ")
    return Panel(Group(*parts), title=title)


def describe(view: Mapping[str, Json], key: str) -> RenderableType:
    """One record of the view (a hex, a company, a player) by its id, for ``info K4``."""
    wanted = key.strip().upper()
    for section, value in view.items():
        for record in _records(value) or []:
            if str(record.get("id", "")).upper() == wanted:
                table = Table(title=f"{section} {record['id']}", title_justify="left")
                table.add_column("field")
                table.add_column("value", overflow="fold")
                for field, value in record.items():
                    table.add_row(field.replace("_", " "), _cell(value))
                return table
    return Text(f"nothing called {key!r} in the view", style="yellow")


def moves_table(legal: Sequence[Action], limit: int = 40) -> RenderableType:
    """Numbered moves; long runs of one kind (bids) are folded into a range line."""
    text = Text()
    by_kind: dict[str, list[int]] = {}
    for i, action in enumerate(legal, start=1):
        by_kind.setdefault(action.kind, []).append(i)
    shown = 0
    for indices in by_kind.values():
        if len(indices) > 8:
            first, last = legal[indices[0] - 1], legal[indices[-1] - 1]
            text.append(f"{indices[0]:>3}–{indices[-1]}  ", style="bold")
            text.append(f"{first}  …  {last}\n")
            continue
        for i in indices:
            if shown >= limit:
                break
            text.append(f"{i:>3}  ", style="bold")
            text.append(f"{legal[i - 1]}\n")
            shown += 1
    return Panel(
        text, title="Your moves (number, or type e.g. 'bid PRR 9'; u undo, s save, q quit)"
    )
