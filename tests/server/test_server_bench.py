"""The server load benchmark (bench/server_bench.py, issue 9 "make bench") in its smallest
configuration: a real uvicorn process on loopback, two Chicago Express games, a few moves each.

No timing thresholds: the checks are that the run completes, every legal action offered was
accepted or refused as stale (never another error), every accepted move was pushed on the
game's WebSocket, and the numbers are well-formed.
"""

from __future__ import annotations

import os

import pytest

from bench.server_bench import POSTGRES_ENV, bench_server
from tests.postgres_schema import fresh_schema_url

GAMES = 2
ACTIONS = 3
LATENCIES = ("action", "legal", "view", "push")


@pytest.fixture(scope="module")
def result() -> dict[str, float]:
    url = os.environ.get(POSTGRES_ENV, "").strip()
    if not url:
        return bench_server(time_budget=20.0, games=GAMES, actions_per_game=ACTIONS)
    # A schema of its own: other workers' suites use the same database meanwhile.
    with pytest.MonkeyPatch.context() as env:
        env.setenv(POSTGRES_ENV, fresh_schema_url(url, "bench"))
        return bench_server(time_budget=20.0, games=GAMES, actions_per_game=ACTIONS)


def test_server_bench_plays_every_game_without_errors(result: dict[str, float]) -> None:
    assert result["sqlite.games"] == GAMES
    assert result["sqlite.clients"] == GAMES * 2
    # Both players of a game may pass the count check before either move lands.
    assert GAMES * ACTIONS <= result["sqlite.actions"] <= GAMES * (ACTIONS + 1)
    assert result["sqlite.errors"] == 0
    assert result["sqlite.push_missed"] == 0
    assert result["sqlite.actions_per_s"] > 0
    assert 0 <= result["sqlite.stale_409_rate"] < 1


def test_server_bench_latencies_are_positive_and_ordered(result: dict[str, float]) -> None:
    for name in LATENCIES:
        median, p90, p99 = (result[f"sqlite.{name}_ms_{q}"] for q in ("median", "p90", "p99"))
        assert 0 < median <= p90 <= p99, name


def test_server_bench_reports_memory_per_game(result: dict[str, float]) -> None:
    assert result["sqlite.server_rss_mib_at_start"] > 0
    assert "sqlite.server_kib_per_live_game" in result
    assert "sqlite.server_kib_per_game_after_play" in result
    assert 0 < result["game_kib_fresh_tracemalloc"] < result["game_kib_played_tracemalloc"]
    assert result["game_played_actions"] == ACTIONS


def test_server_bench_runs_on_postgres_when_configured(result: dict[str, float]) -> None:
    postgres = {k for k in result if k.startswith("postgres.")}
    if not os.environ.get(POSTGRES_ENV, "").strip():
        assert postgres == set()
        pytest.skip(
            "missing feature: the server benchmark's PostgreSQL figures, issue #16, measured "
            f"only against a live server: {POSTGRES_ENV} is not set here (CI starts one with "
            ".ci/services.sh; elsewhere start PostgreSQL the same way and export the URL)"
        )
    assert GAMES * ACTIONS <= result["postgres.actions"] <= GAMES * (ACTIONS + 1)
    assert result["postgres.errors"] == 0
    assert result["postgres.push_missed"] == 0


def test_server_bench_runs_its_coroutines_inside_a_running_event_loop() -> None:
    """The browser tests hold Playwright's sync API (an event loop) open for the session; the
    bench must still run its own loop in the same worker."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from bench.server_bench import run_coroutine

    async def answer() -> int:
        return 42

    async def outer() -> int:
        return run_coroutine(answer())

    # a thread of its own: this worker may itself hold such a loop open
    with ThreadPoolExecutor(max_workers=1) as pool:
        assert pool.submit(asyncio.run, outer()).result() == 42
