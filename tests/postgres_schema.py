"""A PostgreSQL schema of its own for each test suite in each pytest worker.

The suites that test the web app on PostgreSQL share the one database CI starts
(``ROUNDHOUSE_TEST_POSTGRES_URL``), and ``make test`` runs them in several workers at once: a
suite that cleared the database by dropping its tables pulled them from under the web app
another worker was testing ("relation games does not exist", a page that never drew its map).
Each suite and worker gets a fresh schema instead, and its connections use it first.
"""

from __future__ import annotations

import os

import sqlalchemy as sa


def fresh_schema_url(url: str, suite: str) -> str:
    """``url`` with its connections put in an emptied schema named for ``suite`` and this
    worker (``search_path``), created as needed."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    schema = f"{suite}_{worker}".lower()
    if not schema.replace("_", "").isalnum():
        raise ValueError(f"not a plain schema name: {schema!r}")
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    engine.dispose()
    isolated = sa.engine.make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
    return isolated.render_as_string(hide_password=False)
