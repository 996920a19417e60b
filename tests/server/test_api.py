"""The HTTP API: every endpoint, every error, and the OpenAPI document that describes them."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from starlette.routing import Route
from starlette.testclient import TestClient

from tests.server.helpers import join, make_client, new_table
from tricktable import games


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(f"sqlite:///{tmp_path}/t.db") as c:
        yield c


def check(client: TestClient, response: Any, path: str, method: str) -> Any:
    """The response matches what the OpenAPI document says of it."""
    doc = client.get("/openapi.json").json()
    declared = doc["paths"][path][method]["responses"][str(response.status_code)]
    if "content" in declared:
        schema = {**declared["content"]["application/json"]["schema"], "components": doc["components"]}
        jsonschema.validate(response.json(), schema)
    return response.json() if response.content else None


def test_openapi_names_every_route(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    served = set()
    for route in client.app.routes:  # type: ignore[attr-defined]
        # The API's routes (the browser's pages and static files are not part of it).
        if isinstance(route, Route) and (
            route.path in ("/", "/openapi.json", "/healthz") or route.path.startswith("/api/")
        ):
            path = re.sub(r":int}", "}", route.path)
            served |= {(path, m.lower()) for m in route.methods or () if m != "HEAD"}
    documented = {(p, m) for p, ops in doc["paths"].items() for m in ops}
    assert served == documented


def test_games(client: TestClient) -> None:
    body = check(client, client.get("/api/games"), "/api/games", "get")
    assert [g["name"] for g in body["games"]] == games.names()
    assert all("heuristic" in g["bots"] and g["num_seats"] == 4 for g in body["games"])
    # each game's words come with it, in every language the page offers; the shared ones beside them
    assert all(set(g["words"]) == {"en", "it", "cy"} and g["words"]["en"]["title"] for g in body["games"])
    assert set(body["words"]) == {"en", "it", "cy"}
    assert all(g["default_bot"] in g["bots"] for g in body["games"])  # what the lobby offers first


@pytest.mark.check  # make check's smoke test of the server
def test_create_list_get_join_leave(client: TestClient) -> None:
    r = client.post(
        "/api/tables", json={"game": "back-alley", "name": "Friday", "bots": [None, "easy", None, "easy"]}
    )
    table = check(client, r, "/api/tables", "post")
    assert r.status_code == 201 and table["name"] == "Friday" and table["version"] == 0
    listed = check(client, client.get("/api/tables"), "/api/tables", "get")
    assert [t["id"] for t in listed["tables"]] == [table["id"]]
    r = client.post(f"/api/tables/{table['id']}/seats/2", json={"name": "Ann"})
    seat = check(client, r, "/api/tables/{table_id}/seats/{seat}", "post")
    assert r.status_code == 201 and seat["seat"] == 2 and len(seat["token"]) >= 40
    got = check(client, client.get(f"/api/tables/{table['id']}"), "/api/tables/{table_id}", "get")
    assert got["seats"][2] == {"seat": 2, "bot": None, "player": "Ann", "connected": False}
    assert got["seats"][1]["bot"] == "easy"
    r = client.delete(
        f"/api/tables/{table['id']}/seats/2", headers={"authorization": f"Bearer {seat['token']}"}
    )
    assert r.status_code == 204
    assert client.get(f"/api/tables/{table['id']}").json()["seats"][2]["player"] is None
    assert client.post(f"/api/tables/{table['id']}/seats/2", json={"name": "Bob"}).status_code == 201


def test_presets_and_options(client: TestClient) -> None:
    t = new_table(client, "all-fours", config="short")
    assert t["config"] == dict(games.get("all-fours").Config.presets["short"])
    t = new_table(client, "all-fours", config={"target": 3}, seed=11, bot_pause=0.2, absent_after=5)
    assert t["config"] == {"target": 3} and t["bot_pause"] == 0.2 and t["absent_after"] == 5


CREATE_ERRORS = [
    ({"game": "chess", "name": "x"}, "malformed", "game must be one of"),
    ({"game": "all-fours"}, "malformed", "name must be"),
    ({"game": "all-fours", "name": " "}, "malformed", "name must be"),
    ({"game": "all-fours", "name": "x", "config": 5}, "malformed", "config must be"),
    ({"game": "all-fours", "name": "x", "config": {"targte": 3}}, "bad_config", "unknown option 'targte'"),
    ({"game": "all-fours", "name": "x", "config": {"target": 99}}, "bad_config", "target"),
    ({"game": "all-fours", "name": "x", "config": "blitz"}, "bad_config", "unknown preset"),
    ({"game": "all-fours", "name": "x", "bots": ["random"]}, "malformed", "for each of the 4 seats"),
    ({"game": "all-fours", "name": "x", "bots": [None, None, None, "deep blue"]}, "malformed", "heuristic"),
    ({"game": "all-fours", "name": "x", "seed": -1}, "malformed", "seed must be"),
    ({"game": "all-fours", "name": "x", "seed": "7"}, "malformed", "seed must be"),
    ({"game": "all-fours", "name": "x", "bot_pause": 99}, "malformed", "bot_pause must be"),
    ({"game": "all-fours", "name": "x", "absent_after": True}, "malformed", "absent_after must be"),
]


@pytest.mark.parametrize(("body", "code", "words"), CREATE_ERRORS)
def test_create_errors(client: TestClient, body: dict[str, Any], code: str, words: str) -> None:
    r = client.post("/api/tables", json=body)
    error = check(client, r, "/api/tables", "post")
    assert r.status_code == 400 and error["error"] == code and words in error["reason"], error


def test_body_errors(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{nope")
    assert r.status_code == 400 and r.json()["error"] == "malformed"
    r = client.post("/api/tables", content=b"[]")
    assert r.status_code == 400 and r.json()["error"] == "malformed"
    r = client.post("/api/tables", content=b"x" * 20000)
    assert r.status_code == 413 and r.json()["error"] == "too_large"


def test_seat_errors(client: TestClient) -> None:
    t = new_table(client, "all-fours", bots=["random", None, None, None], seed=5)
    base = f"/api/tables/{t['id']}/seats"
    path = "/api/tables/{table_id}/seats/{seat}"
    cases = [
        (client.post("/api/tables/nope/seats/1", json={"name": "A"}), 404, "no_such_table"),
        (client.post(f"{base}/4", json={"name": "A"}), 404, "no_such_seat"),
        (client.post(f"{base}/0", json={"name": "A"}), 409, "seat_taken"),
        (client.post(f"{base}/1", json={"name": ""}), 400, "malformed"),
        (client.post(f"{base}/1", json={"name": "x" * 41}), 400, "too_long"),
    ]
    token = join(client, t["id"], 1)
    cases += [
        (client.post(f"{base}/1", json={"name": "B"}), 409, "seat_taken"),
        (client.delete(f"{base}/1"), 403, "bad_token"),
        (client.delete(f"{base}/1", headers={"authorization": "Bearer nope"}), 403, "bad_token"),
        (client.delete(f"{base}/2", headers={"authorization": f"Bearer {token}"}), 403, "bad_token"),
        (client.delete(f"{base}/9", headers={"authorization": f"Bearer {token}"}), 404, "no_such_seat"),
    ]
    for r, status, code in cases:
        method = r.request.method.lower()
        error = check(client, r, path, method)
        assert (r.status_code, error["error"]) == (status, code), r.text
        assert error["reason"]


def test_unknown_paths_and_methods(client: TestClient) -> None:
    assert client.get("/api/nothing").json()["error"] == "not_found"
    assert client.put("/api/tables").json()["error"] == "method_not_allowed"
    r = client.get("/api/tables/nope")
    assert (
        r.status_code == 404 and check(client, r, "/api/tables/{table_id}", "get")["error"] == "no_such_table"
    )
    assert client.get("/").json()["openapi"] == "/openapi.json"


def test_record_only_when_finished(client: TestClient) -> None:
    t = new_table(client, "all-fours", seed=5)
    r = client.get(f"/api/tables/{t['id']}/record")
    assert (
        r.status_code == 409
        and check(client, r, "/api/tables/{table_id}/record", "get")["error"] == "not_finished"
    )
    assert client.get("/api/tables/nope/record").status_code == 404
    r = client.get(f"/api/tables/{t['id']}/hands")
    assert check(client, r, "/api/tables/{table_id}/hands", "get")["error"] == "not_finished"
    done = new_table(client, "all-fours", config={"target": 1}, seed=4, bots=["random"] * 4)
    deadline = time.monotonic() + 60
    while not client.get(f"/api/tables/{done['id']}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)
    r = client.get(f"/api/tables/{done['id']}/record")
    record = check(client, r, "/api/tables/{table_id}/record", "get")
    assert "attachment" in r.headers["content-disposition"]
    state = games.get("all-fours").replay(record)
    assert state.is_over and record["bot_actions"] == list(range(state.version))
    hands = check(
        client, client.get(f"/api/tables/{done['id']}/hands"), "/api/tables/{table_id}/hands", "get"
    )
    assert hands["events"] == len(state.events()) and hands["changes"]
    assert done["id"] not in [x["id"] for x in client.get("/api/tables").json()["tables"]]


def test_cors(tmp_path: Path) -> None:
    from tricktable.server import Settings

    with make_client(f"sqlite:///{tmp_path}/t.db", Settings(allowed_origins=("https://cards.example",))) as c:
        ok = c.get("/api/tables", headers={"origin": "https://cards.example"})
        assert ok.headers["access-control-allow-origin"] == "https://cards.example"
        other = c.get("/api/tables", headers={"origin": "https://evil.example"})
        assert "access-control-allow-origin" not in other.headers


def test_health_says_whether_the_database_answers(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ok = client.get("/healthz")
    assert check(client, ok, "/healthz", "get")["database"] == "reachable"
    hub = client.app.state.hub  # type: ignore[attr-defined]

    async def down() -> None:
        raise OSError("connection refused")

    monkeypatch.setattr(hub.store, "ping", down)
    r = client.get("/healthz")
    assert r.status_code == 503
    assert "unreachable: OSError: connection refused" in check(client, r, "/healthz", "get")["reason"]
    monkeypatch.undo()
    hub.draining = True  # a stopping process: the proxy's next request goes elsewhere
    r = client.get("/healthz")
    assert r.status_code == 503 and r.json()["reason"] == "stopping"
    hub.draining = False
