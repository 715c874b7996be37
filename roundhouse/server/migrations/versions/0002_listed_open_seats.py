"""Online games: listed in the lobby or unlisted, and seats by invitation or open to anyone.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Games stored before this revision were listed and anyone could take a free seat.
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.true()))
        batch.add_column(
            sa.Column("open_seats", sa.Boolean, nullable=False, server_default=sa.true())
        )


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("open_seats")
        batch.drop_column("listed")
