"""Undo and redo in 18xx.games logs (facts sheet docs/facts/18xx-games-format.md §2.2, §2.4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from roundhouse.interop.document import DocumentError, read_document
from roundhouse.interop.undo import resolve
from tests.interop.documents import FIXTURE_NAMES, fixture_path


def log(*entries: str | tuple[str, int]) -> list[dict[str, Any]]:
    """Entries numbered 1..n: ``"pass"``, or ``("undo", action_id)``."""
    out: list[dict[str, Any]] = []
    for n, entry in enumerate(entries, start=1):
        if isinstance(entry, tuple):
            out.append({"type": entry[0], "id": n, "action_id": entry[1]})
        else:
            out.append({"type": entry, "id": n})
    return out


def ids(entries: list[dict[str, Any]]) -> tuple[int, ...]:
    return resolve(entries).effective_ids


def test_interop_2_2_undo_takes_back_the_last_game_action_only() -> None:
    assert ids(log("bid", "pass", "undo")) == (1,)
    assert ids(log("bid", "pass", "undo", "undo")) == ()
    assert ids(log("bid", "pass", "undo", "par")) == (1, 4)


def test_interop_2_2_undo_skips_chat_and_never_removes_it() -> None:
    resolved = resolve(log("bid", "message", "undo"))
    assert resolved.effective_ids == ()
    assert [e.id for e in resolved.entries] == [2]


def test_interop_2_2_log_lines_are_undone_like_moves() -> None:
    """``log`` is not ``message`` to the filter: an undo removes it, and it clears redo."""
    assert ids(log("bid", "log", "undo")) == (1,)
    with pytest.raises(DocumentError, match=r"index 3 .*nothing to redo"):
        resolve(log("bid", "undo", "log", "redo"))


def test_interop_2_2_redo_puts_back_the_whole_last_group() -> None:
    entries = log("bid", "pass", "par", ("undo", 1), "redo")
    assert ids(entries) == (1, 2, 3)
    assert resolve(entries).undo_redo == 2
    assert ids(log("bid", "pass", "undo", "undo", "redo")) == (1,)
    assert ids(log("bid", "pass", "undo", "undo", "redo", "redo")) == (1, 2)


def test_interop_2_2_a_new_move_after_undo_makes_it_permanent() -> None:
    with pytest.raises(DocumentError, match="nothing to redo"):
        resolve(log("bid", "undo", "pass", "redo"))
    resolved = resolve(log("bid", "undo", "message", "redo"))
    assert resolved.effective_ids == (1,)


def test_interop_2_2_undo_to_an_action_id_keeps_that_action() -> None:
    assert ids(log("bid", "pass", "par", "message", ("undo", 2))) == (1, 2)
    assert ids(log("bid", "pass", "par", ("undo", 0))) == ()


def test_interop_2_2_undo_to_an_id_uses_the_first_entry_with_it() -> None:
    entries = log("bid", "pass", "par", "pass", ("undo", 2))
    entries[2]["id"] = 2
    assert ids(entries) == (1, 2)


def test_interop_2_2_undo_to_a_missing_id_is_an_error() -> None:
    with pytest.raises(DocumentError, match=r"index 1 .*action_id 9.*no action has that id"):
        resolve(log("bid", ("undo", 9)))


def test_interop_2_2_undone_actions_stay_out_and_are_listed() -> None:
    resolved = resolve(log("bid", "pass", "undo", "par", "undo"))
    assert resolved.undone == (1, 3)
    assert resolved.redo_pending
    assert not resolve(log("bid", "pass", "undo", "par")).redo_pending


def test_interop_2_4_list_order_wins_over_ids() -> None:
    """Ids may repeat or go down; play is in list order and nothing is renumbered."""
    entries = log("bid", "pass", "par", "pass")
    for entry, new_id in zip(entries, (5, 3, 5, 7), strict=True):
        entry["id"] = new_id
    assert ids(entries) == (5, 3, 5, 7)


def test_interop_2_4_entries_past_the_last_id_are_not_replayed() -> None:
    """The site replays up to the last entry's id and stops at the first larger id."""
    entries = log("bid", "pass", "par", "pass")
    entries[1]["id"] = 9
    resolved = resolve(entries)
    assert resolved.effective_ids == (1,)
    assert resolved.skipped == (1, 2, 3)


