"""Persistence: a table is its config, seed and seats plus an append-only action log.

SQLAlchemy 2 (async) over aiosqlite (SQLite in WAL mode, the default: one file, nothing to install) or
asyncpg (``postgresql://...``, for several server processes; the action log there writes a batch
and its notifications in one statement on a connection of its own). The log's primary key ``(table_id,
idx)`` is what makes two writers safe: of two processes appending action ``idx`` to one table, one
commits and the other gets :class:`StaleWrite` and catches up from the log.

The schema is made and upgraded by the Alembic migrations in ``migrations/`` (:func:`open_store` runs
them to head on start).
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]
from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    event,
    false,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from tricktable.server.commits import GroupCommit
from tricktable.server.sqlite_log import SqliteWriter

log = logging.getLogger("tricktable.server")

__all__ = [
    "ANALYSIS_STALE",
    "CHANNEL",
    "CHAT_KEPT",
    "SEATS_CHANNEL",
    "ActionRow",
    "AnalysisRow",
    "ChatLine",
    "Notification",
    "SeatLeft",
    "SeatRow",
    "StaleWrite",
    "Store",
    "TableRow",
    "async_url",
    "hash_token",
    "metadata",
    "open_store",
]

SLOW_COMMIT = 0.5  # seconds: a batch of actions slower than this to commit is logged

CHANNEL = "tricktable_actions"  # PostgreSQL NOTIFY channel: "<table id> <last index> <origin>"
# a seat left: "<table id> <seat> <origin>"; taken: "<table id> <seat> <origin> <token hash> <player>"
SEATS_CHANNEL = "tricktable_seats"

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("game", String(32), nullable=False),
    Column("config", Text, nullable=False),  # JSON: the options that differ from the defaults
    Column("seed", BigInteger, nullable=False),
    Column("bots", Text, nullable=False),  # JSON: a bot name, or null for a player, per seat
    Column("bot_pause", Float, nullable=False),
    Column("absent_after", Float, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("finished_at", Float, nullable=True),
    Column("result", Text, nullable=True),  # JSON, once finished
    Column("rematch", String(32), nullable=True),  # the table its players moved on to, once over
    Column("deal_pause", Float, nullable=False, server_default="0"),
    Column("coach", Boolean, nullable=False, server_default=false()),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player", String(40), nullable=False),
    Column("token_hash", String(64), nullable=False),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("by_bot", Boolean, nullable=False),
    Column("at", Float, nullable=False),
)


chat_lines = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)

CHAT_KEPT = 100  # chat lines kept per table (and sent to a client on hello)

analyses = Table(
    "analyses",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("status", String(16), nullable=False),  # "running", "done" or "failed"
    Column("done", Integer, nullable=False),  # decisions analysed so far
    Column("total", Integer, nullable=False),  # decisions to analyse (0 until the worker counts them)
    Column("result", Text, nullable=True),  # JSON, once done
    Column("updated_at", Float, nullable=False),
)

ANALYSIS_STALE = 300.0
"""Seconds without progress after which a running analysis counts as lost (its server process
stopped): a new request starts it again."""

_ACTION_COLUMNS = tuple(c.name for c in actions.columns)  # a row of the log, in the order appended
# PostgreSQL: a batch of actions and their notifications in one statement, so one round trip commits
# them (autocommit: a statement is atomic). Each is a player's only if its token still holds the seat
# as the statement runs (a leave committed by another process is seen). Before, a batch took BEGIN,
# INSERT, NOTIFY and COMMIT through SQLAlchemy's pool: four round trips, each waiting for a turn of an
# event loop busy with thousands of sockets, which made the commit stalls of up to seconds.
_INSERT_HELD = """
WITH ins AS (
    INSERT INTO actions (table_id, idx, seat, action, by_bot, at)
    SELECT v.table_id, v.idx, v.seat, v.action, v.by_bot, v.at
    FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::boolean[], $6::float8[], $7::text[])
         AS v(table_id, idx, seat, action, by_bot, at, holder)
    WHERE v.holder IS NULL OR EXISTS (
        SELECT 1 FROM seats s
        WHERE s.table_id = v.table_id AND s.seat = v.seat AND s.token_hash = v.holder)
    RETURNING table_id, idx, seat, by_bot, action)
