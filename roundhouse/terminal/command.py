"""Reading a move typed at the prompt: a menu number, ``kind value ...`` or a JSON object.

The kind may be abbreviated to any unambiguous prefix (``pass`` for ``pass_bid``, ``place``
for ``place_train``), and leading values the position already fixes may be left out
(``place K4`` while PRR is building).  Text that names no legal move is turned into the action
it spells, so the engine can say *why* it is refused and cite the rule.

>>> from tests.toy_title import Take
>>> legal = [Take(player="a", count=1), Take(player="a", count=2)]
>>> parse_command("take 2", legal)
Take(player='a', count=2)
>>> parse_command("1", legal)
Take(player='a', count=1)
>>> parse_command("ta 2", legal)
Take(player='a', count=2)
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


def _kinds_for(word: str, kinds: Sequence[str]) -> list[str]:
    """Kinds the word names: an exact kind, else every kind it is a prefix of."""
    squash = word.replace("_", "").replace("-", "")
    exact = [k for k in kinds if k.replace("_", "") == squash]
    if exact:
        return exact
    return [k for k in kinds if k.replace("_", "").startswith(squash)]


def _spelled(word: str, values: list[str], legal: Sequence[Action]) -> dict[str, object] | None:
    """The JSON action the words spell, from the fields of a legal action of that kind."""
    kinds = _kinds_for(word, list(dict.fromkeys(a.kind for a in legal)))
    if len(kinds) != 1:
        return None
    model = next(a for a in legal if a.kind == kinds[0])
    names = [f.name for f in dataclasses.fields(model) if f.name != "player"]
    if len(values) > len(names):
        return None
    doc: dict[str, object] = {"kind": model.kind, "player": model.player}
    given = dict(zip(names[len(names) - len(values) :], values, strict=True))
    for name in names:
        raw = given.get(name)
        if raw is None:
            doc[name] = getattr(model, name)
            continue
        current = getattr(model, name)
        if isinstance(current, int) and not isinstance(current, bool):
            try:
                doc[name] = int(raw.lstrip("$"))
            except ValueError:
                doc[name] = raw
        elif isinstance(current, str):
            # Ids are printed in upper case ("PRR", "K4"); keep the player's spelling otherwise.
            doc[name] = raw.upper() if current.isupper() else raw
        else:
            doc[name] = raw
    return doc


def parse_command(text: str, legal: Sequence[Action]) -> Action | dict[str, object]:
    """The legal action the text names; otherwise the action it spells, for the engine to
    refuse with its reason (or a :class:`CommandError` when it spells nothing)."""
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
    words = text.lower().replace("$", "").split()
    word, values = words[0], words[1:]
    kinds = set(_kinds_for(word, list(dict.fromkeys(a.kind for a in legal))))
    candidates = [a for a in legal if a.kind in kinds]
    exact = [a for a in candidates if action_values(a) == values]
    if len(exact) == 1:
        return exact[0]
    # Values typed may be the trailing fields only (the building company is implied).
    tail = [a for a in candidates if values and action_values(a)[-len(values) :] == values]
    if len(tail) == 1:
        return tail[0]
    head = [a for a in candidates if action_values(a)[: len(values)] == values]
    if len(head) == 1:
        return head[0]
    several = tail if len(tail) > 1 else head
    if len(several) > 1:
        options = ", ".join(" ".join([a.kind, *action_values(a)]) for a in several[:5])
        raise CommandError(f"{text!r} could mean several moves: {options}…")
    spelled = _spelled(word, values, legal)
    if spelled is None:
        known = ", ".join(dict.fromkeys(a.kind for a in legal))
        raise CommandError(f"{text!r} is not a move now; moves now: {known}")
    return spelled
