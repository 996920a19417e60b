"""``make loadtest``: concurrent tables of four websocket clients against a real server process, on
loopback, bounded in tables and seconds.

    python -m bench.loadtest [--tables N] [--think S] [--seconds S] [--db URL] [--game NAME]

The server runs ``tricktable serve`` in its own process (on a fresh SQLite file unless ``--db``); this
process runs every client on one asyncio loop. Each client, when its seat is to act, thinks (a time
drawn from half to one and a half times ``--think``, so tables do not act in step) and sends a legal
action drawn at random (the first would pass every bid, and no hand would be played). After
``--warmup`` seconds (the connections' first frames), it measures for ``--seconds``: tables held
(every client connected and playing), actions per second, the latency from an action sent to each of
the table's four clients holding a state frame with it (p50, p99), and the CPU each process spent.
``--think 0`` finds the saturation point: the actions per second the server sustains. The clients
share the machine with the server: on 2 cores they take one of them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

from tricktable.server.collector import keep_pauses_short


@dataclass
class Table:
    id: str
    sent: dict[int, float] = field(default_factory=dict)  # version acted on -> when the action was sent


@dataclass
class Stats:
    measure_from: float = 0.0  # monotonic time the warm-up ends: earlier actions are not counted
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    connected: int = 0
    errors: int = 0
    finished: int = 0
    server_cpu: float | None = None  # the server process's CPU seconds while measuring (Linux)
    client_cpu: float = 0.0  # this process's, while measuring


async def client(
    url: str, table: Table, seat: int, token: str, think: float, stats: Stats, stop: float
) -> None:
    # People do not act in step: each think is drawn from half to one and a half times the mean.
    rng = random.Random(f"{table.id}:{seat}")
    async with websockets.connect(
        url, max_size=2**22, open_timeout=60, ping_interval=None, compression=None
    ) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        stats.connected += 1
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(stop - time.monotonic()):  # one timer, not one per frame
                async for raw in ws:
                    if not await _take(ws, orjson.loads(raw), table, seat, rng, think, stats):
                        break
        stats.connected -= 1


async def _take(
    ws: Any, frame: dict[str, Any], table: Table, seat: int, rng: random.Random, think: float, stats: Stats
) -> bool:
    """Note the latency of the actions the frame brings, and act if it is the seat's turn; False
    once the game is over."""
    now = time.monotonic()
    if frame["type"] == "error":
        stats.errors += 1
        return True
    if frame["type"] != "state":
        return True
    version = frame["version"]
    for v in range(max(0, frame["since"] or 0), version):
        sent = table.sent.get(v)
        if sent is not None and sent >= stats.measure_from:
            stats.latencies.append(now - sent)
    if frame["over"]:
        stats.finished += seat == 0
        return False
    if seat in frame["acting"] and frame["view"]["legal"]:
        if think:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        table.sent[version] = time.monotonic()
        stats.actions += table.sent[version] >= stats.measure_from
        action = rng.choice(frame["view"]["legal"])
        await ws.send(json.dumps({"type": "action", "action": action, "version": version}))
    return True


def _cpu_seconds(pid: int) -> float | None:
    """A process's user + system CPU time, from /proc (None where there is no /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _server_cpu(pid: int, stats: Stats, stop: float) -> None:
    await asyncio.sleep(max(0.0, stats.measure_from - time.monotonic()))
    start, mine = _cpu_seconds(pid), time.process_time()
    await asyncio.sleep(max(0.0, stop - time.monotonic()))
    end = _cpu_seconds(pid)
    stats.client_cpu = time.process_time() - mine
    if start is not None and end is not None:
        stats.server_cpu = end - start


