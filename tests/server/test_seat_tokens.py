"""The seat tokens a hello names are held in memory per process: a burst of hellos reads nothing from
the database, and a token revoked through another process is refused at once."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from sqlalchemy import event
from websockets.asyncio.client import connect as ws_connect
from websockets.sync.client import connect

from tests.server.helpers import FAST, run_async
from tests.server.processes import Player, Server, free_port, reset_postgres
from tricktable.server import create_app
from tricktable.server.hub import Hub
from tricktable.server.store import TableRow, open_store

TABLES = 25
HELLOS = 1_000  # ten for each of the 100 seats


@asynccontextmanager
async def _serving(db: str) -> AsyncIterator[tuple[str, Hub]]:
    """The server in this event loop (so the test can watch its connection pool): its URL and hub."""
    app = create_app(db, FAST)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, port=port, log_level="warning", ws_per_message_deflate=False))
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()  # the server failed to start: its error
        await asyncio.sleep(0.05)
    try:
        yield f"127.0.0.1:{port}", app.state.hub
    finally:
        server.should_exit = True
        await task


async def _state_frame(url: str, table_id: str, token: str) -> dict[str, Any]:
    async with ws_connect(f"ws://{url}/ws/tables/{table_id}", open_timeout=60, max_queue=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            frame: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 120))
            if frame["type"] in ("state", "error"):
                return frame


def test_a_burst_of_hellos_reads_no_seat_from_the_database() -> None:
    """100 players at 25 tables, seated through one server; a second server loads the tables (their
    seats with them, one read each) and takes 1,000 hellos at once: each is answered with its seat's
    state frame, and no hello checks a connection out of the pool."""
    db = reset_postgres()

    async def main() -> None:
        seated: list[tuple[str, int, str]] = []  # table, seat, token
        async with _serving(db) as (url, _hub), httpx.AsyncClient(base_url=f"http://{url}") as http:
            for n in range(TABLES):
                made = await http.post("/api/tables", json={"game": "all-fours", "name": f"t{n}", "seed": n})
                table_id = made.json()["id"]
                for seat in range(4):
                    r = await http.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": f"p{seat}"})
                    seated.append((table_id, seat, r.json()["token"]))
        async with _serving(db) as (url, hub):
            assert len(hub.rooms) == TABLES
            checkouts = []
            engine = hub.store.engine.sync_engine
            event.listen(engine, "checkout", lambda *args: checkouts.append(args))
            burst = [seated[i % len(seated)] for i in range(HELLOS)]
            frames = await asyncio.gather(*(_state_frame(url, t, token) for t, _, token in burst))
            assert [(f["type"], f["seat"]) for f in frames] == [("state", seat) for _, seat, _ in burst]
            assert checkouts == []
            # a token no table knows is looked for in the database (the seat may be newly taken)
            refused = await _state_frame(url, seated[0][0], "x" * 43)
            assert refused["code"] == "bad_token"
            assert len(checkouts) == 1

    run_async(main())


def test_a_token_revoked_through_one_process_is_refused_by_the_other(tmp_path: Path) -> None:
    """Ann joins through A and plays through B (B knows her token, from memory). She leaves through A:
    B hears of it, and a hello to B with her old token is refused; Bea's join through A is known to
    B at once too."""
    db = reset_postgres()
    a = Server(db, tmp_path / "a.log", "--absent-after", "600")
    b = Server(db, tmp_path / "b.log", "--absent-after", "600")
    try:
        table = a.post("/api/tables", {"game": "all-fours", "name": "leave", "seed": 5})
        path = f"/api/tables/{table['id']}/seats/1"
        token = a.post(path, {"name": "ann"})["token"]
        ann = Player(b, table["id"], 1, token)
        assert ann.frame["seat"] == 1
        page = connect(f"{b.ws_url}/ws/tables/{table['id']}", open_timeout=60)
        page.send(json.dumps({"type": "hello"}))

        def seat_1_on_b(player: str | None) -> None:
            """Until B's page shows seat 1 held by ``player`` (B has heard of the change)."""
            while True:
                frame = json.loads(page.recv(timeout=60))
                if frame["type"] == "seats" and frame["seats"][1]["player"] == player:
                    return

        seat_1_on_b("ann")
        bearer = {"authorization": f"Bearer {token}"}
        assert httpx.delete(f"{a.url}{path}", headers=bearer, timeout=60).status_code == 204
        seat_1_on_b(None)
        again = connect(f"{b.ws_url}/ws/tables/{table['id']}", open_timeout=60)
        again.send(json.dumps({"type": "hello", "token": token}))
        frame = json.loads(again.recv(timeout=60))
        assert (frame["type"], frame["code"]) == ("error", "bad_token"), frame
        again.close()
        # the old token cannot leave the seat again, through either process
        assert httpx.delete(f"{b.url}{path}", headers=bearer, timeout=60).status_code == 403
        bea = Player(b, table["id"], 1, a.post(path, {"name": "bea"})["token"])
        assert bea.frame["seat"] == 1
        bea.close()
        ann.close()
        page.close()
    finally:
        a.stop()
        b.stop()


def test_tables_are_read_side_by_side_and_each_once(tmp_path: Path) -> None:
    """A table this process has not held is read once however many ask for it at once, and a slow
    read of one table holds up no other's."""

    async def main() -> None:
        store = await open_store(f"sqlite:///{tmp_path}/t.db")
        for table_id in ("slow", "quick"):
            await store.create_table(
                TableRow(table_id, "t", "all-fours", {}, 5, (None,) * 4, 0.0, 60.0, False)
            )
        hub = Hub(store, FAST)
        reads: list[str] = []
        slow_read = asyncio.Event()
        read_table = store.table

        async def table(table_id: str) -> TableRow | None:
            reads.append(table_id)
            if table_id == "slow":
                await slow_read.wait()
            return await read_table(table_id)

        store.table = table  # type: ignore[method-assign]
        try:
            slow = [asyncio.create_task(hub.room("slow")) for _ in range(3)]
            quick = await asyncio.wait_for(hub.room("quick"), 60)
            assert quick is not None and quick.id == "quick" and not any(t.done() for t in slow)
            slow_read.set()
            rooms = await asyncio.gather(*slow)
            assert rooms[0] is not None and all(r is rooms[0] for r in rooms)
            assert sorted(reads) == ["quick", "slow"]
        finally:
            await hub.stop()

    run_async(main())
