"""A table's state frames, written once per version and per seat view, whichever clients ask.

A *full* frame (``type: state``) holds the seat's whole view, the score sheet, who may act, and the
events since a version the client names. A *delta* (``type: delta``) holds only what changed since a
version whose frame the client holds: the new events and actions, the view fields that differ, and
``panel``, ``acting``, ``over``, ``result`` where they differ. Both come from one *body* per seat and
version (the seat's view and the rest, as JSON), so a delta carries nothing the full frame would not:
applying it to the full frame of ``since`` gives the full frame of ``version`` (tests/server and
tests/conformance hold every game to that). The bodies of the last few versions are kept per seat; a
client further behind is sent a full frame.
"""

from __future__ import annotations

from collections.abc import Collection, Container, Iterator, Mapping, Sequence
from typing import Any

import orjson

from tricktable.core.description import GameDescription
from tricktable.core.events import Event
from tricktable.core.state import State
from tricktable.core.views import View

__all__ = ["KEPT", "Frames", "apply_delta", "dumps"]

KEPT = 4  # a client this many versions behind or fewer is sent a delta; further behind, a full frame
CHANGING = ("panel", "acting", "over", "result")  # a delta's top-level fields, sent only when they differ


def dumps(frame: dict[str, Any]) -> str:
    """A frame as JSON text (orjson: every client is sent a frame after every action)."""
    return orjson.dumps(frame).decode()


