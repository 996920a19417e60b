"""Bad input from outside, at every HTTP field and every websocket frame field, against real server
processes: SQLite, PostgreSQL, and two processes sharing PostgreSQL (the table made through one, the
bad input sent through the other). Lone surrogates, NUL and control characters, 4-byte characters
(text like any other where text is allowed), nesting past any sane depth, text over its limit in bytes
of UTF-8 but not in characters, wrong types, bytes that are not UTF-8, floods. Each gets its typed
error, changes nothing, and the connection and the table go on."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.server.processes import Server, reset_postgres
from tricktable import games
from tricktable.server.bodies import MAX_BODY, MAX_PLAYER, MAX_TABLE_NAME
from tricktable.server.fields import MAX_DEPTH
from tricktable.server.protocol import MAX_CHAT, MAX_FRAME, MAX_TOKEN

SETUPS = ["sqlite", "postgresql", "postgresql-2-processes"]


# --- the inputs: JSON fragments ------------------------------------------------------------------
def too_long(limit: int) -> str:
    """Text within ``limit`` characters but over ``limit`` bytes of UTF-8."""
    return json.dumps("é" * (limit // 2 + 1), ensure_ascii=False)


DEEP = "[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2)
VERY_DEEP = "[" * 2000 + "]" * 2000  # past orjson's own limit too
TEXT_INPUTS: dict[str, str] = {
    "lone surrogate": '"ab\\ud800"',
    "low surrogate": '"\\udc00ab"',
    "NUL": '"ab\\u0000"',
    "control": '"ab\\u001b[31m"',
    "C1 control": '"ab\\u0085"',
    "not UTF-8": '"ab\xff"',  # sent as the raw byte 0xff (latin-1 below)
    "deep": DEEP,
    "very deep": VERY_DEEP,
}
TEXT_CODES = {
    "lone surrogate": "bad_text",
    "low surrogate": "bad_text",
    "NUL": "bad_text",
    "control": "bad_text",
    "C1 control": "bad_text",
    "not UTF-8": "bad_text",
    "deep": "too_deep",
    "very deep": "too_deep",
}


@dataclass(frozen=True)
class Spec:
    """A field: how it is wrong in type, its limit in bytes (if text), and what a 4-byte character
    there gets (``None``: it is accepted as text)."""

    wrong_type: str
    limit: int | None = None
    astral: str | None = "malformed"
    wrong_code: str = "malformed"  # a config option's value is the engine's to judge


def cases(spec: Spec) -> Iterator[tuple[str, str, str | None]]:
    """(input's name, JSON fragment, the error code expected; None: accepted)."""
    for name, fragment in TEXT_INPUTS.items():
        yield name, fragment, TEXT_CODES[name]
    yield "4-byte character", '"🂡 ♠ 𝄞"', spec.astral
    yield "wrong type", spec.wrong_type, spec.wrong_code
    if spec.limit is not None:
        yield "bytes over, characters under", too_long(spec.limit), "too_long"


# --- servers, a table, a connection --------------------------------------------------------------
@dataclass
class Setup:
    first: Server  # the table was made through this one
    last: Server  # and the bad input is sent through this one (the same, with one process)
    table: str
    tokens: dict[int, str]
    mover: int
    ws: ClientConnection
    http: httpx.Client  # one connection, kept open: the cases are many
    seen: Any = None  # the tables as they were before the case

    def tables(self) -> Any:
        return self.http.get(f"{self.first.url}/api/tables").json()

    def unchanged(self) -> None:
        """Nothing changed since the last case that changed something."""
        now = self.tables()
        if self.seen is not None:
            pairs = zip(now["tables"], self.seen["tables"], strict=False)
            changed = [(k, t[k], u.get(k)) for t, u in pairs for k in t if t[k] != u.get(k)]
            assert now == self.seen, changed
        self.seen = now

    def frame(self) -> dict[str, Any]:
        """The next frame other than chat and presence news."""
        while True:
            frame: dict[str, Any] = json.loads(self.ws.recv(timeout=60))
            if frame["type"] not in ("chat", "state", "seats", "chat_history"):
                return frame

    def goes_on(self) -> None:
        self.ws.send('{"type": "ping"}')
        assert self.frame()["type"] == "pong"
        time.sleep(0.05)  # two frames a case, well within the rate a connection may send


# Each setup's servers serve all of its cases: pytest-xdist sends a setup's cases to one worker.
@pytest.fixture(
    scope="module", params=[pytest.param(s, marks=pytest.mark.xdist_group(f"bad-input-{s}")) for s in SETUPS]
)
def setup(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Setup]:
    tmp: Path = tmp_path_factory.mktemp(request.param)
    db = f"sqlite:///{tmp}/server.db" if request.param == "sqlite" else reset_postgres()
    servers = [Server(db, tmp / "a.log", "--absent-after", "3600")]
    if request.param.endswith("2-processes"):
        servers.append(Server(db, tmp / "b.log", "--absent-after", "3600"))
    first, last = servers[0], servers[-1]
    try:
        table = first.post("/api/tables", {"game": "all-fours", "name": "bad input", "seed": 5})
        mover = games.get("all-fours").new(seed=5).to_move
        assert mover is not None
        tokens = {
            s: first.post(f"/api/tables/{table['id']}/seats/{s}", {"name": f"p{s}"})["token"]
            for s in (mover, (mover + 1) % 4)
        }
        ws = connect(f"{last.ws_url}/ws/tables/{table['id']}", open_timeout=60)
        ws.send(json.dumps({"type": "hello", "token": tokens[mover]}))
        assert json.loads(ws.recv(timeout=60))["type"] == "state"
        with httpx.Client(timeout=30) as http:
            setup = Setup(first, last, table["id"], tokens, mover, ws, http)
            setup.unchanged()
            yield setup
        # the table still plays, seen through both processes
        legal = games.get("all-fours").new(seed=5).legal_actions(mover)
        ws.send(json.dumps({"type": "action", "action": str(legal[0]), "version": 0}))
        deadline = time.monotonic() + 60
        while httpx.get(f"{first.url}/api/tables/{table['id']}", timeout=60).json()["version"] != 1:
            assert time.monotonic() < deadline, "the table did not go on"
            time.sleep(0.05)
        ws.close()
    finally:
        for s in servers:
            s.stop()


# --- HTTP ----------------------------------------------------------------------------------------
CREATE = {"game": '"all-fours"', "name": '"bad input"'}
CREATE_FIELDS: dict[str, tuple[Spec, Callable[[str], dict[str, str]]]] = {
    "game": (Spec("5"), lambda v: {**CREATE, "game": v}),
    "name": (Spec("5", MAX_TABLE_NAME, astral=None), lambda v: {**CREATE, "name": v}),
    "config (preset)": (Spec("5", 64, "bad_config"), lambda v: {**CREATE, "config": v}),
    "config (option value)": (
        Spec("[7]", None, "bad_config", "bad_config"),
        lambda v: {**CREATE, "config": f'{{"target": {v}}}'},
    ),
    "bots": (Spec('"easy"'), lambda v: {**CREATE, "bots": v}),
    "bots[i]": (Spec("5", 32), lambda v: {**CREATE, "bots": f"[null, {v}, null, null]"}),
    "seed": (Spec('"5"'), lambda v: {**CREATE, "seed": v}),
    "bot_pause": (Spec('"1"'), lambda v: {**CREATE, "bot_pause": v}),
    "absent_after": (Spec("[60]"), lambda v: {**CREATE, "absent_after": v}),
}
TAKE_FIELDS: dict[str, tuple[Spec, Callable[[str], dict[str, str]]]] = {
    "player name": (Spec("5", MAX_PLAYER, astral=None), lambda v: {"name": v}),
}


def raw(text: str) -> bytes:
    """``text`` as UTF-8, but U+00FF as the byte 0xff (never UTF-8 on its own)."""
    return text.encode().replace("\xff".encode(), b"\xff")


def body(fields: dict[str, str]) -> bytes:
    return raw("{" + ", ".join(f'"{k}": {v}' for k, v in fields.items()) + "}")


HTTP_CASES = [
    pytest.param(route, field, fragment, code, id=f"{route} {field}: {name}")
    for route, specs in (("create", CREATE_FIELDS), ("take seat", TAKE_FIELDS))
    for field, (spec, _) in specs.items()
    for name, fragment, code in cases(spec)
]
# config keys: text only
HTTP_CASES += [
    pytest.param("create", "config (option name)", fragment, code, id=f"create config (option name): {name}")
    for name, fragment, code in [
        *((n, f, TEXT_CODES[n]) for n, f in TEXT_INPUTS.items() if "deep" not in n),
        ("4-byte character", '"🂡"', "bad_config"),
    ]
]


def post(setup: Setup, route: str, field: str, fragment: str) -> httpx.Response:
    if route == "create":
        if field == "config (option name)":
            fields = {**CREATE, "config": f"{{{fragment}: 1}}"}
        else:
            fields = CREATE_FIELDS[field][1](fragment)
        return setup.http.post(f"{setup.last.url}/api/tables", content=body(fields), timeout=60)
    seat = next(s for s in range(4) if s not in setup.tokens)
    fields = TAKE_FIELDS[field][1](fragment)
    return setup.http.post(
        f"{setup.last.url}/api/tables/{setup.table}/seats/{seat}", content=body(fields), timeout=60
    )


def refused(r: httpx.Response, code: str) -> None:
    assert r.status_code in (400, 413), r.text
    error = r.json()
    assert error["error"] == code and error["reason"] and "Traceback" not in r.text, error


@pytest.mark.parametrize(("route", "field", "fragment", "code"), HTTP_CASES)
def test_http_field(setup: Setup, route: str, field: str, fragment: str, code: str | None) -> None:
    r = post(setup, route, field, fragment)
    if code is not None:
        refused(r, code)
        setup.unchanged()
        return
    assert r.status_code == 201, r.text  # 4-byte characters are text like any other
    answer = r.json()
    assert "🂡 ♠ 𝄞" in (answer.get("name"), answer.get("player"))
    if route == "take seat":  # leave again: the seat is free for the next case
        left = setup.http.delete(
            f"{setup.last.url}/api/tables/{setup.table}/seats/{answer['seat']}",
            headers={"authorization": f"Bearer {answer['token']}"},
            timeout=60,
        )
        assert left.status_code == 204
        setup.unchanged()
    else:
        setup.seen = setup.tables()  # a table made, as asked


WHOLE_BODIES = {
    "not JSON": (b"{not json", 400, "malformed"),
    "not an object": (b"[1, 2]", 400, "malformed"),
    "not UTF-8": (b'{"game": "all-fours", "name": "\xff\xfe"}', 400, "bad_text"),
    "deep": (DEEP.encode(), 400, "too_deep"),
    "very deep": (VERY_DEEP.encode(), 400, "too_deep"),
    "over the limit in bytes": (
        json.dumps({"name": "é" * (MAX_BODY // 2 + 1)}, ensure_ascii=False).encode(),
        413,
        "too_large",
    ),
    "flood of bytes": (b" " * 5_000_000, 413, "too_large"),
}


@pytest.mark.parametrize("route", ["create", "take seat"])
@pytest.mark.parametrize("name", WHOLE_BODIES)
def test_http_body(setup: Setup, route: str, name: str) -> None:
    content, status, code = WHOLE_BODIES[name]
    path = "/api/tables" if route == "create" else f"/api/tables/{setup.table}/seats/3"
    r = setup.http.post(f"{setup.last.url}{path}", content=content, timeout=30)
    assert r.status_code == status
    refused(r, code)
    setup.unchanged()


PATHS = {
    "NUL": ("%00", 400, "bad_text"),
    "control": ("ab%1B", 400, "bad_text"),
    "C1 control": ("ab%C2%85", 400, "bad_text"),
    "lone surrogate": ("ab%ED%A0%80", 404, "no_such_table"),  # read as U+FFFD: no such table
    "not UTF-8": ("ab%FF", 404, "no_such_table"),
    "4-byte character": ("%F0%9F%82%A1", 404, "no_such_table"),
    "bytes over, characters under": ("%C3%A9" * 17, 400, "too_long"),
}


@pytest.mark.parametrize("path", ["", "/record", "/seats/0"])
@pytest.mark.parametrize("name", PATHS)
def test_http_table_id(setup: Setup, path: str, name: str) -> None:
    table_id, status, code = PATHS[name]
    url = f"{setup.last.url}/api/tables/{table_id}{path}"
    r = (
        setup.http.post(url, json={"name": "x"}, timeout=60)
        if path == "/seats/0"
        else setup.http.get(url, timeout=60)
    )
    assert r.status_code == status, r.text
    assert r.json()["error"] == code
    setup.unchanged()


SEATS = {"wrong type": ("x", 404, "not_found"), "out of range": ("99999999999999999999", 404, "no_such_seat")}


@pytest.mark.parametrize("name", SEATS)
def test_http_seat(setup: Setup, name: str) -> None:
    seat, status, code = SEATS[name]
    r = setup.http.post(
        f"{setup.last.url}/api/tables/{setup.table}/seats/{seat}", json={"name": "x"}, timeout=60
    )
    assert r.status_code == status and r.json()["error"] == code


TOKENS: dict[str, tuple[bytes | None, int, str | None]] = {
    "control": (b"ab\x1bcd", 400, None),  # refused by the HTTP parser before the app
    "C1 control (a surrogate's UTF-8 read as latin-1)": (b"ab\xed\xa0\x80", 400, "bad_text"),
    "4-byte character (read as latin-1: C1 controls)": ("🂡".encode(), 400, "bad_text"),
    "over the limit": (b"a" * (MAX_TOKEN + 1), 400, "too_long"),
    "another seat's": (None, 403, "bad_token"),
}


@pytest.mark.parametrize("name", TOKENS)
def test_http_token(setup: Setup, name: str) -> None:
    token, status, code = TOKENS[name]
    if token is None:
        token = setup.tokens[(setup.mover + 1) % 4].encode()
    r = setup.http.delete(
        f"{setup.last.url}/api/tables/{setup.table}/seats/{setup.mover}",
        headers={"authorization": b"Bearer " + token},
        timeout=60,
    )
    assert r.status_code == status and (code is None or r.json()["error"] == code), r.text
    setup.unchanged()


# --- the websocket -------------------------------------------------------------------------------
WS_FIELDS: dict[str, tuple[Spec, Callable[[str], str], str | None]] = {
    # field: (spec, the frame with it, the code of a 4-byte character there)
    "type": (Spec("5"), lambda v: f'{{"type": {v}}}', "malformed"),
    "hello.token": (Spec("5", MAX_TOKEN), lambda v: f'{{"type": "hello", "token": {v}}}', "malformed"),
    "hello.version": (Spec('"0"'), lambda v: f'{{"type": "hello", "version": {v}}}', "malformed"),
    "hello.deltas": (Spec('"yes"'), lambda v: f'{{"type": "hello", "deltas": {v}}}', "malformed"),
    "full.version": (Spec("-2"), lambda v: f'{{"type": "full", "version": {v}}}', "malformed"),
    "action.action": (
        Spec("5", 400),
        lambda v: f'{{"type": "action", "action": {v}, "version": 0}}',
        "invalid_action",
    ),
    "action.version": (
        Spec('"0"'),
        lambda v: f'{{"type": "action", "action": "stand", "version": {v}}}',
        "malformed",
    ),
    "select.picked": (Spec('"7H"'), lambda v: f'{{"type": "select", "picked": {v}}}', "malformed"),
    "select.picked[i]": (
        Spec("7", 16),
        lambda v: f'{{"type": "select", "picked": ["7H", {v}]}}',
        "invalid_action",
    ),
    "chat.text": (Spec("5", MAX_CHAT), lambda v: f'{{"type": "chat", "text": {v}}}', None),
}
WS_CASES = [
    pytest.param(field, fragment, code, id=f"{field}: {name}")
    for field, (spec, _, astral) in WS_FIELDS.items()
    for name, fragment, code in cases(Spec(spec.wrong_type, spec.limit, astral))
]


@pytest.mark.parametrize(("field", "fragment", "code"), WS_CASES)
def test_websocket_field(setup: Setup, field: str, fragment: str, code: str | None) -> None:
    frame = WS_FIELDS[field][1](fragment)
    setup.ws.send(raw(frame) if "\xff" in frame else frame)  # bytes: a binary frame
    if code is None:  # a chat line of 4-byte characters is said
        said: dict[str, Any] = json.loads(setup.ws.recv(timeout=60))
        while said["type"] != "chat":
            said = json.loads(setup.ws.recv(timeout=60))
        assert said["text"] == "🂡 ♠ 𝄞"
    else:
        error = setup.frame()
        assert error["type"] == "error" and error["code"] == code and error["reason"], error
    setup.goes_on()
    setup.unchanged()


WHOLE_FRAMES: dict[str, tuple[str | bytes, str]] = {
    "not JSON": ("{not json", "malformed"),
    "not an object": ("[1, 2]", "malformed"),
    "not UTF-8 (binary)": (b'{"type": "ping", "x": "\xff"}', "bad_text"),
    "lone surrogate (binary)": (b'{"type": "chat", "text": "\xed\xa0\x80"}', "bad_text"),
    "deep": ('{"type": "ping", "x": ' + DEEP + "}", "too_deep"),
    "very deep": (VERY_DEEP, "too_deep"),
    "over the limit in bytes": (
        json.dumps({"type": "chat", "text": "é" * (MAX_FRAME // 2 + 1)}, ensure_ascii=False),
        "too_large",
    ),
    "NUL in a field's name": ('{"type": "ping", "\\u0000": 1}', "bad_text"),
}


@pytest.mark.parametrize("name", WHOLE_FRAMES)
def test_websocket_frame(setup: Setup, name: str) -> None:
    frame, code = WHOLE_FRAMES[name]
    setup.ws.send(frame)
    error = setup.frame()
    assert error["type"] == "error" and error["code"] == code, error
    setup.goes_on()


@pytest.mark.parametrize("name", PATHS)
def test_websocket_table_id(setup: Setup, name: str) -> None:
    table_id, _, code = PATHS[name]
    with connect(f"{setup.last.ws_url}/ws/tables/{table_id}", open_timeout=60) as ws:
        assert json.loads(ws.recv(timeout=60))["code"] == code
    setup.goes_on()


def test_websocket_flood(setup: Setup) -> None:
    """Far more frames than the rate allows: the surplus is refused, the rest answered, and after a
    pause the connection is served again."""
    started = time.monotonic()
    for _ in range(300):
        setup.ws.send('{"type": "ping"}')
    kinds = [setup.frame() for _ in range(300)]
    refilled = int(50 * (time.monotonic() - started))  # 50 a second: more, the slower the machine
    limited = [f for f in kinds if f["type"] == "error"]
    assert all(f["code"] == "rate_limited" for f in limited)
    assert 0 < len(kinds) - len(limited) <= 100 + refilled and limited
    time.sleep(2.5)  # the bucket full again: 100 at 50 a second
    setup.goes_on()
