"""The server's live games rest trimmed (issue #16: a live game in the web server takes at
most 2 MB): once a request asks for another game, the one used before has its derived values
dropped and its snapshots packed, and it plays on from there exactly as before."""

from __future__ import annotations

import dataclasses

import roundhouse
from roundhouse.bots import RandomBot
from roundhouse.core.packing import Packed
from roundhouse.server.cache import GameCache


@dataclasses.dataclass
class Record:
    """What :class:`GameCache` reads of a stored game."""

    id: str
    version: int
    title: str = "18RoyalGorge"
    players: tuple[str, ...] = ("Ann", "Bob", "Cy")
    seed: int = 7
    options: dict[str, object] = dataclasses.field(default_factory=dict)


class Store:
    """The stored logs: 130 random moves for every game."""

    def __init__(self) -> None:
        game = roundhouse.new_game("18RoyalGorge", ["Ann", "Bob", "Cy"], seed=7)
        bot = RandomBot(7)
        for _ in range(130):
            game.apply(bot.choose(game, game.acting[0]))
        self.log: list[dict[str, object]] = [{"action": a.to_json()} for a in game.log]
        self.expected = game

    def entries(self, game_id: str, start: int = 0) -> list[dict[str, object]]:
        return self.log[start:]


def test_the_game_used_before_rests_trimmed_and_plays_on_alike() -> None:
    store = Store()
    cache = GameCache(store)  # type: ignore[arg-type]
    one = cache.game(Record("one", 130))  # type: ignore[arg-type]
    assert one.legal_actions()
    assert not all(isinstance(s, Packed) for s in one._snapshots.values())
    assert cache.game(Record("one", 130)) is one  # type: ignore[arg-type]
    assert not all(isinstance(s, Packed) for s in one._snapshots.values())  # in use: kept
    two = cache.game(Record("two", 130))  # type: ignore[arg-type]
    assert all(isinstance(s, Packed) for s in one._snapshots.values())
    assert not all(isinstance(s, Packed) for s in two._snapshots.values())
    assert cache.game(Record("one", 130)) is one  # type: ignore[arg-type]
    assert all(isinstance(s, Packed) for s in two._snapshots.values())
    assert one.state_hash() == store.expected.state_hash()
    assert list(one.legal_actions()) == list(store.expected.legal_actions())
    one.undo(100)
    store.expected.undo(100)
    assert one.state_hash() == store.expected.state_hash()
