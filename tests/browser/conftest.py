"""Browser fixtures: the web app under uvicorn on a free loopback port, and Debian's Chromium
driven by Playwright (never a downloaded browser)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest

from tests.postgres_schema import MISSING_POSTGRES, fresh_schema_url

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).parent / "artifacts"
ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
POSTGRES_URL = os.environ.get("ROUNDHOUSE_TEST_POSTGRES_URL", "")
SERVER_LOGS: list[Path] = []
"""The running web apps' logs, whose tails a failing browser test prints."""

if not CHROMIUM.exists():
    pytest.skip(
        "missing feature here: browser play of the web app, issue #20 (needs Debian's Chromium "
        "at /usr/bin/chromium: apt-get install chromium; CI installs it with .ci/services.sh)",
        allow_module_level=True,
    )
sync_api = pytest.importorskip("playwright.sync_api")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session", params=["sqlite", "postgres"])
def base_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('web') / 'games.sqlite'}"
    elif not POSTGRES_URL:
        pytest.skip(MISSING_POSTGRES)
    else:
        url = fresh_schema_url(POSTGRES_URL, "browser")
    port = _free_port()
    log_path = tmp_path_factory.mktemp("log") / "server.log"
    SERVER_LOGS.append(log_path)
    log = log_path.open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.browser.app_main", url, str(port)],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"{base}/api/titles", timeout=1).close()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(f"the web app did not start; see {log.name}") from None
            time.sleep(0.1)
    yield base
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: object, request: pytest.FixtureRequest) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})  # type: ignore[attr-defined]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # What the page asked for and did not get, printed after the test: pytest shows it only
    # when the test failed, which is when it explains a page that never finished drawing.
    trouble: list[str] = []
    page.on("requestfailed", lambda r: trouble.append(f"failed {r.method} {r.url}: {r.failure}"))
    page.on(
        "response",
        lambda r: (
            trouble.append(f"HTTP {r.status} {r.request.method} {r.url}")
            if r.status >= 500
            else None
        ),
    )
    page.on("console", lambda m: trouble.append(f"console {m.type}: {m.text}"))
    yield page
    toast = page.locator("#toast")
    if toast.count() and toast.is_visible():
        trouble.append(f"toast: {toast.inner_text()}")
    print("\n".join(["page trouble:", *trouble]) if trouble else "page trouble: none")
    for log in SERVER_LOGS:
        tail = log.read_text(errors="replace").splitlines()[-20:]
        print(f"{log} (last {len(tail)} lines):", *tail, sep="\n  ")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-final.png"), full_page=True)
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def shot(page: object, name: str) -> None:
    """Keep a screenshot as a test artifact (tests/browser/artifacts/, git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)  # type: ignore[attr-defined]


def _opened(browser, width: int, height: int, mobile: bool):  # type: ignore[no-untyped-def]
    """A fresh context and page at ``width`` x ``height``, and the list the page's script
    errors go to."""
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=mobile)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def open_new_game(browser, base_url: str, title: str, width: int, height: int = 900):  # type: ignore[no-untyped-def]
    """A new game of ``title`` for Ann, Bob and Cy (seed 3) made through the API and opened
    at ``width`` x ``height`` (a phone's context below 500 px), once its map and first
    moves are drawn: the context, the page and the page's script errors."""
    context, page, errors = _opened(browser, width, height, width < 500)
    created = httpx2.post(
        f"{base_url}/api/games",
        json={"title": title, "seats": [{"name": n} for n in ("Ann", "Bob", "Cy")], "seed": 3},
    ).json()
    page.goto(base_url + created["link"])
    page.wait_for_selector("#board svg [data-hex]")
    page.wait_for_selector("#controls button")
    return context, page, errors


def open_imported(  # type: ignore[no-untyped-def]
    browser,
    base_url: str,
    doc: dict,  # type: ignore[type-arg]
    width: int,
    height: int = 900,
    *,
    mobile: bool = False,
    ready: str = "#controls button",
):
    """``doc`` imported through the API and opened at ``width`` x ``height`` once its map
    and ``ready`` are drawn: the context, the page and the page's script errors."""
    context, page, errors = _opened(browser, width, height, mobile)
    created = httpx2.post(f"{base_url}/api/games/import", json={"doc": doc}, timeout=120)
    created.raise_for_status()
    page.goto(base_url + created.json()["link"])
    page.wait_for_selector("#board svg [data-hex]")
    page.wait_for_selector(ready)
    return context, page, errors
