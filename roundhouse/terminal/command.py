"""Reading a move typed at the prompt: a menu number, ``kind value ...`` or a JSON object.

>>> from tests.toy_title import Take
>>> legal = [Take(player="a", count=1), Take(player="a", count=2)]
>>> parse_command("take 2", legal)
Take(player='a', count=2)
>>> parse_command("1", legal)
Take(player='a', count=1)
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence

from roundhouse.core.actions import Action


class CommandError(ValueError):
    """The typed text names no legal move, or several."""


def action_values(action: Action) -> list[str]:
    """The action's field values other than the player, as typed at the prompt."""
    return [
        str(getattr(action, f.name)).lower()
        for f in dataclasses.fields(action)
        if f.name != "player"
    ]


def parse_command(text: str, legal: Sequence[Action]) -> Action | dict[str, object]:
    """The legal action the text names; a JSON object is passed through for the engine to judge."""
    text = text.strip()
    if not text:
        raise CommandError("type a move number, a move like 'bid PRR 7', or ? for help")
    if text.startswith("{"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CommandError(f"not valid JSON: {exc}") from exc
        if not isinstance(doc, dict):
            raise CommandError("a JSON move must be an object")
        return doc
    if text.isdigit():
        index = int(text)
        if not 1 <= index <= len(legal):
            raise CommandError(f"there is no move {index}; choose 1–{len(legal)}")
        return legal[index - 1]
    words = text.lower().split()
    kind, values = words[0], words[1:]
    matches = [
        a
        for a in legal
        if (a.kind == kind or a.kind.replace("_", "") == kind.replace("_", ""))
        and action_values(a)[: len(values)] == values
    ]
    if not matches:
        raise CommandError(f"{text!r} is not a legal move now")
    exact = [a for a in matches if len(action_values(a)) == len(values)]
    if len(exact) == 1:
        return exact[0]
    if len(matches) > 1:
        options = ", ".join(" ".join([a.kind, *action_values(a)]) for a in matches[:5])
        raise CommandError(f"{text!r} could mean several moves: {options}…")
    return matches[0]
