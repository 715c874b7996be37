"""What one worker holds while it runs: settings, the game service, the hub and the bots."""

from __future__ import annotations

from roundhouse.server.bot_driver import BotDriver, bot_to_act
from roundhouse.server.bot_pool import BotPool
from roundhouse.server.hub import Hub
from roundhouse.server.schema import Accepted
from roundhouse.server.service import GameService
from roundhouse.server.settings import Settings
from roundhouse.server.storage import GameRecord, Store


class Runtime:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store.from_url(settings.database_url)
        self.service = GameService(self.store)
        self.hub = Hub()
        self.bots = BotDriver(
            self.service, settings.bot_delay, self._after_bot, BotPool(settings.bot_processes)
        )

    def update_message(self, record: GameRecord, last: str | None = None) -> dict[str, object]:
        return {
            "type": "update",
            "version": record.version,
            "action_count": record.action_count,
            "acting": record.acting,
            "finished": record.finished,
            "last": last,
            # A seat taken changes no version; pages showing free seats need to hear of it.
            "seats_taken": sum(1 for s in record.seats if s.claimed),
        }

    def changed(
        self, game_id: str, accepted: Accepted | None = None, *, notify_only: bool = False
    ) -> None:
        """Tell the game's pages, and wake its bots if one of them is now to act.

        The record just read already says who acts, so a move in a game of people starts no
        bot task (which would read the game twice more only to find nothing to do)."""
        record = self.service.record(game_id)
        self.hub.publish(game_id, self.update_message(record, accepted.text if accepted else None))
        if not notify_only and not record.finished and bot_to_act(record):
            self.bots.poke(game_id)

    def _after_bot(self, game_id: str, accepted: Accepted) -> None:
        record = self.service.record(game_id)
        self.hub.publish(game_id, self.update_message(record, accepted.text))

    def resume_bots(self) -> None:
        """After a restart, bots to act in unfinished games pick up where they stopped; the
        bots' worker processes start now rather than at the first bot move."""
        if self.settings.warm_bots:
            self.bots.pool.warm()
        for game_id in self.service.unfinished():
            self.bots.poke(game_id)
