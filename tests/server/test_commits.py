"""Group commit: many actions in one transaction, each sender told only once its own row is written,
a stale row failing alone."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.server.helpers import run_async
from tricktable.server import sqlite_log
from tricktable.server.commits import GroupCommit
from tricktable.server.store import StaleWrite, TableRow, open_store


class Log:
    """A stand-in database: a transaction writes all its rows or, if one is refused, none."""

    def __init__(self, refuse: frozenset[int] = frozenset()) -> None:
        self.refuse = refuse
        self.rows: list[int] = []
        self.transactions: list[list[int]] = []

    async def write(self, rows: Sequence[int]) -> None:
        await asyncio.sleep(0.001)  # a commit takes time: senders pile up meanwhile
        self.transactions.append(list(rows))
        bad = [r for r in rows if r in self.refuse]
        if bad:
            raise ValueError(f"row {bad[0]} refused")
        self.rows.extend(rows)


def test_waiting_rows_share_transactions_and_every_sender_returns_after_its_row() -> None:
    log = Log()

    async def main() -> None:
        commits = GroupCommit(log.write)

        async def send(row: int) -> None:
            await commits.commit(row)
            assert row in log.rows  # written before the sender goes on

        await asyncio.gather(*(send(i) for i in range(200)))
        await commits.close()

    run_async(main())
    assert sorted(log.rows) == list(range(200))
    assert len(log.transactions) < 20  # one per row would be 200


def test_a_refused_row_fails_alone_and_the_rest_of_its_batch_is_kept() -> None:
    log = Log(refuse=frozenset({7, 13}))

    async def main() -> dict[int, str]:
        commits = GroupCommit(log.write)
        results = await asyncio.gather(*(commits.commit(i) for i in range(30)), return_exceptions=True)
        await commits.close()
        return {i: str(r) for i, r in enumerate(results) if r is not None}

    failed = run_async(main())
    assert failed == {7: "row 7 refused", 13: "row 13 refused"}
    assert sorted(log.rows) == [i for i in range(30) if i not in (7, 13)]


def test_close_writes_what_is_waiting_and_refuses_later_rows() -> None:
    log = Log()

    async def main() -> None:
        commits = GroupCommit(log.write)
        senders = [asyncio.create_task(commits.commit(i)) for i in range(5)]
        await asyncio.sleep(0)  # the senders are waiting
        await commits.close()
        await asyncio.gather(*senders)
        with pytest.raises(RuntimeError, match="closed"):
            await commits.commit(99)

    run_async(main())
    assert sorted(log.rows) == list(range(5))


def test_a_cancelled_sender_does_not_cancel_its_batch() -> None:
    log = Log()

    async def main() -> None:
        commits = GroupCommit(log.write)
        first = asyncio.create_task(commits.commit(1))
        second = asyncio.create_task(commits.commit(2))
        await asyncio.sleep(0)
        first.cancel()
        await second
        await commits.close()

    run_async(main())
    assert 2 in log.rows


def test_store_two_writers_of_one_index_in_one_batch(tmp_path: Path) -> None:
    async def main() -> list[str]:
        store = await open_store(f"sqlite:///{tmp_path / 'log.db'}")
        for t in ("a", "b"):
            await store.create_table(
                TableRow(t, t, "back-alley", {}, 1, (None,) * 4, 0.0, 60.0, finished=False)
            )
        results = await asyncio.gather(
            store.append("a", 0, 0, "bid 3", False),
            store.append("a", 0, 1, "bid 4", False),  # the same index: a second writer
            store.append("b", 0, 0, "bid 2", False),
            return_exceptions=True,
        )
        kept = [(r.idx, r.action) for r in await store.actions("a")] + [
            (r.idx, r.action) for r in await store.actions("b")
        ]
        await store.close()
        assert kept == [(0, "bid 3"), (0, "bid 2")]
        return [type(r).__name__ for r in results]

    assert run_async(main()) == ["NoneType", StaleWrite.__name__, "NoneType"]


def test_sqlite_log_hands_a_batch_to_its_thread_while_another_connection_writes(tmp_path: Path) -> None:
    """The action log writes on the loop's thread, never waiting there: a batch that meets the write
    lock held by another connection is written by the writer thread once the lock is free."""
    path = tmp_path / "log.db"

    async def main() -> list[tuple[int, str]]:
        store = await open_store(f"sqlite:///{path}")
        await store.create_table(TableRow("a", "a", "back-alley", {}, 1, (None,) * 4, 0.0, 60.0, False))
        await store.append("a", 0, 0, "bid 3", False)  # on the loop's thread
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # holds the write lock
        appended = asyncio.create_task(store.append("a", 1, 1, "bid 4", False))
        await asyncio.sleep(0.2)
        assert not appended.done()  # the thread waits for the lock; the loop does not
        other.execute("COMMIT")
        await appended
        other.close()
        writer = store._sqlite
        assert writer is not None and writer.handed_over == 1
        rows = [(r.idx, r.action) for r in await store.actions("a")]
        await store.close()
        return rows

    assert run_async(main()) == [(0, "bid 3"), (1, "bid 4")]


def test_sqlite_log_checkpoints_in_its_thread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop's connection never checkpoints (that syncs the file); the writer thread does, every
    CHECKPOINT_EVERY commits, so the write-ahead log does not grow for ever."""
    monkeypatch.setattr(sqlite_log, "CHECKPOINT_EVERY", 5)
    ran: list[str] = []
    checkpoint = sqlite_log.SqliteWriter._run_checkpoint

    def counted(writer: sqlite_log.SqliteWriter) -> None:
        ran.append(threading.current_thread().name)
        checkpoint(writer)

    monkeypatch.setattr(sqlite_log.SqliteWriter, "_run_checkpoint", counted)

    async def main() -> int:
        store = await open_store(f"sqlite:///{tmp_path / 'log.db'}")
        await store.create_table(TableRow("a", "a", "back-alley", {}, 1, (None,) * 4, 0.0, 60.0, False))
        for i in range(12):
            await store.append("a", i, i % 4, "bid 3", False)
        writer = store._sqlite
        assert writer is not None and writer._conn is not None and writer._checkpoint is not None
        await asyncio.wrap_future(writer._checkpoint)
        (automatic,) = writer._conn.execute("PRAGMA wal_autocheckpoint").fetchone()
        count = len(await store.actions("a"))
        await store.close()
        assert automatic == 0
        return count

    assert run_async(main()) == 12
    assert 1 <= len(ran) <= 2 and all(name.startswith("tricktable action log") for name in ran)
