"""The game server's CPU per action through its whole stack, in one process, without sockets.

    python -m bench.server_stack [--tables N] [--actions N] [--per-turn K] [--ws IMPL] [--game NAME]

The server is the one ``tricktable serve`` runs (the app, uvicorn's websocket protocol as its config
chooses it, Starlette, the tables, the action log on a SQLite file, the state frames), each of its
connections given a transport that only counts what it is sent: so what is measured is the server's
own CPU (``time.process_time``) per action, less the kernel's part (the sockets' system calls, about a
quarter of it under ``make loadtest``) and with no other process in the way, which makes runs on a
shared machine comparable, and the work the same in every run (``valgrind --tool=cachegrind`` counts
it too). The clients are four seats a table that say hello with their tokens and take deltas, as the
browser does; the harness plays their part without reading the frames: each round, ``--per-turn``
tables' acting seats send a random legal action (the server reads it as it reads a socket), then the
event loop runs until the four clients have been sent the new state (only this part is timed).
``--per-turn`` is how many actions a turn of the server's event loop meets: 1, each action committed
and sent on its own (a lightly loaded server), more, as under load, where commits are shared.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import cProfile
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson
import uvicorn
from uvicorn.server import ServerState

from tricktable.server import Settings, create_app
from tricktable.server.hub import Hub
from tricktable.server.room import Room


class Transport(asyncio.Transport):
    """The server's end of a connection that goes nowhere: it counts the writes and bytes sent."""

    def __init__(self, port: int) -> None:
        super().__init__()
        self.writes = 0
        self.sent = 0
        self._port = port
        self._closing = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.writes += 1
        self.sent += len(data)

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", self._port), "sockname": ("127.0.0.1", 8799)}.get(name, default)

    def is_closing(self) -> bool:
        return self._closing

    def close(self) -> None:
        self._closing = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def get_write_buffer_size(self) -> int:
        return 0

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        pass

    def can_write_eof(self) -> bool:
        return False


def client_frame(frame: dict[str, Any]) -> bytes:
    """A client's text frame on the wire: masked (by a key of zeros, which leaves the payload as it is)."""
    payload = orjson.dumps(frame)
    n = len(payload)
    length = bytes([0x80 | n]) if n < 126 else b"\xfe" + n.to_bytes(2, "big")
    return b"\x81" + length + b"\0\0\0\0" + payload


def handshake(table_id: str) -> bytes:
    key = base64.b64encode(b"tricktable bench").decode()
    return (
        f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: 127.0.0.1:8799\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ).encode()


class Seat:
    """One client: its protocol object (uvicorn's, for one websocket) and the transport under it."""

    def __init__(self, config: uvicorn.Config, state: ServerState, port: int) -> None:
        protocol: Any = config.ws_protocol_class  # (typed as asyncio.Protocol, which takes no arguments)
        self.transport = Transport(port)
        self.protocol = protocol(config=config, server_state=state, app_state={})
        self.protocol.connection_made(self.transport)


async def settle(seats: list[Seat], writes: list[int], most: int = 50) -> None:
    """Run the event loop until each of the seats has been written to since ``writes`` were counted,
    then one turn more (the table's driver wakes after its clients' writers)."""
    for _ in range(most):
        await asyncio.sleep(0)
        if all(s.transport.writes > w for s, w in zip(seats, writes, strict=True)):
            break
    await asyncio.sleep(0)


