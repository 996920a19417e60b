"""``make loadtest``: concurrent tables of four websocket clients against a real server process, on
loopback, bounded in tables and seconds.

    python -m bench.loadtest [--tables N] [--think S] [--seconds S] [--db URL] [--game NAME]
                             [--processes N | --url URL] [--full-frames]

The server runs ``tricktable serve`` in its own process (on a fresh SQLite file unless ``--db``); with
``--processes N`` (N > 1, ``--db postgresql://...``) N of them behind nginx, run with the repository's
deploy/nginx.conf as the tests run it, the clients going through the proxy; with ``--url`` the clients
play against a server (or proxy) already running there. This process runs every client on one asyncio
loop. Each client, when its seat is to act, thinks (a time
drawn from half to one and a half times ``--think``, so tables do not act in step) and sends a legal
action drawn at random (the first would pass every bid, and no hand would be played). Clients take deltas
after their first state frame, as the browser does (``--full-frames``: a whole state frame each time). After
``--warmup`` seconds (the connections' first frames), it measures for ``--seconds``: tables held
(every client connected and playing), actions per second, the latency from an action sent to each of
the table's four clients holding a state frame with it (p50, p99), the frames the clients received per
action (by type), and the CPU each process spent (the server's as user and system time).
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
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

from tricktable.server.collector import keep_pauses_short
from tricktable.server.frames import apply_delta


@dataclass
class Table:
    id: str
    sent: dict[int, float] = field(default_factory=dict)  # version acted on -> when the action was sent


@dataclass
class Stats:
    measure_from: float = 0.0  # monotonic time the warm-up ends: earlier actions are not counted
    latencies: list[float] = field(default_factory=list)
    late: int = 0  # of those, carried by a client's first frame (its hello answered after the action)
    hellos: list[float] = field(default_factory=list)  # seconds from a hello to its first state frame
    actions: int = 0
    connected: int = 0
    errors: int = 0
    finished: int = 0
    server_cpu: float | None = None  # the server processes' CPU seconds while measuring (Linux)
    server_sys: float | None = None  # of which in the kernel (system time: the sockets' sends)
    frames: Counter[str] = field(default_factory=Counter)  # frames received while measuring, by type
    proxy_cpu: float | None = None  # the proxy's (nginx's workers and master)
    client_cpu: float = 0.0  # this process's, while measuring


async def client(
    url: str, table: Table, seat: int, token: str, think: float, stats: Stats, stop: float, deltas: bool
) -> None:
    # People do not act in step: each think is drawn from half to one and a half times the mean.
    rng = random.Random(f"{table.id}:{seat}")
    async with websockets.connect(
        url, max_size=2**22, open_timeout=60, ping_interval=None, compression=None
    ) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "deltas": deltas}))
        said_hello = time.monotonic()
        stats.connected += 1
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(stop - time.monotonic()):  # one timer, not one per frame
                held: dict[str, Any] = {}
                async for raw in ws:
                    frame = orjson.loads(raw)
                    if time.monotonic() >= stats.measure_from:
                        stats.frames[frame["type"]] += 1
                    if frame["type"] == "delta":
                        if frame["since"] != held.get("version"):  # a gap: ask for the whole state
                            await ws.send(json.dumps({"type": "full", "version": held.get("version", -1)}))
                            continue
                        frame = apply_delta(held, frame)
                    first = frame["type"] == "state" and not held
                    if first:
                        stats.hellos.append(time.monotonic() - said_hello)
                    if frame["type"] == "state":
                        held = frame
                    if not await _take(ws, frame, table, seat, rng, think, stats, first):
                        break
        stats.connected -= 1


async def _take(
    ws: Any,
    frame: dict[str, Any],
    table: Table,
    seat: int,
    rng: random.Random,
    think: float,
    stats: Stats,
    first: bool,
) -> bool:
    """Note the latency of the actions the frame brings (``first``: the client's first frame, which
    brings those made before its hello was answered), and act if it is the seat's turn; False once
    the game is over."""
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
            stats.late += first
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


def _cpu_seconds(pid: int) -> tuple[float, float] | None:
    """A process's user and system CPU time, from /proc (None where there is no /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def _cpu_of(pids: list[int]) -> tuple[float, float] | None:
    """The processes' user and system CPU time together."""
    times = [_cpu_seconds(pid) for pid in pids]
    if not pids or any(t is None for t in times):
        return None
    return sum(t[0] for t in times if t), sum(t[1] for t in times if t)


