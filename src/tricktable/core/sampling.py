"""What every game's sampler (``Game.sample``) shares.

A sampler rebuilds a world from one seat's events: the earlier deals as the seat saw them (their log
entries, with the events the seat was shown), and the current deal dealt again, its unseen cards
placed at random where they could be. Two pieces are the same in every game and live here:

- :func:`rebuild_log`: the action log of the earlier deals, from the seat's events;
- :func:`deal_slots`: the unseen cards dealt at random into places ("slots": a hand, the stock, the
  kitty) of known sizes, each card kept out of the slots it cannot be in (a suit a seat has shown it
  lacks). Every card finds a place whenever any placement exists: a card that meets only full slots
  moves another card on, as in bipartite matching.

The game then replays the deal's actions on the dealt world through the checked ``apply`` and keeps
the world only if the seat's events come out the same; so a world it returns is always one the rules
allow, even where a constraint is subtler than a shown void.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Hashable, Sequence
from typing import TYPE_CHECKING, TypeVar, cast

from tricktable.cards import Card
from tricktable.core.actions import Action
from tricktable.core.errors import TricktableError
from tricktable.core.events import DealStarted, Event
from tricktable.core.history import Log

if TYPE_CHECKING:
    from tricktable.core.state import State

__all__ = [
    "ATTEMPTS",
    "EntryOf",
    "SampleError",
    "current_deal",
    "deal_slots",
    "first_world",
    "rebuild_log",
    "remembered",
    "replay_deal",
]

T = TypeVar("T")
S = TypeVar("S", bound="State")

ATTEMPTS = 300
"""Worlds a sampler tries before it gives up (each is checked by replaying the deal)."""

EntryOf = Callable[[Sequence[Event], int], "tuple[int, Action, bool] | None"]
"""For ``events[i]``: ``(seat, action, own)`` if it records an action (``own``: it is the action's
own event, made on demand from the log entry, rather than one stored after it), else None. The other
events are there for an action the event shows only in part (a burial the seat saw later)."""


class SampleError(TricktableError, ValueError):
    """The events given to a sampler are not a seat's events of a game (or contradict each other)."""


