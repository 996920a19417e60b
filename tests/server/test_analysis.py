"""The analysis of a finished game through the API: run once in the worker pool, its progress polled,
kept with the game (on SQLite and PostgreSQL), and typed errors for a bad table, seat or game."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.helpers import FAST, make_client, new_table, room
from tests.server.processes import reset_postgres
from tests.server.test_api import check

SETTINGS = dataclasses.replace(FAST, analysis_rollouts=6)  # a few worlds a decision: a quick analysis
PATH = "/api/tables/{table_id}/analysis/{seat}"


def finished_game(client: TestClient) -> str:
    """A short All Fours game (to 2 points) played by bots to its end."""
    bots = ["heuristic"] * 4
    tid: str = new_table(client, "all-fours", config={"target": 2}, seed=4, bots=bots)["id"]
    deadline = time.monotonic() + 60
    while not room(client, tid).state.is_over:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)
    return tid


def wait_done(client: TestClient, tid: str, seat: int) -> dict[str, Any]:
    seen = set()
    deadline = time.monotonic() + 120
    while True:
        r = client.get(f"/api/tables/{tid}/analysis/{seat}")
        body = check(client, r, PATH, "get")
        seen.add((body["done"], body["total"]))
        if body["status"] != "running":
            assert body["status"] == "done", body
            assert len(seen) > 1  # the progress was seen moving
            return body
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.1)


def analysed_once(db: str) -> None:
    with make_client(db, SETTINGS) as client:
        tid = finished_game(client)
        r = client.get(f"/api/tables/{tid}/analysis/1")
        assert r.status_code == 404 and check(client, r, PATH, "get")["error"] == "no_analysis"
        r = client.post(f"/api/tables/{tid}/analysis/1")
        assert r.status_code == 202 and check(client, r, PATH, "post")["status"] == "running"
        r = client.post(f"/api/tables/{tid}/analysis/1")  # while it runs: the same run
        assert r.status_code == 200 and check(client, r, PATH, "post")["status"] == "running"
        body = wait_done(client, tid, 1)
        analysis = body["analysis"]
        assert analysis["game"] == "all-fours" and analysis["seat"] == 1
        decisions = analysis["decisions"]
        assert decisions and body["done"] == body["total"] == len(decisions)
        for d in decisions:
            assert d["seat"] == 1 and d["action"] in d["values"] and d["best"] in d["values"]
            assert d["loss"] == pytest.approx(d["values"][d["best"]] - d["values"][d["action"]], abs=2e-3)
            assert d["value"] == d["values"][d["action"]]
            assert d["label"] in (None, "inaccuracy", "mistake", "blunder")
        events = [d["event"] for d in decisions]
        assert events == sorted(events) and len(set(events)) == len(events)
        assert analysis["summary"]["decisions"] == len(decisions)
    # another server process on the same database: the analysis is stored, not run again
    with make_client(db, SETTINGS) as client:
        r = client.post(f"/api/tables/{tid}/analysis/1")
        assert r.status_code == 200 and check(client, r, PATH, "post") == body
        assert client.app.state.hub.analyst._pool is None  # type: ignore[attr-defined]  # no worker started


def test_an_analysis_runs_once_and_is_kept_with_the_game(tmp_path: Path) -> None:
    analysed_once(f"sqlite:///{tmp_path}/t.db")


def test_an_analysis_is_kept_in_postgresql() -> None:
    analysed_once(reset_postgres())


def test_a_bad_table_seat_or_unfinished_game_is_refused_by_type(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path}/t.db", SETTINGS) as client:
        r = client.post("/api/tables/nosuchtable/analysis/0")
        assert r.status_code == 404 and check(client, r, PATH, "post")["error"] == "no_such_table"
        r = client.post(f"/api/tables/{'x' * 40}/analysis/0")
        assert r.status_code == 400 and check(client, r, PATH, "post")["error"] == "too_long"
        tid = new_table(client, "all-fours", seed=2)["id"]  # nobody seated: it waits at the first turn
        r = client.post(f"/api/tables/{tid}/analysis/0")
        assert r.status_code == 409 and check(client, r, PATH, "post")["error"] == "not_finished"
        assert "still being played" in r.json()["reason"]
        r = client.post(f"/api/tables/{tid}/analysis/7")
        assert r.status_code == 404 and check(client, r, PATH, "post")["error"] == "no_such_seat"
        assert client.app.state.hub.analyst._pool is None  # type: ignore[attr-defined]
