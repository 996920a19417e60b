"""The game server: tables, seats, bots and spectators over HTTP and one websocket per client.

Built on Starlette (served by uvicorn): a small, well-kept ASGI toolkit with websockets built in and
few dependencies. FastAPI would add pydantic models for an API of six routes whose validation we
want in our own words (the players' errors are the engine's reasons); Litestar is larger still.

- :mod:`~tricktable.server.app` — :func:`create_app`: the HTTP API and the table websocket.
- :mod:`~tricktable.server.protocol` — the client frames and the error frame (docs/protocol.md).
- :mod:`~tricktable.server.room` — a table in play: actions, broadcasting, bots, stand-ins.
- :mod:`~tricktable.server.hub` — every table: creating, seating, replaying on start, PostgreSQL
  NOTIFY from other server processes.
- :mod:`~tricktable.server.store` — the database (SQLite or PostgreSQL) and its migrations.

Needs the ``server`` extra: ``pip install 'tricktable[server]'``.
"""

from tricktable.server.app import create_app, going_away
from tricktable.server.room import Settings

__all__ = ["Settings", "create_app", "going_away"]
