"""Every error frame: each is typed, says why in words, and the connection and the table go on."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.server.helpers import FAST, Seat, join, make_client, new_table, room
from tricktable.server import Settings
from tricktable.server.protocol import MAX_FRAME


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[TestClient, str, Seat, Seat]]:
    """An All Fours table: the seat to move first and the next seat connected."""
    with make_client(f"sqlite:///{tmp_path}/t.db") as client, contextlib.ExitStack() as stack:
        t = new_table(client, "all-fours", seed=5)
        first = room(client, t["id"]).state.to_move
        assert first is not None
        seats = []
        for s in (first, (first + 1) % 4):
            ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{t['id']}"))
            ws.send_json({"type": "hello", "token": join(client, t["id"], s)})
            seat = Seat(ws, s)
            seat.until(0)
            seats.append(seat)
        yield client, t["id"], seats[0], seats[1]


def goes_on(client: TestClient, table_id: str, mover: Seat) -> None:
    """The table still takes a legal action from the same connection."""
    state = room(client, table_id).state
    legal = str(state.legal_actions(mover.seat)[0])
    mover.ws.send_json({"type": "action", "action": legal, "version": state.version})
    mover.until(state.version + 1)


BAD_FRAMES = [
    ("not json {", "malformed", "not valid JSON"),
    ("[1, 2]", "malformed", "JSON object"),
    ('{"type": "dance"}', "malformed", "unknown frame type"),
    ('{"type": "action", "version": 0}', "malformed", "action must be"),
    ('{"type": "action", "action": "stand"}', "malformed", "version must be"),
    ('{"type": "action", "action": "stand", "version": -1}', "malformed", "version must be"),
    ('{"type": "action", "action": "stand", "version": true}', "malformed", "version must be"),
    ('{"type": "select", "picked": "7H"}', "malformed", "picked must be"),
    ('{"type": "hello", "token": 5}', "malformed", "token must be"),
    ("x" * (MAX_FRAME + 1), "too_large", f"at most {MAX_FRAME} bytes"),
]


@pytest.mark.parametrize(("text", "code", "words"), BAD_FRAMES)
def test_malformed_frames(
    table: tuple[TestClient, str, Seat, Seat], text: str, code: str, words: str
) -> None:
    client, table_id, mover, _ = table
    mover.ws.send_text(text)
    error = mover.next_error()
    assert error["code"] == code and words in error["reason"] and error["version"] == 0
    assert "Traceback" not in json.dumps(error)
    goes_on(client, table_id, mover)


def test_binary_frame_is_read_as_text(table: tuple[TestClient, str, Seat, Seat]) -> None:
    client, table_id, mover, _ = table
    mover.ws.send_bytes(b"\xff\xfe")
    assert mover.next_error()["code"] == "bad_text"  # not UTF-8
    goes_on(client, table_id, mover)


def test_stale_version(table: tuple[TestClient, str, Seat, Seat]) -> None:
    client, table_id, mover, other = table
    goes_on(client, table_id, mover)  # version 1 now
    state = room(client, table_id).state
    seat = state.to_move
    actor = mover if seat == mover.seat else other
    actor.ws.send_json({"type": "action", "action": str(state.legal_actions(seat)[0]), "version": 0})
    error = actor.next_error()
    assert error["code"] == "stale_version"
    assert "version 0" in error["reason"] and "version 1" in error["reason"] and error["version"] == 1
    assert room(client, table_id).state.version == 1


def test_not_your_turn(table: tuple[TestClient, str, Seat, Seat]) -> None:
    client, table_id, mover, other = table
    other.ws.send_json({"type": "action", "action": "stand", "version": 0})
    error = other.next_error()
    assert error["code"] == "not_your_turn" and f"seat {mover.seat}'s turn" in error["reason"]
    goes_on(client, table_id, mover)


def test_illegal_and_invalid_actions(table: tuple[TestClient, str, Seat, Seat]) -> None:
    client, table_id, mover, _ = table
    mover.ws.send_json({"type": "action", "action": "play 7H", "version": 0})
    error = mover.next_error()
    assert error["code"] == "illegal_action" and error["reason"]
    mover.ws.send_json({"type": "action", "action": "juggle", "version": 0})
    error = mover.next_error()
    assert error["code"] == "invalid_action" and "juggle" in error["reason"]
    goes_on(client, table_id, mover)


def test_wrong_token_then_right_one(table: tuple[TestClient, str, Seat, Seat]) -> None:
    client, table_id, mover, _ = table
    mover.ws.send_json({"type": "hello", "token": "not-a-token"})
    error = mover.next_error()
    assert error["code"] == "bad_token" and "token" in error["reason"]
    goes_on(client, table_id, mover)  # still seated with its first token


def test_token_of_another_table(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path}/t.db") as client:
        a = new_table(client, "all-fours", seed=5)
        b = new_table(client, "all-fours", seed=5)
        token = join(client, a["id"], 1)
        with client.websocket_connect(f"/ws/tables/{b['id']}") as ws:
            ws.send_json({"type": "hello", "token": token})
            assert ws.receive_json()["code"] == "bad_token"
            ws.send_json({"type": "action", "action": "stand", "version": 0})
            assert ws.receive_json()["code"] == "hello_first"
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "state"


def test_spectator_cannot_act(table: tuple[TestClient, str, Seat, Seat]) -> None:
    client, table_id, mover, _ = table
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        watcher = Seat(ws, None)
        ws.send_json({"type": "hello"})
        watcher.until(0)
        assert watcher.frame["seat"] is None and watcher.frame["view"]["hand"] == []
        ws.send_json({"type": "action", "action": "stand", "version": 0})
        assert watcher.next_error()["code"] == "not_seated"
        ws.send_json({"type": "select", "picked": []})
        assert watcher.next_error()["code"] == "not_seated"
    goes_on(client, table_id, mover)


def test_ping_and_select(table: tuple[TestClient, str, Seat, Seat]) -> None:
    _, _, mover, _ = table
    mover.ws.send_json({"type": "ping"})
    assert mover.receive() == {"type": "pong", "version": 0}
    mover.ws.send_json({"type": "select", "picked": ["ZZ"]})
    assert mover.next_error()["code"] == "invalid_action"
    mover.ws.send_json({"type": "select", "picked": []})
    frame = mover.receive()
    assert frame["type"] == "selectable" and frame["cards"] == []  # the beg phase: no card to pick


def test_no_such_table(tmp_path: Path) -> None:
    with (
        make_client(f"sqlite:///{tmp_path}/t.db") as client,
        client.websocket_connect("/ws/tables/nope") as ws,
    ):
        assert ws.receive_json()["code"] == "no_such_table"


def test_game_over(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path}/t.db") as client:
        t = new_table(client, "all-fours", config={"target": 1}, seed=3)  # over at once: a jack turned up
        assert t["over"]
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["over"]
        r = client.post(f"/api/tables/{t['id']}/seats/0", json={"name": "late"})
        assert r.status_code == 409 and r.json()["error"] == "game_over"


def test_flood_is_rate_limited_and_the_table_goes_on(tmp_path: Path) -> None:
    settings = Settings(bot_pause=0.0, rate=5.0, burst=10)
    with make_client(f"sqlite:///{tmp_path}/t.db", settings) as client:
        t = new_table(client, "all-fours", seed=5)
        first = room(client, t["id"]).state.to_move
        assert first is not None
        token = join(client, t["id"], first)
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            seat = Seat(ws, first)
            started = time.monotonic()  # the hello takes one of the 10; the bucket refills at 5 a second
            ws.send_json({"type": "hello", "token": token})
            seat.until(0)
            for _ in range(30):
                ws.send_json({"type": "ping"})
            kinds = [seat.receive()["type"] for _ in range(30)]
            refilled = int(5 * (time.monotonic() - started))  # more, the slower the machine
            assert 9 <= kinds.count("pong") <= 9 + refilled and kinds.count("error") == 30 - kinds.count(
                "pong"
            )
            assert seat.frames[-1]["code"] == "rate_limited"
            time.sleep(0.5)  # a token back in the bucket: 0.2 s at 5 a second
            goes_on(client, t["id"], seat)


def test_foreign_origin_is_refused(tmp_path: Path) -> None:
    from starlette.websockets import WebSocketDisconnect

    with make_client(f"sqlite:///{tmp_path}/t.db", FAST) as client:
        t = new_table(client, "all-fours", seed=5)
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect(f"/ws/tables/{t['id']}", headers={"origin": "https://evil.example"}),
        ):
            pass
        assert refused.value.code == 1008
        with client.websocket_connect(f"/ws/tables/{t['id']}", headers={"origin": "http://testserver"}) as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "state"
