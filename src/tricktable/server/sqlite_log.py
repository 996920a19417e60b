"""The action log's writer on SQLite: the standard library's ``sqlite3`` in one thread of its own.

Appending actions is the server's one hot write. Through SQLAlchemy over aiosqlite a transaction is
a dozen hops between the event loop and aiosqlite's thread, about 450 µs of CPU; here it is one hop
and one ``executemany``, about 65 µs (50 µs less per row again when many tables' actions share the
transaction). Everything else (tables, seats, reads) stays on SQLAlchemy. The statement is compiled
from the same :class:`~sqlalchemy.Table`, so the schema has one home; WAL mode lets this connection
write while the others read.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import Table, insert
from sqlalchemy.dialects import sqlite

__all__ = ["SqliteWriter"]


class SqliteWriter:
    """Writes rows (tuples in the table's column order) to ``table`` in the SQLite file at ``path``,
    each call one transaction: all its rows or, raising ``sqlite3.IntegrityError`` and the like,
    none."""

    def __init__(self, path: str, table: Table) -> None:
        self._path = path
        self._sql = str(insert(table).compile(dialect=sqlite.dialect(paramstyle="qmark")))
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="tricktable action log")
        self._conn: sqlite3.Connection | None = None

    async def write(self, rows: Sequence[tuple[Any, ...]]) -> None:
        await asyncio.get_running_loop().run_in_executor(self._thread, self._write, rows)

    async def close(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._thread, self._close)
        self._thread.shutdown(wait=True)

    # --- in the writer's thread ---------------------------------------------------------------------
    def _write(self, rows: Sequence[tuple[Any, ...]]) -> None:
        conn = self._conn or self._open()
        with conn:  # commits, or rolls back on an error
            conn.executemany(self._sql, rows)

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self._path, timeout=5.0)
        # The same durability as the server's other connections (see store._sqlite_pragmas): NORMAL
        # in WAL mode survives a killed process.
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")
        self._conn = conn
        return conn

    def _close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
