"""Undo that shares the board (issue #16): the state :meth:`Game.apply` keeps to take a move
back holds the board in play instead of a copy, and undo restores the board in place from a
copy at its version only when the move changed it (``TitleState.shared_parts``,
``Board.restore``).  These tests hold it to what a full copy gave: the same position, field
by field, at every position of the recorded 18xx.games games, with and without the move
changing the board, and after a move that failed half way.
"""

from __future__ import annotations

import json

import pytest

import roundhouse
from roundhouse.bots import RandomBot
from roundhouse.core.actions import Action
from roundhouse.core.board import Board
from roundhouse.core.canonical import Canon, canonical
from roundhouse.core.copying import deep_copy
from roundhouse.core.game import Game
from roundhouse.core.static import Static
from roundhouse.interop import import_18xx_games
from tests.interop.documents import FIXTURE_NAMES, fixture_path


def the_board(game: Game) -> Board:
    (board,) = game.state.shared_parts()
    assert isinstance(board, Board)
    return board


def position(game: Game) -> tuple[Canon, str]:
    """The board's canonical form, walked in full (the hash reads the board's bytes kept
    under its version, which would hide a board changed without a new version), and the
    state hash (every other part walked)."""
    return canonical(the_board(game)), game.state_hash()


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_apply_undo_redo_at_every_recorded_position(name: str) -> None:
    """At every position of a recorded game: the move, its undo and the move again give the
    positions a full copy gave (the same board, walked in full, and the same state hash),
    the board stays one object throughout, and every ninth position takes back two moves."""
    recorded = import_18xx_games(json.loads(fixture_path(name).read_text()))
    doc = recorded.to_doc()
    game = roundhouse.load({**doc, "actions": []})
    log = recorded.log
    game.apply(log[0])
    game.undo()  # from here on every apply keeps the state it starts from
    board = the_board(game)
    changed = 0
    for i, move in enumerate(log):
        before = position(game)
        version = board.version
        game.apply(move)
        after = position(game)
        changed += board.version != version
        game.undo()
        assert position(game) == before, f"undo of action {i} ({move})"
        assert board.version == version
        game.apply(move)
        assert position(game) == after, f"redo of action {i} ({move})"
        if i % 9 == 8:
            two_back = game.at(i - 1)
            game.undo(2)
            assert position(game) == position(two_back)
            game.apply(log[i - 1])
            game.apply(move)
            assert position(game) == after
        assert the_board(game) is board
    assert changed > 10  # tiles laid and stations placed were taken back too
    assert game.state_hash() == recorded.state_hash()


def test_a_move_that_fails_half_way_leaves_the_board_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move that raises after changing the board, before giving it a new version, is
    taken back all the same: the kept state's board is restored from its copy."""
    game = roundhouse.new_game("18RoyalGorge", ["Ann", "Bob", "Cy"], seed=3)
    bot = RandomBot(3)
    for _ in range(5):
        game.apply(bot.choose(game, game.acting[0]))
    game.undo()
    before = position(game)
    board = the_board(game)
    kind = type(game.state)

    def half_way(self: object, action: Action) -> None:
        next(iter(board.hexes.values())).markers.append("half way")
        raise RuntimeError("failed half way")

    move = game.legal_actions()[0]
    with monkeypatch.context() as patch:
        patch.setattr(kind, "execute", half_way)
        with pytest.raises(RuntimeError):
            game.apply(move)
    assert position(game) == before
    game.apply(move)
    game.undo()
    assert position(game) == before


@pytest.mark.parametrize("title", ["18RoyalGorge", "18USA", "18West", "18US"])
def test_nothing_outside_the_board_holds_what_is_inside_it(title: str) -> None:
    """What sharing the board rests on (``TitleState.shared_parts``): a copy of the state
    that shares the board copies nothing the board holds, so no other part of the state
    reaches into it (immutable tuples and static data aside)."""
    game = roundhouse.new_game(title, ["Ann", "Bob", "Cy", "Dee"], seed=5)
    bot = RandomBot(5)
    for turn in range(400):
        if game.finished:
            break
        if turn % 20 == 0:
            board = the_board(game)
            inside: dict[int, object] = {}
            todo: list[object] = [v for v in vars(board).values() if v is not board.derived]
            while todo:
                value = todo.pop()
                if id(value) in inside or isinstance(value, str | int | Static):
                    continue
                inside[id(value)] = value
                if isinstance(value, dict):
                    todo.extend(value.values())
                elif isinstance(value, list | set | tuple | frozenset):
                    todo.extend(value)
                elif hasattr(value, "__slots__") and not isinstance(value, Board):
                    todo.extend(getattr(value, n) for n in value.__slots__ if hasattr(value, n))
            memo: dict[int, object] = {id(board): board}
            deep_copy(game.state, memo)
            reached = [
                inside[k]
                for k in memo
                if k in inside and not isinstance(inside[k], tuple | frozenset)
            ]
            assert reached == [], f"{title}, move {turn}: {reached[:3]}"
        game.apply(bot.choose(game, game.acting[0]))


@pytest.mark.parametrize("title", ["18RoyalGorge", "18USA", "18West", "18US"])
def test_apply_undo_redo_along_a_random_game(title: str) -> None:
    """The titles whose rules change the board beyond core's mutators (markers, pins, stubs,
    side tokens) keep its version promise: every move of a random game, taken back, leaves
    the board and the hash as they were, and so does every tenth take-back of three moves."""
    game = roundhouse.new_game(title, ["Ann", "Bob", "Cy", "Dee"], seed=11)
    bot = RandomBot(11)
    game.apply(bot.choose(game, game.acting[0]))
    game.undo()
    seen: list[tuple[Canon, str]] = []
    changed = 0
    for turn in range(300):
        if game.finished:
            break
        seen.append(position(game))
        move = bot.choose(game, game.acting[0])
        version = the_board(game).version
        game.apply(move)
        changed += the_board(game).version != version
        after = position(game)
        game.undo()
        assert position(game) == seen[-1], f"{title}: undo of move {turn} ({move})"
        game.apply(move)
        assert position(game) == after
        if turn % 10 == 9:
            last = game.log[-3:]
            game.undo(3)
            assert position(game) == seen[-3], f"{title}: undo of moves {turn - 2}-{turn}"
            for again in last:
                game.apply(again)
            assert position(game) == after
    assert changed >= 5, f"{title}: {changed} moves changed the board"
