"""Fixtures for the web API tests: an app on a temporary SQLite file, and on PostgreSQL when
``ROUNDHOUSE_TEST_POSTGRES_URL`` is set (CI's .ci/services.sh sets it)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import tests.toy_title  # noqa: F401  (registers "Toy")
from roundhouse.server.app import create_app
from roundhouse.server.settings import Settings
from tests.postgres_schema import fresh_schema_url, postgres_url_or_skip

POSTGRES_URL = os.environ.get("ROUNDHOUSE_TEST_POSTGRES_URL", "")


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite'}"
    return fresh_schema_url(postgres_url_or_skip(), "server")


@pytest.fixture
def make_client(database_url: str) -> Iterator[Callable[..., TestClient]]:
    """Builds clients (one per simulated worker) on the same database."""
    clients: list[TestClient] = []

    def make(bot_delay: float = 0.0) -> TestClient:
        app = create_app(
            # Each test's app is new: warming its bot worker for every title would only add
            # seconds of start-up to a test that plays one title.
            settings=Settings(
                database_url=database_url, bot_delay=bot_delay, poll_interval=0.2, warm_bots=False
            )
        )
        client = TestClient(app, raise_server_exceptions=False)
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def wait_for(client: TestClient, game_id: str, done: Callable[[dict[str, object]], bool]) -> dict:
    """Polls the game summary until ``done`` holds (bots move in the background)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        summary = client.get(f"/api/games/{game_id}").json()
        if done(summary):
            return summary
        time.sleep(0.02)
    raise AssertionError(f"game {game_id} never reached the expected state: {summary}")