SELECT table_id, array_agg(idx) AS written,
       pg_notify($8, table_id || ' ' || max(idx) || ' ' || $9 || CASE
           WHEN sum(octet_length(action)) + 32 * count(*) < 7000  -- a notification holds 8000 bytes
           THEN ' ' || json_agg(json_build_array(idx, seat, by_bot, action) ORDER BY idx)::text
           ELSE '' END) AS notified,
       extract(epoch FROM clock_timestamp() - statement_timestamp()) AS took  -- in the database
FROM ins GROUP BY table_id
"""


@dataclass(frozen=True, slots=True)
class Notification:
    """What the action log's notification says: the table, its last action's index, the process that
    wrote them, and the actions themselves (None: too long to carry; read them from the log)."""

    table_id: str
    idx: int
    origin: str
    actions: list[ActionRow] | None

    @classmethod
    def parse(cls, payload: str, unless_from: str | None = None) -> Notification | None:
        """The notification, or None if it cannot be read or was sent by the process ``unless_from``
        (every process hears its own commits too: their actions are not read)."""
        table_id, idx, origin, *rest = payload.split(" ", 3)
        if not idx.isdigit() or origin == unless_from:
            return None
        found = None
        if rest:
            found = [ActionRow(i, seat, action, by_bot) for i, seat, by_bot, action in json.loads(rest[0])]
        return cls(table_id, int(idx), origin, found)


class StaleWrite(Exception):
    """Another writer committed this table's action at that index first."""


class SeatLeft(Exception):
    """The action's seat was left (its token revoked), maybe through another server process, before
    the action was committed: it is not written."""


def hash_token(token: str) -> str:
    """Seat tokens are 32 random bytes, so one SHA-256 is enough to keep the stored ones useless."""
    return hashlib.sha256(token.encode()).hexdigest()


def async_url(url: str) -> str:
    """``sqlite:///file`` and ``postgresql://...`` with their async drivers; a plain file path is a
    SQLite file."""
    if "://" not in url:
        url = f"sqlite:///{url}"
    parsed = make_url(url)
    if parsed.drivername in ("sqlite", "sqlite+aiosqlite"):
        return parsed.set(drivername="sqlite+aiosqlite").render_as_string(hide_password=False)
    if parsed.drivername in ("postgresql", "postgres", "postgresql+asyncpg"):
        return parsed.set(drivername="postgresql+asyncpg").render_as_string(hide_password=False)
    raise ValueError(f"unsupported database URL {parsed.drivername}://...: use sqlite:/// or postgresql://")


@dataclass(frozen=True, slots=True)
class TableRow:
    id: str
    name: str
    game: str
    config: dict[str, Any]
    seed: int
    bots: tuple[str | None, ...]
    bot_pause: float
    absent_after: float
    finished: bool
    deal_pause: float = 0.0  # seconds the bots wait after a deal for the players to read its score
    rematch: str | None = None
    coach: bool = False  # every seat may ask for a hint


@dataclass(frozen=True, slots=True)
class ActionRow:
    idx: int
    seat: int
    action: str
    by_bot: bool


@dataclass(frozen=True, slots=True)
class AnalysisRow:
    """A game's analysis for one seat, as stored."""

    status: str
    done: int
    total: int
    result: dict[str, Any] | None
    updated_at: float

    @property
    def lost(self) -> bool:
        """Running, but nothing heard of it for :data:`ANALYSIS_STALE` seconds."""
        return self.status == "running" and time.time() - self.updated_at > ANALYSIS_STALE


