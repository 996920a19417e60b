"""Whole games through the websocket API, four clients and a spectator, every frame checked for
cards its receiver may not see (against the server's own ``hidden_cards``)."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.helpers import Seat, card_strings, connect_seats, join, make_client, new_table, play, room
from tricktable.cards import ALL_CARDS, parse_cards
from tricktable.core import Action
from tricktable.core.reveal import HandChange, hands_at
from tricktable.core.state import State


def seated_game(tmp_path: Path, game: str, upto: int | None, **fields: object) -> State:
    with make_client(f"sqlite:///{tmp_path}/t.db") as client, contextlib.ExitStack() as stack:
        t = new_table(client, game, **fields)
        tokens = [join(client, t["id"], s) for s in range(4)]
        seats = []
        # four players and two spectators; seats 1 and 3 and one spectator take deltas
        for s, token in [*enumerate(tokens), (None, None), (None, None)]:
            ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{t['id']}"))
            deltas = s in (1, 3) or (s is None and any(x.seat is None for x in seats))
            hello = {"type": "hello", "deltas": deltas} | ({} if token is None else {"token": token})
            ws.send_json(hello)
            seats.append(Seat(ws, s, deltas))
        for s in seats:
            s.until(0)
            assert s.frame["view"]["seat"] == s.seat
        history: list[State] = [room(client, t["id"]).state]
        while True:  # a game in progress gives no hand: checked every 100 actions
            shut = client.get(f"/api/tables/{t['id']}/hands")
            assert shut.status_code == 409 and shut.json()["error"] == "not_finished", shut.text
            assert (
                not CARD_TEXTS & set(card_strings(shut.json()))
                and client.get(f"/api/tables/{t['id']}/record").status_code == 409
            )
            step = history[-1].version + 100
            final = play(
                client, t["id"], seats, upto=step if upto is None else min(step, upto), history=history
            )
            if final.is_over or final.version == upto:
                break
        if final.is_over:
            opened = client.get(f"/api/tables/{t['id']}/hands").json()
            assert opened["events"] == len(final.events()) and opened["num_seats"] == final.num_seats
            check_open_hands(opened["changes"], final, history)
        for s in seats:  # a delta carries only the view fields that changed, and there are some
            assert bool(s.deltas) == s.takes_deltas
            assert all(len(d["view"]) < len(s.frame["view"]) for d in s.deltas)
        for s in seats:  # every client's events, put together, are the seat's events of the game
            assert [e for f in s.frames if f["type"] == "state" for e in f["events"]] == [
                e.to_dict() for e in final.events(s.seat)
            ]
        if final.is_over:
            assert all(s.frame["over"] and s.frame["result"] == final.result.to_dict() for s in seats)  # type: ignore[union-attr]
        return final


CARD_TEXTS = {str(c) for c in ALL_CARDS}


def check_open_hands(changes: list[Any], final: State, history: list[State]) -> None:
    """A finished game's hands, change by change: at a spread of its states, the hands every seat held
    (and with them every card dealt); the events they are counted against are each seat's."""
    parsed = [
        HandChange(i, seat, parse_cards(" ".join(g)), parse_cards(" ".join(lost)))
        for i, seat, g, lost in changes
    ]
    assert parsed == list(final.open_hands() or ())
    for state in [*history[:: max(1, len(history) // 40)], final]:
        count = len(state.events())
        held = hands_at(parsed, count - 1, state.num_seats)
        where = state.card_locations()
        assert held == tuple(tuple(sorted(where[f"hand {s}"])) for s in range(state.num_seats)), state.version


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
        start = time.monotonic()
        t = new_table(client, "all-fours", seed=5, bots=["random"] * 4, bot_pause=0.3)
        the_room = room(client, t["id"])
        while the_room.state.version < 3:  # (a loaded machine only slows the bots: no upper bound)
            assert time.monotonic() - start < 30, "the bots stopped playing"
            time.sleep(0.01)
        assert time.monotonic() - start >= 3 * 0.3


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


def _everyone_seated(client: TestClient, stack: contextlib.ExitStack[Any], table_id: str) -> list[Seat]:
    """A player's websocket at each of the four seats, each past its first state frame."""
    return connect_seats(client, stack, table_id)[0]


def _selectable(seat: Seat, frame: dict[str, object]) -> dict[str, Any]:
    seat.ws.send_json(frame)
    while (answer := seat.receive())["type"] != "selectable":
        pass
    return answer


def test_tractor_select_completes_and_says_why_a_tapped_card_is_refused(tmp_path: Path) -> None:
    """The kitty and a follow picked through ``select``: ``complete`` is the action's text once the
    picked cards make one, and a tapped card that may not be added brings the engine's refusal."""
    with make_client(f"sqlite:///{tmp_path}/t.db") as client, contextlib.ExitStack() as stack:
        t = new_table(client, "tractor", seed=1)
        seats = _everyone_seated(client, stack, t["id"])
        the_room = room(client, t["id"])
        state = play(client, t["id"], seats, upto=90)
        while state.phase != "kitty":
            state = play(client, t["id"], seats, upto=state.version + 1)
        seat = state.to_move
        assert seat is not None
        hand = [str(c) for c in the_room.state.view(seat).hand]  # type: ignore[attr-defined]
        frame = _selectable(seats[seat], {"type": "select", "picked": hand[:7]})
        assert frame["complete"] is None and "refusal" not in frame
        frame = _selectable(seats[seat], {"type": "select", "picked": hand[:8], "tap": hand[8]})
        assert frame["complete"] == str(Action.make("bury", parse_cards(" ".join(hand[:8]))))
        assert frame["cards"] == [] and frame["picked"] == hand[:8]
        refusal = frame["refusal"]
        assert refusal["rule"] == "kitty_size" and refusal["params"] == {"n": 8, "chosen": 9}
        assert refusal["reason"] == "the kitty holds exactly 8 cards: you chose 9"
        # a follow: a card of another suit tapped while the seat holds the led suit
        while True:
            state = play(client, t["id"], seats, upto=state.version + 1)
            seat = state.to_move
            assert seat is not None and state.phase == "play"
            if len(state.trick) == 1 and len(state.trick[0][1]) == 1:  # type: ignore[attr-defined]
                trump = state.kitty.trump  # type: ignore[attr-defined]
                led = trump.suit_of(state.trick[0][1][0])  # type: ignore[attr-defined]
                mine = state.view(seat).hand
                other = [c for c in mine if trump.suit_of(c) != led]
                if other and any(trump.suit_of(c) == led for c in mine):
                    break
        frame = _selectable(seats[seat], {"type": "select", "picked": [], "tap": str(other[0])})
        refusal = frame["refusal"]
        expected = state.pick_refusal((), other[0], seat)
        assert refusal["rule"] == "must_follow" and refusal["reason"] == str(expected)
        assert refusal["params"] == expected.params  # type: ignore[union-attr]
        follow = state.selectable((), seat)[0]
        frame = _selectable(seats[seat], {"type": "select", "picked": [], "tap": str(follow)})
        assert frame["complete"] is None and "refusal" not in frame  # a selectable tap: no refusal
        frame = _selectable(seats[seat], {"type": "select", "picked": [str(follow)], "tap": str(other[0])})
        assert frame["complete"] == f"play {follow}" and frame["refusal"]["rule"] == "count"


def test_a_refusal_names_the_version_it_was_judged_at(tmp_path: Path) -> None:
    """An out-of-turn action is refused naming the seat to move at the version it was made against,
    and the error frame carries that version (the page drops the refusal once the table moves on)."""
    with make_client(f"sqlite:///{tmp_path}/t.db") as client, contextlib.ExitStack() as stack:
        t = new_table(client, "back-alley", seed=2)
        seats = _everyone_seated(client, stack, t["id"])
        state = room(client, t["id"]).state
        other = next(s for s in range(4) if s != state.to_move)
        seats[other].ws.send_json({"type": "action", "action": "bid 1", "version": state.version})
        error = seats[other].next_error()
        assert error["code"] == "not_your_turn" and error["version"] == state.version
        assert error["rule"] == "turn_of" and error["params"]["mover_seat"] == state.to_move


def test_a_delta_client_gets_a_full_frame_on_request_and_after_leaving_its_seat(tmp_path: Path) -> None:
    """After its first frame a client that asked for deltas gets deltas; ``full`` (after a gap) brings
    a full state frame with the events after the version it names, and deltas go on from there; a
    seat left turns its page into a spectator's with a full frame (a delta of a seat's view does not
    apply to a spectator's)."""
    with make_client(f"sqlite:///{tmp_path}/t.db") as client, contextlib.ExitStack() as stack:
        t = new_table(client, "back-alley", seed=2)
        seats, tokens = connect_seats(client, stack, t["id"], deltas={0})
        me = seats[0]
        play(client, t["id"], seats, upto=3)
        assert [d["since"] for d in me.deltas] == [0, 1, 2] and me.frame["version"] == 3
        me.ws.send_json({"type": "full", "version": 1})
        frame = me.receive()
        assert frame["type"] == "state" and frame["since"] == 1 and len(me.deltas) == 3
        assert frame["view"] == me.frames[-2]["view"]  # what the deltas made of the first frame
        assert [a["index"] for a in frame["actions"]] == [1, 2]
        me.ws.send_json({"type": "full"})
        assert me.receive()["since"] is None and len(me.deltas) == 3
        play(client, t["id"], seats, upto=4)
        assert me.deltas[-1]["since"] == 3 and me.frame["version"] == 4
        r = client.delete(f"/api/tables/{t['id']}/seats/0", headers={"Authorization": f"Bearer {tokens[0]}"})
        assert r.status_code == 204
        frame = me.receive()
        assert frame["type"] == "state" and frame["seat"] is None and len(me.deltas) == 4
        assert frame["view"]["seat"] is None and frame["view"]["hand"] == [] and frame["since"] == 4


def test_a_table_of_bots_plays_the_seeds_game_however_watchers_come_and_go(tmp_path: Path) -> None:
    """A bot is asked once a state: watchers coming and going (each wakes the table's driver while a
    bot waits its pause) do not change the game a seed gives, so a test can count on a seed's course."""
    from tricktable.server import Settings

    with make_client(f"sqlite:///{tmp_path}/t.db", Settings(rate=1e6, burst=10**6)) as client:
        fields: dict[str, Any] = {"seed": 8, "bots": ["random"] * 4, "config": {"target": 4}}
        fields["bot_pause"] = 0.1  # more than the deal's pace: the bot is asked before its pause
        quiet = room(client, new_table(client, "all-fours", **fields)["id"])
        busy_id = new_table(client, "all-fours", **fields)["id"]
        busy = room(client, busy_id)
        comings = 0
        while not busy.state.is_over:
            with client.websocket_connect(f"/ws/tables/{busy_id}") as ws:
                ws.send_json({"type": "hello"})
                ws.receive_json()
            comings += 1
            time.sleep(0.15)
        deadline = time.monotonic() + 60
        while not quiet.state.is_over and time.monotonic() < deadline:
            time.sleep(0.05)
        assert comings >= 10
        assert busy.state.history == quiet.state.history
