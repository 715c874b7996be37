"""Rich rendering of any title from its typed view (:class:`~roundhouse.core.view.GameView`).

Titles need no terminal code: the prompt says whose turn it is and what to do, the table view
gives players and companies (a title's extra facts become extra columns), the board view a
text map, and the market, trains, privates and the title's own panels become tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel as Box
from rich.table import Table
from rich.text import Text

from roundhouse.core.actions import Action
from roundhouse.core.view import (
    BoardView,
    GameView,
    MarketView,
    Panel,
    PrivateView,
    Prompt,
    TableView,
    TrainRoster,
)
from roundhouse.core.view.part import Cell, Part

COMPANY_STYLES = {
    "red": "bold red",
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "orange": "bold dark_orange",
    "purple": "bold magenta",
    "black": "bold white on grey23",
}
PLACE_LETTERS = {"city": "c", "industrial": "I", "capital": "C", "start": "S"}
TERRAIN_LETTERS = {"": ".", "forest": "f", "mountain": "M", "water": "~", "hill": "h"}
TILE_LETTERS = {"white": ".", "yellow": "y", "green": "g", "brown": "b", "gray": "G", "red": "R"}


def cell(value: Cell) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _money(value: int | None) -> str:
    return "–" if value is None else f"${value}"


def _style(colour: str) -> str:
    return COMPANY_STYLES.get(colour, "bold")


def prompt_text(prompt: Prompt) -> Text:
    """The turn banner, the step's help, and an auction under way."""
    out = Text(prompt.banner(), style="bold")
    if prompt.help:
        out.append(f"\n{prompt.help}", style="dim")
    a = prompt.auction
    if a is not None:
        high = f"${a.high_bid} by {a.high_bidder}" if a.high_bidder else "no bid yet"
        out.append(
            f"\nAuction of {a.item}: {high}; the next bid is at least ${a.lowest_bid}; "
            f"still bidding: {', '.join(a.bidders) or '–'}"
        )
    if prompt.ending:
        out.append(f"\nThe game ends after this round ({prompt.ending.replace('_', ' ')}).")
    return out


def panel_table(panel: Panel) -> Table:
    """A title's panel as it is: columns and rows, or labelled values."""
    table = Table(title=panel.title, title_justify="left", show_header=bool(panel.columns))
    width = max((len(r) for r in panel.rows), default=len(panel.columns))
    columns = panel.columns or ("", "")
    for i in range(max(width, len(columns))):
        table.add_column(columns[i] if i < len(columns) else "", overflow="fold")
    for row in panel.rows:
        table.add_row(*(cell(v) for v in row))
    if panel.note:
        table.caption = panel.note
    return table


def players_table(table: TableView) -> Table:
    out = Table(title="Players", title_justify="left")
    for column in ("player", "cash", "score", "shares", "privates"):
        out.add_column(column, overflow="fold")
    for row in table.players:
        name = row.id + (" (priority)" if table.priority == row.id else "")
        shares = ", ".join(
            f"{c} {n}{'*' if c in row.presidencies else ''}" for c, n in row.shares.items()
        )
        out.add_row(
            name, _money(row.cash), _money(row.score), shares or "–", ", ".join(row.privates) or "–"
        )
    return out


def companies_table(table: TableView) -> Table:
    """One row per company; what the title tracks beyond the usual becomes more columns."""
    rows = table.companies
    out = Table(title="Companies", title_justify="left")
    priced = any(r.price is not None or r.president is not None for r in rows)
    columns = ["company"]
    if priced:
        columns += ["president", "price"]
    columns += ["cash", "revenue", "unsold"]
    if priced:
        columns += ["pool", "trains", "tokens"]
    extras = list(dict.fromkeys((f.key, f.label) for r in rows for f in r.extra))
    for column in [*columns, *(label for _, label in extras)]:
        out.add_column(column, overflow="fold")
    for r in rows:
        name = Text(r.id, style=_style(r.colour))
        values: list[str] = []
        if priced:
            values += [r.president or "–", _money(r.price)]
        values += [_money(r.cash), _money(r.revenue), str(r.ipo + r.treasury)]
        if priced:
            values += [str(r.pool), ", ".join(r.trains) or "–", cell(r.tokens)]
        facts = {f.key: f.value for f in r.extra}
        values += [cell(facts.get(key)) for key, _ in extras]
        out.add_row(name, *values)
    return out


def market_text(market: MarketView) -> Text:
    """Each market row as prices, with the companies on a cell in brackets."""
    out = Text()
    for row in market.rows:
        for c in row:
            if c is None:
                out.append("    ")
                continue
            out.append(f"{c.price}", style="bold" if "par" in c.zones else "")
            if c.companies:
                out.append(f"[{','.join(c.companies)}]", style="bold cyan")
            out.append(" ")
        out.append("\n")
    return out


