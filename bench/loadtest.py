"""``make loadtest``: concurrent tables of four websocket clients against a real server process, on
loopback, bounded in tables and seconds.

    python -m bench.loadtest [--tables N] [--think S] [--seconds S] [--db URL] [--game NAME]

The server runs ``tricktable serve`` in its own process (on a fresh SQLite file unless ``--db``); this
process runs every client on one asyncio loop. Each client, when its seat is to act, waits ``--think``
seconds and sends its first legal action. Reported: tables held (every client connected and playing),
actions per second, and the latency from an action sent to each of the table's four clients holding a
state frame with it (p50, p99). ``--think 0`` finds the saturation point: the actions per second the
server sustains. The clients share the machine with the server: on 2 cores they take one of them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

CODE = "import sys; from tricktable.cli.main import main; sys.exit(main(sys.argv[1:]))"


@dataclass
class Table:
    id: str
    sent: dict[int, float] = field(default_factory=dict)  # version acted on -> when the action was sent


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    connected: int = 0
    errors: int = 0
    finished: int = 0


async def client(
    url: str, table: Table, seat: int, token: str, think: float, stats: Stats, stop: float
) -> None:
    async with websockets.connect(
        url, max_size=2**22, open_timeout=60, ping_interval=None, compression=None
    ) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        stats.connected += 1
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                break
            frame: dict[str, Any] = json.loads(raw)
            now = time.monotonic()
            if frame["type"] == "error":
                stats.errors += 1
                continue
            if frame["type"] != "state":
                continue
            version = frame["version"]
            for v in range(max(0, frame["since"] or 0), version):
                if v in table.sent:
                    stats.latencies.append(now - table.sent[v])
            if frame["over"]:
                stats.finished += seat == 0
                break
            if seat in frame["acting"] and frame["view"]["legal"]:
                if think:
                    await asyncio.sleep(think)
                table.sent[version] = time.monotonic()
                stats.actions += 1
                await ws.send(
                    json.dumps({"type": "action", "action": frame["view"]["legal"][0], "version": version})
                )
        stats.connected -= 1


async def run(args: argparse.Namespace, base: str) -> Stats:
    stats = Stats()
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        tables: list[tuple[Table, list[str]]] = []
        for i in range(args.tables):
            r = await http.post("/api/tables", json={"game": args.game, "name": f"load {i}", "seed": i + 1})
            table = Table(r.json()["id"])
            tokens = []
            for seat in range(4):
                r = await http.post(f"/api/tables/{table.id}/seats/{seat}", json={"name": f"bot {seat}"})
                tokens.append(r.json()["token"])
            tables.append((table, tokens))
    stop = time.monotonic() + args.seconds
    ws_base = base.replace("http", "ws", 1)
    tasks = [
        client(f"{ws_base}/ws/tables/{t.id}", t, seat, token, args.think, stats, stop)
        for t, tokens in tables
        for seat, token in enumerate(tokens)
    ]
    held = asyncio.create_task(_held(stats, len(tasks), stop))
    await asyncio.gather(*tasks, return_exceptions=True)
    stats.connected = await held
    return stats


async def _held(stats: Stats, sockets: int, stop: float) -> int:
    """The most sockets connected at once."""
    most = 0
    while time.monotonic() < stop:
        most = max(most, stats.connected)
        await asyncio.sleep(0.2)
    return most


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.loadtest", description=__doc__)
    parser.add_argument(
        "--tables", type=int, default=100, help="concurrent tables (default 100; at most 2000)"
    )
    parser.add_argument("--think", type=float, default=1.0, help="seconds a client thinks before acting")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to play (at most 300)")
    parser.add_argument("--game", default="back-alley", help="the game (default back-alley)")
    parser.add_argument("--db", help="the server's database (default: a fresh SQLite file)")
    parser.add_argument("--port", type=int, default=8799)
    args = parser.parse_args(argv)
    args.tables = max(1, min(args.tables, 2000))
    args.seconds = max(1.0, min(args.seconds, 300.0))
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
        cmd = [
            sys.executable,
            "-c",
            CODE,
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
            started = time.process_time()
            stats = asyncio.run(run(args, base))
            client_cpu = time.process_time() - started
        finally:
            server.terminate()
            server.wait(10)
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
        f"  client process CPU: {client_cpu:.1f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
