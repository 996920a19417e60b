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


def test_a_tapped_card_the_rules_refuse_comes_back_as_the_lessons_verdict(client: TestClient) -> None:
    """Tractor's follow step: the nine of hearts picked, the three tapped while the pair of nines must
    be played; the panel gets the refusal (the selectable frame leaves it out), nothing moves."""
    with client.websocket_connect("/ws/learn/tractor/2") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["type"] == "lesson"
        version = ws.receive_json()["version"]
        for action in ("declare 2S 2S", "pass", "bury 3C 4C 6D 7D 8H 9H 3D 4D", "declare 5S"):
            ws.send_json({"type": "action", "action": action, "version": version})
            version = ws.receive_json()["version"]
            assert ws.receive_json()["verdict"]["kind"] == "right", action
        ws.send_json({"type": "select", "picked": ["9H"], "tap": "3H"})
        selectable = ws.receive_json()
        assert selectable["type"] == "selectable" and "refusal" not in selectable
        assert "9H" in selectable["cards"] and "3H" not in selectable["cards"]
        lesson = ws.receive_json()
        assert lesson["type"] == "lesson" and lesson["step"]["index"] == 4
        assert lesson["verdict"]["kind"] == "refused" and lesson["verdict"]["code"] == "follow_pair"
        assert lesson["verdict"]["action"] == "play 9H 3H" and lesson["version"] == version
        ws.send_json({"type": "select", "picked": ["9H", "9H"]})
        assert ws.receive_json()["complete"] == "play 9H 9H"
