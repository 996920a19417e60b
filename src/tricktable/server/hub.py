"""The server's tables: creating, seating, loading them (by replay, on start and on demand), and,
on PostgreSQL, hearing of actions other server processes committed."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
from collections.abc import Sequence
from typing import Any

from tricktable import games
from tricktable.core.rng import fresh_seed
from tricktable.server import presence
from tricktable.server.analyst import Analyst
from tricktable.server.coach import Coach
from tricktable.server.collector import keep_pauses_short
from tricktable.server.commits import GroupCommit
from tricktable.server.presence import Presence, SharedPresence
from tricktable.server.room import Room, Settings
from tricktable.server.store import CHANNEL, SEATS_CHANNEL, Notification, Store, TableRow, hash_token

__all__ = ["Hub", "SeatTaken", "Unhealthy"]

log = logging.getLogger("tricktable.server")


GOING_AWAY_REASON = "the server process is stopping: connect again"
HEALTH_TIMEOUT = 2.0  # seconds: a database slower than this to answer SELECT 1 counts as down


class SeatTaken(Exception):
    pass


class Unhealthy(Exception):
    """This process cannot serve now; the message says why."""


class Hub:
    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room | None]] = {}  # tables being read, by id
        self._listener: Any = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.server_id = store.origin  # names this process in its notifications
        self.presence: Presence = Presence()
        self.analyst = Analyst(store, settings.analysis_workers, settings.analysis_rollouts)
        self.coach = Coach()
        self._stopping = False
        self._notices: GroupCommit[str] = GroupCommit(self._send_notices)  # presence notifications
        self._seat_news = 0  # seat notifications heard (a table read meanwhile reads its seats again)
        self.draining = False  # the process is stopping: no new connections, the open ones closing

    async def start(self) -> None:
        """Rebuild every unfinished table by replaying its log, and start its bots."""
        if self.store.is_postgres:
            self.presence = SharedPresence(
                self.server_id, self._send_presence, self._presence_changed, self._readied
            )
        if self.store.is_postgres:
            await self._listen()  # first: a seat changed while the tables load is heard of
            self._spawn(self._renew_presence())
        for row in await self.store.unfinished():
            await self._load(row)
        if self.settings.short_gc_pauses:
            self._spawn(keep_pauses_short())

    async def stop(self) -> None:
        self._stopping = True
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for room in self.rooms.values():
            await room.stop()
        await self.analyst.close()
        self.coach.close()
        await self._notices.close()
        if self._listener is not None:
            await self._listener.close()
        await self.store.close()

    async def going_away(self, grace: float = 10.0) -> None:
        """The first step of a graceful stop (SIGTERM): each table finishes the action it is taking
        and takes no more, and each connection is closed with code 1001 once it has been sent every
        frame it is owed, so its client connects again (through the proxy, to another process)
        having missed nothing. Waits up to ``grace`` seconds for slow clients."""
        self.draining = True
        clients = []
        for room in list(self.rooms.values()):
            clients += await room.close(GOING_AWAY_REASON)
        if clients:
            waits = [asyncio.create_task(c.finished.wait()) for c in clients]
            _done, late = await asyncio.wait(waits, timeout=grace)
            for task in late:
                task.cancel()

    async def health(self) -> dict[str, Any]:
        """Whether this process can serve: the database answers, and (PostgreSQL) the connection
        that hears the other processes' actions is open. Raises :class:`Unhealthy` if not."""
        if self.draining:
            raise Unhealthy("stopping")
        try:
            async with asyncio.timeout(HEALTH_TIMEOUT):
                await self.store.ping()
        except Exception as err:  # any failure to reach it is the answer, not a server error
            raise Unhealthy(f"the database is unreachable: {type(err).__name__}: {err}") from None
        if self.store.is_postgres and (self._listener is None or self._listener.is_closed()):
            raise Unhealthy("not listening for the other processes' actions")
        return {"status": "ok", "database": "reachable", "process": self.server_id, "tables": len(self.rooms)}

    async def _listen(self) -> None:
        import asyncpg  # type: ignore[import-untyped]

        url = self.store.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._listener = await asyncpg.connect(url)
        await self._listener.add_listener(CHANNEL, self._heard)
        await self._listener.add_listener(SEATS_CHANNEL, self._seat_changed)
        shared = self.presence
        assert isinstance(shared, SharedPresence)
        await self._listener.add_listener(presence.CHANNEL, lambda *args: shared.heard(args[-1]))

    def _heard(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        """Another process committed actions of a table, up to an index: catch up, if we hold it
        and are behind (our own commits come back too, and are skipped), with the actions the
        notification carries (no query), or else from the log."""
        heard = Notification.parse(payload, unless_from=self.server_id)
        room = None if heard is None else self.rooms.get(heard.table_id)
        if heard is None or room is None:
            return
        if room.state.version > heard.idx:
            return
        self._spawn(room.catch_up(heard.actions))

    def _seat_changed(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        """A seat was taken or left through another process: the table here knows its token at
        once, or its connections lose the seat at once."""
        self._seat_news += 1
        table_id, seat, origin, *taken = payload.split(" ", 4)
        room = self.rooms.get(table_id)
        if room is None or origin == self.server_id or not seat.isdigit():
            return
        if len(taken) == 2:
            room.seated(int(seat), taken[1], taken[0])
        else:
            room.unseat(int(seat))

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- presence across processes (PostgreSQL) ----------------------------------------------------
    async def _send_notices(self, payloads: Sequence[str]) -> None:
        # On the listening connection, in one statement: a burst of connections (each seat's first
        # says it is here) takes no connection from the pool the requests need.
        await self._listener.execute(
            "SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p", presence.CHANNEL, list(payloads)
        )

    def _send_presence(self, payload: str) -> None:
        if not self._stopping:
            self._spawn(self._notify(payload))

    async def _notify(self, payload: str) -> None:
        try:
            await self._notices.commit(payload)
        except Exception:
            log.exception("could not send a presence notification")

    def _presence_changed(self, table_id: str, seat: int, here: bool) -> None:
        room = self.rooms.get(table_id)
        if room is not None:
            room.presence_changed(seat, here)
            if here != (seat in room.players):  # seated or unseated through another process
                self._spawn(room.reload_seats())

    def _readied(self, table_id: str, seat: int, version: int) -> None:
        room = self.rooms.get(table_id)
        if room is not None:
            room.ready(seat, version)

    async def _renew_presence(self) -> None:
        while True:
            await asyncio.sleep(presence.RENEW)
            for room in list(self.rooms.values()):
                for seat in room.seats_held():
                    self.presence.announce(room.id, seat, True)

    async def room(self, table_id: str) -> Room | None:
        """The table, loaded from the database if this process has not held it yet."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        # One read per table, shared by all asking for it meanwhile; tables are read side by side
        # (a burst of connections to tables another process made waits for no other table's read).
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.ensure_future(self._read(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def _read(self, table_id: str) -> Room | None:
        row = await self.store.table(table_id)
        return None if row is None else await self._load(row)

    async def _load(self, row: TableRow) -> Room:
        news = self._seat_news
        room = await Room.load(row, self.store, self.settings, self.presence)
        self.rooms[row.id] = room
        if news != self._seat_news:  # a seat changed as the table was read: maybe not in what was read
            await room.reload_seats()
        room.start()
        return room

    async def create(
        self,
        *,
        game: str,
        config: Any,
        bots: list[str | None],
        name: str,
        seed: int | None,
        bot_pause: float | None,
        absent_after: float | None,
        deal_pause: float | None = None,
        coach: bool = False,
    ) -> Room:
        """A new table, its bots not yet started (the caller starts them once it has described the
        table as created); the caller has checked the fields' types (games' own errors are ValueErrors)."""
        g = games.get(game)
        state = g.new(seed=fresh_seed() if seed is None else seed, config=config)
        row = TableRow(
            id=secrets.token_hex(8),
            name=name,
            game=g.name,
            config=state.config.changes(),
            seed=state.seed,
            bots=tuple(bots),
            bot_pause=self.settings.bot_pause if bot_pause is None else bot_pause,
            absent_after=self.settings.absent_after if absent_after is None else absent_after,
            deal_pause=self.settings.deal_pause if deal_pause is None else deal_pause,
            finished=False,
            coach=coach,
        )
        room = Room(row, state, [], self.store, self.settings, self.presence)  # checks the bot names
        await self.store.create_table(row)
        self.rooms[row.id] = room
        return room

    async def join(self, room: Room, seat: int, player: str) -> str:
        token = secrets.token_urlsafe(32)
        if not await self.store.take_seat(room.id, seat, player, token):
            raise SeatTaken(f"seat {seat} is taken")
        room.seated(seat, player, hash_token(token))
        return token

    async def leave(self, room: Room, seat: int, holder: str) -> bool:
        """Free the seat held by the token whose hash is ``holder``; False if that token no longer
        held it (left through another process a moment ago)."""
        if await self.store.leave_seat(room.id, seat, holder):
            room.unseat(seat)
            return True
        await room.reload_seats()
        return False

    async def summary(self, room: Room) -> dict[str, Any]:
        players = await self.store.seat_players(room.id)
        state, row = room.state, room.row
        result = state.result
        return {
            "id": room.id,
            "name": row.name,
            "game": row.game,
            "config": row.config,
            "num_seats": state.num_seats,
            "seats": [
                {"seat": s, "bot": bot, "player": players.get(s), "connected": bot is None and room.here(s)}
                for s, bot in enumerate(row.bots)
            ],
            "bot_pause": row.bot_pause,
            "absent_after": row.absent_after,
            "deal_pause": row.deal_pause,
            "coach": row.coach,
            "rematch": row.rematch,
            "version": state.version,
            "phase": state.phase,
            "over": state.is_over,
            "result": None if result is None else result.to_dict(),
        }

    async def rematch(self, room: Room) -> Room:
        """The finished table's next game: the same game, rules, bots and pauses, a new deal, and
        its players at the same seats with the same seat tokens. Asked twice (by two players, maybe
        through two processes), it is the same table."""
        if room.row.rematch is None:
            row = room.row
            new = await self.create(
                game=row.game,
                config=row.config,
                bots=list(row.bots),
                name=row.name,
                seed=None,
                bot_pause=row.bot_pause,
                absent_after=row.absent_after,
                deal_pause=row.deal_pause,
                coach=row.coach,
            )
            await self.store.copy_seats(room.id, new.id)  # before anyone is sent to it
            stands = await self.store.set_rematch(room.id, new.id)
            if stands == new.id:
                await new.reload_seats()
                new.start()
            else:  # another request made it first: ours stays an empty, unlisted table
                await new.stop()
                del self.rooms[new.id]
                await self.store.finish(new.id, {})
            room.row = dataclasses.replace(room.row, rematch=stands)
            for c in room.clients:
                c.push({"type": "rematch", "table": stands})
        found = await self.room(room.row.rematch or "")
        assert found is not None
        return found

    async def close_rooms(self) -> None:
        for room in list(self.rooms.values()):
            with contextlib.suppress(Exception):
                await room.stop()