class Frames:
    """The state and delta frames of one table as JSON text, each made once per version, seat and
    starting version, and shared by every client that needs it (a seat's pages, the spectators)."""

    def __init__(self, table_id: str, description: GameDescription) -> None:
        self.table_id = table_id
        self.description = description
        self._version = -1  # the version the caches below hold
        self._texts: dict[tuple[int | None, int | None, bool], str] = {}
        self._common: dict[str, Any] | None = None  # a view of that version, as JSON
        self._last_view: tuple[View, dict[str, Any]] | None = None  # the last built whole, with its JSON
        self._panel: dict[str, Any] | None = None  # that version's score sheet, as JSON
        self._events: dict[Event, dict[str, Any]] = {}  # that version's events' JSON
        self._bodies: dict[int | None, dict[int, dict[str, Any]]] = {}  # seat -> version -> body
        self._changed: dict[int, dict[str, Any]] = {}  # since -> the shared view fields changed since then
        self._seat_fields: tuple[str, ...] = ()  # the view fields in which seats' views differ
        # the last score sheet made, and the view fields (with their values) it was made from
        self._sheet_made: tuple[list[tuple[str, Any]], dict[str, Any]] | None = None

    def text(
        self,
        state: State,
        by_bot: Sequence[bool],
        seat: int | None,
        since: int | None,
        delta: bool,
        standin: Container[int] = (),
    ) -> tuple[str, bool]:
        """The frame bringing a client of ``seat`` from version ``since`` (None: nothing yet) to the
        state's, as JSON, and whether it is a delta. ``delta``: the client holds the frame of
        ``since`` and takes deltas; it is sent a full frame if that version's body is no longer kept.
        ``by_bot``: per action, whether a bot made it; ``standin``: the indexes of the actions a
        stand-in made for a player (their events say so, for the log and the replay)."""
        version = state.version
        if self._version != version:
            self._texts.clear()
            self._common = self._panel = None
            self._events.clear()
            self._changed.clear()
            self._version = version
        before = self._bodies.get(seat, {}).get(since) if delta and since is not None else None
        delta = before is not None
        key = (seat, since, delta)
        text = self._texts.get(key)
        if text is None:
            body = self._body(state, seat)
            frame = {"type": "state", **body} if before is None else self._delta(since or 0, before, body)
            frame.update(
                table=self.table_id,
                seat=seat,
                version=version,
                since=since,
                events=[self._caused_dict(i, e, standin) for i, e in state.caused_events(seat, since=since)],
                actions=[
                    {"index": i, "seat": s, "by_bot": by_bot[i]}
                    for i, (s, _) in enumerate(state.log.tail(version - (since or 0)), start=since or 0)
                ],
            )
            text = self._texts[key] = dumps(frame)
        return text, delta

    def _delta(self, since: int, old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
        """The delta from one of a seat's bodies to another. The view fields every seat shares are
        the same objects in every seat's body of a version, so their changes since a version are
        found once, for the first seat asked; each seat's own fields are compared for each."""
        was, now = old["view"], new["view"]
        common = self._changed.get(since)
        if common is None:
            common = self._changed[since] = _changes(was, now, self._seat_fields)
        view = {**common, **_changes(was, now, self._seat_fields, only=True)}
        frame: dict[str, Any] = {"type": "delta", "view": view}
        for k in CHANGING:
            if new[k] is not old[k] and new[k] != old[k]:
                frame[k] = new[k]
        return frame

    def _body(self, state: State, seat: int | None) -> dict[str, Any]:
        """The seat's view, the score sheet, who may act and whether the game is over, at this version
        (kept for the deltas of the next few)."""
        bodies = self._bodies.setdefault(seat, {})
        version = state.version
        body = bodies.get(version)
        if body is None:
            view = self._view_dict(state, seat)
            if self._panel is None:  # public: the same for every seat
                self._panel = self._sheet(view)
            result = state.result
            body = bodies[version] = {
                "view": view,
                "panel": self._panel,
                "acting": list(state.acting_seats(seen_by=seat)),
                "over": state.is_over,
                "result": None if result is None else result.to_dict(),
            }
            for old in [v for v in bodies if v < version - KEPT]:
                del bodies[old]
        return body

    def _sheet(self, view: dict[str, Any]) -> dict[str, Any]:
        """The score sheet of the view, as JSON: the last one made again only if a view field it read
        has changed (it changes once a deal, and making it was a third of a frame's cost)."""
        last = self._sheet_made
        if last is not None and all(view.get(k, _ABSENT) == v for k, v in last[0]):
            return last[1]
        read = _Reads(view)
        sheet = self.description.panel(read).to_dict()
        self._sheet_made = (read.reads(), sheet)
        return sheet

    def _view_dict(self, state: State, seat: int | None) -> dict[str, Any]:
        """The seat's view as JSON. The first view asked for at a version is built whole, its fields
        that have not changed since the last version's taken from that one's JSON as they are; every
        other seat's is that JSON with the seat's own fields (``state.seat_fields``: views of one state
        differ only in their SEAT_FIELDS), so the rest of its view is never built."""
        if self._common is None:
            view = state.view(seat)
            self._seat_fields = view.SEAT_FIELDS
            self._common = view.to_dict(after=self._last_view)
            self._last_view = (view, self._common)
            return self._common
        assert self._last_view is not None  # built with self._common
        return type(self._last_view[0]).seat_dict(state.seat_fields(seat), like=self._common)

    def _event_dict(self, event: Event) -> dict[str, Any]:
        """An event as JSON, converted once per version whichever seats' lists hold it: events are
        values (equal events have the same JSON), and each seat's list has its own copy of an action's
        event (made on demand) and of a hidden one (its other seats' form). One whose fields cannot
        be hashed is converted for each."""
        try:
            said = self._events.get(event)
        except TypeError:
            return event.to_dict()
        if said is None:
            said = self._events[event] = event.to_dict()
        return said

    def _caused_dict(self, index: int, event: Event, standin: Container[int]) -> dict[str, Any]:
        """The event as JSON, with ``"standin": true`` where a stand-in bot made the action that
        caused it: the players' seats, the by_bot flags and the log are kept, so a reload and the
        replay tell the stand-in's plays from the player's own as the live page did."""
        said = self._event_dict(event)
        return {**said, "standin": True} if index in standin else said


_ABSENT = object()


def _changes(
    was: dict[str, Any], now: dict[str, Any], fields: Collection[str], only: bool = False
) -> dict[str, Any]:
    """The fields of ``now`` that ``was`` lacks or holds otherwise: those named (``only``), or all
    but those named."""
    names = fields if only else [k for k in now if k not in fields]
    return {
        k: now[k] for k in names if k in now and (k not in was or (was[k] is not now[k] and was[k] != now[k]))
    }


class _Reads(Mapping[str, Any]):
    """A view's JSON that notes which fields are read (a game's panel reads a few), so a sheet made
    from it is known to hold while those fields are unchanged."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data
        self._read: dict[str, Any] = {}
        self._all = False

    def __getitem__(self, key: str) -> Any:
        self._read[key] = value = self._data.get(key, _ABSENT)
        if value is _ABSENT:
            raise KeyError(key)
        return value

    def __iter__(self) -> Iterator[str]:
        self._all = True  # iterated: every field counts
        return iter(self._data)

    def __len__(self) -> int:
        self._all = True
        return len(self._data)

    def reads(self) -> list[tuple[str, Any]]:
        return list((self._data if self._all else self._read).items())


def apply_delta(frame: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The full frame a delta makes of the frame of its ``since`` (as a client does it; the events
    are the delta's: a client adds them to those it holds). ValueError when the delta does not
    apply to that frame (a client then asks for a full frame)."""
    if delta["since"] != frame["version"] or delta["seat"] != frame["seat"]:
        raise ValueError(
            f"a delta from version {delta['since']} does not apply to version {frame['version']}"
        )
    out = {
        **frame,
        **{k: delta[k] for k in (*CHANGING, "version", "since", "events", "actions") if k in delta},
    }
    out["type"] = "state"
    out["view"] = {**frame["view"], **delta["view"]}
    return out
