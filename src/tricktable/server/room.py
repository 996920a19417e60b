"""A table in play: the true state, its connected clients, and the bots that act for it.

Every action goes the same way, whoever sends it (a client, a bot, a stand-in for an absent seat):
checked against the state at the version it names, committed to the log, and only then applied
and pushed to the clients. Each client has a writer task: a slow client delays nobody, and several
actions in quick succession reach it as one state frame with all their events.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Protocol

from tricktable import bots, games
from tricktable.bots import Bot
from tricktable.core.actions import Action
from tricktable.core.errors import IllegalActionError, InvalidActionError, NotYourTurnError
from tricktable.core.events import DealScored, Dealt
from tricktable.core.state import State
from tricktable.server import collector
from tricktable.server.frames import Frames, dumps
from tricktable.server.presence import Presence
from tricktable.server.protocol import error_frame
from tricktable.server.store import (
    CHAT_KEPT,
    ActionRow,
    ChatLine,
    SeatLeft,
    SeatRow,
    StaleWrite,
    Store,
    TableRow,
)
from tricktable.table import EventFeed, Seats, acting_seat, bot_choice, bot_seed, make_bots

__all__ = ["ActionRefused", "Client", "Room", "Settings", "replay_table"]

log = logging.getLogger("tricktable.server")


@dataclass(frozen=True, slots=True)
class Settings:
    """Server-wide settings (a table may choose its own bot pause and absence time)."""

    bot_pause: float = 0.8  # seconds a bot waits before acting, so people can follow the play
    deal_pace: float = 0.04  # at most this between cards dealt one by one (Tractor's draw of 100)
    deal_pause: float = 20.0  # seconds the bots wait after a deal for the players to read its score
    absent_after: float = 60.0  # seconds an absent seat's turn waits before a stand-in bot acts
    standin: str | None = None  # the bot that plays for an absent seat (None: the game's default bot)
    rate: float = 50.0  # frames per second a websocket connection may send, on average
    burst: int = 100  # and at most this many at once
    http_rate: float = 20.0  # HTTP requests per second from one client address, on average (0: no limit)
    http_burst: int = 100  # and at most this many at once
    allowed_origins: tuple[str, ...] = ()  # browser origins besides the server's own
    short_gc_pauses: bool = True  # see server.collector
    analysis_workers: int = 1  # processes analysing finished games beside play (see server.analyst)
    analysis_rollouts: int | None = None  # worlds per decision analysed (None: the hard bot's budget)


class ActionRefused(Exception):
    """An action the table refused; ``version``: the table's version it was judged at (a refusal such
    as "it is seat 3's turn" holds for that version only, and the table may move on before the
    client hears of it)."""

    def __init__(self, code: str, reason: str, version: int | None = None) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.version = version


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


GOING_AWAY = 1001  # the websocket close code a stopping server sends: connect again (another process)


class Client:
    """One websocket: its seat (None: a spectator), the hash of the token that holds it, the last
    version it was sent (-1: nothing yet, so its first frame holds every event from the start), and
    whether it takes deltas after its first state frame (``full``: its next frame is a full one)."""

    def __init__(
        self,
        socket: Socket,
        room: Room,
        seat: int | None,
        version: int,
        holder: str | None = None,
        deltas: bool = False,
    ) -> None:
        self.socket = socket
        self.room = room
        self.seat = seat
        self.holder = holder
        self.version = version
        self.deltas = deltas
        self.full = True
        self._out: deque[dict[str, Any]] = deque()
        self.greeting: list[dict[str, Any]] = []  # sent after the first state frame
        self._dirty = True
        # The writer's wake-up: a bare future it waits on while it has nothing to send (an action
        # wakes every client of its table: an asyncio.Event's wait costs a coroutine and its list of
        # waiters each time).
        self._woken = True
        self._waiting: asyncio.Future[None] | None = None
        self._closing: tuple[int, str] | None = None
        self.finished = asyncio.Event()  # the writer has ended

    def _wake(self) -> None:
        self._woken = True
        waiting = self._waiting
        if waiting is not None and not waiting.done():
            waiting.set_result(None)

    def push(self, frame: dict[str, Any]) -> None:
        self._out.append(frame)
        self._wake()

    def refresh(self) -> None:
        self._dirty = True
        self._wake()

    def close(self, code: int, reason: str) -> None:
        """Close the connection once everything pushed to it so far has been sent."""
        self._closing = (code, reason)
        self._wake()

    def resend(self, version: int) -> None:
        """Send a full state frame with the events after ``version`` (-1: every event): the client
        asked for one (it missed a delta), or changed seat."""
        self.version, self.full = version, True
        self.refresh()

    async def run_writer(self) -> None:
        try:
            await self._write()
        finally:
            self.finished.set()

    async def _write(self) -> None:
        # the first frame answers the hello: the seat's state, then what the table says of its people
        self._dirty = False
        await self.socket.send_text(self.room.state_text(self))
        while self.greeting:
            await self.socket.send_text(dumps(self.greeting.pop(0)))
        while True:
            if not self._woken:
                self._waiting = asyncio.get_running_loop().create_future()
                await self._waiting
                self._waiting = None
            self._woken = False
            while self._out:
                await self.socket.send_text(dumps(self._out.popleft()))
            if self._dirty:
                self._dirty = False
                await self.socket.send_text(self.room.state_text(self))
                collector.settled()
            if self._closing is not None:
                await self.socket.close(*self._closing)
                return


def deals_only(state: State, seat: int, action: Action) -> bool:
    """Whether the action only deals cards (Tractor's draw): bots take those at a dealer's pace.
    Every seat still has its say: the rules give each a last chance to declare once the draw ends."""
    try:
        events = state.apply(action, seat).events(None, since=state.version)
    except Exception:  # the driver meets the same error when it acts, and logs it
        return False
    return bool(events) and all(isinstance(e, Dealt) for e in events)


def replay_table(row: TableRow, moves: list[tuple[int, str]]) -> State:
    game = games.get(row.game)
    record = game.record(game.new(seed=row.seed, config=row.config))
    record["actions"] = [[seat, action] for seat, action in moves]
    state: State = game.replay(record)
    return state


class Room:
    """One table held in memory. Create with :meth:`load`; call :meth:`start` to run its bots."""

    def __init__(
        self,
        row: TableRow,
        state: State,
        by_bot: list[bool],
        store: Store,
        settings: Settings,
        presence: Presence | None = None,
        seated: list[SeatRow] | None = None,
        chat: list[ChatLine] | None = None,
    ) -> None:
        self.row = row
        self.id = row.id
        self.description = games.get(row.game).description
        self.state = state
        self.by_bot = by_bot  # per action index: whether a bot (or a stand-in) made it
        # the indexes of the actions a stand-in made for a player's seat (a bot made it, not a bot seat)
        self.standin_actions = {
            i for i, (s, _) in enumerate(state.log.entries()) if by_bot[i] and row.bots[s] is None
        }
        self.store = store
        self.settings = settings
        self.presence = presence or Presence()
        self.clients: set[Client] = set()
        # seat -> how many of the clients hold it (kept by attach, detach and unseat, the only places
        # a client's seat changes while it is attached): asked several times an action
        self._connections: dict[int, int] = {}
        self.players: dict[int, str] = {}  # seat -> the name of the player seated
        # The hashes of the tokens holding seats (hash -> seat), so a hello costs no database read: read
        # with the table, kept by this process's joins and leaves and (PostgreSQL) by the other
        # processes' notifications; a token not found here is looked for in the database once more.
        self.holders: dict[str, int] = {}
        self._seat_news = 0  # seat changes heard of: a read of the seats that saw one begin is stale
        self._seats_asked = 0  # reads of the seats begun
        self._seats_fresh = 0  # the number of the last read done
        self._seats_lock = asyncio.Lock()
        self._set_seats(seated or [])
        self.chat: deque[ChatLine] = deque(chat or (), maxlen=CHAT_KEPT)
        self.lock = asyncio.Lock()
        self._changed = asyncio.Event()
        self._bots = make_bots(row.game, Seats(row.bots), row.seed, state.config)
        self._standins: dict[int, Bot] = {}
        self._chosen: tuple[State, Bot, Action] | None = None
        self._feed = EventFeed()
        self._turn_since = time.monotonic()
        self._left_at: dict[int, float] = {}
        self._driver: asyncio.Task[None] | None = None
        self._frames = Frames(row.id, self.description)  # state frames and deltas, made once each
        self._standing_in: set[int] = set()  # absent seats a stand-in has taken over, until they return
        self._standin_due: dict[int, float] = {}  # seat -> when (monotonic) its stand-in will act
        self._pause_until = 0.0  # after a deal: the bots wait until then, or until all are ready
        self._paused_at = 0  # the version whose deal score the pause is for
        # seat -> the latest version at which its player said they had read the score (through this
        # process or, on PostgreSQL, another: a ready heard before this process has caught up with
        # the deal's end counts once it has)
        self._ready: dict[int, int] = {}
        self._seats_sent: Any = None  # what the last seats frame said, to send only changes
        self.closed = False  # the server is stopping: no more actions here

    @classmethod
    async def load(
        cls, row: TableRow, store: Store, settings: Settings, presence: Presence | None = None
    ) -> Room:
        rows = await store.actions(row.id)
        state = replay_table(row, [(a.seat, a.action) for a in rows])
        seated, chat = await store.seats(row.id), await store.chat(row.id)
        return cls(row, state, [a.by_bot for a in rows], store, settings, presence, seated, chat)

    # --- clients -------------------------------------------------------------------------------
    def attach(self, client: Client) -> None:
        if client.seat is not None and not self.connected(client.seat):
            self.presence.announce(self.id, client.seat, True)
            self._standing_in.discard(client.seat)
        if client not in self.clients:
            self.clients.add(client)
            if client.seat is not None:
                self._connections[client.seat] = self._connections.get(client.seat, 0) + 1
        self._changed.set()
        self.send_seats(but=client)
        # who is at the table and what was said, after the state frame that answers the hello
        chat = {"type": "chat_history", "lines": [line.to_dict() for line in self.chat]}
        client.greeting = [self.seats_frame(), chat]

    def detach(self, client: Client) -> None:
        if client in self.clients:
            self.clients.remove(client)
            if client.seat is not None:
                self._connections[client.seat] -= 1
        if client.seat is not None and not self.connected(client.seat):
            self._gone(client.seat)
        self._changed.set()
        self.send_seats()

    def connected(self, seat: int) -> bool:
        """Whether the seat has a connection to this process."""
        return self._connections.get(seat, 0) > 0

    def seats_held(self) -> set[int]:
        return {c.seat for c in self.clients if c.seat is not None}

    def unseat(self, seat: int, holder: str | None = None) -> None:
        """The seat's player left: its token holds it no more, and its connections watch on as
        spectators. ``holder``: only the token with that hash lost it (found at a write; the seat may
        have been taken again since, by another token)."""
        self._seat_news += 1
        self.holders = {h: s for h, s in self.holders.items() if s != seat or holder not in (None, h)}
        for c in list(self.clients):
            if c.seat == seat and holder in (None, c.holder):
                self._connections[seat] -= 1
                c.seat = c.holder = None
                c.resend(c.version)  # a spectator's view: a full frame
        if seat in self.holders.values():
            return
        self._gone(seat)
        self.players.pop(seat, None)
        self._standing_in.discard(seat)
        self._changed.set()
        self.send_seats()

    def seated(self, seat: int, player: str, holder: str) -> None:
        """A player took the seat with the token whose hash is ``holder`` (through this process or,
        heard of, another): every page shows it at once."""
        self._seat_news += 1
        self.players[seat] = player
        self.holders[holder] = seat
        self.send_seats()

    async def seat_of(self, holder: str) -> int | None:
        """The seat the token whose hash is ``holder`` holds, if any. Known tokens are answered from
        memory; an unknown one (a join this process has not heard of yet, or a bad token) costs one
        read of the table's seats, shared by all those asking at once."""
        seat = self.holders.get(holder)
        if seat is None:
            await self.reload_seats()
            seat = self.holders.get(holder)
        return seat

    async def reload_seats(self) -> None:
        """Take the seats' players and tokens from the database, by a read begun after this call (those
        asking while one waits share it)."""
        asked = self._seats_asked
        async with self._seats_lock:
            if self._seats_fresh > asked:  # a read begun since the call has been done
                return
            self._seats_asked += 1
            number = self._seats_asked
            while True:  # a change heard of during the read may be missing from it: read again
                news = self._seat_news
                rows = await self.store.seats(self.id)
                if news == self._seat_news:
                    break
            self._seats_fresh = number
            self._set_seats(rows)
        self.send_seats()

    def _set_seats(self, rows: list[SeatRow]) -> None:
        self.players = {r.seat: r.player for r in rows}
        self.holders = {r.holder: r.seat for r in rows}

    def _gone(self, seat: int) -> None:
        self._left_at[seat] = time.monotonic()
        self.presence.announce(self.id, seat, False)

    def presence_changed(self, seat: int, here: bool) -> None:
        """Another server process gained the seat's first connection, or lost its last."""
        if not here:
            self._left_at[seat] = time.monotonic()
        else:
            self._standing_in.discard(seat)
        self._changed.set()
        self.send_seats()

    # --- who is at the table ---------------------------------------------------------------------
    def here(self, seat: int) -> bool:
        """Whether the seat's player is connected, to this process or (PostgreSQL) another."""
        return self.connected(seat) or self.presence.elsewhere(self.id, seat) is not None

    def seats_frame(self) -> dict[str, Any]:
        """Who sits where, who is connected, who is away and when a stand-in acts for them, and
        whether the table waits after a deal for its players to read the score."""
        now = time.monotonic()
        seats = []
        for s, bot in enumerate(self.row.bots):
            player = self.players.get(s)
            here = bot is None and self.here(s)
            due = self._standin_due.get(s)
            seats.append(
                {
                    "seat": s,
                    "bot": bot,
                    "player": player,
                    "connected": here,
                    "away": player is not None and not here,
                    "standin": s in self._standing_in,
                    "standin_in": None if due is None else round(max(0.0, due - now), 2),
                }
            )
        pause = None
        waiting = self._waiting_for()
        if waiting:
            pause = {"ends_in": round(max(0.0, self._pause_until - now), 2), "waiting": sorted(waiting)}
        return {"type": "seats", "version": self.state.version, "seats": seats, "pause": pause}

    def send_seats(self, but: Client | None = None) -> None:
        """Send every client (``but`` one) the seats frame, if it says anything new."""
        waiting = self._waiting_for()
        said = (
            tuple((s, self.players.get(s), self.here(s)) for s in range(len(self.row.bots))),
            frozenset(self._standing_in),
            tuple(self._standin_due.items()),
            (self._pause_until, tuple(sorted(waiting))) if waiting else None,
        )
        if said == self._seats_sent:
            return
        self._seats_sent = said
        frame = self.seats_frame()
        for c in self.clients:
            if c is not but:
                c.push(frame)

    def _waiting_for(self) -> set[int]:
        """The connected players the table still waits for after a deal (none: it goes on)."""
        if self._pause_until <= time.monotonic() or self.state.is_over:
            return set()
        read = {s for s, v in self._ready.items() if v >= self._paused_at}
        return {s for s in self.players if self.row.bots[s] is None and self.here(s)} - read

    def ready(self, seat: int, version: int | None = None) -> None:
        """The seat's player has read the deal's score at ``version`` (None: this process's version;
        a number: another process's, heard through the presence channel, see :mod:`presence`) or
        acted: the bots need not wait for them. A ready said here is told to the other processes."""
        if version is None:
            version = self.state.version
            if self._pause_until > time.monotonic() and self._ready.get(seat, -1) < version:
                self.presence.ready(self.id, seat, version)
        if self._ready.get(seat, -1) >= version:
            return
        self._ready[seat] = version
        if self._pause_until > time.monotonic():
            self._changed.set()
            self.send_seats()

    async def say(self, seat: int, text: str) -> None:
        """A seated player's chat line: kept with the table, then sent to everyone at it."""
        line = ChatLine(seat, self.players.get(seat, ""), text)
        await self.store.add_chat(self.id, line)
        self.chat.append(line)
        said = {"type": "chat", **line.to_dict(), "version": self.state.version}
        for other in self.clients:
            other.push(said)

    def state_text(self, client: Client) -> str:
        """The frame bringing the client to the table's version, as JSON text: a delta where the
        client takes them and holds the frame it was last sent, else a full state frame with the
        events it has not seen. Clients of one seat (spectators above all) at one version share it."""
        state = self.state
        since = client.version if 0 <= client.version <= state.version else None
        delta = client.deltas and not client.full
        text, _ = self._frames.text(state, self.by_bot, client.seat, since, delta, self.standin_actions)
        client.version, client.full = state.version, False
        return text

    def _broadcast(self) -> None:
        for c in self.clients:
            c.refresh()

    # --- actions -------------------------------------------------------------------------------
    async def act(
        self, seat: int, text: str, version: int, *, by_bot: bool = False, holder: str | None = None
    ) -> None:
        """Take ``seat``'s action made against ``version``; :class:`ActionRefused` with the reason if
        it cannot be taken. Committed to the log before anyone is told; a player's (``holder``: the
        hash of the token it came with) only if that token still holds the seat."""
        async with self.lock:
            state = self.state
            if self.closed:
                raise ActionRefused(
                    "going_away", "the server process is stopping: connect again and send the action again"
                )
            if state.is_over:
                raise ActionRefused("game_over", "the game is over: no more actions")
            if by_bot and seat not in self._bots and self.here(seat):
                raise ActionRefused("not_your_turn", "the player is back: their stand-in stops")
            if version != state.version:
                raise ActionRefused(
                    "stale_version",
                    f"the action was made at version {version}, but the table is at version {state.version}",
                )
            try:
                new = state.apply(text, seat)
            except NotYourTurnError as err:
                raise ActionRefused("not_your_turn", err.reason, version) from None
            except IllegalActionError as err:
                raise ActionRefused("illegal_action", err.reason, version) from None
            except InvalidActionError as err:
                raise ActionRefused("invalid_action", str(err), version) from None
            made = new.log.last()
            assert made is not None
            action = made[1]
            try:
                await self.store.append(self.id, version, seat, str(action), by_bot, holder)
            except SeatLeft:
                self.unseat(seat, holder)
                raise ActionRefused("not_seated", "the seat was left: its token holds it no more") from None
            except StaleWrite:
                # Another server process wrote this index first: take its actions and refuse ours.
                await self._catch_up_locked()
                raise ActionRefused(
                    "stale_version",
                    f"another action was taken first; the table is at version {self.state.version}",
                ) from None
            if not by_bot:  # they have read the table as it stood: not the score their action may make
                self.ready(seat)
            self._advance(new, [by_bot])
            if new.is_over:
                await self._finish()

    def _advance(self, new: State, by_bot: list[bool]) -> None:
        old, self.state = self.state, new
        paused = False  # whether these actions ended a deal, and so began a pause
        if self.row.deal_pause > 0 and not new.is_over:
            # the versions the new actions ended a deal at (their logged events, not every seat's
            # form of them: a deal's score is public)
            scored = [
                len(node)
                for node in new.log.nodes(old.version + 1)
                if any(isinstance(e, DealScored) for e in node.events)
            ]
            if scored:  # (the version the deal ended at: a ready said there, anywhere, counts)
                self._pause_until, self._paused_at = time.monotonic() + self.row.deal_pause, scored[-1]
                paused = True
        made = new.log.tail(len(by_bot))
        for i, ((s, _), bot) in enumerate(zip(made, by_bot, strict=True), start=len(self.by_bot)):
            if bot and self.row.bots[s] is None:
                self.standin_actions.add(i)
        self.by_bot.extend(by_bot)
        self._turn_since = time.monotonic()
        self._broadcast()
        if paused:  # told with the score that began it, not when the driver next wakes
            self.send_seats()
        self._changed.set()

    async def _finish(self) -> None:
        result = self.state.result
        await self.store.finish(self.id, {} if result is None else result.to_dict())

    async def catch_up(self, heard: list[ActionRow] | None = None) -> None:
        """Apply the actions other processes have committed since our version: ``heard`` (those a
        notification carried) if they follow on from it, else those the log holds."""
        async with self.lock:
            await self._catch_up_locked(heard)

    async def _catch_up_locked(self, heard: list[ActionRow] | None = None) -> None:
        version = self.state.version
        rows = [a for a in heard or () if a.idx >= version]
        if not rows or rows[0].idx != version or any(b.idx != a.idx + 1 for a, b in itertools.pairwise(rows)):
            rows = await self.store.actions(self.id, since=version)
        if not rows:
            return
        state = self.state
        for a in rows:
            state = state.apply(a.action, a.seat)
        self._advance(state, [a.by_bot for a in rows])

    # --- bots and stand-ins ------------------------------------------------------------------------
    def start(self) -> None:
        if self._driver is None and not self.state.is_over:
            self._driver = asyncio.create_task(self._drive(), name=f"table {self.id}")

    async def stop(self) -> None:
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._driver
            self._driver = None

    async def close(self, reason: str) -> list[Client]:
        """The server is stopping: let the action being taken finish (committed and pushed), take no
        more, and close each connection once it has been sent all it is owed (code 1001, so the
        client connects again, through the proxy, to another process). Returns the clients closed."""
        async with self.lock:
            self.closed = True
            await self.stop()
        clients = list(self.clients)
        for c in clients:
            c.close(GOING_AWAY, reason)
        return clients

    def _wait(self, seat: int) -> float | None:
        """Seconds until a bot acts for ``seat`` (or until it is time to look again); None while a
        player connected here holds it."""
        if seat in self._bots or seat in self._standing_in:
            return self.row.bot_pause
        if self.connected(seat):
            return None
        now = time.monotonic()
        held_until = self.presence.elsewhere(self.id, seat)
        if held_until is not None:  # connected to another process: look again when that lapses
            self._left_at[seat] = held_until
            return held_until - now
        since = max(self._turn_since, self._left_at.get(seat, 0.0))
        return max(0.0, self.row.absent_after - (now - since))

    def _bot_for(self, seat: int) -> Bot:
        if seat in self._bots:
            return self._bots[seat]
        if seat not in self._standins:
            self._standins[seat] = bots.get(
                self.settings.standin or self.description.default_bot,
                game=self.row.game,
                seed=bot_seed(self.row.seed, seat),
            )
        return self._standins[seat]

    def _choose(self, state: State, seat: int) -> Action:
        """The bot's action for ``seat`` at ``state``, asked once a state: a table that changes around
        it (a watcher comes, a player's presence changes) does not ask again, so a table of bots plays
        the same game from the same seed however people come and go (a bot's randomness is a stream)."""
        bot = self._bot_for(seat)
        if self._chosen is not None and self._chosen[0] is state and self._chosen[1] is bot:
            return self._chosen[2]
        action = bot_choice(state, seat, bot, self._feed)
        collector.searched()
        self._chosen = (state, bot, action)
        return action

    async def _drive(self) -> None:
        while not self.state.is_over:
            self._changed.clear()
            state = self.state
            seat = acting_seat(state)
            if seat is None:
                return
            wait = self._wait(seat)
            by_standin = seat not in self._bots and seat not in self._standing_in
            due = by_standin and wait is not None and not self.here(seat)
            self._standin_due = {seat: round(time.monotonic() + (wait or 0.0), 1)} if due else {}
            action = None
            if wait is not None and wait > self.settings.deal_pace and not by_standin:
                try:
                    action = self._choose(state, seat)
                except Exception:
                    log.exception("table %s: the bot for seat %d failed", self.id, seat)
                    await asyncio.sleep(1.0)
                    continue
                if deals_only(state, seat, action):
                    wait = self.settings.deal_pace
            if self._waiting_for() and wait is not None:  # after a deal: the players read its score
                wait = max(wait, self._pause_until - time.monotonic())
            self.send_seats()
            if wait is None:
                await self._changed.wait()
                continue
            try:
                # asyncio.timeout, not wait_for: on Python 3.11 wait_for can swallow a cancellation
                # that arrives as the event is set, and then the table's driver outlives the server.
                async with asyncio.timeout(wait):
                    await self._changed.wait()
                continue  # something changed: look again
            except TimeoutError:
                pass
            if self.state is not state:
                continue
            try:
                if action is None:
                    action = self._choose(state, seat)
                await self.act(seat, str(action), state.version, by_bot=True)
                if seat not in self._bots and not self.here(seat):  # (they may be back by now)
                    # the player is away: their stand-in plays on at the bots' pace until they return
                    self._standing_in.add(seat)
                    self._standin_due = {}
            except ActionRefused as err:
                self._chosen = None  # asked again, not refused again
                log.info("table %s: bot action refused (%s): %s", self.id, err.code, err.reason)
            except Exception:
                log.exception("table %s: the bot for seat %d failed", self.id, seat)
                await asyncio.sleep(1.0)

    def error(self, client: Client, code: str, reason: str, version: int | None = None) -> None:
        """Tell the client of a refusal judged at ``version`` (default: the table's version now)."""
        client.push(error_frame(code, reason, self.state.version if version is None else version))
