"""The narrated log in the terminal: each move followed by what it set off, as the web page
shows it (round headers, auctions won, payouts per player, price moves, phases, rusting), from
the engine's events (:mod:`roundhouse.core.event`)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from roundhouse.core.event import Event
from roundhouse.core.view import LogEntry

STYLES = {
    "payout": "green",
    "income": "green",
    "withhold": "yellow",
    "auction": "green",
    "train": "cyan",
    "price": "magenta",
    "par": "cyan",
    "float": "cyan",
    "president": "cyan",
    "phase": "bold red",
    "rust": "bold red",
    "obsolete": "red",
    "close": "red",
    "bankrupt": "bold red",
    "end": "bold red",
    "game_over": "bold reverse",
}
"""Event kind -> how its line is drawn; kinds a title adds are drawn plain."""


def event_line(event: Event) -> Text:
    """One event: a round header as a rule-like banner, anything else indented."""
    if event.kind == "round":
        return Text(f"── {event.text} ──", style="bold reverse")
    return Text(f"    {event.text}", style=STYLES.get(event.kind, ""))


def narrate(events: Sequence[Event]) -> list[Text]:
    return [event_line(e) for e in events]


def entry_lines(entry: LogEntry) -> list[Text]:
    """A move (or the event that tells it in fuller words) and then what it set off."""
    restated = next((e for e in entry.events if e.data.get("restates") is True), None)
    head = Text(f"{entry.index + 1:>4} {restated.text if restated else entry.text}")
    rest = [e for e in entry.events if e is not restated and e.text != entry.text]
    return [head, *narrate(rest)]
