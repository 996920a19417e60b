"""Alembic environment: the server runs the migrations on start, on the connection it passes in
``config.attributes["connection"]`` (see :func:`tricktable.server.store.open_store`)."""

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
