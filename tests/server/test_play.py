"""Whole games through the websocket API, four clients and a spectator, every frame checked for
cards its receiver may not see (against the server's own ``hidden_cards``)."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import pytest

from tests.server.helpers import Seat, join, make_client, new_table, play, room
from tricktable.core.state import State


def seated_game(tmp_path: Path, game: str, upto: int | None, **fields: object) -> State:
    with make_client(f"sqlite:///{tmp_path}/t.db") as client, contextlib.ExitStack() as stack:
        t = new_table(client, game, **fields)
        tokens = [join(client, t["id"], s) for s in range(4)]
        seats = []
        for s, token in [*enumerate(tokens), (None, None)]:  # four players and a spectator
            ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{t['id']}"))
            ws.send_json({"type": "hello"} if token is None else {"type": "hello", "token": token})
            seats.append(Seat(ws, s))
        for s in seats:
            s.until(0)
            assert s.frame["view"]["seat"] == s.seat
        final = play(client, t["id"], seats, upto=upto)
        for s in seats:  # every client's events, put together, are the seat's events of the game
            assert [e for f in s.frames if f["type"] == "state" for e in f["events"]] == [
                e.to_dict() for e in final.events(s.seat)
            ]
        if final.is_over:
            assert all(s.frame["over"] and s.frame["result"] == final.result.to_dict() for s in seats)  # type: ignore[union-attr]
        return final


def test_all_fours_whole_game(tmp_path: Path) -> None:
    assert seated_game(tmp_path, "all-fours", None, config={"target": 1}, seed=5).is_over


def test_back_alley_whole_game(tmp_path: Path) -> None:
    assert seated_game(tmp_path, "back-alley", None, seed=1).is_over


def test_tractor_whole_game(tmp_path: Path) -> None:
    # Random play, seed 3: twelve rounds, about 2,400 actions, to a team past A.
    final = seated_game(tmp_path, "tractor", None, seed=3)
    assert final.is_over and final.view(None).to_dict()["round"] >= 10


def test_bots_fill_seats(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path}/t.db") as client:
        t = new_table(
            client, "all-fours", config={"target": 1}, seed=5, bots=[None, "heuristic", "random", "easy"]
        )
        token = join(client, t["id"], 0)
        the_room = room(client, t["id"])
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            me = Seat(ws, 0)
            ws.send_json({"type": "hello", "token": token})
            while not me.frame.get("over"):
                me.receive()
                frame = me.frame
                if me.frames[-1]["type"] == "state" and 0 in frame["acting"] and not frame["over"]:
                    # the view's legal actions are what a client picks from
                    ws.send_json(
                        {"type": "action", "action": frame["view"]["legal"][0], "version": frame["version"]}
                    )
        state = the_room.state
        assert state.is_over
        assert the_room.by_bot == [seat != 0 for seat, _ in state.history]


def test_bot_pause(tmp_path: Path) -> None:
    from tricktable.server import Settings

    with make_client(f"sqlite:///{tmp_path}/t.db", Settings(rate=1e6, burst=10**6)) as client:
        t = new_table(client, "all-fours", seed=5, bots=["random"] * 4, bot_pause=0.3)
        time.sleep(1.0)
        version = room(client, t["id"]).state.version
        assert 2 <= version <= 4


@pytest.mark.parametrize("picked", [[], ["first"]])
def test_tractor_select(tmp_path: Path, picked: list[str]) -> None:
    with make_client(f"sqlite:///{tmp_path}/t.db") as client, contextlib.ExitStack() as stack:
        t = new_table(client, "tractor", seed=1)
        tokens = [join(client, t["id"], s) for s in range(4)]
        seats = []
        for s, token in enumerate(tokens):
            ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{t['id']}"))
            ws.send_json({"type": "hello", "token": token})
            seats.append(Seat(ws, s))
        for s in seats:
            s.until(0)
        the_room = room(client, t["id"])
        state = play(client, t["id"], seats, upto=120)
        while state.phase != "play" or state.trick:  # to a lead in the play phase
            state = play(client, t["id"], seats, upto=state.version + 1)
        seat = state.to_move
        assert seat is not None
        hand = the_room.state.view(seat).hand  # type: ignore[attr-defined]
        cards = [str(hand[0])] if picked else []
        seats[seat].ws.send_json({"type": "select", "picked": cards})
        while (frame := seats[seat].receive())["type"] != "selectable":
            pass
        assert frame["picked"] == cards
        assert frame["cards"] == [str(c) for c in state.selectable(hand[:1] if picked else (), seat)]
        assert frame["cards"]
