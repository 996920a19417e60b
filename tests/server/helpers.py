"""Helpers for the server tests: a server in this process (Starlette's TestClient) and a table's
clients, each seat checked frame by frame against the server's own state."""

from __future__ import annotations

import asyncio
import bisect
import concurrent.futures
import contextlib
import random
from collections import Counter
from collections.abc import Container, Coroutine
from typing import Any, TypeVar

import orjson
from starlette.testclient import TestClient, WebSocketTestSession

from tricktable.core.state import State
from tricktable.server import Settings, create_app
from tricktable.server.frames import apply_delta, dumps
from tricktable.server.room import Room

T = TypeVar("T")

FAST = Settings(bot_pause=0.0, absent_after=60.0, rate=1e6, burst=1_000_000, http_rate=0.0)


def run_async(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)`` in a thread of its own: the browser tests' Playwright leaves an event
    loop running in the main thread, where asyncio.run refuses."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main).result()


def make_client(db: str, settings: Settings = FAST) -> TestClient:
    return TestClient(create_app(db, settings))


def new_table(client: TestClient, game: str, **fields: Any) -> dict[str, Any]:
    body = {"game": game, "name": f"{game} test", **fields}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    table: dict[str, Any] = r.json()
    return table


def join(client: TestClient, table_id: str, seat: int, name: str = "") -> str:
    r = client.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": name or f"player {seat}"})
    assert r.status_code == 201, r.text
    token: str = r.json()["token"]
    return token


def room(client: TestClient, table_id: str) -> Room:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    r: Room = hub.rooms[table_id]
    return r


def card_strings(obj: Any) -> list[str]:
    """Every string in a JSON value (cards are strings; other strings never spell a card)."""
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, list):
        return [s for x in obj for s in card_strings(x)]
    if isinstance(obj, dict):
        return [s for x in obj.values() for s in card_strings(x)]
    return []


#: View fields that tell of finished deals (their cards are back in the pack, maybe in a hidden hand).
HISTORY = frozenset({"last_round", "sheet"})


def leaked(frame: dict[str, Any], states: list[State], seat: int | None) -> list[str]:
    """Cards in the frame that the seat could see at none of ``states`` (the state before the frame's
    actions and those after them): every copy of the card hidden (Tractor has two of each), and not
    played or revealed (Tractor's kitty) in the frame's actions: seen by all at that moment, even when
    the deal ends with it and the next deal hides it again at once."""
    view = {k: v for k, v in frame["view"].items() if k not in HISTORY}
    shown = Counter(card_strings({"view": view, "events": frame["events"]}))
    pack = Counter(str(c) for cards in states[0].card_locations().values() for c in cards)
    last = states[-1]
    made = last.log.tail(last.version - states[0].version)
    played = {str(c) for _, a in made if a.verb == "play" for c in a.cards}
    played |= {c for e in frame["events"] if e["kind"] == "revealed" for c in e["cards"] or ()}
    hidden = [Counter(map(str, s.hidden_cards(seat))) for s in states]
    return [
        card
        for card in shown
        if card in pack and card not in played and all(h[card] >= pack[card] for h in hidden)
    ]


def version_of(state: State) -> int:
    return state.version


PEOPLE = ("seats", "chat_history")  # frames about who is at the table and what was said


class Seat:
    """One websocket client at a seat (or a spectator: seat None). One that takes deltas (``deltas``:
    it said so in its hello) applies each to the state frame it holds: ``frames`` holds the full
    frames so made, ``deltas`` the deltas as they came."""

    def __init__(self, ws: WebSocketTestSession, seat: int | None, deltas: bool = False) -> None:
        self.ws = ws
        self.seat = seat
        self.version = -1
        self.frame: dict[str, Any] = {}
        self.frames: list[dict[str, Any]] = []
        self.people: list[dict[str, Any]] = []  # seats and chat_history frames
        self.takes_deltas = deltas
        self.deltas: list[dict[str, Any]] = []

    def receive(self) -> dict[str, Any]:
        """The next frame, after any about the table's people (kept in ``people``); a delta as the
        full state frame it makes of the one before."""
        frame: dict[str, Any] = self.ws.receive_json()
        while frame["type"] in PEOPLE:
            self.people.append(frame)
            frame = self.ws.receive_json()
        if frame["type"] == "delta":
            assert self.takes_deltas and self.frame, "a delta to a client that did not ask for them"
            self.deltas.append(frame)
            frame = apply_delta(self.frame, frame)
        self.frames.append(frame)
        if frame["type"] == "state":
            self.version, self.frame = frame["version"], frame
        return frame

    def until(self, version: int) -> None:
        while self.version < version:
            frame = self.receive()
            assert frame["type"] == "state", frame

    def next_error(self) -> dict[str, Any]:
        while True:
            frame = self.receive()
            if frame["type"] == "error":
                return frame


def connect_seats(
    client: TestClient, stack: contextlib.ExitStack[Any], table_id: str, deltas: Container[int] = ()
) -> tuple[list[Seat], list[str]]:
    """A player at each of the four seats, each with a websocket past its first state frame (those
    at ``deltas`` taking deltas), and their tokens."""
    tokens = [join(client, table_id, s) for s in range(4)]
    seats = []
    for s, token in enumerate(tokens):
        ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{table_id}"))
        ws.send_json({"type": "hello", "token": token, "deltas": s in deltas})
        seats.append(Seat(ws, s, s in deltas))
    for seat in seats:
        seat.until(0)
    return seats, tokens


def play(
    client: TestClient,
    table_id: str,
    seats: list[Seat],
    *,
    upto: int | None = None,
    rng: random.Random | None = None,
    history: list[State] | None = None,
) -> State:
    """Play random legal actions through the clients (the acting seat's client sends each) until the
    game ends or reaches ``upto`` actions; every frame is checked for hidden cards."""
    rng = rng or random.Random(0)
    the_room = room(client, table_id)
    states = history if history is not None else [the_room.state]
    by_seat = {s.seat: s for s in seats}
    while not the_room.state.is_over and (upto is None or the_room.state.version < upto):
        state = the_room.state
        acting = [s for s in state.acting_seats() if s in by_seat]
        seat = state.to_move if state.to_move in by_seat else acting[0]
        action = rng.choice(state.legal_actions(seat))
        by_seat[seat].ws.send_json({"type": "action", "action": str(action), "version": state.version})
        for s in seats:
            before = len(s.frames)
            s.until(state.version + 1)
            while states[-1].version < the_room.state.version:
                states.append(the_room.state)
            for frame in s.frames[before:]:
                since = frame["since"] if frame["since"] is not None else 0
                covered = states[  # states are in version order
                    bisect.bisect_left(states, since, key=version_of) : bisect.bisect_right(
                        states, frame["version"], key=version_of
                    )
                ]
                bad = leaked(frame, covered, s.seat)
                assert not bad, (s.seat, frame["version"], bad)
                if s.takes_deltas:  # the deltas put together: the seat's whole view at that version
                    at = covered[-1]
                    assert frame["view"] == orjson.loads(dumps(at.view(s.seat).to_dict()))
                    assert frame["acting"] == list(at.acting_seats(seen_by=s.seat))
    return the_room.state