async def run(args: argparse.Namespace, base: str, server_pid: int) -> Stats:
    stats = Stats()
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        opening = asyncio.Semaphore(16)  # tables set up 16 at a time

        async def open_table(i: int) -> tuple[Table, list[str]]:
            async with opening:
                body = {"game": args.game, "name": f"load {i}", "seed": i + 1}
                table = Table((await http.post("/api/tables", json=body)).json()["id"])
                tokens = []
                for seat in range(4):
                    r = await http.post(f"/api/tables/{table.id}/seats/{seat}", json={"name": f"bot {seat}"})
                    tokens.append(r.json()["token"])
                return table, tokens

        tables = await asyncio.gather(*(open_table(i) for i in range(args.tables)))
    stats.measure_from = time.monotonic() + args.warmup
    stop = stats.measure_from + args.seconds
    ws_base = base.replace("http", "ws", 1)
    tasks = [
        client(f"{ws_base}/ws/tables/{t.id}", t, seat, token, args.think, stats, stop)
        for t, tokens in tables
        for seat, token in enumerate(tokens)
    ]
    # The clients hold thousands of connections too: without this, their own collector's pauses
    # would show as the server's latency.
    collector = asyncio.create_task(keep_pauses_short())
    held = asyncio.create_task(_held(stats, len(tasks), stop))
    cpu = asyncio.create_task(_server_cpu(server_pid, stats, stop))
    await asyncio.gather(*tasks, return_exceptions=True)
    await cpu
    collector.cancel()
    await asyncio.gather(collector, return_exceptions=True)
    stats.connected = await held
    return stats


async def _held(stats: Stats, sockets: int, stop: float) -> int:
    """The most sockets connected at once."""
    most = 0
    while time.monotonic() < stop:
        most = max(most, stats.connected)
        await asyncio.sleep(0.2)
    return most


def _run_loop(main: Any) -> Stats:
    """The clients on uvloop where it is installed (the server's extra brings it), as the server is."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)  # type: ignore[no-any-return]
    return uvloop.run(main)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.loadtest", description=__doc__)
    parser.add_argument(
        "--tables", type=int, default=100, help="concurrent tables (default 100; at most 2000)"
    )
    parser.add_argument("--think", type=float, default=1.0, help="seconds a client thinks before acting")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to measure (at most 300)")
    parser.add_argument(
        "--warmup", type=float, default=5.0, help="seconds of play before measuring (the connections' burst)"
    )
    parser.add_argument("--game", default="back-alley", help="the game (default back-alley)")
    parser.add_argument(
        "--db",
        help="an empty database for the server (default: a fresh SQLite file): a server replays every "
        "unfinished table it finds when it starts",
    )
    parser.add_argument("--port", type=int, default=8799)
    parser.add_argument("--profile", metavar="FILE", help="run the server under cProfile, writing FILE")
    args = parser.parse_args(argv)
    args.tables = max(1, min(args.tables, 2000))
    args.seconds = max(1.0, min(args.seconds, 300.0))
    args.warmup = max(0.0, min(args.warmup, 60.0))
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
        profile = ["-m", "cProfile", "-o", args.profile] if args.profile else []
        cmd = [
            sys.executable,
            *profile,
            "-m",
            "tricktable",
            "serve",
            "--port",
            str(args.port),
            "--db",
            db,
            "--absent-after",
            "3600",
        ]
        server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{args.port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(f"{base}/api/tables", timeout=1)
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        print("the server did not start", file=sys.stderr)
                        return 1
                    time.sleep(0.2)
            stats = _run_loop(run(args, base, server.pid))
        finally:
            server.send_signal(signal.SIGINT)  # as Ctrl-C: a clean stop (and cProfile writes its file)
            try:
                server.wait(60)  # a loaded machine may take long to close thousands of sockets
            except subprocess.TimeoutExpired:
                server.kill()  # the figures are measured already: not lost for a slow stop
                server.wait()
    lat = sorted(stats.latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[int(0.99 * (len(lat) - 1))] * 1000 if lat else float("nan")
    print(
        f"{args.game}: {args.tables} tables, think {args.think:g} s, {args.seconds:g} s, "
        f"db {args.db or 'sqlite'}\n"
        f"  sockets held at once: {stats.connected} of {4 * args.tables}\n"
        f"  actions: {stats.actions} ({stats.actions / args.seconds:.1f}/s); errors {stats.errors}; "
        f"games finished {stats.finished}\n"
        f"  action to broadcast (each of 4 clients): p50 {p50:.1f} ms, p99 {p99:.1f} ms "
        f"over {len(lat)} deliveries\n"
        f"  client process CPU while measuring: {stats.client_cpu:.1f} s "
        f"({stats.client_cpu / args.seconds:.0%} of a core)"
    )
    if stats.server_cpu is not None and stats.actions:
        print(
            f"  server process CPU while measuring: {stats.server_cpu:.1f} s "
            f"({stats.server_cpu / args.seconds:.0%} of a core; "
            f"{stats.server_cpu / stats.actions * 1e6:.0f} µs per action)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
