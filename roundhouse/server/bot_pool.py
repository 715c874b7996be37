"""Bots think in worker processes, so a searching bot has a core of its own and pages stay quick.

A bot thinking in a thread of the web app's process holds the interpreter lock for most of its
move: an MCTS bot's second (or a heuristic bot on a big 18xx turn) slowed every page and live
update of every game served meanwhile, and several games with bots could never use more than
one core.  Here each move is thought out in a worker process.

Every game keeps to one *lane* (a pool of one process, chosen from the game's id), and the
bots of its seats live in that process between moves: a bot's random draws then follow one
sequence, as when bots lived in the web app, and a searching bot may keep what it learned.
The lane also keeps the game it last thought on, so the next move replays only the actions
played since (a save file whose actions do not extend what the lane holds, after an undo, is
loaded afresh).

``Settings.bot_processes = 0`` keeps the old way (a thread of this process), for embedding
the app where processes cannot be started.
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import multiprocessing
import zlib
from concurrent import futures
from concurrent.futures.process import BrokenProcessPool

from roundhouse.core.actions import Json
from roundhouse.core.game import Game, load
from roundhouse.core.title import REGISTRY
from roundhouse.server.seat_bot import BotSeats

GAMES_KEPT = 32
"""Games a lane keeps between moves (least recently thought on are dropped first)."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BotRequest:
    """What a lane needs to make one bot move: the game as a save file and who moves."""

    game_id: str
    title_where: str
    """``"module:attribute"`` of the title (:meth:`Registry.where`), so a title registered by
    a test or a plug-in is known in the worker too."""
    doc: dict[str, Json]
    """The game's save file (``Game.to_doc()``)."""
    seat: str
    level: str
    bot_seed: int

    def choose(self, bots: BotSeats, games: GameShelf) -> dict[str, Json]:
        """The bot's move as JSON (a worker process runs this; so does the thread fallback)."""
        REGISTRY.register(str(self.doc["title"]), self.title_where)
        game = games.game(self.game_id, self.doc)
        bot = bots.bot(self.game_id, self.seat, self.level, self.bot_seed)
        return bot.choose(game.clone(), self.seat).to_json()


class GameShelf:
    """The games a lane thought on last, each brought up to a save file by playing only the
    actions it does not have yet."""

    def __init__(self, size: int = GAMES_KEPT) -> None:
        self.size = size
        self._games: collections.OrderedDict[str, Kept] = collections.OrderedDict()

    def game(self, game_id: str, doc: dict[str, Json]) -> Game:
        actions = doc.get("actions")
        if not isinstance(actions, list):
            raise ValueError(f"game {game_id}: the save file has no action list")
        header = {key: value for key, value in doc.items() if key != "actions"}
        kept = self._games.pop(game_id, None)
        if kept is not None and kept.header == header and kept.extended_by(actions):
            game = kept.game
            for action in actions[len(kept.actions) :]:
                if not isinstance(action, dict):
                    raise ValueError(f"game {game_id}: an action is not an object: {action!r}")
                game.apply(action)
        else:
            game = load(doc)
        self._games[game_id] = Kept(game=game, header=header, actions=list(actions))
        while len(self._games) > self.size:
            self._games.popitem(last=False)
        return game


@dataclasses.dataclass(slots=True, kw_only=True)
class Kept:
    """A game on the shelf, with the save file it stands at."""

    game: Game
    header: dict[str, Json]
    """The save file without its actions (title, seed, players, options)."""
    actions: list[Json]

    def extended_by(self, actions: list[Json]) -> bool:
        """Whether ``actions`` are this game's actions and then more (not an undo)."""
        return len(actions) >= len(self.actions) and actions[: len(self.actions)] == self.actions


_BOTS = BotSeats()
_SHELF = GameShelf()


def warm_up() -> None:
    """A new worker's first job: import the engine, the bots and every title with its bot
    policy, so that no game's first bot move waits for them.

    Measured on a loaded two-core machine: a fresh worker spent about 6 s starting and
    importing before a heuristic bot's first 18RoyalGorge bid, which took 0.1 s.  (Setting up
    a game of each title here as well, to read their data files, saved a game's first move
    another fraction of a second but kept the lane busy for seconds more at start.)
    """
    import roundhouse.bots  # noqa: F401  (imported for its side effect: the modules load)

    for title in REGISTRY.all():
        REGISTRY.part(title.id, "bot")


def think(request: BotRequest) -> dict[str, Json]:
    """The worker process's entry point: one bot move, with the lane's bots and games."""
    return request.choose(_BOTS, _SHELF)


class BotPool:
    """``lanes`` worker processes (started on first use); 0 thinks in threads instead."""

    def __init__(self, lanes: int) -> None:
        if lanes < 0:
            raise ValueError(f"bot_processes must be 0 or more, got {lanes}")
        self.lanes = lanes
        self._pools: dict[int, futures.ProcessPoolExecutor] = {}
        self._bots = BotSeats()
        self._shelf = GameShelf()

    def warm(self) -> list[futures.Future[None]]:
        """Start every lane's process now and have it import what bots need (:func:`warm_up`),
        while the app waits for its first game; nothing waits for this."""
        return [self._lane_pool(lane).submit(warm_up) for lane in range(self.lanes)]

    def _lane_pool(self, lane: int) -> futures.ProcessPoolExecutor:
        pool = self._pools.get(lane)
        if pool is None:
            pool = futures.ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn")
            )
            self._pools[lane] = pool
        return pool

    def lane(self, game_id: str) -> int:
        return zlib.crc32(game_id.encode()) % max(self.lanes, 1)

    async def choose(self, request: BotRequest) -> dict[str, Json]:
        """The bot's move; a lane whose process died is started again and the move retried
        once (a crash in the bot itself is raised)."""
        if self.lanes == 0:
            return await asyncio.to_thread(request.choose, self._bots, self._shelf)
        loop = asyncio.get_running_loop()
        lane = self.lane(request.game_id)
        for attempt in (1, 2):
            pool = self._lane_pool(lane)
            try:
                return await loop.run_in_executor(pool, think, request)
            except BrokenProcessPool:
                self._pools.pop(lane, None)
                pool.shutdown(wait=False, cancel_futures=True)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Let the worker processes end (each once its move in hand, if any, is made)."""
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        self._pools.clear()
