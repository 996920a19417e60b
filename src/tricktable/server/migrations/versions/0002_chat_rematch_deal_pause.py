"""Chat lines kept with their table, a finished table's rematch, and the pause after each deal.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.add_column("tables", sa.Column("rematch", sa.String(32), nullable=True))
    op.add_column("tables", sa.Column("deal_pause", sa.Float, nullable=False, server_default="0"))
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("chat_by_table", "chat", ["table_id", "id"])


def downgrade() -> None:
    op.drop_index("chat_by_table", "chat")
    op.drop_table("chat")
    with op.batch_alter_table("tables") as batch:  # SQLite drops a column by copying the table
        batch.drop_column("deal_pause")
        batch.drop_column("rematch")
