"""The derived-data cache drops what can never be asked for again (issue #16: a live game in
the web server takes at most 2 MB; the old cache kept every past board's reaches and route
graphs, 22 MB of a recorded 18USA game)."""

from __future__ import annotations

import gc

from roundhouse.core.board import Board
from roundhouse.core.copying import deep_copy
from roundhouse.core.derived import Derived, Stamp
from tests.g18royalgorge.replayed import position


def _stamps(key: object) -> set[Stamp]:
    if isinstance(key, Stamp):
        return {key}
    if isinstance(key, tuple):
        return set().union(*(_stamps(part) for part in key))
    return set()


def _versions_in(derived: Derived) -> set[Stamp]:
    return set().union(*(_stamps(key) for key in derived.entries))


def _board() -> Board:
    game, _ = position("post_boston.json", 40)
    board = game.state.map.board  # type: ignore[attr-defined]
    assert isinstance(board, Board)
    return board


def test_derived_a_replayed_game_keeps_entries_of_the_boards_it_holds_only() -> None:
    """After a whole recorded game, every stamp in the cache's keys is the version of a board
    the game still holds: the one in play and its undo snapshots' (no other can ask)."""
    game, _ = position("post_boston.json", 10**9)
    derived = game.state.map.derived  # type: ignore[attr-defined]
    held = {game.state.map.board.version}  # type: ignore[attr-defined]
    held |= {s.map.board.version for s in game._snapshots.values()}  # type: ignore[attr-defined]
    held |= {k.state.map.board.version for k in game._kept.values()}  # type: ignore[attr-defined]
    held |= set(game._earlier)  # the kept states' board copies, by version
    assert len(game.log) > 100
    assert _versions_in(derived) <= held
    assert game.state.map.board.version in _versions_in(derived)  # type: ignore[attr-defined]


def test_derived_board_changes_drop_the_entries_of_the_versions_left_behind() -> None:
    board = _board()
    first = board.version
    board.derived.put(("test", first), "old")
    for n in range(3 * Derived.SWEEP_AFTER):
        board.touch()
        board.derived.put(("test", ("nested", board.version)), n)
    assert ("test", first) not in board.derived.entries
    assert len(_versions_in(board.derived)) <= Derived.SWEEP_AFTER


def test_derived_a_copy_keeps_its_version_entries_until_it_is_dropped() -> None:
    """A copy of the state (a search's kept state, the spare undo snapshot) may come back
    into play: the entries of its board's version stay while it lives."""
    board = _board()
    version = board.version
    board.derived.put(("test", version), "kept")
    copy = deep_copy(board)
    for _ in range(Derived.SWEEP_AFTER + 2):
        board.touch()
        board.derived.put(("test", board.version), "later")
    assert board.derived.peek(("test", version)) == "kept"
    assert copy.version == version
    del copy
    gc.collect()
    for _ in range(Derived.SWEEP_AFTER + 2):
        board.touch()
        board.derived.put(("test", board.version), "later")
    assert board.derived.peek(("test", version)) is None


def test_derived_keeps_entries_of_the_latest_used_versions_only() -> None:
    """Boards kept alive but idle (regular undo snapshots) lose their entries once
    :attr:`Derived.GENERATIONS` other versions were used since."""
    board = _board()
    copies = []
    for _ in range(3 * Derived.GENERATIONS):
        board.touch()
        board.derived.put(("test", board.version), "entry")
        copies.append(deep_copy(board))
    assert len(_versions_in(board.derived)) <= Derived.GENERATIONS + Derived.SWEEP_AFTER
    assert ("test", board.version) in board.derived.entries


def test_derived_entries_without_a_version_stay() -> None:
    board = _board()
    board.derived.put(("hexsides test", "K5"), "static")
    for _ in range(3 * Derived.SWEEP_AFTER):
        board.touch()
        board.derived.put(("test", board.version), "later")
    assert board.derived.peek(("hexsides test", "K5")) == "static"
