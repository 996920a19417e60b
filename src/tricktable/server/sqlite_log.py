"""The action log's writer on SQLite: the standard library's ``sqlite3``, on the event loop's thread.

Appending actions is the server's one hot write. Through SQLAlchemy over aiosqlite a transaction is
a dozen hops between the event loop and aiosqlite's thread, about 450 µs of CPU; with ``sqlite3`` in
a thread of its own it was one hop and one ``executemany``. The hop itself (waking the thread,
handing the GIL back and forth, waking the loop: about 33 µs of CPU) cost more than a one-row
transaction in WAL mode on the loop's thread (about 20 µs: the pages go to the file system's cache,
nothing is synced), and under ``make loadtest`` at 300 tables a batch held 1.4 actions on average:
writing on the loop's thread, the server's CPU per action fell from 1,010-1,030 µs to 830-840 µs
(two pairs of runs, alternating, load average 5).

Two things could make a write on the loop's thread wait, and neither is allowed to:
- another connection (SQLAlchemy's: a seat taken, a chat line) holding the write lock: the loop's
  connection does not wait for it (busy timeout 0) but hands that batch to the writer thread, which
  waits as long as the server's other connections do;
- a checkpoint (copying the write-ahead log into the database, with an fsync): the loop's connection
  never checkpoints; every :data:`CHECKPOINT_EVERY` commits the thread runs a passive one, which
  holds up no writer.

The statement is compiled from the same :class:`~sqlalchemy.Table`, so the schema has one home; WAL
mode lets these connections write while the others read.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from sqlalchemy import Table, insert
from sqlalchemy.dialects import sqlite

__all__ = ["CHECKPOINT_EVERY", "SqliteWriter"]

log = logging.getLogger("tricktable.server")

CHECKPOINT_EVERY = 200  # commits on the loop's thread between two checkpoints (SQLite's own: 1000 pages)
BUSY_TIMEOUT = 5.0  # seconds the writer thread waits for the write lock (as the other connections do)


class SqliteWriter:
    """Writes rows (tuples in the table's column order) to ``table`` in the SQLite file at ``path``,
    each call one transaction: all its rows or, raising ``sqlite3.IntegrityError`` and the like,
    none."""

    def __init__(self, path: str, table: Table) -> None:
        self._path = path
        self._sql = str(insert(table).compile(dialect=sqlite.dialect(paramstyle="qmark")))
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="tricktable action log")
        self._conn: sqlite3.Connection | None = None  # the loop thread's
        self._waiting_conn: sqlite3.Connection | None = None  # the writer thread's
        self._commits = 0  # on the loop's thread since the last checkpoint
        self._checkpoint: Future[None] | None = None
        self.handed_over = 0  # batches the writer thread wrote, the lock being held when they came

    async def write(self, rows: Sequence[tuple[Any, ...]]) -> None:
        conn = self._conn or self._open()
        try:
            with conn:  # commits, or rolls back on an error
                conn.executemany(self._sql, rows)
        except sqlite3.OperationalError as err:
            if err.sqlite_errorcode & 0xFF != sqlite3.SQLITE_BUSY:  # (and its extended codes)
                raise
            self.handed_over += 1
            await asyncio.get_running_loop().run_in_executor(self._thread, self._write_waiting, rows)
            return
        self._commits += 1
        if self._commits >= CHECKPOINT_EVERY and (self._checkpoint is None or self._checkpoint.done()):
            self._commits = 0
            self._checkpoint = self._thread.submit(self._run_checkpoint)
            self._checkpoint.add_done_callback(_log_failure)

    async def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        await asyncio.get_running_loop().run_in_executor(self._thread, self._close_waiting)
        self._thread.shutdown(wait=True)

    def _open(self) -> sqlite3.Connection:
        conn = self._conn = _connect(self._path, timeout=0.0)
        conn.execute("PRAGMA wal_autocheckpoint=0")  # the thread checkpoints (see the module's words)
        return conn

    # --- in the writer's thread ---------------------------------------------------------------------
    def _waiting(self) -> sqlite3.Connection:
        if self._waiting_conn is None:
            self._waiting_conn = _connect(self._path, timeout=BUSY_TIMEOUT)
        return self._waiting_conn

    def _write_waiting(self, rows: Sequence[tuple[Any, ...]]) -> None:
        conn = self._waiting()
        with conn:
            conn.executemany(self._sql, rows)

    def _run_checkpoint(self) -> None:
        self._waiting().execute("PRAGMA wal_checkpoint(PASSIVE)")

    def _close_waiting(self) -> None:
        if self._waiting_conn is not None:
            self._waiting_conn.close()
            self._waiting_conn = None


def _log_failure(done: Future[None]) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.error("the action log's checkpoint failed", exc_info=done.exception())


def _connect(path: str, timeout: float) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=timeout)
    # The same durability as the server's other connections (see store._sqlite_pragmas): NORMAL
    # in WAL mode survives a killed process.
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    return conn
