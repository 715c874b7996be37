"""Undo and redo in an 18xx.games log, resolved into the actions that were really played.

18xx.games never deletes from a game's log: taking a move back appends an ``undo`` entry and
putting it back appends a ``redo``.  Loading a game filters the list first and replays what
survives.  This module reproduces that filter exactly (facts sheet
``docs/facts/18xx-games-format.md`` §2.2 and §2.4):

* ``undo`` without ``action_id`` removes the last surviving entry that is not a ``message``;
* ``undo`` with ``action_id: N`` removes every surviving non-``message`` entry after the first
  entry whose id is N (``N == 0`` removes everything so far);
* each undo's removals form one group; ``redo`` puts the most recent group back;
* ``message`` is never removed and leaves the redo stack alone;
* every other entry, ``log``, ``end_game`` and ``program_*`` included, clears the redo stack
  (earlier undos become permanent) and survives;
* ``undo`` and ``redo`` entries are never replayed themselves.

Then, as the site does when it loads a whole game, replay stops before the first entry whose
id is greater than the last entry's id, and entries with an id of 0 or less are not replayed.
List order is the order of play: ids may repeat or go down and are never used to sort.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from roundhouse.core.actions import Json
from roundhouse.interop.document import DocumentError


@dataclasses.dataclass(frozen=True, slots=True)
class Entry:
    """One surviving log entry and its position in the raw list."""

    index: int
    action: Mapping[str, Json]

    @property
    def type(self) -> str:
        kind = self.action["type"]
        assert isinstance(kind, str)
        return kind

    @property
    def id(self) -> int:
        action_id = self.action["id"]
        assert isinstance(action_id, int)
        return action_id


@dataclasses.dataclass(frozen=True, kw_only=True)
class ResolvedLog:
    """The raw log with undo/redo resolved, still in list order."""

    entries: tuple[Entry, ...]
    """Every entry that is replayed, ``message`` included, in list order."""
    raw_count: int
    undo_redo: int
    """How many ``undo`` and ``redo`` entries the raw list holds."""
    undone: tuple[int, ...]
    """Raw indexes of entries that stay undone at the end."""
    skipped: tuple[int, ...]
    """Raw indexes of surviving entries the site would not replay because of their id."""
    redo_pending: bool
    """True when the log ends with undos that could still be redone (the site's redo button)."""

    @property
    def effective(self) -> tuple[Entry, ...]:
        """The entries that can change the game: all surviving entries except chat."""
        return tuple(e for e in self.entries if e.type != "message")

    @property
    def effective_ids(self) -> tuple[int, ...]:
        return tuple(e.id for e in self.effective)


def resolve(actions: Sequence[Mapping[str, Json]]) -> ResolvedLog:
    """Resolve every ``undo``/``redo`` in a raw 18xx.games action list.

    >>> log = [{"type": "pass", "id": 1}, {"type": "bid", "id": 2}, {"type": "undo", "id": 3},
    ...        {"type": "redo", "id": 4}, {"type": "undo", "id": 5}, {"type": "pass", "id": 6}]
    >>> resolve(log).effective_ids
    (1, 6)
    """
    kept: list[Mapping[str, Json] | None] = [None] * len(actions)
    groups: list[list[int]] = []
    undo_redo = 0
    for index, action in enumerate(actions):
        kind = action.get("type")
        if kind == "undo":
            undo_redo += 1
            start = _undo_start(actions, kept, index, action)
            group = [
                i
                for i in range(start, index)
                if (a := kept[i]) is not None and a.get("type") != "message"
            ]
            for i in group:
                kept[i] = None
            groups.append(group)
        elif kind == "redo":
            undo_redo += 1
            if not groups:
                raise DocumentError(
                    f"action index {index} (id {action.get('id')}): redo with nothing to redo"
                )
            for i in groups.pop():
                kept[i] = actions[i]
        elif kind == "message":
            kept[index] = action
        else:
            groups.clear()
            kept[index] = action
    entries, skipped = _replayed(actions, kept)
    undone = tuple(
        i for i, a in enumerate(actions) if kept[i] is None and a.get("type") not in _UNDO_REDO
    )
    return ResolvedLog(
        entries=tuple(entries),
        raw_count=len(actions),
        undo_redo=undo_redo,
        undone=undone,
        skipped=tuple(skipped),
        redo_pending=bool(groups),
    )


_UNDO_REDO = ("undo", "redo")


def _undo_start(
    actions: Sequence[Mapping[str, Json]],
    kept: Sequence[Mapping[str, Json] | None],
    index: int,
    undo: Mapping[str, Json],
) -> int:
    """First raw index this undo may empty (facts sheet §2.2)."""
    target = undo.get("action_id")
    if target is None:
        for i in range(index - 1, -1, -1):
            a = kept[i]
            if a is not None and a.get("type") != "message":
                return i
        return 0
    if target == 0:
        return 0
    for i, a in enumerate(actions):
        if a.get("id") == target:
            return i + 1
    raise DocumentError(
        f"action index {index} (id {undo.get('id')}): undo to action_id {target}, "
        "but no action has that id"
    )


def _replayed(
    actions: Sequence[Mapping[str, Json]], kept: Sequence[Mapping[str, Json] | None]
) -> tuple[list[Entry], list[int]]:
    """Surviving entries the site replays when it loads the whole game (facts sheet §2.4)."""
    entries: list[Entry] = []
    skipped: list[int] = []
    if not actions:
        return entries, skipped
    last_id = _id(actions[-1])
    for index, action in enumerate(kept):
        if _id(actions[index]) > last_id:
            skipped.extend(i for i in range(index, len(kept)) if kept[i] is not None)
            break
        if action is None:
            continue
        if _id(action) <= 0:
            skipped.append(index)
            continue
        entries.append(Entry(index, action))
    return entries, skipped


def _id(action: Mapping[str, Json]) -> int:
    action_id = action.get("id")
    if not isinstance(action_id, int) or isinstance(action_id, bool):
        raise DocumentError(f"every top-level action needs a whole-number id, got {action_id!r}")
    return action_id
