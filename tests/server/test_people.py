"""The people at a table: a join reaches every page at once, an absent player is marked away with
the time until a stand-in acts, the stand-in's actions are marked, a return is seen; chat is kept
with the table; a finished game's rematch; the pause after a deal for the players to read it."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.helpers import FAST, Seat, join, make_client, new_table, room
from tricktable import games
from tricktable.core.events import DealScored
from tricktable.server import Settings
from tricktable.server.room import Room, deals_only
from tricktable.server.store import CHAT_KEPT

Frame = dict[str, Any]


def next_frame(seat: Seat, kind: str, test: Callable[[Frame], bool] = lambda f: True) -> Frame:
    """The next frame of ``kind`` that passes ``test`` (state frames on the way are kept as usual)."""
    while True:
        frame: Frame = seat.ws.receive_json()
        if frame["type"] == "state":
            seat.version, seat.frame = frame["version"], frame
            seat.frames.append(frame)
        elif frame["type"] == "seats":
            seat.people.append(frame)
        if frame["type"] == kind and test(frame):
            return frame


def pause_shown(seat: Seat) -> Frame:
    """The first seats frame showing a pause after a deal: one already read (it may come before the
    state frame of the deal's end), else the next to come."""
    read = next((f for f in seat.people if f.get("pause")), None)  # (chat frames have no pause)
    return read or next_frame(seat, "seats", lambda f: f["pause"] is not None)


def seat_info(frame: Frame, seat: int) -> Frame:
    info: Frame = frame["seats"][seat]
    return info


def connect(
    stack: contextlib.ExitStack, client: TestClient, table_id: str, token: str | None, seat: int | None
) -> Seat:
    ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{table_id}"))
    ws.send_json({"type": "hello"} if token is None else {"type": "hello", "token": token})
    return Seat(ws, seat)


def test_a_join_and_a_connection_reach_every_page_at_once(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path}/t.db") as client, contextlib.ExitStack() as stack:
        tid = new_table(client, "all-fours", seed=5)["id"]
        host = connect(stack, client, tid, join(client, tid, 0, "Ann"), 0)
        first = next_frame(host, "seats")  # right after the hello's state frame
        assert host.frame["type"] == "state"
        assert seat_info(first, 0)["player"] == "Ann" and seat_info(first, 0)["connected"]
        assert seat_info(first, 1) == {
            "seat": 1,
            "bot": None,
            "player": None,
            "connected": False,
            "away": False,
            "standin": False,
            "standin_in": None,
        }
        assert next_frame(host, "chat_history")["lines"] == []
        token = join(client, tid, 1, "Bea")  # over HTTP: the host hears of it before Bea connects
        seated = next_frame(host, "seats", lambda f: seat_info(f, 1)["player"] == "Bea")
        assert not seat_info(seated, 1)["connected"]
        friend = connect(stack, client, tid, token, 1)
        here = next_frame(host, "seats", lambda f: seat_info(f, 1)["connected"])
        assert not seat_info(here, 1)["away"]
        friend.ws.close()
        gone = next_frame(host, "seats", lambda f: not seat_info(f, 1)["connected"])
        assert seat_info(gone, 1)["away"] and seat_info(gone, 1)["player"] == "Bea"
        assert client.get(f"/api/tables/{tid}").json()["seats"][1]["connected"] is False


def test_away_countdown_stand_in_and_return(tmp_path: Path) -> None:
    settings = Settings(bot_pause=0.0, absent_after=0.5, deal_pause=0.0, rate=1e6, burst=10**6)
    with make_client(f"sqlite:///{tmp_path}/t.db", settings) as client, contextlib.ExitStack() as stack:
        bots = ["random", None, "random", "random"]
        t = new_table(client, "all-fours", seed=5, bots=bots, absent_after=0.5)
        tid = t["id"]
        away = join(client, tid, 1, "Bea")  # (her turn comes after the bots' first actions)
        watcher = connect(stack, client, tid, None, None)
        the_room = room(client, tid)
        # Bea never connected: when her turn comes, the pages are told when her stand-in acts
        due = next_frame(watcher, "seats", lambda f: seat_info(f, 1)["standin_in"] is not None)
        assert seat_info(due, 1)["away"] and 0 < seat_info(due, 1)["standin_in"] <= 0.6  # (to 0.1 s)
        assert the_room.state.to_move == 1
        # the stand-in acts; the state frame marks it, the seats frame says the stand-in plays on
        took = next_frame(watcher, "seats", lambda f: seat_info(f, 1)["standin"])
        assert seat_info(took, 1)["standin_in"] is None
        if not any(a["seat"] == 1 for f in watcher.frames for a in f["actions"]):
            next_frame(watcher, "state", lambda f: any(a["seat"] == 1 for a in f["actions"]))
        marked = [a for f in watcher.frames for a in f["actions"] if a["seat"] == 1]
        assert marked and all(a["by_bot"] for a in marked)
        # Bea comes back: every page sees it, and her turns wait for her again
        connect(stack, client, tid, away, 1)
        back = next_frame(watcher, "seats", lambda f: seat_info(f, 1)["connected"])
        assert not seat_info(back, 1)["away"] and not seat_info(back, 1)["standin"]
        # a page opened now (a reload) is told which events the stand-in's actions caused
        reloaded = connect(stack, client, tid, None, None)
        next_frame(reloaded, "state")
        made = [a for a in reloaded.frame["actions"] if a["seat"] == 1]
        assert {a["index"] for a in marked} <= {a["index"] for a in made if a["by_bot"]}
        standin_events = [e for e in reloaded.frame["events"] if e.get("standin")]
        assert standin_events and all(e.get("seat") in (1, None) for e in standin_events)
    # and so is a page of the same table once a new server process has loaded it from its log
    with make_client(f"sqlite:///{tmp_path}/t.db", settings) as client, contextlib.ExitStack() as stack:
        later = connect(stack, client, tid, None, None)
        next_frame(later, "state")
        again = [e for e in later.frame["events"] if e.get("standin")]
        assert again[: len(standin_events)] == standin_events


def test_the_stand_in_marks_follow_the_actions_it_caused() -> None:
    """Each event is paired with the action that caused it: a stand-in's play and the trick it won."""
    state = games.get("all-fours").new(seed=5)
    while state.phase != "play":
        state = state.apply(state.legal_actions()[0])
    start = state.version
    for _ in range(4):
        state = state.apply(state.legal_actions()[0])
    caused = state.caused_events(None, since=start)
    assert [e for _, e in caused] == list(state.events(None, since=start))
    plays = [(i, e.to_dict()["seat"]) for i, e in caused if e.kind == "played"]
    assert [i for i, _ in plays] == list(range(start, start + 4))
    assert caused[-1][0] == start + 3  # the trick won: caused by the fourth play


def test_chat_is_kept_with_the_table_and_bounded(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path}/t.db"
    with make_client(db) as client, contextlib.ExitStack() as stack:
        tid = new_table(client, "back-alley", seed=1)["id"]
        ann = connect(stack, client, tid, join(client, tid, 0, "Ann"), 0)
        next_frame(ann, "chat_history")
        for n in range(CHAT_KEPT + 5):
            ann.ws.send_json({"type": "chat", "text": f"line {n}"})
        assert next_frame(ann, "chat", lambda f: f["text"] == f"line {CHAT_KEPT + 4}")["name"] == "Ann"
        ann.ws.close()
    # a new server process: the lines come from the database
    with make_client(db) as client, contextlib.ExitStack() as stack:
        late = connect(stack, client, tid, None, None)
        lines = next_frame(late, "chat_history")["lines"]
        assert len(lines) == CHAT_KEPT
        assert lines[0] == {"seat": 0, "name": "Ann", "text": "line 5"}
        assert lines[-1]["text"] == f"line {CHAT_KEPT + 4}"


def test_rematch_seats_the_same_players_at_a_new_deal(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path}/t.db") as client, contextlib.ExitStack() as stack:
        fresh = new_table(client, "all-fours", seed=5)
        token = join(client, fresh["id"], 0, "Ann")
        r = client.post(f"/api/tables/{fresh['id']}/rematch", headers={"authorization": f"Bearer {token}"})
        assert r.status_code == 409 and r.json()["error"] == "not_finished"
        # two players, away: their stand-ins play the game to its end at once; two bots
        bots = [None, "easy", None, "random"]
        t = new_table(client, "all-fours", config={"target": 1}, seed=5, bots=bots, absent_after=0.05)
        tid = t["id"]
        ann, bea = join(client, tid, 0, "Ann"), join(client, tid, 2, "Bea")
        deadline = time.monotonic() + 60
        while not room(client, tid).state.is_over:
            assert time.monotonic() < deadline, "the stand-ins did not finish the game"
            time.sleep(0.05)
        page = connect(stack, client, tid, bea, 2)
        next_frame(page, "chat_history")
        assert client.post(f"/api/tables/{tid}/rematch").status_code == 403
        bad = client.post(f"/api/tables/{tid}/rematch", headers={"authorization": "Bearer nope"})
        assert bad.status_code == 403 and bad.json()["error"] == "bad_token"
        r = client.post(f"/api/tables/{tid}/rematch", headers={"authorization": f"Bearer {ann}"})
        assert r.status_code == 201, r.text
        new = r.json()
        assert new["id"] != tid and new["game"] == "all-fours"  # (target 1 may be over at once)
        assert new["config"] == {"target": 1} and new["name"] == t["name"]
        assert [(s["bot"], s["player"]) for s in new["seats"]] == [
            (None, "Ann"),
            ("easy", None),
            (None, "Bea"),
            ("random", None),
        ]
        assert next_frame(page, "rematch")["table"] == new["id"]
        again = client.post(f"/api/tables/{tid}/rematch", headers={"authorization": f"Bearer {bea}"})
        assert again.status_code == 200 and again.json()["id"] == new["id"]
        assert client.get(f"/api/tables/{tid}").json()["rematch"] == new["id"]
        # the seat tokens hold the same seats at the new table
        there = connect(stack, client, new["id"], bea, 2)
        assert next_frame(there, "state")["seat"] == 2
        old_seed = room(client, tid).row.seed
        assert room(client, new["id"]).row.seed != old_seed  # a new deal (seeds are 63-bit)


def _play_until_deal_scored(me: Seat, the_room: Room) -> None:
    """Seat 0 plays its first legal action at each turn until a deal has been scored."""
    while True:
        frame = next_frame(me, "state")
        if any(e["kind"] == "deal_scored" for e in frame["events"]):
            return
        if frame["view"]["to_move"] == 0 and frame["version"] == the_room.state.version:
            action = frame["view"]["legal"][0]
            me.ws.send_json({"type": "action", "action": action, "version": frame["version"]})


def test_the_bots_wait_after_a_deal_until_the_players_are_ready(tmp_path: Path) -> None:
    settings = Settings(bot_pause=0.0, absent_after=60.0, deal_pause=60.0, rate=1e6, burst=10**6)
    with make_client(f"sqlite:///{tmp_path}/t.db", settings) as client, contextlib.ExitStack() as stack:
        t = new_table(client, "all-fours", seed=5, bots=[None, "random", "random", "random"])
        me = connect(stack, client, t["id"], join(client, t["id"], 0, "Ann"), 0)
        the_room = room(client, t["id"])
        _play_until_deal_scored(me, the_room)
        waits = pause_shown(me)
        assert waits["pause"]["waiting"] == [0] and 0 < waits["pause"]["ends_in"] <= 60
        version = the_room.state.version
        if the_room.state.to_move != 0:  # the next deal's first move is a bot's: it waits
            time.sleep(0.5)
            assert the_room.state.version == version
        me.ws.send_json({"type": "ready"})
        assert next_frame(me, "seats", lambda f: f["pause"] is None)["pause"] is None
        if the_room.state.to_move != 0:
            next_frame(me, "state", lambda f: f["version"] > version)


def test_the_player_whose_card_ends_the_deal_is_waited_for_too(tmp_path: Path) -> None:
    """Playing the deal's last card is not reading its score: the pause waits for that player as
    for the others (their action counts as ready only once the deal is over)."""
    settings = Settings(bot_pause=0.0, absent_after=60.0, deal_pause=60.0, rate=1e6, burst=10**6)
    with make_client(f"sqlite:///{tmp_path}/t.db", settings) as client, contextlib.ExitStack() as stack:
        t = new_table(client, "all-fours", seed=5, bots=[None] * 4)
        seats = [connect(stack, client, t["id"], join(client, t["id"], s), s) for s in range(4)]
        the_room = room(client, t["id"])
        last = None
        while not any(isinstance(e, DealScored) for e in the_room.state.events(None)):
            state = the_room.state
            last = state.to_move
            assert last is not None
            action = str(state.legal_actions(last)[0])
            seats[last].ws.send_json({"type": "action", "action": action, "version": state.version})
            seats[last].until(state.version + 1)
        waits = pause_shown(seats[last])
        assert waits["pause"]["waiting"] == [0, 1, 2, 3], (last, waits["pause"])


@pytest.mark.parametrize("deal_pause", [0.0])
def test_no_pause_when_the_table_says_so(tmp_path: Path, deal_pause: float) -> None:
    with make_client(f"sqlite:///{tmp_path}/t.db", FAST) as client, contextlib.ExitStack() as stack:
        bots = [None, "random", "random", "random"]
        t = new_table(client, "all-fours", seed=5, bots=bots, deal_pause=deal_pause)
        assert t["deal_pause"] == deal_pause
        me = connect(stack, client, t["id"], join(client, t["id"], 0, "Ann"), 0)
        the_room = room(client, t["id"])
        _play_until_deal_scored(me, the_room)
        assert the_room.seats_frame()["pause"] is None
        bad = client.post("/api/tables", json={"game": "all-fours", "name": "x", "deal_pause": 500})
        assert bad.status_code == 400 and "deal_pause" in bad.json()["reason"]


def test_cards_dealt_one_by_one_go_at_a_dealers_pace() -> None:
    """Tractor's draw is dealing: the bots take it at the deal pace; a declaration is not."""
    state = games.get("tractor").new(seed=1)
    draw = next(a for a in state.legal_actions() if str(a) == "draw")
    assert deals_only(state, state.to_move, draw)
    later = state
    while not any(str(a).startswith("declare") for a in later.legal_actions(later.to_move)):
        later = later.apply("draw")
    declare = next(a for a in later.legal_actions(later.to_move) if str(a).startswith("declare"))
    assert not deals_only(later, later.to_move, declare)
    bid = games.get("back-alley").new(seed=1)
    assert not deals_only(bid, bid.to_move, bid.legal_actions()[0])
