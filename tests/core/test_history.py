"""Undo, history (``at``) and ``clone``: fast paths that must give exactly the positions that
replaying the log from the start gives (the kernel's determinism promise)."""

from __future__ import annotations

import pytest

import roundhouse
from roundhouse.bots import RandomBot
from roundhouse.core.game import KEEP_AFTER_UNDO, SNAPSHOT_EVERY, Game
from roundhouse.core.rng import Rng
from tests import toy_title  # noqa: F401  (registers "Toy")


def replayed(game: Game, length: int | None = None) -> str:
    """The hash of the position rebuilt from scratch by loading the (first ``length``) log."""
    doc = game.to_doc()
    actions = doc["actions"]
    assert isinstance(actions, list)
    return roundhouse.load({**doc, "actions": actions[:length]}).state_hash()


def test_kernel_undo_play_undo_matches_replay_from_the_start() -> None:
    """Random mixes of moves and undos of 1–3 actions, across snapshot boundaries."""
    for title, players, seed in (("Toy", ["a", "b"], 4), ("ChicagoExpress", ["A", "B", "C"], 9)):
        game = roundhouse.new_game(
            title, players, seed=seed, options={"pile": 400} if title == "Toy" else {}
        )
        bot, dice = RandomBot(seed), Rng(seed)
        for _ in range(3 * SNAPSHOT_EVERY):
            if game.finished:
                break
            if game.log and dice.below(4) == 0:
                game.undo(min(len(game.log), 1 + dice.below(3)))
                assert game.state_hash() == replayed(game)
            game.apply(bot.choose(game, game.acting[0]))
        assert len(game.log) > SNAPSHOT_EVERY
        assert game.state_hash() == replayed(game)


def test_kernel_repeated_undo_to_the_same_position() -> None:
    game = roundhouse.new_game("Toy", ["a", "b"], seed=2, options={"pile": 300})
    for _ in range(SNAPSHOT_EVERY + 10):
        game.apply(game.legal_actions()[0])
    before = replayed(game, len(game.log) - 1)
    game.undo()
    for move in game.legal_actions():
        game.apply(move)
        assert game.state_hash() == replayed(game)
        game.undo()
        assert game.state_hash() == before
    game.undo(12)
    assert game.state_hash() == replayed(game)
    game.undo(len(game.log))
    assert game.log == () and game.state_hash() == replayed(game)


def test_kernel_clone_is_independent_and_shares_what_never_changes() -> None:
    game = roundhouse.new_game("ChicagoExpress", ["A", "B", "C", "D"], seed=1)
    bot = RandomBot(1)
    for _ in range(SNAPSHOT_EVERY + 5):
        game.apply(bot.choose(game, game.acting[0]))
    twin = game.clone()
    assert twin.title is game.title and twin.log == game.log
    assert twin.state is not game.state and twin.state_hash() == game.state_hash()
    before = game.state_hash()
    for _ in range(10):
        twin.apply(bot.choose(twin, twin.acting[0]))
    twin.undo(SNAPSHOT_EVERY)
    assert game.state_hash() == before and len(game.log) == SNAPSHOT_EVERY + 5
    assert twin.state_hash() == replayed(twin)
    game.undo()
    assert game.state_hash() == replayed(game)


def test_kernel_at_is_the_replayed_prefix() -> None:
    game = roundhouse.new_game("Toy", ["a", "b", "c"], seed=8, options={"pile": 400})
    for _ in range(2 * SNAPSHOT_EVERY + 7):
        game.apply(game.legal_actions()[-1 if len(game.log) % 3 else 0])
    game.undo(3)
    end = game.state_hash()
    for index in (0, 1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1, len(game.log)):
        past = game.at(index)
        assert len(past.log) == index and past.state_hash() == replayed(game, index)
        if index:
            past.undo()
            past.apply(game.log[index - 1])
            assert past.state_hash() == replayed(game, index)
    assert game.state_hash() == end and game.state_hash() == replayed(game)


def test_kernel_history_asked_in_order_replays_from_the_last_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An importer looks one move back after each of a turn's moves (``game.at(len - 1)``):
    each answer is kept as the one spare snapshot, so the next replays only the moves since
    (issue #16: the 18RoyalGorge reader's history was a sixth of an import), and every
    answer is still the replayed prefix, with at most one snapshot off the regular spacing."""
    game = roundhouse.new_game("Toy", ["a", "b", "c"], seed=8, options={"pile": 400})
    for _ in range(SNAPSHOT_EVERY + 20):
        game.apply(game.legal_actions()[-1 if len(game.log) % 3 else 0])
    game.at(len(game.log) - 10)
    executed: list[object] = []
    kind = type(game.state)
    replay = kind.execute

    def counted(self: object, action: object) -> None:
        executed.append(action)
        replay(self, action)  # type: ignore[arg-type]

    for _ in range(5):
        game.apply(game.legal_actions()[0])
        executed.clear()
        with monkeypatch.context() as patch:
            patch.setattr(kind, "execute", counted)
            past = game.at(len(game.log) - 1)
        assert len(executed) <= 10  # not the 20 and more since the last regular snapshot
        assert past.state_hash() == replayed(game, len(game.log) - 1)
        off = [i for i in game._snapshots if i % SNAPSHOT_EVERY]
        assert len(off) <= 1
    assert game.state_hash() == replayed(game)


def test_kernel_undo_after_search_applies_replays_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """After an undo, the next applies keep the state they start from, so taking them back
    (a search's move and take-back) restores it without replaying a single action; the
    positions are the replayed ones all the same."""
    game = roundhouse.new_game("Toy", ["a", "b"], seed=5, options={"pile": 400})
    for _ in range(SNAPSHOT_EVERY + 20):
        game.apply(game.legal_actions()[len(game.log) % 2 - 1])
    game.undo()
    executed: list[object] = []
    for move in game.legal_actions():
        before = game.state_hash()
        game.apply(move)
        kind = type(game.state)
        with monkeypatch.context() as patch:
            patch.setattr(kind, "execute", lambda self, action: executed.append(action))
            game.undo()
        assert executed == [] and game.state_hash() == before == replayed(game)
    for _ in range(KEEP_AFTER_UNDO):
        game.apply(game.legal_actions()[0])
    game.undo(KEEP_AFTER_UNDO)
    assert game.state_hash() == replayed(game)


def test_kernel_kept_states_are_bounded_and_not_shared() -> None:
    game = roundhouse.new_game("Toy", ["a", "b"], seed=6, options={"pile": 400})
    for _ in range(10):
        game.apply(game.legal_actions()[0])
    game.undo()
    for _ in range(3 * KEEP_AFTER_UNDO):
        game.apply(game.legal_actions()[-1])
        assert len(game._kept) <= KEEP_AFTER_UNDO
    twin = game.clone()
    assert twin._kept == {}
    deep = len(game.log)
    twin.undo(2)
    game.undo(2 * KEEP_AFTER_UNDO)
    assert len(twin.log) == deep - 2 and twin.state_hash() == replayed(twin)
    assert game.state_hash() == replayed(game)


def test_kernel_kept_states_go_once_play_goes_on_without_undo() -> None:
    """A game at the table that was undone once holds no copies for long."""
    game = roundhouse.new_game("Toy", ["a", "b"], seed=7, options={"pile": 400})
    game.apply(game.legal_actions()[0])
    game.undo()
    for _ in range(SNAPSHOT_EVERY):
        game.apply(game.legal_actions()[0])
    assert game._kept == {}
    game.undo(3)
    assert game.state_hash() == replayed(game)
