"""Past one process: two server processes on one PostgreSQL database behind nginx, run with the
repository's own configuration (deploy/nginx.conf). A table's seats are connected through the proxy to
different processes; one process is killed (kill -9) or stopped (SIGTERM, its graceful stop), its
clients connect again through the proxy, and play goes on to the end with nothing lost or doubled."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.processes import Player, Server, reset_postgres
from tests.server.proxy import SITE, Proxy, site_config
from tricktable import games


class Roaming(Player):
    """A player that, when its connection closes, connects again through the proxy with the last
    version it saw, and notes how the connection was closed."""

    def __init__(self, proxy: Proxy, table_id: str, seat: int, token: str) -> None:
        self.closes: list[tuple[int | None, str]] = []
        self.processes: list[str | None] = []
        super().__init__(proxy, table_id, seat, token)

    def open(self, version: int | None) -> None:
        super().open(version)
        self.processes.append(self.process)

    def receive(self) -> dict[str, Any]:
        while True:
            try:
                frame: dict[str, Any] = json.loads(self.ws.recv(timeout=60))
            except ConnectionClosed as closed:
                self.reopen(closed)
                return self.frame
            if frame["type"] == "state":
                self.frame = frame
                self.events += frame["events"]
                return frame
            # seats, chat history; an action refused as its process stopped is sent again below

    def reopen(self, closed: ConnectionClosed) -> None:
        self.closes.append((closed.rcvd.code, closed.rcvd.reason) if closed.rcvd else (None, ""))
        self.open(self.frame["version"])

    def act(self, action: str, version: int) -> None:
        """Send the action; if the connection was closed, connect again and send it again (if the
        table has not moved past it meanwhile)."""
        while self.frame["version"] == version:
            try:
                self.ws.send(json.dumps({"type": "action", "action": action, "version": version}))
                return
            except ConnectionClosed as closed:
                self.reopen(closed)


def play_on(players: list[Roaming], upto: int | None = None, then: Any = None) -> int:
    """The player to move sends its first legal action until the game is over (or ``upto``), sending
    it again (at the same version: never taken twice) while the table has not moved past it, as when
    its process stopped first. ``then()`` is called once, just after the first action is sent."""
    while True:
        version = max(p.frame["version"] for p in players)
        for p in players:
            p.until(version)
        frame = players[0].frame
        if frame["over"] or (upto is not None and version >= upto):
            return version
        actor = next(p for p in players if p.seat == frame["view"]["to_move"])
        action = actor.frame["view"]["legal"][0]
        actor.act(action, version)
        if then is not None:
            then()
            then = None
        while actor.frame["version"] == version:
            actor.receive()
            if actor.frame["version"] == version:  # connected again, the action not taken: again
                actor.act(action, version)


@dataclass
class Deployment:
    servers: list[Server]
    proxy: Proxy
    table: str
    players: list[Roaming]


@pytest.fixture
def deployment(tmp_path: Path) -> Iterator[Deployment]:
    db = reset_postgres()
    servers = [Server(db, tmp_path / f"{i}.log", "--absent-after", "600") for i in range(2)]
    proxy = None
    try:
        proxy = Proxy(tmp_path, [f"127.0.0.1:{s.port}" for s in servers])
        table = proxy.post(
            "/api/tables", {"game": "all-fours", "name": "proxied", "config": {"target": 3}, "seed": 5}
        )
        tokens = [
            proxy.post(f"/api/tables/{table['id']}/seats/{s}", {"name": f"p{s}"})["token"] for s in range(4)
        ]
        players = [Roaming(proxy, table["id"], s, tokens[s]) for s in range(4)]
        yield Deployment(servers, proxy, table["id"], players)
        for p in players:
            p.close()
    finally:
        if proxy is not None:
            proxy.stop()
        for s in servers:
            s.stop()


def process_of(server: Server) -> str:
    name: str = server.get("/healthz")["process"]
    return name


def check_nothing_lost(d: Deployment, final: int) -> None:
    """Every player saw exactly its seat's events of the whole game, and the log holds every action."""
    record = httpx.get(f"{d.proxy.url}/api/tables/{d.table}/record", timeout=60).json()
    state = games.get("all-fours").replay(record)
    assert state.is_over and state.version == final == len(record["actions"])
    for p in d.players:
        assert p.frame["over"] and p.events == [e.to_dict() for e in state.events(p.seat)]


