"""A table's coach: when on, every seat may ask for a hint (the search bot's play and its reason).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.add_column("tables", sa.Column("coach", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:  # SQLite drops a column by copying the table
        batch.drop_column("coach")
