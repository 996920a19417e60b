"""A lesson's websocket: the table's frames for one learner, with a lesson frame after each attempt
(the engine's refusal with its code, or the step moving on)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.helpers import make_client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(f"sqlite:///{tmp_path}/t.db") as c:
        yield c


def test_a_lesson_is_played_over_its_socket(client: TestClient) -> None:
    assert client.get("/learn/all-fours", headers={"accept": "text/html"}).status_code == 200
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert all(g["lessons"] >= 1 for g in games.values())
    with client.websocket_connect("/ws/learn/all-fours/1") as ws:
        ws.send_json({"type": "hello"})
        opening: dict[str, Any] = ws.receive_json()
        state = ws.receive_json()
        assert opening["type"] == "lesson" and opening["step"]["index"] == 0
        assert set(opening["words"]) == {"en", "it", "cy"} and opening["table"]["seats"][0]["bot"] is None
        assert state["type"] == "state" and state["seat"] == 0 and "stand" in state["view"]["legal"]
        ws.send_json({"type": "action", "action": "play AH", "version": state["version"]})
        refused = ws.receive_json()
        assert refused["type"] == "lesson" and refused["step"]["index"] == 0
        assert refused["verdict"]["kind"] == "refused" and refused["verdict"]["code"] == "stand_or_beg"
        assert refused["verdict"]["params"] == {"card": "5H", "trump": "H"}
        ws.send_json({"type": "action", "action": "stand", "version": state["version"]})
        moved = ws.receive_json()
        assert moved["type"] == "state" and moved["since"] == state["version"] and moved["events"]
        right = ws.receive_json()
        assert right["verdict"]["kind"] == "right" and right["step"]["index"] == 1
        ws.send_json({"type": "select", "picked": []})
        assert ws.receive_json()["type"] == "selectable"


def test_a_later_lesson_has_its_own_socket(client: TestClient) -> None:
    assert client.get("/api/games").json()["games"][0]["lessons"] >= 1
    with client.websocket_connect("/ws/learn/all-fours/2") as ws:
        ws.send_json({"type": "hello"})
        opening = ws.receive_json()
        assert opening["number"] == 2 and opening["title"] == "learn.all-fours.give.title"
        assert ws.receive_json()["view"]["legal"] == ["give", "run"]


def test_a_lesson_that_does_not_exist_closes_the_socket(client: TestClient) -> None:
    with client.websocket_connect("/ws/learn/all-fours/7") as ws:
        frame = ws.receive_json()
        assert frame["code"] == "no_such_table" and "lessons 1 to 2" in frame["reason"]
    with client.websocket_connect("/ws/learn/bridge/1") as ws:
        assert ws.receive_json()["code"] == "no_such_table"