def current_deal(events: Sequence[Event], seat: int, num_seats: int) -> tuple[int, DealStarted]:
    """Where the deal in progress starts in a seat's events, and its :class:`DealStarted`."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < num_seats:
        raise SampleError(f"seat must be a number from 0 to {num_seats - 1}, not {seat!r}")
    for k in range(len(events) - 1, -1, -1):
        begun = events[k]
        if isinstance(begun, DealStarted):
            return k, begun
    raise SampleError("the events hold no deal: give every event the seat has seen since the start")


def first_world(attempt: Callable[[], S | None]) -> S:
    """The first world ``attempt()`` deals that agrees with the events (it returns None when not)."""
    for _ in range(ATTEMPTS):
        world = attempt()
        if world is not None:
            return world
    raise SampleError(f"no world agrees with these events after {ATTEMPTS} tries")


def replay_deal(
    start: S,
    events: Sequence[Event],
    k: int,
    entry_of: EntryOf,
    seat: int,
    check: Callable[[Event, S, S], bool] | None = None,
) -> S | None:
    """The actions of ``events[k:]`` (the deal in progress) replayed on a world dealt from ``start``
    through the checked ``apply``; None if one is illegal there, or the world shows ``seat`` other
    events. A game that knows which outcomes a legal action can change with the hidden cards may give
    ``check(event, before, after)`` instead of comparing the events."""
    state = start
    try:
        for i in range(k, len(events)):
            entry = entry_of(events, i)
            if entry is None:
                continue
            who, action, _ = entry
            before = state
            # The seat to move takes the state's fast path (a Tractor draw needs no checking).
            state = state.apply(action, None if who == state.to_move else who)
            if check is not None and not check(events[i], before, state):
                return None
    except TricktableError:
        return None
    if check is None:
        shown = state.events(seat, since=start.version - 1 if start.version else None)
        if tuple(events[len(events) - len(shown) :]) != shown:
            return None
    return state


def rebuild_log(events: Sequence[Event], upto: int, entry_of: EntryOf) -> Log:
    """The log whose entries are the actions ``events[:upto]`` record, each node holding the events
    shown after its action (the root: those before the first action)."""
    return remembered(events, ("log", upto, entry_of), lambda: _rebuild(events[:upto], entry_of))


def remembered(events: Sequence[Event], key: Hashable, build: Callable[[], T]) -> T:
    """``build()``, remembered for the same events and key. A search samples many worlds from one
    seat's events: what is read from them (the past's log, what the seat knows of the deal) is worked
    out once. The events are known by identity (the same sequence object, unchanged in length)."""
    for seen, length, known, value in _memo:
        if seen is events and length == len(events) and known == key:
            return cast(T, value)
    value = build()
    _memo.append((events, len(events), key, value))
    del _memo[:-_MEMO_SIZE]
    return value


_MEMO_SIZE = 8
_memo: list[tuple[Sequence[Event], int, Hashable, object]] = []


def _rebuild(events: Sequence[Event], entry_of: EntryOf) -> Log:
    log = Log.start(())
    pending: list[Event] = []
    for i, event in enumerate(events):
        entry = entry_of(events, i)
        if entry is None:
            pending.append(event)
            continue
        log = log.with_events(*pending)
        pending = []
        seat, action, own = entry
        log = log.push(seat, action)
        if not own:
            pending.append(event)
    return log.with_events(*pending)


def deal_slots(
    pool: Sequence[Card],
    sizes: Sequence[int],
    excluded: Sequence[Collection[Card]],
    rng: random.Random,
    single: Sequence[Collection[Card]] = (),
) -> list[list[Card]]:
    """Deal every card of ``pool`` into slots of the given ``sizes`` (which add up to its length), no
    card into a slot whose ``excluded`` holds it, and at most one copy of a card into a slot whose
    ``single`` holds it (a two-pack game: a seat shown to hold no pair of it). Raises
    :class:`SampleError` if no placement exists."""
    if sum(sizes) != len(pool):
        raise SampleError(f"{len(pool)} unseen cards for {sum(sizes)} places")
    cards = list(pool)
    rng.shuffle(cards)
    allowed = [[i for i in range(len(sizes)) if c not in excluded[i]] for c in cards]
    # The most constrained cards first: they find room before the open slots fill up.
    order = sorted(range(len(cards)), key=lambda k: len(allowed[k]))
    slots: list[list[int]] = [[] for _ in sizes]
    if any(single):
        held: list[set[Card]] = [set() for _ in sizes]

        def fits(k: int, i: int) -> bool:
            return not (cards[k] in held[i] and cards[k] in single[i])

        for k in order:
            options = [i for i in allowed[k] if len(slots[i]) < sizes[i] and fits(k, i)]
            if not options:
                raise SampleError("the unseen cards cannot be placed consistently with what was shown")
            room = [sizes[i] - len(slots[i]) for i in options]
            chosen = rng.choices(options, room)[0]
            slots[chosen].append(k)
            held[chosen].add(cards[k])
        return [[cards[k] for k in slot] for slot in slots]
    for k in order:
        options = [i for i in allowed[k] if len(slots[i]) < sizes[i]]
        if options:
            # Weighted by room left, so a card lands in a slot in proportion to its free places.
            room = [sizes[i] - len(slots[i]) for i in options]
            slots[rng.choices(options, room)[0]].append(k)
        elif not _augment(k, allowed, slots, sizes, set()):
            raise SampleError("the unseen cards cannot be placed consistently with what was shown")
    return [[cards[k] for k in slot] for slot in slots]


def _augment(
    k: int, allowed: list[list[int]], slots: list[list[int]], sizes: Sequence[int], seen: set[int]
) -> bool:
    """Place card ``k`` by moving a placed card on to another slot it may take (recursively)."""
    for i in allowed[k]:
        if i in seen:
            continue
        seen.add(i)
        if len(slots[i]) < sizes[i]:
            slots[i].append(k)
            return True
        for j, other in enumerate(slots[i]):
            if _augment(other, allowed, slots, sizes, seen):
                slots[i][j] = k
                return True
    return False
