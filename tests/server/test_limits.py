"""Floods: request-rate limits per websocket connection and per client address over HTTP, on real
server processes (SQLite and PostgreSQL). Over a limit, each frame or request gets the typed error
``rate_limited`` saying what the limit is and when to send again; nothing it asked for is done, what
was taken is all answered, and the connection goes on — or, a websocket that floods on regardless, is
closed saying why."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.processes import Server, reset_postgres
from tricktable import games
from tricktable.server.app import FLOOD

DATABASES: dict[str, Callable[[Path], str]] = {
    "sqlite": lambda tmp: f"sqlite:///{tmp}/server.db",
    "postgresql": lambda tmp: reset_postgres(),
}
LIMITS = ("--ws-rate", "5", "--ws-burst", "10", "--http-rate", "5", "--http-burst", "10")


@pytest.fixture(params=DATABASES)
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    s = Server(DATABASES[request.param](tmp_path), tmp_path / "server.log", "--absent-after", "600", *LIMITS)
    yield s
    s.stop()


def refill(seconds: float = 2.5) -> None:
    time.sleep(seconds)  # the buckets fill again: 5 a second, 10 at most


def test_http_requests_over_the_limit_are_refused_and_nothing_is_done(server: Server) -> None:
    refill()  # the server's start was watched by requests from this address too
    with httpx.Client(base_url=server.url, timeout=30) as http:
        # All at once: one after the other, a loaded machine can take long enough for the bucket to
        # refill (5 a second) that none is refused.
        started = time.monotonic()
        with ThreadPoolExecutor(max_workers=30) as pool:
            answers = list(
                pool.map(
                    lambda i: http.post("/api/tables", json={"game": "all-fours", "name": f"t{i}"}), range(30)
                )
            )
        refilled = int(5 * (time.monotonic() - started))  # 5 a second: more, the slower the machine
        made = [r.json()["id"] for r in answers if r.status_code == 201]
        refused = [r for r in answers if r.status_code != 201]
        assert 10 <= len(made) <= 10 + refilled and len(made) + len(refused) == 30
        for r in refused:
            body = r.json()
            assert r.status_code == 429 and body["error"] == "rate_limited", r.text
            assert "5 requests a second from one address (10 at once)" in body["reason"]
            assert body["limit"] == {"per_second": 5.0, "burst": 10}
            assert int(r.headers["retry-after"]) >= 1 and 0 <= body["retry_after"] <= 1
        refill()
        listed = [t["id"] for t in http.get("/api/tables").json()["tables"]]
        assert sorted(listed) == sorted(made)  # every table answered 201 was made; no refused one
        # The limit is per address: a client behind the proxy (127.0.0.1, trusted) is counted apart.
        for _ in range(20):
            http.get("/api/games")
        other = http.get("/api/games", headers={"x-forwarded-for": "192.0.2.7"})
        assert other.status_code == 200
        refill()
        assert http.get("/healthz").status_code == 200


def hello(server: Server, table: str, token: str | None = None) -> ClientConnection:
    ws = connect(f"{server.ws_url}/ws/tables/{table}", open_timeout=60)
    ws.send(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
    return ws


def answers(ws: ClientConnection, count: int) -> list[dict[str, Any]]:
    """The next ``count`` answers to the frames sent (pongs, chat lines, errors): not the table's
    state and people news."""
    out: list[dict[str, Any]] = []
    while len(out) < count:
        frame = json.loads(ws.recv(timeout=60))
        if frame["type"] in ("pong", "chat", "error"):
            out.append(frame)
    return out


def test_a_websocket_flood_is_refused_frame_by_frame_and_the_table_goes_on(server: Server) -> None:
    table = server.post("/api/tables", {"game": "all-fours", "name": "flood", "seed": 5})["id"]
    mover = games.get("all-fours").new(seed=5).to_move
    token = server.post(f"/api/tables/{table}/seats/{mover}", {"name": "flooder"})["token"]
    ws = hello(server, table, token)
    state = json.loads(ws.recv(timeout=60))
    assert state["type"] == "state" and state["version"] == 0
    for i in range(15):  # 30 frames at once: the burst (10, less the hello) is taken, the rest refused
        ws.send(json.dumps({"type": "chat", "text": f"line {i}"}))
        ws.send('{"type": "ping"}')
    got = answers(ws, 30)  # each frame answered once: taken (its pong, its chat line) or refused
    refused = [f for f in got if f["type"] == "error"]
    assert 15 <= len(refused) <= 21
    for f in refused:
        assert f["code"] == "rate_limited" and "limit of 5 frames a second (10 at once)" in f["reason"], f
        assert f["limit"] == {"per_second": 5.0, "burst": 10} and 0 <= f["retry_after"] <= 0.2
    said = [f["text"] for f in got if f["type"] == "chat"]
    refill()
    watcher = hello(server, table)
    history = next(f for f in answers_of(watcher) if f["type"] == "chat_history")
    assert [line["text"] for line in history["lines"]] == said  # every line taken was kept, none other
    watcher.close()
    # after the pause the connection is served again: its action is taken
    ws.send(json.dumps({"type": "action", "action": state["view"]["legal"][0], "version": 0}))
    while json.loads(ws.recv(timeout=60)).get("version", 0) == 0:
        pass
    assert server.get(f"/api/tables/{table}")["version"] == 1
    ws.close()


def answers_of(ws: ClientConnection) -> Iterator[dict[str, Any]]:
    while True:
        yield json.loads(ws.recv(timeout=60))


def test_a_websocket_that_floods_on_regardless_is_closed_saying_why(server: Server) -> None:
    table = server.post("/api/tables", {"game": "all-fours", "name": "flood", "seed": 5})["id"]
    ws = hello(server, table)
    other = hello(server, table)  # another connection of the same client: its own limit
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(20 * FLOOD * 10):
            ws.send('{"type": "ping"}')
        while True:
            ws.recv(timeout=60)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert closed.value.rcvd.reason.startswith("over 5 frames a second:")
    other.send('{"type": "ping"}')
    assert answers(other, 1)[0]["type"] == "pong"
    other.close()
