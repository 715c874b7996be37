"""Runs the web app for the browser tests: ``python -m tests.browser.app_main DB_URL PORT``.

It registers the toy title too and makes bots quick, so the tests do not wait on the table.
"""

from __future__ import annotations

import sys

import uvicorn

import tests.toy_title  # noqa: F401  (registers "Toy")
from roundhouse.server.app import create_app
from roundhouse.server.settings import Settings


def main() -> None:
    url, port = sys.argv[1], int(sys.argv[2])
    app = create_app(settings=Settings(database_url=url, bot_delay=0.02, poll_interval=1.0))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