def independent_effective(actions: Sequence[dict[str, Any]]) -> list[int]:
    """The same filter written as a stack of live indexes, to check :func:`resolve` against."""
    first_index: dict[int, int] = {}
    for i, a in enumerate(actions):
        first_index.setdefault(a["id"], i)
    alive: list[int] = []
    redo: list[list[int]] = []
    for i, a in enumerate(actions):
        kind = a["type"]
        if kind == "undo":
            target = a.get("action_id")
            if target is None:
                gone = alive[-1:]
            else:
                start = 0 if target == 0 else first_index[target] + 1
                gone = [j for j in alive if j >= start]
            alive = [j for j in alive if j not in gone]
            redo.append(gone)
        elif kind == "redo":
            alive = sorted(alive + redo.pop())
        elif kind != "message":
            redo = []
            alive.append(i)
    return alive


# Effective counts from the facts sheet's table (§2.2).
EFFECTIVE = {
    "18RoyalGorge/18RoyalGorge_game_end_bankrupt.json": (383, 41, 55, 287),
    "18RoyalGorge/18RoyalGorge_game_end_stock_market.json": (280, 14, 14, 252),
    "18RoyalGorge/endgame_triggered_on_buy.json": (469, 65, 59, 345),
    "18RoyalGorge/post_boston.json": (143, 11, 11, 121),
    "18USA/109372.json": (1543, 0, 0, 1543),
    "18USA/18USA_game_end_bankrupt.json": (945, 60, 54, 831),
}


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_interop_2_2_fixture_effective_actions(name: str) -> None:
    """Every fixture resolves to the facts sheet's counts, the same entries as an independent
    stack-based filter, in list order."""
    doc = read_document(fixture_path(name))
    resolved = resolve(doc.actions)
    raw, undo_redo, undone, effective = EFFECTIVE[name]
    assert resolved.raw_count == raw
    assert resolved.undo_redo == undo_redo
    assert len(resolved.undone) == undone
    assert len(resolved.effective) == effective
    assert resolved.skipped == ()
    indexes = [e.index for e in resolved.effective]
    assert indexes == independent_effective(list(doc.actions))
    assert indexes == sorted(indexes)
    assert {e.id for e in resolved.effective} == {doc.actions[i]["id"] for i in indexes}


def test_interop_2_2_royal_gorge_bankrupt_documented_undos() -> None:
    """Facts sheet §2.2 examples: four plain undos remove ids 150, 149, 148, 147; undo to 269
    removes 270–271; undo to 366 (id 379) removes what survives of 367–378 and the next redo
    restores it.  (What survives is 371–378: ids 369–370 had already undone 367–368.)"""
    doc = read_document(fixture_path("18RoyalGorge/18RoyalGorge_game_end_bankrupt.json"))
    kept = set(resolve(doc.actions).effective_ids)
    assert not kept & {147, 148, 149, 150, 270, 271, 367, 368}
    assert {146, 155, 269, *range(371, 379), 381} <= kept
    assert not kept & {151, 152, 153, 154, 272, 369, 370, 379, 380}


def test_interop_2_4_post_boston_keeps_duplicate_and_decreasing_ids_in_list_order() -> None:
    """Facts sheet §2.4: post_boston.json has duplicate and decreasing ids; nothing is sorted."""
    doc = read_document(fixture_path("18RoyalGorge/post_boston.json"))
    effective = resolve(doc.actions).effective_ids
    assert len(effective) == 121
    assert len(set(effective)) < len(effective)
    assert list(effective) != sorted(effective)
