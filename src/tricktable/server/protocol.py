"""The websocket protocol's frames: reading a client's frame (every field checked), the server's
error frame and its answer to a card selection. Pure functions; docs/protocol.md is the description
for client writers.

>>> read_frame('{"type": "action", "action": "play 7H", "version": 3}')
Action(text='play 7H', version=3)
>>> read_frame('{"type": "full"}')
Full(version=-1)
>>> read_frame('{"type": "dance"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tricktable.server.fields.Refused: unknown frame type 'dance': send hello, action, select, ping, ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tricktable.cards import Card
from tricktable.core.errors import IllegalActionError, shown
from tricktable.core.state import State
from tricktable.server.fields import CODES, Boolean, Integer, ListOf, Nullable, Refused, Shape, Text, parse

__all__ = [
    "ERROR_CODES",
    "FRAMES",
    "MAX_CHAT",
    "MAX_FRAME",
    "Action",
    "Chat",
    "Full",
    "Hello",
    "Hint",
    "Ping",
    "ProtocolError",
    "Ready",
    "Select",
    "error_frame",
    "read_frame",
    "refusal_fields",
    "selectable_frame",
]

MAX_FRAME = 8192  # bytes: the longest client frame (a Tractor play of 30 cards is about 120)

#: Every error code the server sends, and what it means.
ERROR_CODES = {
    **CODES,
    "rate_limited": "over the connection's frame rate: this one was dropped",
    "hello_first": "send a hello frame before anything else",
    "bad_token": "the seat token is not this table's",
    "not_seated": "a spectator cannot act",
    "stale_version": "the action was made against an older version than the table's",
    "not_your_turn": "the seat may not act now",
    "illegal_action": "the rules forbid the action now",
    "invalid_action": "the action's text cannot be read as this game's action",
    "game_over": "the game is over",
    "going_away": "the server process is stopping: connect again and send the action again",
    "no_such_table": "there is no table with that id",
    "coach_off": "the table was made without the coach: no hints",
}


ProtocolError = Refused  # a frame the server cannot take; its ``code`` is one of ERROR_CODES


@dataclass(frozen=True, slots=True)
class Hello:
    token: str | None  # None: a spectator
    version: int  # the last version the client has seen (-1, when absent: send every event)
    deltas: bool = False  # after the first state frame, send deltas (docs/protocol.md)


@dataclass(frozen=True, slots=True)
class Full:
    """The client missed a delta (or cannot apply one): send a full state frame, with the events
    after ``version`` (-1: every event)."""

    version: int


@dataclass(frozen=True, slots=True)
class Action:
    text: str
    version: int


@dataclass(frozen=True, slots=True)
class Select:
    picked: tuple[str, ...]
    tap: str | None = None  # a card the player tapped: if it cannot be added, the answer says why


@dataclass(frozen=True, slots=True)
class Ping:
    pass


@dataclass(frozen=True, slots=True)
class Ready:
    """After a deal: the seat's player has read its score, so the bots need not wait for them."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A seated player asks the coach (a table made with ``coach`` on) for the search bot's play."""


@dataclass(frozen=True, slots=True)
class Chat:
    text: str  # a line a seated player says at the table: kept with it, and sent to everyone there


MAX_CHAT = 600  # bytes of UTF-8 in a chat line (300 characters of most alphabets, 200 of CJK)
MAX_TOKEN = 100  # bytes: a seat token is 43 characters of URL-safe base64

Frame = Hello | Action | Select | Ping | Chat | Ready | Full | Hint

_VERSION = Integer(0, 2**53)
TOKEN = Text(MAX_TOKEN, what="a seat token", pattern="[A-Za-z0-9_-]+")
#: Each client frame's fields (besides ``type``); the fields module checks them.
FRAMES: dict[str, Shape] = {
    "hello": Shape(
        {"token": Nullable(TOKEN), "version": _VERSION, "deltas": Boolean()},
        {"token": None, "version": -1, "deltas": False},
    ),
    "action": Shape({"action": Text(400, what="an action in notation", strip=True), "version": _VERSION}),
    "select": Shape(
        {
            "picked": ListOf(Text(16, what="a card"), 60, "a list of cards"),
            "tap": Nullable(Text(16, what="a card")),  # a tapped card: if refused, the answer says why
        },
        {"picked": [], "tap": None},
    ),
    "ping": Shape({}),
    "chat": Shape({"text": Text(MAX_CHAT, what="a line of chat", strip=True)}),
    "ready": Shape({}),
    "full": Shape({"version": _VERSION}, {"version": -1}),
    "hint": Shape({}),
}


def read_frame(text: str | bytes) -> Frame:
    """The frame a client sent, or :class:`ProtocolError` saying what is wrong with it."""
    obj = parse(text, MAX_FRAME, "a frame")
    if not isinstance(obj, dict):
        raise ProtocolError(f"a frame is a JSON object, not {type(obj).__name__}")
    kind = obj.get("type")
    shape = FRAMES.get(kind) if isinstance(kind, str) else None
    if shape is None:
        raise ProtocolError(f"unknown frame type {shown(kind)}: send {', '.join(FRAMES)}")
    f = shape.check(obj, f"a {kind} frame")
    if kind == "hello":
        return Hello(f["token"], f["version"], f["deltas"])
    if kind == "action":
        return Action(f["action"], f["version"])
    if kind == "select":
        return Select(tuple(f["picked"]), f["tap"])
    if kind == "chat":
        return Chat(f["text"])
    if kind == "ready":
        return Ready()
    if kind == "full":
        return Full(f["version"])
    if kind == "hint":
        return Hint()
    return Ping()


def error_frame(code: str, reason: str, version: int | None = None) -> dict[str, Any]:
    """``{"type": "error", "code", "reason", "version"}``: the connection and the table go on. Where
    the engine named the rule (a :class:`~tricktable.core.errors.Reason`), also ``rule`` and
    ``params``, so a client can word it in its own language."""
    assert code in ERROR_CODES, code
    frame: dict[str, Any] = {"type": "error", "code": code, "reason": str(reason), "version": version}
    frame.update(refusal_fields(reason))
    return frame


def refusal_fields(reason: str) -> dict[str, Any]:
    """``rule`` and ``params`` where the engine named the rule (a :class:`Reason`), else nothing."""
    rule = getattr(reason, "code", "")
    if not rule:
        return {}
    return {"rule": rule, "params": getattr(reason, "params", {})}


def selectable_frame(state: State, seat: int, picked: Sequence[Card], tap: Card | None) -> dict[str, Any]:
    """The answer to ``select``: the cards that may be added to ``picked``, the action the picked
    cards complete as they stand (its text, or None), and, when the tapped card may not be added,
    the engine's refusal (``rule``, ``params`` and ``reason``, as in an error frame)."""
    try:
        cards = state.selectable(picked, seat)
    except IllegalActionError:  # the picked cards are not all in the hand
        cards = ()
    done = state.completes(picked, seat) if picked else None
    frame: dict[str, Any] = {
        "type": "selectable",
        "version": state.version,
        "picked": [str(c) for c in picked],
        "cards": [str(c) for c in cards],
        "complete": None if done is None else str(done),
    }
    if tap is not None and tap not in cards:
        reason = state.pick_refusal(picked, tap, seat)
        if reason is not None:
            frame["refusal"] = {**refusal_fields(reason), "reason": str(reason)}
    return frame
