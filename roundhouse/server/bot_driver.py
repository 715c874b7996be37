"""Bots move by themselves: one background task per game while a bot seat is to act.

After every change the app pokes the driver; the task waits ``delay`` seconds (so people can
follow), lets the bot choose and submits through the same checked path as a person, then looks
again.  A move made meanwhile by someone else makes the bot's write stale; it just looks again.

The bot thinks in a worker process (:mod:`roundhouse.server.bot_pool`): a searching bot can
take seconds on a big 18xx turn, and the app must keep serving pages meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from roundhouse.server.bot_pool import BotPool
from roundhouse.server.problem import Problem
from roundhouse.server.schema import Accepted
from roundhouse.server.service import GameService
from roundhouse.server.storage import GameRecord

LOG = logging.getLogger("roundhouse.server.bots")


class BotDriver:
    def __init__(
        self,
        service: GameService,
        delay: float,
        on_change: Callable[[str, Accepted], None],
        pool: BotPool,
    ) -> None:
        self.service = service
        self.pool = pool
        self.delay = delay
        self.on_change = on_change
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def poke(self, game_id: str) -> None:
        """Make sure a task is watching ``game_id`` if a bot may have to move."""
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            return
        self._tasks[game_id] = asyncio.get_running_loop().create_task(self._run(game_id))

    async def _run(self, game_id: str) -> None:
        failures = 0
        while True:
            try:
                record = self.service.record(game_id)
            except Problem:
                return
            if record.finished or not bot_to_act(record):
                return
            await asyncio.sleep(self.delay)
            try:
                turn = self.service.bot_turn(game_id)
                if turn is None:
                    return
                action = await self.pool.choose(turn.request)
                accepted = self.service.bot_submit(game_id, turn.version, action)
            except Problem as exc:
                if exc.code == "stale":
                    continue
                failures += 1
                LOG.warning("bot move refused in %s: %s", game_id, exc.message)
                if failures >= 3:
                    return
                continue
            except Exception:
                LOG.exception("bot failed in game %s", game_id)
                return
            self.on_change(game_id, accepted)

    async def stop(self) -> None:
        tasks = [t for t in self._tasks.values() if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        self.pool.close()

    def busy(self, game_id: str) -> bool:
        task = self._tasks.get(game_id)
        return task is not None and not task.done()


def bot_to_act(record: GameRecord) -> bool:
    """Whether one of the seats to act now is a bot's."""
    bots = {s.name for s in record.seats if s.kind == "bot"}
    return any(p in bots for p in record.acting)
