"""Nothing is lost: a restarted server replays every unfinished table; a reconnecting seat picks up
at the current version; an absent seat's turn is played by a bot until its player returns."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from starlette.testclient import TestClient

from tests.server.helpers import Seat, join, make_client, new_table, play, room
from tricktable import games
from tricktable.server import Settings


def test_restart_replays_unfinished_tables(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path}/t.db"
    with make_client(db) as client, contextlib.ExitStack() as stack:
        t = new_table(client, "back-alley", seed=2)
        tokens = [join(client, t["id"], s) for s in range(4)]
        seats = []
        for s, token in enumerate(tokens):
            ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{t['id']}"))
            ws.send_json({"type": "hello", "token": token})
            seats.append(Seat(ws, s))
        for s in seats:
            s.until(0)
        before = play(client, t["id"], seats, upto=30)
    with make_client(db) as client, contextlib.ExitStack() as stack:
        assert room(client, t["id"]).state == before  # replayed, exactly
        assert [x["id"] for x in client.get("/api/tables").json()["tables"]] == [t["id"]]
        seats = []
        for s, token in enumerate(tokens):  # the tokens still hold their seats
            ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{t['id']}"))
            ws.send_json({"type": "hello", "token": token, "version": 30})
            seats.append(Seat(ws, s))
        for s in seats:
            s.until(30)
            assert s.frame["events"] == [] and s.frame["since"] == 30
        after = play(client, t["id"], seats, upto=40)
        assert after.history[:30] == before.history


def test_reconnect_gets_what_it_missed(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path}/t.db") as client, contextlib.ExitStack() as stack:
        t = new_table(client, "all-fours", seed=5)
        tokens = [join(client, t["id"], s) for s in range(4)]
        seats = []
        for s, token in enumerate(tokens):
            ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{t['id']}"))
            ws.send_json({"type": "hello", "token": token})
            seats.append(Seat(ws, s))
        for s in seats:
            s.until(0)
        state = play(client, t["id"], seats, upto=3)
        seat = next(s for s in range(4) if s != state.to_move)
        seen = seats[seat].version
        seats[seat].ws.close()
        others = [s for s in seats if s.seat != seat]
        rest = play(client, t["id"], others, upto=_until_turn_of(client, t["id"], seat))
        assert rest.version > seen and rest.to_move == seat
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            back = Seat(ws, seat)
            ws.send_json({"type": "hello", "token": tokens[seat], "version": seen})
            back.until(rest.version)
            assert back.frame["since"] == seen
            assert back.frame["events"] == [e.to_dict() for e in rest.events(seat, since=seen)]
            assert back.frame["view"] == rest.view(seat).to_dict()
            # the score sheet, as the game's description builds it from the view
            description = games.get(t["game"]).description
            assert back.frame["panel"] == description.panel(rest.view(seat).to_dict()).to_dict()
            action = back.frame["view"]["legal"][0]
            ws.send_json({"type": "action", "action": action, "version": rest.version})
            back.until(rest.version + 1)


def _until_turn_of(client: TestClient, table_id: str, seat: int) -> int:
    """The version at which ``seat`` is next to move, playing the others' turns in a copy."""
    import random

    state = room(client, table_id).state
    rng = random.Random(0)
    while state.to_move != seat:
        state = state.apply(rng.choice(state.legal_actions()))
    return state.version


def test_absent_seat_is_played_by_a_bot_until_its_player_returns(tmp_path: Path) -> None:
    # (no pause after a deal: a deal scored as seat 0 comes back would otherwise hold the bots 20 s)
    settings = Settings(bot_pause=0.0, absent_after=0.3, deal_pause=0.0, rate=1e6, burst=10**6)
    with make_client(f"sqlite:///{tmp_path}/t.db", settings) as client:
        t = new_table(
            client, "all-fours", seed=5, bots=[None, "random", "random", "random"], absent_after=0.3
        )
        token = join(client, t["id"], 0)
        the_room = room(client, t["id"])
        deadline = time.monotonic() + 60
        while the_room.state.version < 12 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert the_room.state.version >= 12
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            me = Seat(ws, 0)
            ws.send_json({"type": "hello", "token": token})
            me.receive()
            # seat 0 was absent: its turns were played by the stand-in, and the log says so
            history = the_room.state.history[: me.frame["version"]]
            mine = [i for i, (s, _) in enumerate(history) if s == 0]
            assert mine and all(the_room.by_bot[i] for i in mine)
            assert [a["index"] for a in me.frame["actions"] if a["seat"] == 0 and a["by_bot"]] == mine
            # back at the table: nobody plays for seat 0 now. A stand-in's action under way as the
            # hello came may land (at the hello's version); after it, seat 0 acts no more unless it
            # plays (absent_after is 0.3 s: in 0.6 s at its turn a stand-in would have acted).
            back_at = me.frame["version"]

            def seat_0_to_move() -> bool:
                deadline = time.monotonic() + 60
                while not the_room.state.is_over and the_room.state.to_move != 0:
                    assert time.monotonic() < deadline, "the others did not play on to seat 0"
                    time.sleep(0.02)
                return not the_room.state.is_over

            if seat_0_to_move():
                time.sleep(0.6)
            if seat_0_to_move():
                version = the_room.state.version
                assert [i for i, (s, _) in enumerate(the_room.state.history) if s == 0 and i > back_at] == []
                me.until(version)
                ws.send_json({"type": "action", "action": me.frame["view"]["legal"][0], "version": version})
                me.until(version + 1)
                assert the_room.by_bot[version] is False
