"""Walking a game move by move with undo in between, for the undo tests (issue #16): each
test names what a position is to it (the board walked in full, the marked parts …) and what
must hold after every move."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest

import roundhouse
from roundhouse.bots import RandomBot
from roundhouse.core.actions import Action
from roundhouse.core.game import Game

T = TypeVar("T")


def searching(game: Game, move: Action) -> None:
    """Play ``move`` and take it back, so that from here on every apply keeps the state it
    starts from (as search's apply + undo pairs do)."""
    game.apply(move)
    game.undo()


def random_moves(game: Game, seed: int, limit: int = 300) -> Iterator[Action]:
    """A random bot's moves in ``game`` as it stands when each is asked for."""
    bot = RandomBot(seed)
    for _ in range(limit):
        if game.finished:
            return
        yield bot.choose(game, game.acting[0])


def round_trips(
    game: Game,
    moves: Iterator[Action],
    position: Callable[[Game], T],
    *,
    every: int,
    back: int,
    each: Callable[[], None] = lambda: None,
    restored: Callable[[Game], object] = lambda game: None,
) -> list[tuple[T, T]]:
    """Each move played, undone (the position before it again) and played again (the
    position after it again); every ``every``-th move, the last ``back`` moves taken back
    at once and replayed.  ``each`` checks what must hold after every move; ``restored``
    reads what an undo gives back exactly though a replay would not (a version stamp).
    The positions before and after each move."""
    seen: list[tuple[T, T]] = []
    played: list[Action] = []
    for i, move in enumerate(moves):
        before = position(game)
        stamp = restored(game)
        game.apply(move)
        after = position(game)
        game.undo()
        assert position(game) == before, f"undo of move {i} ({move})"
        assert restored(game) == stamp, f"undo of move {i} ({move})"
        game.apply(move)
        assert position(game) == after, f"redo of move {i} ({move})"
        seen.append((before, after))
        played.append(move)
        if i % every == every - 1:
            game.undo(back)
            assert position(game) == seen[-back][0], f"undo of moves {i - back + 1}-{i}"
            for again in played[-back:]:
                game.apply(again)
            assert position(game) == after
        each()
    return seen


def failing_half_way(
    monkeypatch: pytest.MonkeyPatch, position: Callable[[Game], T], damage: Callable[[Any], None]
) -> None:
    """An 18RoyalGorge move whose execute calls ``damage`` (given the state) and then raises
    leaves the position as it was, and the move then plays and undoes as usual."""
    game = roundhouse.new_game("18RoyalGorge", ["Ann", "Bob", "Cy"], seed=3)
    bot = RandomBot(3)
    for _ in range(5):
        game.apply(bot.choose(game, game.acting[0]))
    game.undo()
    before = position(game)
    state = game.state

    def half_way(self: object, action: Action) -> None:
        damage(state)
        raise RuntimeError("failed half way")

    move = game.legal_actions()[0]
    with monkeypatch.context() as patch:
        patch.setattr(type(state), "execute", half_way)
        with pytest.raises(RuntimeError):
            game.apply(move)
    assert position(game) == before
    game.apply(move)
    game.undo()
    assert position(game) == before