async def _server_cpu(pids: list[int], proxy_pids: list[int], stats: Stats, stop: float) -> None:
    await asyncio.sleep(max(0.0, stats.measure_from - time.monotonic()))
    start, proxy, mine = _cpu_of(pids), _cpu_of(proxy_pids), time.process_time()
    await asyncio.sleep(max(0.0, stop - time.monotonic()))
    end, proxy_end = _cpu_of(pids), _cpu_of(proxy_pids)
    stats.client_cpu = time.process_time() - mine
    if start is not None and end is not None:
        stats.server_cpu = sum(end) - sum(start)
        stats.server_sys = end[1] - start[1]
    if proxy is not None and proxy_end is not None:
        stats.proxy_cpu = sum(proxy_end) - sum(proxy)


async def _post(http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> Any:
    """POST, waiting as a refusal for the rate limit says (a server run with its limits, --url), and
    sending again (three times at most) when a kept-alive connection was closed as it was reused (a
    loaded machine's server drops idle ones: a lost table or seat would end the run)."""
    lost = 0
    while True:
        try:
            r = await http.post(path, json=body)
        except (httpx.ReadError, httpx.RemoteProtocolError):
            lost += 1
            if lost > 3:
                raise
            continue
        if r.status_code != 429:
            r.raise_for_status()
            return r.json()
        await asyncio.sleep(float(r.headers.get("retry-after", "1")))


async def run(args: argparse.Namespace, base: str, pids: list[int], proxy_pids: list[int]) -> Stats:
    stats = Stats()
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        opening = asyncio.Semaphore(16)  # tables set up 16 at a time

        async def open_table(i: int) -> tuple[Table, list[str]]:
            async with opening:
                body = {"game": args.game, "name": f"load {i}", "seed": i + 1}
                table = Table((await _post(http, "/api/tables", body))["id"])
                tokens = []
                for seat in range(4):
                    joined = await _post(
                        http, f"/api/tables/{table.id}/seats/{seat}", {"name": f"bot {seat}"}
                    )
                    tokens.append(joined["token"])
                return table, tokens

        tables = await asyncio.gather(*(open_table(i) for i in range(args.tables)))
    stats.measure_from = time.monotonic() + args.warmup
    stop = stats.measure_from + args.seconds
    ws_base = base.replace("http", "ws", 1)
    tasks = [
        client(f"{ws_base}/ws/tables/{t.id}", t, seat, token, args.think, stats, stop, not args.full_frames)
        for t, tokens in tables
        for seat, token in enumerate(tokens)
    ]
    # The clients hold thousands of connections too: without this, their own collector's pauses
    # would show as the server's latency.
    collector = asyncio.create_task(keep_pauses_short())
    held = asyncio.create_task(_held(stats, len(tasks), stop))
    cpu = asyncio.create_task(_server_cpu(pids, proxy_pids, stats, stop))
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
    parser.add_argument("--port", type=int, default=8799, help="the (first) server process's port")
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes (default 1); more than one share --db (PostgreSQL) behind nginx",
    )
    parser.add_argument("--url", help="play against the server or proxy running at this URL instead")
    parser.add_argument(
        "--full-frames",
        action="store_true",
        help="clients ask for a full state frame after every action, not deltas (to compare the two)",
    )
    parser.add_argument("--profile", metavar="FILE", help="run the server under cProfile, writing FILE")
    args = parser.parse_args(argv)
    args.tables = max(1, min(args.tables, 2000))
    args.seconds = max(1.0, min(args.seconds, 300.0))
    args.warmup = max(0.0, min(args.warmup, 60.0))
    args.processes = max(1, min(args.processes, 16))
    if args.processes > 1 and not (args.db or "").startswith("postgresql"):
        parser.error("--processes above 1 share one database: give --db postgresql://...")
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if args.url:
        stats: Stats | None = _run_loop(run(args, args.url.rstrip("/"), [], []))
    else:
        with tempfile.TemporaryDirectory() as tmp:
            stats = _started(args, Path(tmp))
    if stats is None:
        return 1
    _report(args, stats)
    return 0


