"""Live games kept in memory per worker, brought up to date from the stored log.

Every request first reads the game's ``version`` (its number of log rows) from the database;
a cached game at that version is used as is, one behind is caught up by applying just the new
rows, and anything else is rebuilt by replay.  Workers therefore share nothing but the database.

A game rests trimmed (:meth:`roundhouse.Game.trim`: its derived values dropped, its snapshots
packed) from the moment a request asks for another game until one asks for it again: a
game at rest holds a fraction of what it holds in use (issue #16: at most 2 MB; a long
18USA game 1.0 MB rather than 7 MB), and a table in play, whose requests follow one another,
keeps what it worked out.  Requests run one at a time on the event loop, so no request is
using the game being trimmed.
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
        self._in_use: str | None = None
        """The game the last request asked for: every other cached game is trimmed."""

    def game(self, record: GameRecord) -> roundhouse.Game:
        """The game as of ``record.version``; callers may mutate it only via :meth:`advanced`."""
        self._rest_all_but(record.id)
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

    def _rest_all_but(self, game_id: str) -> None:
        """Trim the game in use unless it is ``game_id`` (the others were trimmed when it
        was taken up)."""
        resting = self._in_use
        self._in_use = game_id
        if resting is not None and resting != game_id:
            live = self._live.get(resting)
            if live is not None:
                live.game.trim()

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