def trains_table(trains: TrainRoster) -> Table:
    out = Table(title=f"Trains (phase {trains.phase})", title_justify="left")
    for column in ("train", "price", "left", "rusts on"):
        out.add_column(column)
    for t in trains.types:
        left = "unlimited" if t.left is None else str(t.left)
        out.add_row(t.name, f"${t.price}", left, t.rusts_on or "–")
    return out


def privates_table(privates: Sequence[PrivateView]) -> Table:
    out = Table(title="Privates", title_justify="left")
    for column in ("card", "name", "value", "income", "owner"):
        out.add_column(column, overflow="fold")
    for p in privates:
        owner = "closed" if p.closed else p.owner or "bank"
        out.add_row(p.id, p.name, f"${p.value}", f"${p.revenue}", owner)
    return out


def text_map(board: BoardView, colours: dict[str, str]) -> Text:
    """The board in text: each hex at its doubled coordinates, five characters wide.

    A hex shows its kind of place or terrain (area maps) or its tile's colour (tile maps),
    ``*`` once developed, then one coloured block per company present or stationed there.
    """
    cells = {(h.x, h.y): h for h in board.hexes}
    if not cells:
        return Text("(no map)")
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    out = Text()
    across: dict[int, str] = {}
    down: dict[int, str] = {}
    for (x, y), h in cells.items():
        letters = "".join(ch for ch in h.id if ch.isalpha())
        number = h.id[len(letters) :]
        col, row = (letters, number) if board.letter_axis == "x" else (number, letters)
        across.setdefault(x, col)
        down.setdefault(y, row)
    header = "".join(f"{across.get(x, ''):<5}" for x in range(min(xs), max(xs) + 1))
    out.append("    " + header.rstrip() + "\n")
    for y in range(min(ys), max(ys) + 1):
        line = Text(f"{down.get(y, ''):>3} ", style="dim")
        for x in range(min(xs), max(xs) + 1):
            here = cells.get((x, y))
            if here is None:
                line.append("     ")
                continue
            h = here
            if h.tile is not None:
                letter = TILE_LETTERS.get(h.colour, "?") if not h.printed else "."
                if h.printed and any(s.kind == "city" for s in h.stops):
                    letter = "o"
            else:
                letter = PLACE_LETTERS.get(h.settlement) or TERRAIN_LETTERS.get(h.terrain, "?")
            line.append(letter + ("*" if h.developed else " "), style="dim")
            present = list(h.companies) or [t for s in h.stops for t in s.tokens]
            for company in present[:3]:
                line.append("■", style=_style(colours.get(company, "")))
            line.append(" " * (3 - min(3, len(present))))
        line.rstrip()
        out.append_text(line)
        out.append("\n")
    if any(h.tile is None for h in board.hexes):
        key = "  . plain  f forest  M mountain  c city  I industrial  C Chicago  S start"
    else:
        key = "  . empty  o city  y/g/b/G tile colour"
    out.append(key + "  * developed  ■ company  (a hex is its letter and number: K4)", style="dim")
    return out


def render_view(view: GameView) -> RenderableType:
    """Everything a player needs to decide, from the typed view alone."""
    colours = {c.id: c.colour for c in view.table.companies}
    parts: list[RenderableType] = []
    if view.board is not None:
        parts.append(Box(text_map(view.board, colours), title="Map"))
    parts.append(prompt_text(view.prompt))
    parts.extend(panel_table(p) for p in view.prompt.details)
    parts.append(players_table(view.table))
    if view.table.companies:
        parts.append(companies_table(view.table))
    if view.market is not None:
        parts.append(Box(market_text(view.market), title="Stock market"))
    if view.trains is not None:
        parts.append(trains_table(view.trains))
    if view.privates:
        parts.append(privates_table(view.privates))
    parts.extend(panel_table(p) for p in view.panels)
    acting = ", ".join(view.acting) or "nobody"
    return Box(Group(*parts), title=f"{view.title} {view.prompt.round} — {acting} to act")


def _fields(title: str, fields: Sequence[tuple[str, object]]) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column("field")
    table.add_column("value", overflow="fold")
    for name, value in fields:
        if isinstance(value, tuple | list):
            value = ", ".join(str(v) for v in value) or "–"
        table.add_row(name.replace("_", " "), str(value) if value is not None else "–")
    return table


def describe(view: GameView, key: str) -> RenderableType:
    """One hex, company, player or private of the view by its id, for ``info K4``."""
    wanted = key.strip().upper()
    records: list[tuple[str, str, Part]] = []
    if view.board is not None:
        records += [("hex", h.id, h) for h in view.board.hexes]
    records += [("company", c.id, c) for c in view.table.companies]
    records += [("player", p.id, p) for p in view.table.players]
    records += [("private", p.id, p) for p in view.privates]
    for section, name, record in records:
        if name.upper() == wanted:
            return _fields(f"{section} {name}", list(record.to_json().items()))
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
    return Box(text, title="Your moves (number, or type e.g. 'bid PRR 9'; u undo, s save, q quit)")