async def run(
    args: argparse.Namespace, db: Path, profile: cProfile.Profile | None = None
) -> dict[str, float]:
    app = create_app(f"sqlite:///{db}", Settings(absent_after=3600, http_rate=0))
    config = uvicorn.Config(
        app,
        ws=args.ws,
        log_level="warning",
        ws_max_size=65536,
        ws_per_message_deflate=False,
        ws_ping_interval=None,  # a fixed cost per connection, not per action (and no pong comes back)
        forwarded_allow_ips="127.0.0.1",
    )
    config.load()
    server_state = ServerState()
    rng = random.Random(args.seed)
    async with app.router.lifespan_context(app):
        hub: Hub = app.state.hub
        tables: list[tuple[Room, list[Seat]]] = []
        for i in range(args.tables):
            room = await hub.create(
                game=args.game,
                config={},
                bots=[None] * 4,
                name=f"bench {i}",
                seed=args.seed + i,
                bot_pause=None,
                absent_after=None,
            )
            room.start()
            seats = []
            for seat in range(4):
                token = await hub.join(room, seat, f"seat {seat}")
                s = Seat(config, server_state, 10_000 + 4 * i + seat)
                s.protocol.data_received(handshake(room.id))
                await settle([s], [0])
                s.protocol.data_received(client_frame({"type": "hello", "token": token, "deltas": True}))
                seats.append(s)
            tables.append((room, seats))
            await settle(seats, [1] * 4)
        writes = sum(s.transport.writes for _, seats in tables for s in seats)
        sent = sum(s.transport.sent for _, seats in tables for s in seats)
        cpu = 0.0
        actions = 0
        order = list(range(len(tables)))
        while actions < args.actions:
            rng.shuffle(order)
            for start in range(0, len(order), args.per_turn):
                turn = [
                    tables[i] for i in order[start : start + args.per_turn] if not tables[i][0].state.is_over
                ]
                frames = []
                for room, seats in turn:
                    state = room.state
                    seat = state.acting_seats()[0]
                    action = rng.choice(state.legal_actions(seat))
                    frame = {"type": "action", "action": str(action), "version": state.version}
                    frames.append((seats[seat], client_frame(frame)))
                acted = [s for _, seats in turn for s in seats]
                before = [s.transport.writes for s in acted]
                began = time.process_time()
                if profile is not None:
                    profile.enable()
                for s, data in frames:
                    s.protocol.data_received(data)
                await settle(acted, before)
                if profile is not None:
                    profile.disable()
                cpu += time.process_time() - began
                actions += len(frames)
                if actions >= args.actions:
                    break
        closed = sum(s.transport.is_closing() for _, seats in tables for s in seats)
        if closed:
            raise RuntimeError(f"{closed} connections were closed by the server")
        writes = sum(s.transport.writes for _, seats in tables for s in seats) - writes
        sent = sum(s.transport.sent for _, seats in tables for s in seats) - sent
        for _, seats in tables:
            for s in seats:
                s.protocol.connection_lost(None)
    return {"us_per_action": cpu / actions * 1e6, "writes": writes / actions, "bytes": sent / actions}


def _loop_run(main: Any) -> Any:
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.server_stack", description=__doc__)
    parser.add_argument("--tables", type=int, default=200, help="tables of four clients (default 200)")
    parser.add_argument("--actions", type=int, default=4000, help="actions measured per run (default 4000)")
    parser.add_argument("--per-turn", type=int, default=1, help="actions a turn of the event loop meets")
    parser.add_argument("--ws", default="auto", help="uvicorn's websocket implementation (default: auto)")
    parser.add_argument("--game", default="back-alley")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="runs (the median is reported)")
    parser.add_argument("--profile", metavar="FILE", help="cProfile the timed part of the runs into FILE")
    args = parser.parse_args(argv)
    runs = []
    profile = cProfile.Profile() if args.profile else None
    for _ in range(args.rounds):
        with tempfile.TemporaryDirectory() as tmp:
            runs.append(_loop_run(run(args, Path(tmp) / "bench.db", profile)))
    if profile is not None:
        profile.dump_stats(args.profile)
    cpu = [r["us_per_action"] for r in runs]
    print(
        f"{args.game}, {args.tables} tables, {args.per_turn} action(s) a turn, ws {args.ws}: "
        f"{statistics.median(cpu):.0f} µs per action (runs: {', '.join(f'{c:.0f}' for c in cpu)}); "
        f"{runs[0]['writes']:.2f} writes, {runs[0]['bytes']:.0f} bytes sent per action"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
