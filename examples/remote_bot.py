"""A remote bot: a websocket client that sits at a seat and plays the first legal action it is offered
(replace the choices with something cleverer). Where the view offers cards to select instead of actions
(Tractor's plays and kitty), it picks the first selectable card and asks the server (``select``) which
may be added next, until the picked cards complete an action (the answer's ``complete``), which it sends.

    python examples/remote_bot.py http://127.0.0.1:8000 TABLE_ID SEAT [--name NAME]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect


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
    with connect(args.server.replace("http", "ws", 1) + f"/ws/tables/{args.table}") as ws:
        send = Sender(ws)
        send({"type": "hello", "token": token})
        for message in ws:
            frame = json.loads(message)
            if frame["type"] == "state":
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
