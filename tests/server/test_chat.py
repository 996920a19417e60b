"""Chat: a seated player's line reaches everyone at the table; spectators and empty lines are refused."""

from __future__ import annotations

from pathlib import Path

from tests.server.helpers import Seat, join, make_client, new_table
from tricktable.server.protocol import MAX_CHAT


def next_of(seat: Seat, kind: str) -> dict[str, object]:
    while True:
        frame = seat.receive()
        if frame["type"] == kind:
            return frame


def test_chat_reaches_the_table(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path}/t.db") as client:
        table = new_table(client, "all-fours", seed=5)
        tid = table["id"]
        with (
            client.websocket_connect(f"/ws/tables/{tid}") as a,
            client.websocket_connect(f"/ws/tables/{tid}") as b,
            client.websocket_connect(f"/ws/tables/{tid}") as watcher,
        ):
            a.send_json({"type": "hello", "token": join(client, tid, 0, "Ann")})
            b.send_json({"type": "hello", "token": join(client, tid, 1, "Bea")})
            watcher.send_json({"type": "hello"})
            seats = [Seat(a, 0), Seat(b, 1), Seat(watcher, None)]
            for s in seats:
                s.until(0)
            a.send_json({"type": "chat", "text": "  good luck  "})
            for s in seats:
                said = next_of(s, "chat")
                assert (said["seat"], said["name"], said["text"]) == (0, "Ann", "good luck")
            watcher.send_json({"type": "chat", "text": "hi"})
            assert next_of(seats[2], "error")["code"] == "not_seated"
            b.send_json({"type": "chat", "text": "   "})
            assert next_of(seats[1], "error")["code"] == "malformed"
            b.send_json({"type": "chat", "text": "x" * (MAX_CHAT + 1)})
            assert next_of(seats[1], "error")["code"] == "too_long"
