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
from typing import TypeVar, cast

from tricktable.cards import Card
from tricktable.core.actions import Action
from tricktable.core.errors import TricktableError
from tricktable.core.events import Event
from tricktable.core.history import Log

__all__ = ["EntryOf", "SampleError", "deal_slots", "rebuild_log", "remembered"]

T = TypeVar("T")

EntryOf = Callable[[Sequence[Event], int], "tuple[int, Action, bool] | None"]
"""For ``events[i]``: ``(seat, action, own)`` if it records an action (``own``: it is the action's
own event, made on demand from the log entry, rather than one stored after it), else None. The other
events are there for an action the event shows only in part (a burial the seat saw later)."""


class SampleError(TricktableError, ValueError):
    """The events given to a sampler are not a seat's events of a game (or contradict each other)."""


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
