"""The action log of a game: an immutable linked list, so ``apply`` adds an action in O(1) and every
older state keeps its own log unchanged.

Each node also carries the events that followed its action (a trick won, a deal, a score), with all
their cards; the action's own event is made from ``(seat, action)`` only when someone asks
(:meth:`State.events`), so a play costs no allocation beyond its node. A node builds its events once,
on the first reading, and keeps them (every seat's reader reads the same node). The root node
carries the events that happened before the first action (the first deal).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TypeAlias

from tricktable.core.actions import Action

if TYPE_CHECKING:
    from tricktable.core.events import Event

__all__ = ["EMPTY_LOG", "Log", "Recorded"]

Recorded: TypeAlias = "Event | tuple[Any, ...]"
"""An event as a log node keeps it: the event, or a recipe ``(make, *args)`` that builds it (or a
tuple of events) when it is read. The hot paths (a trick won, a deal) record recipes: a tuple costs a
fraction of the frozen dataclasses, and most states' events are never read."""


class Log:
    """``(seat, action)`` entries in the order they were applied, each with the events it caused."""

    __slots__ = ("_action", "_events", "_len", "_made", "_parent", "_seat")
    _len: int
    _made: tuple[Event, ...] | None

    def __init__(
        self, parent: Log | None, seat: int, action: Action | None, events: tuple[Recorded, ...] = ()
    ) -> None:
        self._parent = parent
        self._seat = seat
        self._action = action
        self._events = events
        self._len = 0 if parent is None else parent._len + 1
        self._made = None

    @staticmethod
    def start(events: tuple[Recorded, ...]) -> Log:
        """An empty log whose root holds the events before the first action."""
        return Log(None, -1, None, events)

    def push(self, seat: int, action: Action, events: tuple[Recorded, ...] = ()) -> Log:
        return Log(self, seat, action, events)

    def with_events(self, *events: Recorded) -> Log:
        """This log with ``events`` added after the last entry's (the log itself is unchanged)."""
        if not events:
            return self
        return Log(self._parent, self._seat, self._action, self._events + events)

    def __len__(self) -> int:
        return self._len

    def nodes(self, since: int = 0) -> list[Log]:
        """The nodes of entries ``since`` on (the ``since``-th action's node; 0: the root too), oldest
        first."""
        out: list[Log] = []
        node: Log | None = self
        while node is not None and node._len >= since:
            out.append(node)
            node = node._parent
        out.reverse()
        return out

    @property
    def entry(self) -> tuple[int, Action] | None:
        return None if self._action is None else (self._seat, self._action)

    @property
    def events(self) -> tuple[Event, ...]:
        """The events recorded after this node's action (built once, on first reading: a node never
        changes, and every seat reading the game reads them)."""
        done = self._made
        if done is not None:
            return done
        out: list[Event] = []
        for e in self._events:
            if isinstance(e, tuple):
                made = e[0](*e[1:])
                out += made if isinstance(made, tuple) else (made,)
            else:
                out.append(e)
        # The recipes go once built: fewer objects left alive for the collector to walk in every game.
        self._made = self._events = done = tuple(out)
        return done

    def entries(self) -> tuple[tuple[int, Action], ...]:
        out: list[tuple[int, Action]] = []
        node: Log | None = self
        while node is not None and node._action is not None:
            out.append((node._seat, node._action))
            node = node._parent
        out.reverse()
        return tuple(out)

    def tail(self, count: int) -> tuple[tuple[int, Action], ...]:
        """The last ``count`` entries, in order, read back from this node only as far as they go
        (a server sends each client the actions since its version, late in a long game too)."""
        out: list[tuple[int, Action]] = []
        node: Log | None = self
        while len(out) < count and node is not None and node._action is not None:
            out.append((node._seat, node._action))
            node = node._parent
        out.reverse()
        return tuple(out)

    def __iter__(self) -> Iterator[tuple[int, Action]]:
        return iter(self.entries())

    def last(self) -> tuple[int, Action] | None:
        return self.entry

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Log) or other._len != self._len:
            return NotImplemented if not isinstance(other, Log) else False
        return self.entries() == other.entries()

    def __hash__(self) -> int:
        return hash(self.entries())

    def __repr__(self) -> str:
        return f"Log({len(self)} actions)"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as its root's events and its entries with theirs, oldest first: rebuilt
        by a loop, where the default protocol would nest a call per node (a long game's log is
        thousands of nodes deep) and a compiled node has no ``__dict__`` to fill."""
        nodes = self.nodes()
        entries = tuple((n._seat, n._action, n._events) for n in nodes[1:])
        return (_rebuilt, (nodes[0]._events, entries))


def _rebuilt(
    root: tuple[Recorded, ...], entries: tuple[tuple[int, Action, tuple[Recorded, ...]], ...]
) -> Log:
    log = Log.start(root)
    for seat, action, events in entries:
        log = log.push(seat, action, events)
    return log


EMPTY_LOG = Log(None, -1, None)
