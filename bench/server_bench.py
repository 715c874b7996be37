"""The web server under load: many hotseat Chicago Express games played at once over loopback.

``bench_server`` starts ``uvicorn`` on the app factory in a subprocess (127.0.0.1, a free port,
a temporary SQLite file; a second run on PostgreSQL when ``ROUNDHOUSE_TEST_POSTGRES_URL`` is
set), creates the games and lets a seeded load generator play them: for each game a few
virtual players, all holding the table token, each repeatedly fetch the legal actions, post a
random one against the version they saw, and fetch the view.  Players of one game race, so some
posts are stale and must come back 409 (issue 8: "two clicks at once cannot both land").
Another connection per game listens on the game's WebSocket, which times each push from the
start of the POST that caused it.

Latencies are client-side round trips in milliseconds (median, p90, p99).  Memory per live game
is the server's resident set growth (``/proc/<pid>/status``) over the games it holds in its
cache, divided by their number; the traced size of one ``Game`` in this process is given for
comparison.  Everything is bounded in count and time, and only 127.0.0.1 is ever contacted.

``python -m bench.server_bench --profile`` profiles the action path in-process (httpx2's ASGI
transport under cProfile) and prints where the time goes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import dataclasses
import json
import os
import pstats
import random
import shutil
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import AsyncIterator, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import httpx2
from websockets.asyncio.client import connect

import roundhouse
from bench.server_process import START_TIMEOUT, cpu_s, forget, rss_kib, server

TITLE = "ChicagoExpress"
SEATS = ("Ann", "Bob", "Cy", "Di")
POSTGRES_ENV = "ROUNDHOUSE_TEST_POSTGRES_URL"
REPO = Path(__file__).resolve().parent.parent
REQUEST_TIMEOUT = 15.0
PUSH_GRACE = 3.0


@dataclasses.dataclass(frozen=True)
class Load:
    """How much traffic one run sends: games, racing players per game, and its bounds."""

    games: int
    players_per_game: int
    actions_per_game: int
    seconds: float
    seed: int = 1

    @property
    def max_attempts(self) -> int:
        """Loop bound per virtual player, so a game that keeps refusing cannot spin forever."""
        return 4 * self.actions_per_game + 8


@dataclasses.dataclass
class Tally:
    """What the virtual players saw, shared by all of them (one event loop, no locks)."""

    action_s: list[float] = dataclasses.field(default_factory=list)
    stale_s: list[float] = dataclasses.field(default_factory=list)
    legal_s: list[float] = dataclasses.field(default_factory=list)
    view_s: list[float] = dataclasses.field(default_factory=list)
    errors: list[str] = dataclasses.field(default_factory=list)
    accepted: dict[str, int] = dataclasses.field(default_factory=dict)
    sent: dict[tuple[str, int], float] = dataclasses.field(default_factory=dict)
    """(game, version) -> when the POST that made this version started."""
    pushed: dict[tuple[str, int], float] = dataclasses.field(default_factory=dict)
    """(game, version) -> when the first WebSocket push announcing it arrived."""

    def error(self, what: str, reply: httpx2.Response) -> None:
        if len(self.errors) < 50:
            self.errors.append(f"{what}: {reply.status_code} {reply.text[:200]}")


@dataclasses.dataclass
class Gauge:
    """The server process's resident set (KiB) before the games, with them live and after
    play; CPU seconds of the server and of this process, and wall time, during the load."""

    rss_start: int
    rss_live: int = 0
    rss_played: int = 0
    server_cpu: float = 0.0
    client_cpu: float = 0.0
    elapsed: float = 0.0


@dataclasses.dataclass(frozen=True)
class Table:
    game_id: str
    token: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


T = TypeVar("T")


def run_coroutine(coro: Coroutine[object, object, T]) -> T:
    """``asyncio.run`` in a thread of its own when this thread already runs an event loop
    (a test session that holds Playwright's sync API open keeps one running)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


def bench_server(
    time_budget: float = 30.0,
    *,
    games: int | None = None,
    actions_per_game: int | None = None,
    players_per_game: int = 2,
    seed: int = 1,
    postgres: bool = True,
) -> dict[str, float]:
    """Latency, throughput, 409 rate and memory per live game of ``roundhouse serve``.

    ``time_budget`` is the harness's hint (3 s for ``--quick``, else 30 s): quick runs play 4
    games, full runs 20.  Keys are prefixed by the database (``sqlite.``, ``postgres.``).
    """
    quick = time_budget < 10
    load = Load(
        games=games if games is not None else (4 if quick else 20),
        players_per_game=players_per_game,
        actions_per_game=actions_per_game
        if actions_per_game is not None
        else (15 if quick else 60),
        seconds=max(1.0, time_budget * (0.4 if quick else 0.3)),
        seed=seed,
    )
    out = game_memory(load.actions_per_game, seed)
    databases: list[tuple[str, str | None]] = [("sqlite", None)]
    postgres_url = os.environ.get(POSTGRES_ENV, "").strip()
    if postgres and postgres_url:
        databases.append(("postgres", postgres_url))
    for name, url in databases:
        found = run_coroutine(_run_against(url, load))
        out.update({f"{name}.{key}": value for key, value in found.items()})
    return out


def game_memory(actions: int, seed: int) -> dict[str, float]:
    """Traced bytes held by one Chicago Express game in this process, fresh and after
    ``actions`` random (seeded) actions: what the server's cache holds per game, without the
    interpreter's and allocator's overheads that the resident set also counts."""
    roundhouse.new_game(TITLE, list(SEATS), seed, {})  # title data loaded before tracing
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        game = roundhouse.new_game(TITLE, list(SEATS), seed, {})
        fresh = tracemalloc.get_traced_memory()[0] - before
        rng = random.Random(seed)
        for _ in range(actions):
            moves = game.legal_actions()
            if game.finished or not moves:
                break
            game.apply(rng.choice(list(moves)))
        played = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    return {
        "game_kib_fresh_tracemalloc": round(fresh / 1024, 1),
        "game_kib_played_tracemalloc": round(played / 1024, 1),
        "game_played_actions": float(len(game.log)),
    }


# -- one run against a server in a subprocess -------------------------------------------------


async def _run_against(database_url: str | None, load: Load) -> dict[str, float]:
    with server(database_url) as (base, pid):
        async with _client(base, load) as client:
            return await _measure(client, base, pid, load, database_url)


async def _measure(
    client: httpx2.AsyncClient, base: str, pid: int, load: Load, database_url: str | None
) -> dict[str, float]:
    tables: list[Table] = []
    try:
        # Warm up every code path once (lazy imports, pydantic, SQL compilation caches) so
        # the resident set measured next grows only by the games.
        warm = await _create(client, load.seed + 10_000)
        tables.append(warm)
        await _play(client, warm, random.Random(0), Tally(), load, time.perf_counter() + 5.0, 2)
        gauge = Gauge(rss_start=rss_kib(pid))
        for i in range(load.games):
            tables.append(await _create(client, load.seed + i))
        for table in tables[1:]:
            reply = await client.get(f"/api/games/{table.game_id}/actions", headers=table.headers)
            reply.raise_for_status()
        gauge.rss_live = rss_kib(pid)
        tally = Tally()
        stop = asyncio.Event()
        ready = [asyncio.Event() for _ in tables[1:]]
        listeners = [
            asyncio.create_task(_listen(base, t, tally, r, stop))
            for t, r in zip(tables[1:], ready, strict=True)
        ]
        try:
            await _all_ready(ready, listeners)
            started = time.perf_counter()
            cpu = (cpu_s(pid), time.process_time())
            deadline = started + load.seconds
            await asyncio.gather(
                *(
                    _play(
                        client,
                        table,
                        random.Random(load.seed * 1000 + g * 10 + p),
                        tally,
                        load,
                        deadline,
                        load.actions_per_game,
                    )
                    for g, table in enumerate(tables[1:])
                    for p in range(load.players_per_game)
                )
            )
            gauge.elapsed = time.perf_counter() - started
            gauge.server_cpu = cpu_s(pid) - cpu[0]
            gauge.client_cpu = time.process_time() - cpu[1]
            grace = time.perf_counter() + PUSH_GRACE
            while time.perf_counter() < grace and not set(tally.sent) <= set(tally.pushed):
                await asyncio.sleep(0.02)
        finally:
            stop.set()
            await asyncio.gather(*listeners, return_exceptions=True)
        gauge.rss_played = rss_kib(pid)
    finally:
        if database_url is not None:
            forget(database_url, [t.game_id for t in tables])
    return _summary(tally, load, gauge)


def _summary(tally: Tally, load: Load, gauge: Gauge) -> dict[str, float]:
    accepted = len(tally.action_s)
    posts = accepted + len(tally.stale_s)
    push = [tally.pushed[k] - t for k, t in tally.sent.items() if k in tally.pushed]
    out: dict[str, float] = {
        "games": float(load.games),
        "clients": float(load.games * load.players_per_game),
        "actions": float(accepted),
        "actions_per_s": round(accepted / gauge.elapsed, 1) if gauge.elapsed > 0 else 0.0,
        "stale_409_rate": round(len(tally.stale_s) / posts, 3) if posts else 0.0,
        "errors": float(len(tally.errors)),
        "push_missed": float(len(tally.sent) - len(push)),
        "server_cpu_ms_per_action": round(gauge.server_cpu / accepted * 1e3, 3)
        if accepted
        else 0.0,
        "server_cpu_busy": round(gauge.server_cpu / gauge.elapsed, 3) if gauge.elapsed > 0 else 0.0,
        "client_cpu_ms_per_action": round(gauge.client_cpu / accepted * 1e3, 3)
        if accepted
        else 0.0,
        "server_rss_mib_at_start": round(gauge.rss_start / 1024, 1),
        "server_kib_per_live_game": round((gauge.rss_live - gauge.rss_start) / load.games, 1),
        "server_kib_per_game_after_play": round(
            (gauge.rss_played - gauge.rss_start) / load.games, 1
        ),
    }
    for name, samples in (
        ("action", tally.action_s),
        ("stale", tally.stale_s),
        ("legal", tally.legal_s),
        ("view", tally.view_s),
        ("push", push),
    ):
        out.update(_percentiles(name, samples))
    if tally.errors:
        print("server bench errors (first ones):", *tally.errors[:5], sep="\n  ", file=sys.stderr)
    return out


def _percentiles(name: str, samples: list[float]) -> dict[str, float]:
    if not samples:
        return {}
    if len(samples) == 1:
        cuts = [samples[0]] * 99
    else:
        cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return {
        f"{name}_ms_median": round(statistics.median(samples) * 1e3, 3),
        f"{name}_ms_p90": round(cuts[89] * 1e3, 3),
        f"{name}_ms_p99": round(cuts[98] * 1e3, 3),
    }


async def _all_ready(ready: list[asyncio.Event], listeners: list[asyncio.Task[None]]) -> None:
    """Waits until every listener is subscribed; a listener that failed raises here."""
    deadline = time.perf_counter() + START_TIMEOUT
    while not all(r.is_set() for r in ready):
        for task in listeners:
            if task.done():
                task.result()
        if time.perf_counter() > deadline:
            raise RuntimeError("WebSocket listeners did not connect in time")
        await asyncio.sleep(0.01)


# -- the load generator -----------------------------------------------------------------------


async def _create(client: httpx2.AsyncClient, seed: int) -> Table:
    reply = await client.post(
        "/api/games",
        json={"title": TITLE, "seats": [{"name": s} for s in SEATS], "seed": seed},
    )
    if reply.status_code != 201:
        raise RuntimeError(f"could not create a game: {reply.status_code} {reply.text[:300]}")
    body = reply.json()
    return Table(game_id=body["game"]["id"], token=body["token"])


async def _play(
    client: httpx2.AsyncClient,
    table: Table,
    rng: random.Random,
    tally: Tally,
    load: Load,
    deadline: float,
    actions: int,
) -> None:
    """One virtual player: legal actions, a random one posted at the version seen, the view.

    Stops when its game has had ``actions`` accepted moves, has ended, the deadline has
    passed, or after ``load.max_attempts`` rounds, whichever comes first."""
    gid = table.game_id
    for _ in range(load.max_attempts):
        if tally.accepted.get(gid, 0) >= actions or time.perf_counter() >= deadline:
            return
        t0 = time.perf_counter()
        reply = await client.get(f"/api/games/{gid}/actions", headers=table.headers)
        tally.legal_s.append(time.perf_counter() - t0)
        if reply.status_code != 200:
            tally.error("legal actions", reply)
            continue
        legal = reply.json()
        if not legal["actions"]:
            return
        choice = rng.choice(legal["actions"])["action"]
        version = int(legal["version"])
        t0 = time.perf_counter()
        reply = await client.post(
            f"/api/games/{gid}/actions",
            json={"index": version, "action": choice},
            headers=table.headers,
        )
        spent = time.perf_counter() - t0
        if reply.status_code == 200:
            tally.action_s.append(spent)
            tally.sent[(gid, version + 1)] = t0
            tally.accepted[gid] = tally.accepted.get(gid, 0) + 1
        elif reply.status_code == 409:
            tally.stale_s.append(spent)
        else:
            tally.error(f"post {choice}", reply)
        t0 = time.perf_counter()
        reply = await client.get(f"/api/games/{gid}/view")
        tally.view_s.append(time.perf_counter() - t0)
        if reply.status_code != 200:
            tally.error("view", reply)


async def _listen(
    base: str, table: Table, tally: Tally, ready: asyncio.Event, stop: asyncio.Event
) -> None:
    """Another page of the game: notes when each version's push arrives."""
    uri = base.replace("http://", "ws://", 1) + f"/api/games/{table.game_id}/ws"
    async with connect(uri, proxy=None, open_timeout=START_TIMEOUT, compression=None) as ws:
        await asyncio.wait_for(ws.recv(), START_TIMEOUT)  # the greeting: subscribed by now
        ready.set()
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 0.2)
            except TimeoutError:
                continue
            arrived = time.perf_counter()
            message = json.loads(raw)
            version = message.get("version") if isinstance(message, dict) else None
            if isinstance(version, int):
                tally.pushed.setdefault((table.game_id, version), arrived)


