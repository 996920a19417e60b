"""A remote bot: a websocket client that sits at a seat and plays the first legal action it is offered
(replace the choices with something cleverer). Where the view offers cards to select instead of actions
(Tractor's plays and kitty), it picks the first selectable card and asks the server (``select``) which
may be added next, until the picked cards complete an action (the answer's ``complete``), which it sends.
After its first state frame it takes deltas (what changed), applies each to the state it holds, and
asks for a full state frame (``full``) if one does not follow on from it (docs/protocol.md).

    python examples/remote_bot.py http://127.0.0.1:8000 TABLE_ID SEAT [--name NAME]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

CHANGING = ("panel", "acting", "over", "result", "version", "since", "events", "actions")


def apply_delta(state: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any] | None:
    """The state frame a delta makes of the one held, or None if it does not follow on from it."""
    if not state or delta["since"] != state["version"] or delta["seat"] != state["seat"]:
        return None
    return {
        **state,
        **{k: delta[k] for k in CHANGING if k in delta},
        "view": {**state["view"], **delta["view"]},
    }


class Sender:
    """Sends frames, remembering the last one to send it again after a ``rate_limited`` error."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.last: dict[str, Any] = {}

    def __call__(self, frame: dict[str, Any]) -> None:
        self.last = frame
        self.ws.send(json.dumps(frame))


def main() -> None:
    parser = argparse.ArgumentParser(description="A remote bot for a tricktable server.")
    parser.add_argument("server", help="the server's URL, like http://127.0.0.1:8000")
    parser.add_argument("table")
    parser.add_argument("seat", type=int)
    parser.add_argument("--name", default="remote bot")
    args = parser.parse_args()
    seat = httpx.post(f"{args.server}/api/tables/{args.table}/seats/{args.seat}", json={"name": args.name})
    seat.raise_for_status()
    token = seat.json()["token"]
    picked: list[str] = []
    version = 0
    state: dict[str, Any] = {}
    asked = False  # a full state frame was asked for: deltas until it comes are passed over
    with connect(args.server.replace("http", "ws", 1) + f"/ws/tables/{args.table}") as ws:
        send = Sender(ws)
        send({"type": "hello", "token": token, "deltas": True})
        for message in ws:
            frame = json.loads(message)
            if frame["type"] == "delta":
                made = None if asked else apply_delta(state, frame)
                if made is None:  # a gap: ask for the whole state (once), with the events after ours
                    if not asked:
                        send({"type": "full", "version": state.get("version", -1)})
                    asked = True
                    continue
                frame = {**made, "type": "state"}
            if frame["type"] == "state":
                state, asked = frame, False
                if frame["over"]:
                    print("game over:", frame["result"])
                    return
                picked, version = [], frame["version"]
                legal = frame["view"]["legal"]
                if args.seat not in frame["acting"] or not legal:
                    continue
                if len(legal[0]) > 2:  # actions in notation (cards are two characters: 7H, TS, BJ)
                    send({"type": "action", "action": legal[0], "version": version})
                else:
                    picked = [legal[0]]
                    send({"type": "select", "picked": picked})  # an action yet, or which may be added?
            elif frame["type"] == "selectable" and frame["picked"] == picked and frame["version"] == version:
                if frame["complete"]:  # the picked cards make this action: take it
                    send({"type": "action", "action": frame["complete"], "version": version})
                elif frame["cards"]:
                    picked.append(frame["cards"][0])
                    send({"type": "select", "picked": picked})
            elif frame["type"] == "error" and frame["code"] == "rate_limited":
                time.sleep(1.0)
                send(send.last)
            elif frame["type"] == "error":
                print("error:", frame["code"], frame["reason"])


if __name__ == "__main__":
    main()
