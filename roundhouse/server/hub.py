"""Fan-out of "this game changed" notices to every open page of the game in this worker.

Pages learn of moves made through other workers by the WebSocket's periodic version check
(see :mod:`roundhouse.server.api`), so no broker is needed for several workers to agree.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict


class Hub:
    def __init__(self) -> None:
        self._queues: dict[str, set[asyncio.Queue[dict[str, object]]]] = defaultdict(set)

    def subscribe(self, game_id: str) -> asyncio.Queue[dict[str, object]]:
        queue: asyncio.Queue[dict[str, object]] = asyncio.Queue(maxsize=256)
        self._queues[game_id].add(queue)
        return queue

    def unsubscribe(self, game_id: str, queue: asyncio.Queue[dict[str, object]]) -> None:
        self._queues[game_id].discard(queue)
        if not self._queues[game_id]:
            del self._queues[game_id]

    def publish(self, game_id: str, message: dict[str, object]) -> None:
        for queue in list(self._queues.get(game_id, ())):
            if queue.full():
                # A page that stopped reading only needs the newest version.
                queue.get_nowait()
            queue.put_nowait(message)

    def listeners(self, game_id: str) -> int:
        return len(self._queues.get(game_id, ()))