@contextlib.asynccontextmanager
async def _client(base: str, load: Load) -> AsyncIterator[httpx2.AsyncClient]:
    """One pooled client for every virtual player; ``trust_env=False`` so no proxy is used."""
    size = load.games * load.players_per_game + 4
    limits = httpx2.Limits(max_connections=size, max_keepalive_connections=size)
    async with httpx2.AsyncClient(
        base_url=base, trust_env=False, timeout=REQUEST_TIMEOUT, limits=limits
    ) as client:
        yield client


# -- profiling the action path in-process -----------------------------------------------------


def profile_actions(actions: int = 200, games: int = 4, top: int = 30) -> pstats.Stats:
    """cProfile of the app serving ``actions`` accepted moves (one player per game, no
    network: httpx2's ASGI transport calls the app directly), on a temporary SQLite file.

    Also counts the SQL statements and commits the database saw per round (legal actions,
    the move, the view), which unlike times do not depend on how busy the machine is."""
    import sqlalchemy as sa

    from roundhouse.server.app import create_app
    from roundhouse.server.settings import Settings

    scratch = Path(tempfile.mkdtemp(prefix="roundhouse-server-profile-"))
    profile = cProfile.Profile()
    load = Load(games=games, players_per_game=1, actions_per_game=actions // games, seconds=600)
    counts = {"statements": 0, "commits": 0}

    def statement(*_: object) -> None:
        counts["statements"] += 1

    def commit(*_: object) -> None:
        counts["commits"] += 1

    async def run() -> Tally:
        app = create_app(settings=Settings(database_url=f"sqlite:///{scratch / 'g.sqlite'}"))
        engine = app.state.runtime.store.engine
        transport = httpx2.ASGITransport(app=app)
        async with httpx2.AsyncClient(transport=transport, base_url="http://asgi") as client:
            tables = [await _create(client, load.seed + i) for i in range(games)]
            deadline = time.perf_counter() + load.seconds
            for t in tables:
                await _play(client, t, random.Random(1), Tally(), load, deadline, 1)
            tally = Tally()
            sa.event.listen(engine, "before_cursor_execute", statement)
            sa.event.listen(engine, "commit", commit)
            profile.enable()
            await asyncio.gather(
                *(
                    _play(client, t, random.Random(i), tally, load, deadline, load.actions_per_game)
                    for i, t in enumerate(tables)
                )
            )
            profile.disable()
            sa.event.remove(engine, "before_cursor_execute", statement)
            sa.event.remove(engine, "commit", commit)
            await asyncio.sleep(0.1)  # let background tasks started by the last moves end
            return tally

    try:
        tally = run_coroutine(run())
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    rounds = max(1, len(tally.legal_s))
    print(
        f"{len(tally.action_s)} moves in {rounds} rounds: "
        f"{counts['statements'] / rounds:.1f} SQL statements and "
        f"{counts['commits'] / rounds:.2f} commits per round (legal actions, move, view)"
    )
    for name, samples in (
        ("action", tally.action_s),
        ("legal", tally.legal_s),
        ("view", tally.view_s),
    ):
        print(name, _percentiles(name, samples), "(in-process, under cProfile)")
    stats = pstats.Stats(profile)
    stats.sort_stats("cumulative").print_stats(r"roundhouse/server|sqlite3|commit", top)
    return stats


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.server_bench", description=__doc__)
    p.add_argument("--quick", action="store_true", help="4 games, short run")
    p.add_argument("--games", type=int, default=None)
    p.add_argument("--profile", action="store_true", help="cProfile the action path in-process")
    args = p.parse_args(argv)
    if args.profile:
        profile_actions()
        return 0
    found = bench_server(3.0 if args.quick else 30.0, games=args.games)
    for key, value in found.items():
        print(f"{key:40} {value:,.6g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
