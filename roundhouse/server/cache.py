"""Live games kept in memory per worker, brought up to date from the stored log.

Every request first reads the game's ``version`` (its number of log rows) from the database;
a cached game at that version is used as is, one behind is caught up by applying just the new
rows, and anything else is rebuilt by replay.  Workers therefore share nothing but the database.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from collections.abc import Sequence

import roundhouse
from roundhouse.server.storage import GameRecord, Store


def effective_actions(entries: Sequence[dict[str, object]]) -> list[object]:
    """The actions that stand once every undo marker has taken back its actions."""
    actions: list[object] = []
    for entry in entries:
        if "undo" in entry:
            count = entry["undo"]
            assert isinstance(count, int)
            del actions[len(actions) - count :]
        else:
            actions.append(entry["action"])
    return actions


@dataclasses.dataclass
class Live:
    version: int
    game: roundhouse.Game


class GameCache:
    """At most ``size`` live games, least recently used dropped first."""

    def __init__(self, store: Store, size: int = 64) -> None:
        self.store = store
        self.size = size
        self._live: OrderedDict[str, Live] = OrderedDict()

    def game(self, record: GameRecord) -> roundhouse.Game:
        """The game as of ``record.version``; callers may mutate it only via :meth:`advanced`."""
        live = self._live.get(record.id)
        if live is not None and live.version == record.version:
            self._live.move_to_end(record.id)
            return live.game
        if live is not None and live.version < record.version:
            try:
                for entry in self.store.entries(record.id, live.version):
                    _play(live.game, entry)
                live.version = record.version
                self._live.move_to_end(record.id)
                return live.game
            except ValueError:
                self.drop(record.id)
        game = self.build(record, self.store.entries(record.id))
        self._live[record.id] = Live(record.version, game)
        while len(self._live) > self.size:
            self._live.popitem(last=False)
        return game

    @staticmethod
    def build(record: GameRecord, entries: Sequence[dict[str, object]]) -> roundhouse.Game:
        game = roundhouse.new_game(record.title, record.players, record.seed, record.options)
        for action in effective_actions(entries):
            game.apply(action)  # type: ignore[arg-type]
        return game

    def advanced(self, game_id: str, version: int) -> None:
        """The cached game was changed in place and now matches log ``version``."""
        live = self._live.get(game_id)
        if live is not None:
            live.version = version

    def drop(self, game_id: str) -> None:
        self._live.pop(game_id, None)


def _play(game: roundhouse.Game, entry: dict[str, object]) -> None:
    if "undo" in entry:
        count = entry["undo"]
        assert isinstance(count, int)
        game.undo(count)
    else:
        game.apply(entry["action"])  # type: ignore[arg-type]
