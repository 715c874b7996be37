"""Where the web app keeps its games and how briskly bots move, read from the environment.

``ROUNDHOUSE_DATABASE_URL`` picks the database (SQLAlchemy URL); without it games live in
``roundhouse.sqlite`` in the working directory, so ``roundhouse serve`` works with no set-up.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

DEFAULT_DATABASE_FILE = "roundhouse.sqlite"


def default_database_url() -> str:
    """``ROUNDHOUSE_DATABASE_URL`` if set, else a SQLite file in the working directory."""
    url = os.environ.get("ROUNDHOUSE_DATABASE_URL", "").strip()
    if url:
        return url
    return f"sqlite:///{Path.cwd() / DEFAULT_DATABASE_FILE}"


def _int_env(name: str, default: int) -> int:
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, got {text!r}") from None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Settings:
    """Everything ``create_app`` can be told; the defaults suit ``roundhouse serve``."""

    database_url: str = dataclasses.field(default_factory=default_database_url)
    bot_delay: float = 0.6
    """Seconds a bot waits before moving, so people can follow the table."""
    bot_processes: int = dataclasses.field(
        default_factory=lambda: _int_env("ROUNDHOUSE_BOT_PROCESSES", 1)
    )
    """Worker processes bots think in (``ROUNDHOUSE_BOT_PROCESSES``; each game keeps to one of
    them, :mod:`roundhouse.server.bot_pool`); 0 thinks in a thread of the app's process."""
    warm_bots: bool = True
    """Start the bots' worker processes with the app, importing the engine, bots and titles
    there at once (:meth:`~roundhouse.server.bot_pool.BotPool.warm`), so a game's first bot
    move does not wait seconds for them; an app made and dropped per test may skip it."""
    poll_interval: float = 2.0
    """Seconds between database checks on open WebSockets (picks up other workers' moves)."""
    migrate: bool = True
    """Bring the schema up to date when the app starts."""
