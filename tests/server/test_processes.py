"""Real server processes: kill -9 in mid-round and restart (SQLite and PostgreSQL), and two
processes sharing one PostgreSQL database with one table's clients split between them."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.helpers import run_async
from tests.server.processes import Player, Server, play, reset_postgres
from tricktable import builds, games
from tricktable.server.store import SeatLeft, TableRow, hash_token, open_store

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DATABASES: dict[str, Callable[[Path], str]] = {
    "sqlite": lambda tmp: f"sqlite:///{tmp}/server.db",
    "postgresql": lambda tmp: reset_postgres(),
}


def seat_players(server: Server, table_id: str, seats: range | list[int]) -> list[Player]:
    tokens = {s: server.post(f"/api/tables/{table_id}/seats/{s}", {"name": f"p{s}"})["token"] for s in seats}
    return [Player(server, table_id, s, tokens[s]) for s in seats]


@pytest.mark.parametrize("database", DATABASES)
def test_kill_9_and_restart_loses_nothing(tmp_path: Path, database: str) -> None:
    db = DATABASES[database](tmp_path)
    server = Server(db, tmp_path / "server.log")
    build = "the compiled build" if builds.is_compiled() else "the pure Python source"
    assert build in (tmp_path / "server.log").read_text()  # its first line says which build serves
    try:
        table = server.post(
            "/api/tables", {"game": "all-fours", "name": "crash", "config": {"target": 1}, "seed": 5}
        )
        players = seat_players(server, table["id"], range(4))
        version = play(players, upto=12)  # in the middle of the first deal's tricks
        assert not players[0].frame["over"]
        seen = [p.events[:] for p in players]
        server.kill()
        for p in players:
            p.close()
        server = Server(db, tmp_path / "server.log")
        assert server.get(f"/api/tables/{table['id']}")["version"] == version
        back = [Player(server, table["id"], p.seat, p.token, version=version) for p in players]
        for p, before in zip(back, seen, strict=True):
            assert p.frame["version"] == version and p.frame["events"] == []
            p.events = before
        final = play(back)
        assert back[0].frame["over"]
        record = server.get(f"/api/tables/{table['id']}/record")
        state = games.get("all-fours").replay(record)
        assert state.version == final and state.is_over
        for p in back:  # the events before and after the crash are the seat's events of the game
            assert p.events == [e.to_dict() for e in state.events(p.seat)]
        for p in back:
            p.close()
    finally:
        server.stop()


def test_two_processes_share_one_postgres_table(tmp_path: Path) -> None:
    db = reset_postgres()
    a = Server(db, tmp_path / "a.log", "--absent-after", "600")
    b = Server(db, tmp_path / "b.log", "--absent-after", "600")
    try:
        table = a.post(
            "/api/tables", {"game": "all-fours", "name": "split", "config": {"target": 1}, "seed": 5}
        )
        players = seat_players(a, table["id"], [0, 1]) + seat_players(b, table["id"], [2, 3])
        final = play(players)
        assert all(p.frame["over"] for p in players)
        record_a = a.get(f"/api/tables/{table['id']}/record")
        record_b = b.get(f"/api/tables/{table['id']}/record")
        assert record_a == record_b and len(record_a["actions"]) == final
        state = games.get("all-fours").replay(record_a)
        for p in players:
            assert p.events == [e.to_dict() for e in state.events(p.seat)]
            p.close()
    finally:
        a.stop()
        b.stop()


def test_a_player_on_another_process_is_present_to_all(tmp_path: Path) -> None:
    """A's table driver must not stand in for a seat whose player is connected to B; once that
    player goes, a stand-in plays the turn after the absence time."""
    db = reset_postgres()
    a = Server(db, tmp_path / "a.log")
    b = Server(db, tmp_path / "b.log")
    try:
        table = a.post(
            "/api/tables",
            {"game": "all-fours", "name": "split", "config": {"target": 1}, "seed": 5, "absent_after": 2},
        )
        mover = a.get(f"/api/tables/{table['id']}")  # A holds the table: its driver is waiting
        state = games.get("all-fours").new(seed=5, config={"target": 1})
        assert mover["version"] == 0 and state.to_move is not None
        [player] = seat_players(b, table["id"], [state.to_move])
        time.sleep(6)  # three times the absence time
        assert a.get(f"/api/tables/{table['id']}")["version"] == 0
        assert player.frame["version"] == 0
        player.close()
        deadline = time.monotonic() + 60
        while a.get(f"/api/tables/{table['id']}")["version"] == 0:
            assert time.monotonic() < deadline, "no stand-in played for the absent seat"
            time.sleep(0.2)
    finally:
        a.stop()
        b.stop()


def test_processes_starting_at_once_on_a_new_database_all_start(tmp_path: Path) -> None:
    """The schema is made once, by whichever process takes the migration lock first; the others wait
    for it and find it made."""
    db = reset_postgres()
    started = [Server(db, tmp_path / f"{i}.log", wait=False) for i in range(4)]
    try:
        for server in started:
            server.wait_ready(120)
        table = started[0].post("/api/tables", {"game": "all-fours", "name": "after", "seed": 5})
        for server in started:
            assert server.get(f"/api/tables/{table['id']}")["version"] == 0
    finally:
        for server in started:
            server.stop()


def test_a_seat_left_through_one_process_is_lost_at_once_in_the_other(tmp_path: Path) -> None:
    db = reset_postgres()
    a = Server(db, tmp_path / "a.log", "--absent-after", "600")
    b = Server(db, tmp_path / "b.log", "--absent-after", "600")
    try:
        table = a.post("/api/tables", {"game": "all-fours", "name": "leave", "seed": 5})
        mover = games.get("all-fours").new(seed=5).to_move
        assert mover is not None
        token = a.post(f"/api/tables/{table['id']}/seats/{mover}", {"name": "gone"})["token"]
        player = Player(b, table["id"], mover, token)
        left = httpx.delete(
            f"{a.url}/api/tables/{table['id']}/seats/{mover}",
            headers={"authorization": f"Bearer {token}"},
            timeout=60,
        )
        assert left.status_code == 204
        action = player.frame["view"]["legal"][0]
        player.ws.send(json.dumps({"type": "action", "action": action, "version": 0}))
        player.ws.send(json.dumps({"type": "chat", "text": "still here?"}))
        codes = []
        while len(codes) < 2:
            frame = json.loads(player.ws.recv(timeout=60))
            if frame["type"] == "error":
                codes.append(frame["code"])
            elif frame["type"] not in ("seats", "chat_history"):  # (who is at the table, what was said)
                assert frame["type"] == "state" and frame["seat"] is None, frame  # watching now
        assert codes == ["not_seated", "not_seated"]
        assert a.get(f"/api/tables/{table['id']}")["version"] == 0
        assert b.get(f"/api/tables/{table['id']}")["version"] == 0
        player.close()
    finally:
        a.stop()
        b.stop()


def test_an_action_is_written_only_while_its_token_holds_the_seat() -> None:
    """The root of the check above, with no notification to help: the write itself refuses an action
    whose seat was left in the meantime (through any process)."""

    async def main() -> None:
        store = await open_store(reset_postgres())
        try:
            row = TableRow("t1", "t", "all-fours", {}, 5, (None,) * 4, 0.0, 60.0, False)
            await store.create_table(row)
            assert await store.take_seat("t1", 2, "ann", "tok")
            await store.append("t1", 0, 2, "stand", False, hash_token("tok"))
            await store.leave_seat("t1", 2)
            with pytest.raises(SeatLeft):
                await store.append("t1", 1, 2, "stand", False, hash_token("tok"))
            await store.append("t1", 1, 2, "stand", True)  # a stand-in's action needs no token
            assert [a.idx for a in await store.actions("t1")] == [0, 1]
        finally:
            await store.close()

    run_async(main())


def test_a_join_on_another_process_reaches_every_page(tmp_path: Path) -> None:
    """A page connected to A sees a player join and connect through B, at once, and go."""
    db = reset_postgres()
    a = Server(db, tmp_path / "a.log")
    b = Server(db, tmp_path / "b.log")
    try:
        table = a.post("/api/tables", {"game": "all-fours", "name": "split", "seed": 5})
        page = connect(f"{a.ws_url}/ws/tables/{table['id']}", open_timeout=60)
        page.send(json.dumps({"type": "hello"}))

        def seat_2(test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
            while True:
                frame = json.loads(page.recv(timeout=60))
                if frame["type"] == "seats" and test(frame["seats"][2]):
                    info: dict[str, Any] = frame["seats"][2]
                    return info

        assert seat_2(lambda s: True)["player"] is None
        [player] = seat_players(b, table["id"], [2])
        assert seat_2(lambda s: s["connected"] and s["player"] == "p2")["away"] is False
        player.close()
        assert seat_2(lambda s: not s["connected"])["away"]
        page.close()
    finally:
        a.stop()
        b.stop()


def test_a_ready_through_one_process_ends_the_pause_in_the_other(tmp_path: Path) -> None:
    """Ann plays through A, Bea through B; after the deal both say they have read its score, each to
    her own process: both processes stop waiting at once (not after the pause's 60 seconds)."""
    db = reset_postgres()
    a = Server(db, tmp_path / "a.log")
    b = Server(db, tmp_path / "b.log")
    try:
        body = {"game": "all-fours", "name": "split", "seed": 5, "deal_pause": 60}
        table = a.post("/api/tables", {**body, "bots": [None, None, "random", "random"]})
        [ann_at_a] = seat_players(a, table["id"], [0])
        [bea_at_b] = seat_players(b, table["id"], [1])
        ann, bea = ann_at_a.ws, bea_at_b.ws
        pages = {0: ann, 1: bea}
        latest = {0: ann_at_a.frame, 1: bea_at_b.frame}
        pauses: dict[int, list[Any]] = {0: [], 1: []}
        scored: set[int] = set()

        def read(seat: int, wait: float) -> None:
            try:
                frame = json.loads(pages[seat].recv(timeout=wait))
            except TimeoutError:
                return
            if frame["type"] == "seats":
                pauses[seat].append(frame["pause"])
            if frame["type"] == "state":
                latest[seat] = frame
                if any(e["kind"] == "deal_scored" for e in frame["events"]):
                    scored.add(seat)

        deadline = time.monotonic() + 120
        acted: set[tuple[int, int]] = set()
        while scored != {0, 1}:  # each plays her turns until the deal is scored
            assert time.monotonic() < deadline, "the deal did not end"
            for seat in pages:
                read(seat, 0.05)
                frame = latest[seat]
                mine = seat not in scored and frame["view"]["to_move"] == seat
                if mine and (seat, frame["version"]) not in acted:
                    acted.add((seat, frame["version"]))
                    action = {"type": "action", "action": frame["view"]["legal"][0]}
                    pages[seat].send(json.dumps({**action, "version": frame["version"]}))
        for seat in pages:
            pages[seat].send(json.dumps({"type": "ready"}))

        def paused_then_went_on(seat: int) -> bool:
            # the seats frames sent before the deal ended say "no pause" too: look past the first pause
            said = pauses[seat]
            start = next((i for i, pause in enumerate(said) if pause), None)
            return start is not None and any(pause is None for pause in said[start:])

        deadline = time.monotonic() + 60
        while not (paused_then_went_on(0) and paused_then_went_on(1)):
            assert time.monotonic() < deadline, f"a process still waits: {pauses}"
            for seat in pages:
                read(seat, 0.05)
        # A's page was told it waited for a player of B (so the pause was held there, and ended)
        assert any(p and 1 in p["waiting"] for p in pauses[0]), pauses
        ann.close()
        bea.close()
    finally:
        a.stop()
        b.stop()


def test_the_remote_bot_example_plays_a_game_to_its_end_by_deltas(tmp_path: Path) -> None:
    """examples/remote_bot.py, at one seat of a real server (the others the server's bots), plays
    until the game is over, following the table by deltas."""
    server = Server(f"sqlite:///{tmp_path}/t.db", tmp_path / "server.log")
    try:
        table = server.post(
            "/api/tables",
            {
                "game": "all-fours",
                "name": "remote",
                "config": {"target": 1},
                "seed": 5,
                "bots": [None, "easy", "easy", "easy"],
            },
        )
        bot = subprocess.run(
            [sys.executable, str(EXAMPLES / "remote_bot.py"), server.url, table["id"], "0"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert bot.returncode == 0, bot.stderr
        said = bot.stdout.splitlines()
        assert said[-1].startswith("game over:"), bot.stdout
        # the server's bots act at once: the example's action may come after one of theirs
        assert all(line.startswith("error: stale_version") for line in said[:-1]), bot.stdout
        assert server.get(f"/api/tables/{table['id']}")["over"]
    finally:
        server.stop()


def test_a_commit_notification_carries_its_actions() -> None:
    """The other processes apply a committed action from its notification, without reading the log;
    actions too long to carry are read from the log instead."""
    import asyncpg  # type: ignore[import-untyped]

    from tricktable.server.store import CHANNEL, ActionRow, Notification

    async def main() -> None:
        url = reset_postgres()
        store = await open_store(url)
        heard: list[str] = []
        listener = await asyncpg.connect(url)
        await listener.add_listener(CHANNEL, lambda *args: heard.append(args[-1]))
        try:
            row = TableRow("t1", "t", "all-fours", {}, 5, (None,) * 4, 0.0, 60.0, False)
            await store.create_table(row)
            await store.append("t1", 0, 2, "stand", False)
            await store.append("t1", 1, 3, "x" * 7000, True)  # (the log does not judge actions)
            for _ in range(50):
                if len(heard) == 2:
                    break
                await asyncio.sleep(0.1)
            first, second = (Notification.parse(p) for p in heard)
            assert first == Notification("t1", 0, store.origin, [ActionRow(0, 2, "stand", False)])
            assert second == Notification("t1", 1, store.origin, None)
            # the process that wrote them skips its own, unread
            assert Notification.parse(heard[0], unless_from=store.origin) is None
            assert Notification.parse(heard[0], unless_from="another") == first
        finally:
            await listener.close()
            await store.close()

    run_async(main())
