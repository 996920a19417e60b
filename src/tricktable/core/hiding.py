"""What a seat that may not see a private event's cards sees of it: the event without them.

The rule of :meth:`tricktable.core.events.PrivateEvent.seen_by`, kept here, in a compiled module, so
that the readers of a game's events (which ask it of every private event, for every seat) run it
without calling a method of the events' Python classes.
"""

from __future__ import annotations

import dataclasses
from typing import Final, Protocol, TypeVar

from tricktable.cards import Card

__all__ = ["private_seen"]


class _Private(Protocol):
    @property
    def seat(self) -> int: ...

    @property
    def cards(self) -> tuple[Card, ...] | None: ...


_E = TypeVar("_E", bound=_Private)

_HIDDEN: Final[dict[int, tuple[_Private, _Private]]] = {}  # id(event) -> (event, its hidden copy)
_HIDDEN_MAX: Final = 1024


def private_seen(event: _E, viewer: int | None) -> _E:
    """``event`` as ``viewer`` (None: a spectator) sees it: whole by its own seat (and when it names no
    cards), else without its cards (``count`` still says how many)."""
    if viewer == event.seat or event.cards is None:
        return event
    return _hidden(event)


def _hidden(event: _E) -> _E:
    """The event with its cards taken out, made once per event for all who may not see them: a deal's
    hands are read by the spectator and by every seat, and the copy, a dataclass built by Python code,
    costs about ten times this lookup. Keyed by identity (hashing the cards would cost as much as the
    copy); the entry holds the event, so its id is not reused while it is there. Readers ask for a
    copy right after the event is made (each seat's view of an action), so a short memory serves."""
    known = _HIDDEN.get(id(event))
    if known is not None and known[0] is event:
        hidden: _E = known[1]  # type: ignore[assignment]  # the copy of an _E is an _E
        return hidden
    if len(_HIDDEN) >= _HIDDEN_MAX:
        _HIDDEN.clear()
    hidden = dataclasses.replace(event, cards=None)  # type: ignore[type-var]  # events are dataclasses
    _HIDDEN[id(event)] = (event, hidden)
    return hidden
