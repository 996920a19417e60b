"""A table's state frames, written once per version and per seat view, whichever clients ask.

A *full* frame (``type: state``) holds the seat's whole view, the score sheet, who may act, and the
events since a version the client names. A *delta* (``type: delta``) holds only what changed since a
version whose frame the client holds: the new events and actions, the view fields that differ, and
``panel``, ``acting``, ``over``, ``result`` where they differ. Both come from one *body* per seat and
version (the seat's own view fields and acting seats, and the version's part every seat shares: the
rest of the view, the score sheet, the result), so a delta carries nothing the full frame would not:
applying it to the full frame of ``since`` gives the full frame of ``version`` (tests/server and
tests/conformance hold every game to that). The bodies of the last few versions are kept per seat; a
client further behind is sent a full frame.

The work is done once per version where it can be: the shared part is built from the first view asked
for; each seat adds only its own fields (``state.seat_fields``: hand, legal actions, pick), compared
with those of ``since`` as the engine gives them and turned into JSON only where they changed or a
full frame needs them (most seats' own fields do not change with another seat's action); the actions
list and the shared fields' changes since a version are made once for every seat.
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


class _Shared:
    """What the frames of every seat at one version hold alike: the view as JSON (the fields every
    seat shares, with the own fields of the seat whose view was built whole), the score sheet, whether
    the game is over and its result."""

    __slots__ = ("over", "panel", "result", "view")

    def __init__(self, view: dict[str, Any], panel: dict[str, Any], over: bool, result: Any) -> None:
        self.view, self.panel, self.over, self.result = view, panel, over, result


class _Body:
    """One seat's part of its frames at one version: its own view fields as the engine gives them,
    the same as JSON (made when first needed), and the seats it sees may act."""

    __slots__ = ("acting", "own", "own_json", "shared")

    def __init__(
        self, shared: _Shared, own: dict[str, Any], own_json: dict[str, Any] | None, acting: list[int]
    ) -> None:
        self.shared, self.own, self.own_json, self.acting = shared, own, own_json, acting


_NONE: dict[int, _Body] = {}  # no bodies kept (for a seat no frame was made for)


class Frames:
    """The state and delta frames of one table as JSON text, each made once per version, seat and
    starting version, and shared by every client that needs it (a seat's pages, the spectators)."""

    def __init__(self, table_id: str, description: GameDescription) -> None:
        self.table_id = table_id
        self.description = description
        self._version = -1  # the version the caches below hold
        self._texts: dict[tuple[int | None, int | None, bool], str] = {}
        self._shared: _Shared | None = None  # that version's
        self._last_view: tuple[View, dict[str, Any]] | None = None  # the last built whole, with its JSON
        self._events: dict[Event, dict[str, Any]] = {}  # that version's events' JSON
        # since -> the events since then as JSON, where every seat sees them alike (all public)
        self._public: dict[int | None, list[dict[str, Any]]] = {}
        self._actions: dict[int, list[dict[str, Any]]] = {}  # since -> the actions made since then
        self._bodies: dict[int | None, dict[int, _Body]] = {}  # seat -> version -> body
        # since -> the shared view fields and top-level fields changed since then
        self._changed: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}
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
            self._shared = None
            self._events.clear()
            self._public.clear()
            self._actions.clear()
            self._changed.clear()
            self._version = version
        before = self._bodies.get(seat, _NONE).get(since) if delta and since is not None else None
        delta = before is not None
        key = (seat, since, delta)
        text = self._texts.get(key)
        if text is None:
            body = self._body(state, seat)
            frame = self._full(body) if before is None else self._delta(since or 0, before, body)
            frame["table"] = self.table_id
            frame["seat"] = seat
            frame["version"] = version
            frame["since"] = since
            frame["events"] = self._events_since(state, seat, since, standin)
            frame["actions"] = self._actions_since(state, by_bot, since or 0)
            text = self._texts[key] = dumps(frame)
        return text, delta

    def _full(self, body: _Body) -> dict[str, Any]:
        shared = body.shared
        return {
            "type": "state",
            "view": {**shared.view, **self._own_json(body)},
            "panel": shared.panel,
            "acting": body.acting,
            "over": shared.over,
            "result": shared.result,
        }

    def _delta(self, since: int, old: _Body, new: _Body) -> dict[str, Any]:
        """The delta from one of a seat's bodies to another. What every seat shares is compared once
        per ``since``, for the first seat asked; each seat's own fields are compared as the engine
        gives them (equal values make equal JSON), and only those that changed are turned into JSON."""
        changed = self._changed.get(since)
        if changed is None:
            was, now = old.shared, new.shared
            top = {
                name: value
                for name, value in (("panel", now.panel), ("over", now.over), ("result", now.result))
                if value is not getattr(was, name) and value != getattr(was, name)
            }
            changed = self._changed[since] = (_changes(was.view, now.view, self._seat_fields), top)
        common, top = changed
        view = dict(common)
        before, after = old.own, new.own
        for name in self._seat_fields:
            value = after[name]
            if value is not before[name] and value != before[name]:
                view[name] = self._own_json(new)[name]
        frame: dict[str, Any] = {"type": "delta", "view": view}
        if "panel" in top:
            frame["panel"] = top["panel"]
        if new.acting != old.acting:
            frame["acting"] = new.acting
        if "over" in top:
            frame["over"] = top["over"]
        if "result" in top:
            frame["result"] = top["result"]
        return frame

    def _body(self, state: State, seat: int | None) -> _Body:
        """The seat's own view fields and acting seats at this version, with what every seat's frame
        of it shares (kept for the deltas of the next few versions)."""
        bodies = self._bodies.get(seat)
        if bodies is None:
            bodies = self._bodies[seat] = {}
        version = state.version
        body = bodies.get(version)
        if body is None:
            acting = list(state.acting_seats(seen_by=seat))
            shared = self._shared
            if shared is None:  # the first view asked for at this version: built whole
                view = state.view(seat)
                self._seat_fields = fields = view.SEAT_FIELDS
                said = view.to_dict(after=self._last_view)
                self._last_view = (view, said)
                result = state.result
                shared = self._shared = _Shared(
                    said, self._sheet(said), state.is_over, None if result is None else result.to_dict()
                )
                own = {name: getattr(view, name) for name in fields}
                body = _Body(shared, own, {name: said[name] for name in fields}, acting)
            else:
                body = _Body(shared, state.seat_fields(seat), None, acting)
            bodies[version] = body
            if len(bodies) > KEPT + 1:
                for old in [v for v in bodies if v < version - KEPT]:
                    del bodies[old]
        return body

    def _own_json(self, body: _Body) -> dict[str, Any]:
        """The seat's own view fields as JSON, converted once."""
        own = body.own_json
        if own is None:
            assert self._last_view is not None  # built with the version's shared part
            own = body.own_json = type(self._last_view[0]).seat_dict(body.own, {})
        return own

    def _actions_since(self, state: State, by_bot: Sequence[bool], since: int) -> list[dict[str, Any]]:
        """Who made each action after version ``since``, and whether a bot did: the same for every seat."""
        actions = self._actions.get(since)
        if actions is None:
            actions = self._actions[since] = [
                {"index": i, "seat": s, "by_bot": by_bot[i]}
                for i, (s, _) in enumerate(state.log.tail(state.version - since), start=since)
            ]
        return actions

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

    def _events_since(
        self, state: State, seat: int | None, since: int | None, standin: Container[int]
    ) -> list[dict[str, Any]]:
        """The seat's events since ``since`` as JSON. Where the first seat asked finds none of them
        private (each event's class sees itself whole from every seat: ``Event.seen_by``), every seat's
        list is the same, so it is made once (most actions: a card played, a bid)."""
        public = self._public.get(since)
        if public is not None:
            return public
        caused = state.caused_events(seat, since=since)
        said = [self._caused_dict(i, e, standin) for i, e in caused]
        if all(type(e).seen_by is _SEEN_WHOLE for _, e in caused):
            self._public[since] = said
        return said

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
_SEEN_WHOLE = Event.seen_by  # a public event's: every seat sees it as it is


def _changes(was: dict[str, Any], now: dict[str, Any], but: Collection[str]) -> dict[str, Any]:
    """The fields of ``now``, all but those named, that ``was`` lacks or holds otherwise."""
    return {
        k: v for k, v in now.items() if k not in but and (k not in was or (was[k] is not v and was[k] != v))
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
