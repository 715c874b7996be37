"""Alembic environment: runs the migrations against the URL or connection the app hands in.

There is no alembic.ini; :mod:`roundhouse.server.migration` builds the configuration in code.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from roundhouse.server.storage import METADATA

config = context.config
target_metadata = METADATA


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run()