def _started(args: argparse.Namespace, tmp: Path) -> Stats | None:
    """The servers (and the proxy) started for the run, the run, and their stop."""
    db = args.db or f"sqlite:///{tmp / 'load.db'}"
    profile = ["-m", "cProfile", "-o", args.profile] if args.profile else []
    servers = []
    for i in range(args.processes):
        cmd = [sys.executable, *profile, "-m", "tricktable", "serve", "--port", str(args.port + i)]
        cmd += ["--db", db, "--absent-after", "3600", "--http-rate", "0"]  # the clients open tables fast
        servers.append(subprocess.Popen(cmd, stdout=subprocess.DEVNULL))  # its errors: on stderr
        profile = []  # the first process only
    proxy = None
    try:
        for i, server in enumerate(servers):
            if not _wait_ready(f"http://127.0.0.1:{args.port + i}", server):
                print("the server did not start", file=sys.stderr)
                return None
        base, proxy_pids = f"http://127.0.0.1:{args.port}", []
        if args.processes > 1:
            from tests.server.proxy import Proxy  # the tests' runner of deploy/nginx.conf

            proxy = Proxy(tmp, [f"127.0.0.1:{args.port + i}" for i in range(args.processes)])
            base, proxy_pids = proxy.url, [proxy.proc.pid, *_children(proxy.proc.pid)]
        return _run_loop(run(args, base, [s.pid for s in servers], proxy_pids))
    finally:
        if proxy is not None:
            proxy.stop()
        for server in servers:
            server.send_signal(signal.SIGINT)  # as Ctrl-C: a clean stop (and cProfile writes its file)
        for server in servers:
            try:
                server.wait(60)  # a loaded machine may take long to close thousands of sockets
            except subprocess.TimeoutExpired:
                server.kill()  # the figures are measured already: not lost for a slow stop
                server.wait()


def _wait_ready(base: str, server: subprocess.Popen[bytes]) -> bool:
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"{base}/healthz", timeout=1).raise_for_status()
            return True
        except httpx.HTTPError:
            if time.monotonic() > deadline or server.poll() is not None:
                return False
            time.sleep(0.2)


def _children(pid: int) -> list[int]:
    """nginx's workers (Linux)."""
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _ms(ordered: list[float], q: float) -> str:
    return f"{ordered[int(q * (len(ordered) - 1))] * 1000:.0f} ms" if ordered else "-"


def _report(args: argparse.Namespace, stats: Stats) -> None:
    lat, hellos = sorted(stats.latencies), sorted(stats.hellos)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[int(0.99 * (len(lat) - 1))] * 1000 if lat else float("nan")
    where = args.url or f"{args.processes} process{'es behind nginx' if args.processes > 1 else ''}"
    print(
        f"{args.game}: {args.tables} tables, think {args.think:g} s, {args.seconds:g} s, "
        f"db {args.db or 'sqlite'}, {where}, {'full frames' if args.full_frames else 'deltas'}; "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}\n"
        f"  sockets held at once: {stats.connected} of {4 * args.tables}\n"
        f"  actions: {stats.actions} ({stats.actions / args.seconds:.1f}/s); errors {stats.errors}; "
        f"games finished {stats.finished}\n"
        f"  action to broadcast (each of 4 clients): p50 {p50:.1f} ms, p99 {p99:.1f} ms "
        f"over {len(lat)} deliveries ({stats.late} in a late client's first frame)\n"
        f"  hello to first state frame: p50 {_ms(hellos, 0.5)}, p99 {_ms(hellos, 0.99)}, "
        f"max {_ms(hellos, 1.0)} over {len(hellos)} hellos\n"
        f"  client process CPU while measuring: {stats.client_cpu:.1f} s "
        f"({stats.client_cpu / args.seconds:.0%} of a core)"
    )
    if stats.actions:
        per = ", ".join(f"{kind} {n / stats.actions:.2f}" for kind, n in stats.frames.most_common())
        print(f"  frames received per action: {sum(stats.frames.values()) / stats.actions:.2f} ({per})")
    if stats.server_cpu is not None:
        per_action = f"; {stats.server_cpu / stats.actions * 1e6:.0f} µs per action" if stats.actions else ""
        print(
            f"  server process{'es' if args.processes > 1 else ''} CPU while measuring: "
            f"{stats.server_cpu:.2f} s ({stats.server_cpu / args.seconds:.0%} of a core; "
            f"{stats.server_cpu - (stats.server_sys or 0):.2f} s user, {stats.server_sys or 0:.2f} s system"
            f"{per_action})"
        )
    if stats.proxy_cpu is not None and stats.actions:
        print(
            f"  nginx CPU while measuring: {stats.proxy_cpu:.1f} s ({stats.proxy_cpu / args.seconds:.0%} "
            f"of a core; {stats.proxy_cpu / stats.actions * 1e6:.0f} µs per action)"
        )


if __name__ == "__main__":
    raise SystemExit(main())
