"""Bring a database's schema up to date with the Alembic migrations shipped in the package.

The configuration is built in code (no alembic.ini to find), so ``roundhouse serve`` can
upgrade whatever database it is pointed at before it accepts a request.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    # ConfigParser treats % as interpolation; URLs with escaped passwords contain it.
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(engine: Engine) -> None:
    """Run every migration the database has not seen yet."""
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