def test_the_repository_config_is_the_one_run(tmp_path: Path) -> None:
    """The proxy the tests run is deploy/nginx.conf with only its port and processes changed."""
    ran = site_config(9999, ["127.0.0.1:1", "127.0.0.1:2"]).splitlines()
    mine = SITE.read_text().splitlines()
    changed = [(a, b) for a, b in zip(mine, ran, strict=True) if a != b]
    assert [(a.split()[:2], b.strip()) for a, b in changed] == [
        (["server", "127.0.0.1:8001"], "server 127.0.0.1:1 max_fails=3 fail_timeout=5s;"),
        (["server", "127.0.0.1:8002"], "server 127.0.0.1:2 max_fails=3 fail_timeout=5s;"),
        (["listen", "8080;"], "listen 127.0.0.1:9999;"),
    ]


def test_a_process_killed_under_a_split_table(deployment: Deployment) -> None:
    d = deployment
    a, b = d.servers
    a_name, b_name = process_of(a), process_of(b)
    assert {p.process for p in d.players} == {a_name, b_name}  # the seats are split between them
    play_on(d.players, upto=10)
    b.kill()
    final = play_on(d.players)
    check_nothing_lost(d, final)
    for p in d.players:  # B's clients came back through the proxy, to A; A's stayed
        assert (p.processes[0] == b_name) == bool(p.closes) and p.processes[-1] == a_name


def test_sigterm_finishes_the_action_in_flight_and_sends_clients_elsewhere(deployment: Deployment) -> None:
    d = deployment
    a, b = d.servers
    a_name, b_name = process_of(a), process_of(b)
    assert {p.process for p in d.players} == {a_name, b_name}
    play_on(d.players, upto=6)
    # an action sent by a player connected to B, and B told to stop at once
    while True:
        frame = d.players[0].frame
        actor = next(p for p in d.players if p.seat == frame["view"]["to_move"])
        if actor.process == b_name:
            break
        play_on(d.players, upto=frame["version"] + 1)
    final = play_on(d.players, then=lambda: b.proc.send_signal(signal.SIGTERM))
    assert b.proc.wait(30) == -signal.SIGTERM  # uvicorn ends by raising the signal it caught again
    check_nothing_lost(d, final)
    on_b = [p for p in d.players if p.processes[0] == b_name]
    assert actor in on_b
    for p in on_b:
        if not p.closes:  # B, draining, served this client to the game's end before it closed: read on
            p.receive()
    for p in d.players:
        going_away = [(1001, "the server process is stopping: connect again")]
        assert p.closes == (going_away if p in on_b else []) and p.processes[-1] == a_name
    log = b.log_path.read_text()
    assert "Traceback" not in log and "ERROR" not in log, log


def test_through_the_proxy_a_client_is_limited_by_its_own_address(tmp_path: Path) -> None:
    """The proxy names the client's address, replacing any X-Forwarded-For the client sent: a client
    cannot pass the per-client limit by naming other addresses. (The limits are each process's: two
    processes take up to twice the burst.)"""
    db = reset_postgres()
    limits = ("--http-rate", "2", "--http-burst", "5")
    servers = [Server(db, tmp_path / f"{i}.log", *limits) for i in range(2)]
    proxy = None
    try:
        proxy = Proxy(tmp_path, [f"127.0.0.1:{s.port}" for s in servers])
        time.sleep(3)  # the buckets full again after the proxy's start
        started = time.monotonic()
        with httpx.Client(base_url=proxy.url, timeout=60) as http:
            answers = [
                http.get("/api/tables", headers={"x-forwarded-for": f"198.51.100.{i}"}) for i in range(40)
            ]
        refilled = 2 * int(2 * (time.monotonic() - started))  # 2 a second a process: more, the slower
        codes = [r.status_code for r in answers]
        assert 10 <= codes.count(200) <= 10 + refilled and codes.count(429) == 40 - codes.count(200), codes
        refused = next(r for r in answers if r.status_code == 429)
        assert refused.json()["error"] == "rate_limited" and "2 requests a second" in refused.json()["reason"]
    finally:
        if proxy is not None:
            proxy.stop()
        for s in servers:
            s.stop()