def _row(r: Any) -> TableRow:
    return TableRow(
        id=r.id,
        name=r.name,
        game=r.game,
        config=json.loads(r.config),
        seed=int(r.seed),
        bots=tuple(json.loads(r.bots)),
        bot_pause=float(r.bot_pause),
        absent_after=float(r.absent_after),
        finished=r.finished_at is not None,
        deal_pause=float(r.deal_pause),
        rematch=r.rematch,
        coach=bool(r.coach),
    )


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seated player: the seat, their name, and the hash of the token that holds the seat."""

    seat: int
    player: str
    holder: str


@dataclass(frozen=True, slots=True)
class ChatLine:
    seat: int
    name: str
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "text": self.text}


class Store:
    """The database behind the tables. Every method is one short transaction."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.url = engine.url
        self.origin = secrets.token_hex(6)  # names this process in the notifications it sends
        # The action log's hot path: straight to the file on SQLite (see sqlite_log), else SQLAlchemy.
        path = engine.url.database
        self._sqlite: SqliteWriter | None = None
        if engine.url.get_backend_name() == "sqlite" and path and path != ":memory:":
            self._sqlite = SqliteWriter(path, actions)
        self._pg: Any = None  # PostgreSQL: the action log's own asyncpg connection
        self._log: GroupCommit[tuple[Any, ...]] = GroupCommit(
            self._write_actions if self._sqlite is None else self._write_sqlite
        )

    @property
    def is_postgres(self) -> bool:
        return self.engine.url.get_backend_name() == "postgresql"

    async def close(self) -> None:
        await self._log.close()
        if self._pg is not None:
            await self._pg.close()
        if self._sqlite is not None:
            await self._sqlite.close()
        await self.engine.dispose()

    async def create_table(self, row: TableRow) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(
                insert(tables).values(
                    id=row.id,
                    name=row.name,
                    game=row.game,
                    config=json.dumps(row.config),
                    seed=row.seed,
                    bots=json.dumps(list(row.bots)),
                    bot_pause=row.bot_pause,
                    absent_after=row.absent_after,
                    deal_pause=row.deal_pause,
                    coach=row.coach,
                    created_at=time.time(),
                )
            )

    async def table(self, table_id: str) -> TableRow | None:
        async with self.engine.connect() as conn:
            r = (await conn.execute(select(tables).where(tables.c.id == table_id))).first()
        return None if r is None else _row(r)

    async def unfinished(self) -> list[TableRow]:
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(tables).where(tables.c.finished_at.is_(None)).order_by(tables.c.created_at)
            )
            return [_row(r) for r in rows]

    async def actions(self, table_id: str, since: int = 0) -> list[ActionRow]:
        """The table's actions from index ``since`` on, in order."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(actions)
                .where(actions.c.table_id == table_id, actions.c.idx >= since)
                .order_by(actions.c.idx)
            )
            return [ActionRow(r.idx, r.seat, r.action, bool(r.by_bot)) for r in rows]

    async def append(
        self, table_id: str, idx: int, seat: int, action: str, by_bot: bool, holder: str | None = None
    ) -> None:
        """Commit action ``idx``; :class:`StaleWrite` if that index is already taken. Actions of many
        tables share a transaction (see :mod:`tricktable.server.commits`). ``holder``: the hash of the
        token the action was sent with; on PostgreSQL the action is written only if that token still
        holds the seat as it commits, else :class:`SeatLeft` (a leave through another process)."""
        try:
            await self._log.commit((table_id, idx, seat, action, by_bot, time.time(), holder))
        except (IntegrityError, sqlite3.IntegrityError, asyncpg.UniqueViolationError) as err:
            raise StaleWrite(f"action {idx} of table {table_id} is already written") from err

    async def _write_sqlite(self, rows: Sequence[tuple[Any, ...]]) -> None:
        # One process holds a SQLite file: a leave unseats its connections before it answers.
        assert self._sqlite is not None
        await self._sqlite.write([r[:-1] for r in rows])

    async def _write_actions(self, rows: Sequence[tuple[Any, ...]]) -> list[SeatLeft | None] | None:
        if not self.is_postgres:
            async with self.engine.begin() as conn:
                await conn.execute(
                    insert(actions), [dict(zip(_ACTION_COLUMNS, r[:-1], strict=True)) for r in rows]
                )
            return None
        if self._pg is None:  # a connection of the writer's own: no pool, no transaction block
            url = self.url.set(drivername="postgresql").render_as_string(hide_password=False)
            self._pg = await asyncpg.connect(url)
        columns = [list(c) for c in zip(*rows, strict=True)]
        began = time.monotonic()
        try:
            # The notifications are delivered on commit to every server process listening (see
            # Hub.listen), this one too: the origin lets it skip its own.
            found = await self._pg.fetch(_INSERT_HELD, *columns, CHANNEL, self.origin)
        except Exception:
            if self._pg.is_closed():
                self._pg = None  # connect again for the next batch
            raise
        took = time.monotonic() - began
        if took > SLOW_COMMIT:  # what a latency's tail is made of: the database, or this process's loop
            inside = max((float(r["took"]) for r in found), default=0.0)
            log.warning(
                "a commit of %d actions took %.2f s, %.3f s of it in the database", len(rows), took, inside
            )
        written = {(r["table_id"], idx) for r in found for idx in r["written"]}
        if len(written) == len(rows):
            return None
        return [
            None if (r[0], r[1]) in written else SeatLeft(f"seat {r[2]} of table {r[0]} was left")
            for r in rows
        ]

    async def ping(self) -> None:
        """One round trip to the database; raises if it cannot be reached."""
        async with self.engine.connect() as conn:
            await conn.execute(text("SELECT 1"))

    async def finish(self, table_id: str, result: dict[str, Any]) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(finished_at=time.time(), result=json.dumps(result))
            )

    async def set_rematch(self, table_id: str, rematch: str) -> str:
        """Record that the finished table's players moved on to table ``rematch``, unless another
        request (maybe another process) did first: the rematch table that stands."""
        async with self.engine.begin() as conn:
            await conn.execute(
                update(tables)
                .where(tables.c.id == table_id, tables.c.rematch.is_(None))
                .values(rematch=rematch)
            )
            r = (await conn.execute(select(tables.c.rematch).where(tables.c.id == table_id))).first()
        assert r is not None and r.rematch is not None
        return str(r.rematch)

    async def copy_seats(self, from_table: str, to_table: str) -> None:
        """Seat the players of one table at another, at the same seats and with the same tokens."""
        async with self.engine.begin() as conn:
            rows = (await conn.execute(select(seats).where(seats.c.table_id == from_table))).all()
            if rows:
                await conn.execute(
                    insert(seats),
                    [
                        {"table_id": to_table, "seat": r.seat, "player": r.player, "token_hash": r.token_hash}
                        for r in rows
                    ],
                )

    async def add_chat(self, table_id: str, line: ChatLine) -> None:
        """Keep a chat line with its table; only the last :data:`CHAT_KEPT` are kept."""
        async with self.engine.begin() as conn:
            await conn.execute(
                insert(chat_lines).values(
                    table_id=table_id, seat=line.seat, name=line.name, text=line.text, at=time.time()
                )
            )
            oldest_dropped = (  # NULL while the table has CHAT_KEPT lines or fewer: nothing goes
                select(chat_lines.c.id)
                .where(chat_lines.c.table_id == table_id)
                .order_by(chat_lines.c.id.desc())
                .offset(CHAT_KEPT)
                .limit(1)
                .scalar_subquery()
            )
            await conn.execute(
                chat_lines.delete().where(
                    chat_lines.c.table_id == table_id, chat_lines.c.id <= oldest_dropped
                )
            )

    async def chat(self, table_id: str) -> list[ChatLine]:
        """The table's kept chat lines, oldest first."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(chat_lines.c.seat, chat_lines.c.name, chat_lines.c.text)
                .where(chat_lines.c.table_id == table_id)
                .order_by(chat_lines.c.id.desc())
                .limit(CHAT_KEPT)
            )
            return [ChatLine(r.seat, r.name, r.text) for r in reversed(rows.all())]

    # --- analyses ---------------------------------------------------------------------------------
    async def claim_analysis(self, table_id: str, seat: int) -> bool:
        """Mark the analysis of ``seat``'s play as running, unless it is stored or running already
        (maybe started by another process): whether this call is the one to run it. A lost run
        (:attr:`AnalysisRow.lost`) or a failed one is claimed again."""
        now = time.time()
        fresh = {"status": "running", "done": 0, "total": 0, "result": None, "updated_at": now}
        try:
            async with self.engine.begin() as conn:
                await conn.execute(insert(analyses).values(table_id=table_id, seat=seat, **fresh))
            return True
        except IntegrityError:
            pass
        async with self.engine.begin() as conn:
            claimed = await conn.execute(
                update(analyses)
                .where(
                    analyses.c.table_id == table_id,
                    analyses.c.seat == seat,
                    (analyses.c.status == "failed")
                    | ((analyses.c.status == "running") & (analyses.c.updated_at < now - ANALYSIS_STALE)),
                )
                .values(**fresh)
            )
            return bool(claimed.rowcount)

    async def analysis(self, table_id: str, seat: int) -> AnalysisRow | None:
        async with self.engine.connect() as conn:
            r = (
                await conn.execute(
                    select(analyses).where(analyses.c.table_id == table_id, analyses.c.seat == seat)
                )
            ).first()
        if r is None:
            return None
        result = None if r.result is None else json.loads(r.result)
        return AnalysisRow(r.status, int(r.done), int(r.total), result, float(r.updated_at))

    async def analysis_progress(
        self, table_id: str, seat: int, done: int, total: int, result: dict[str, Any] | None = None
    ) -> None:
        """A running analysis's progress; with ``result``, its end."""
        values: dict[str, Any] = {"done": done, "total": total, "updated_at": time.time()}
        if result is not None:
            values.update(status="done", result=json.dumps(result))
        async with self.engine.begin() as conn:
            await conn.execute(
                update(analyses)
                .where(
                    analyses.c.table_id == table_id,
                    analyses.c.seat == seat,
                    analyses.c.status == "running",  # a late word of progress never undoes the end
                )
                .values(values)
            )

    async def analysis_failed(self, table_id: str, seat: int) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(
                update(analyses)
                .where(analyses.c.table_id == table_id, analyses.c.seat == seat)
                .values(status="failed", updated_at=time.time())
            )

    async def seat_players(self, table_id: str) -> dict[int, str]:
        return {r.seat: r.player for r in await self.seats(table_id)}

    async def seats(self, table_id: str) -> list[SeatRow]:
        """The table's seated players, with the hashes of their tokens."""
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(seats.c.seat, seats.c.player, seats.c.token_hash).where(seats.c.table_id == table_id)
            )
            return [SeatRow(int(r.seat), r.player, r.token_hash) for r in rows]

    async def take_seat(self, table_id: str, seat: int, player: str, token: str) -> bool:
        """Seat ``player``; False if the seat is taken. On PostgreSQL every server process hears of it
        (on :data:`SEATS_CHANNEL`, with the token's hash) as it commits."""
        holder = hash_token(token)
        try:
            async with self.engine.begin() as conn:
                await conn.execute(
                    insert(seats).values(table_id=table_id, seat=seat, player=player, token_hash=holder)
                )
                if self.is_postgres:
                    await self._notify_seat(conn, f"{table_id} {seat} {self.origin} {holder} {player}")
        except IntegrityError:
            return False
        return True

    async def holds(self, table_id: str, seat: int, holder: str) -> bool:
        """Whether the token whose hash is ``holder`` still holds the seat."""
        async with self.engine.connect() as conn:
            r = await conn.execute(
                select(seats.c.seat).where(
                    seats.c.table_id == table_id, seats.c.seat == seat, seats.c.token_hash == holder
                )
            )
            return r.first() is not None

    async def leave_seat(self, table_id: str, seat: int, holder: str | None = None) -> bool:
        """Free the seat (if ``holder`` is given: only while the token with that hash holds it): its
        token no longer holds it. Whether it was freed. On PostgreSQL every server process hears of it
        (on :data:`SEATS_CHANNEL`) as the leave commits."""
        async with self.engine.begin() as conn:
            where = [seats.c.table_id == table_id, seats.c.seat == seat]
            if holder is not None:
                where.append(seats.c.token_hash == holder)
            left = bool((await conn.execute(seats.delete().where(*where))).rowcount)
            if left and self.is_postgres:
                await self._notify_seat(conn, f"{table_id} {seat} {self.origin}")
        return left

    @staticmethod
    async def _notify_seat(conn: Any, payload: str) -> None:
        await conn.execute(
            text("SELECT pg_notify(:channel, :payload)"), {"channel": SEATS_CHANNEL, "payload": payload}
        )


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cursor = dbapi_conn.cursor()
    # WAL: readers never block the writer; NORMAL sync is durable against a process crash (kill -9),
    # which is what "committed before broadcast" guards against.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _upgrade(conn: Connection) -> None:
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, "head")


MIGRATION_LOCK = 0x7472_6963_6B74  # PostgreSQL advisory lock key ("trickt"): one migrator at a time


async def open_store(url: str) -> Store:
    """Connect to the database at ``url`` and migrate it to the current schema. On PostgreSQL any
    number of processes may start at once: each migrates holding an advisory lock, until its
    transaction ends, so the others wait and then find the schema at its head."""
    engine = create_async_engine(async_url(url))
    if engine.url.get_backend_name() == "sqlite":
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    async with engine.begin() as conn:
        if engine.url.get_backend_name() == "postgresql":
            await conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        await conn.run_sync(_upgrade)
    return Store(engine)
