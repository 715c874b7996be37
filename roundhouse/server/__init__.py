"""The web app: FastAPI server, storage, live updates and bots for browser play.

``create_app(database_url)`` builds the ASGI app; ``run(host, port, db_url)`` serves it.
"""

from roundhouse.server.app import create_app, run

__all__ = ["create_app", "run"]
