"""The coach: a table option (off by default, checked at the edge, told to every seat in the table's
summary) that lets a seated player ask for the search bot's play; the hint is worked out in a worker
process and comes back as a ``hint`` frame."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.helpers import join, make_client, new_table


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(f"sqlite:///{tmp_path}/t.db") as c:
        yield c


def _until(ws: Any, kind: str) -> dict[str, Any]:
    for _ in range(200):
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] in (kind, "error"):
            return frame
    raise AssertionError(f"no {kind} frame")


def test_a_hint_is_the_search_bots_play_with_its_reason(client: TestClient) -> None:
    table = new_table(client, "all-fours", seed=2, bots=[None, "random", "random", "random"], coach=True)
    assert table["coach"] is True
    assert client.get(f"/api/tables/{table['id']}").json()["coach"] is True  # every seat sees it
    token = join(client, table["id"], 0)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": token})
        state = _until(ws, "state")
        assert state["view"]["to_move"] == 0 and state["view"]["phase"] == "beg"
        ws.send_json({"type": "hint"})
        hint = _until(ws, "hint")
    assert hint["type"] == "hint", hint
    assert hint["seat"] == 0 and hint["version"] == state["version"] and hint["unit"] == "points"
    assert hint["kind"] == "search" and {hint["action"], hint["other"]} == {"stand", "beg"}
    assert hint["gain"] >= 0 and hint["worlds"] > 0


def test_the_coach_is_off_by_default_and_checked_at_the_edge(client: TestClient) -> None:
    table = new_table(client, "back-alley", bots=[None, "random", "random", "random"])
    assert table["coach"] is False
    token = join(client, table["id"], 0)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": token})
        _until(ws, "state")
        ws.send_json({"type": "hint"})
        refused = _until(ws, "hint")
    assert refused["type"] == "error" and refused["code"] == "coach_off"
    r = client.post("/api/tables", json={"game": "tractor", "name": "t", "coach": "yes"})
    assert r.status_code == 400 and "coach must be true or false" in r.json()["reason"]


def test_a_spectator_gets_no_hint(client: TestClient) -> None:
    table = new_table(client, "all-fours", seed=2, bots=[None, "random", "random", "random"], coach=True)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello"})
        _until(ws, "state")
        ws.send_json({"type": "hint"})
        assert _until(ws, "hint")["code"] == "not_your_turn"
