"""The web server as a subprocess for the load benchmark (:mod:`bench.server_bench`):
``uvicorn`` on the app factory at 127.0.0.1 on a free port, its resident memory and CPU time
from ``/proc``, and the clean-up of a shared database."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2

HOST = "127.0.0.1"
START_TIMEOUT = 30.0


@contextlib.contextmanager
def server(database_url: str | None) -> Iterator[tuple[str, int]]:
    """``uvicorn`` serving ``create_app`` on 127.0.0.1 until the block ends (always stopped,
    its temporary database and log removed)."""
    scratch = Path(tempfile.mkdtemp(prefix="roundhouse-server-bench-"))
    url = database_url or f"sqlite:///{scratch / 'games.sqlite'}"
    port = free_port()
    env = {**os.environ, "ROUNDHOUSE_DATABASE_URL": url}
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "roundhouse.server.app:create_app",
        "--factory",
        "--host",
        HOST,
        "--port",
        str(port),
        "--no-access-log",
        "--log-level",
        "warning",
    ]
    log_path = scratch / "server.log"
    process: subprocess.Popen[bytes] | None = None
    try:
        with open(log_path, "wb") as log:
            process = subprocess.Popen(
                command, cwd=scratch, env=env, stdout=log, stderr=subprocess.STDOUT
            )
        base = f"http://{HOST}:{port}"
        wait_ready(base, process, log_path)
        yield base, process.pid
    finally:
        if process is not None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        shutil.rmtree(scratch, ignore_errors=True)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


def wait_ready(base: str, process: subprocess.Popen[bytes], log_path: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    with httpx2.Client(base_url=base, trust_env=False, timeout=2.0) as client:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                break
            with contextlib.suppress(httpx2.TransportError):
                if client.get("/api/titles").status_code == 200:
                    return
            time.sleep(0.05)
    tail = log_path.read_text(errors="replace")[-2000:] if log_path.exists() else ""
    raise RuntimeError(f"the server did not start on {base}:\n{tail}")


def rss_kib(pid: int) -> int:
    """The process's resident set in KiB (Linux); 0 where /proc is not there."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_s(pid: int) -> float:
    """User plus system CPU seconds the process has used (Linux); 0 where /proc is not there."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def forget(database_url: str, game_ids: list[str]) -> None:
    """Removes the bench's games from a shared (PostgreSQL) database."""
    import sqlalchemy as sa

    from roundhouse.server.storage import GAMES, LOG, SEATS

    engine = sa.create_engine(database_url)
    try:
        with engine.begin() as conn:
            for table in (LOG, SEATS):
                conn.execute(table.delete().where(table.c.game_id.in_(game_ids)))
            conn.execute(GAMES.delete().where(GAMES.c.id.in_(game_ids)))
    finally:
        engine.dispose()
