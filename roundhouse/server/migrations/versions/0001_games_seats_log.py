"""Games, their seats and their append-only action logs.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("title", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("table_token_hash", sa.String(64), nullable=True),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("action_count", sa.Integer, nullable=False, server_default="0"),
        sa.Column("acting", sa.JSON, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_games_finished_updated", "games", ["finished", "updated_at"])
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("position", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("bot_level", sa.String(32), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("claimed", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "log_entries",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("entry", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("log_entries")
    op.drop_table("seats")
    op.drop_index("ix_games_finished_updated", table_name="games")
    op.drop_table("games")
