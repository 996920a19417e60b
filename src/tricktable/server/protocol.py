"""The websocket protocol's frames: reading a client's frame (every field checked) and the server's
error frame. Pure functions; docs/protocol.md is the description for client writers.

>>> read_frame('{"type": "action", "action": "play 7H", "version": 3}')
Action(text='play 7H', version=3)
>>> read_frame('{"type": "dance"}')
Traceback (most recent call last):
...
tricktable.server.protocol.ProtocolError: unknown frame type 'dance': send hello, action, select, chat or ping
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tricktable.core.errors import shown

__all__ = [
    "ERROR_CODES",
    "MAX_FRAME",
    "Action",
    "Chat",
    "Hello",
    "Ping",
    "ProtocolError",
    "Select",
    "error_frame",
    "read_frame",
]

MAX_FRAME = 8192  # bytes: the longest client frame (a Tractor play of 30 cards is about 120)

#: Every error code the server sends, and what it means.
ERROR_CODES = {
    "malformed": "the frame is not a JSON object with the fields its type needs",
    "too_large": f"the frame is longer than {MAX_FRAME} bytes",
    "rate_limited": "too many frames: this one was dropped",
    "hello_first": "send a hello frame before anything else",
    "bad_token": "the seat token is not this table's",
    "not_seated": "a spectator cannot act",
    "stale_version": "the action was made against an older version than the table's",
    "not_your_turn": "the seat may not act now",
    "illegal_action": "the rules forbid the action now",
    "invalid_action": "the action's text cannot be read as this game's action",
    "game_over": "the game is over",
    "no_such_table": "there is no table with that id",
}


class ProtocolError(ValueError):
    """A frame the server cannot take; ``code`` is one of :data:`ERROR_CODES`."""

    def __init__(self, reason: str, code: str = "malformed") -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Hello:
    token: str | None  # None: a spectator
    version: int  # the last version the client has seen (-1, when absent: send every event)


@dataclass(frozen=True, slots=True)
class Action:
    text: str
    version: int


@dataclass(frozen=True, slots=True)
class Select:
    picked: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Ping:
    pass


@dataclass(frozen=True, slots=True)
class Chat:
    text: str  # a line a seated player says at the table, relayed to everyone there (not stored)


MAX_CHAT = 300  # characters in a chat line

Frame = Hello | Action | Select | Ping | Chat


def _version(obj: dict[str, Any], required: bool) -> int:
    if "version" not in obj and not required:
        return -1
    value = obj.get("version")
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ProtocolError(f"version must be a whole number of actions, not {shown(value)}")
    return value


def _string(obj: dict[str, Any], key: str, limit: int) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not value or len(value) > limit:
        raise ProtocolError(
            f"{key} must be a non-empty string of at most {limit} characters, not {shown(value)}"
        )
    return value


def read_frame(text: str | bytes) -> Frame:
    """The frame a client sent, or :class:`ProtocolError` saying what is wrong with it."""
    if len(text) > MAX_FRAME:
        raise ProtocolError(f"a frame is at most {MAX_FRAME} bytes; this one has {len(text)}", "too_large")
    try:
        obj = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("the frame is not valid JSON") from None
    if not isinstance(obj, dict):
        raise ProtocolError(f"a frame is a JSON object, not {type(obj).__name__}")
    kind = obj.get("type")
    if kind == "hello":
        token = obj.get("token")
        if token is not None and (not isinstance(token, str) or not 0 < len(token) <= 100):
            raise ProtocolError("token must be the seat token string, or absent for a spectator")
        return Hello(token, _version(obj, required=False))
    if kind == "action":
        return Action(_string(obj, "action", 400), _version(obj, required=True))
    if kind == "select":
        picked = obj.get("picked", [])
        if not isinstance(picked, list) or len(picked) > 60 or not all(isinstance(c, str) for c in picked):
            raise ProtocolError('picked must be a list of at most 60 card strings, like ["7H", "7H"]')
        return Select(tuple(picked))
    if kind == "ping":
        return Ping()
    if kind == "chat":
        text = _string(obj, "text", MAX_CHAT).strip()
        if not text:
            raise ProtocolError("text must say something, not only spaces")
        return Chat(text)
    raise ProtocolError(f"unknown frame type {shown(kind)}: send hello, action, select, chat or ping")


def error_frame(code: str, reason: str, version: int | None = None) -> dict[str, Any]:
    """``{"type": "error", "code", "reason", "version"}``: the connection and the table go on. Where
    the engine named the rule (a :class:`~tricktable.core.errors.Reason`), also ``rule`` and
    ``params``, so a client can word it in its own language."""
    assert code in ERROR_CODES, code
    frame: dict[str, Any] = {"type": "error", "code": code, "reason": str(reason), "version": version}
    rule = getattr(reason, "code", "")
    if rule:
        frame["rule"] = rule
        frame["params"] = getattr(reason, "params", {})
    return frame
