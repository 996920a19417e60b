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
    "Visit",
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

Visit = Callable[["tuple[State, int, Action]"], None]
"""Told of each action of the deal in progress in a world that agrees with the events: the state
before it, its seat and the action (a search weighs the world by how likely the actions were)."""

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
    visit: Visit | None = None,
) -> S | None:
    """The actions of ``events[k:]`` (the deal in progress) replayed on a world dealt from ``start``
    through the checked ``apply``; None if one is illegal there, or the world shows ``seat`` other
    events. A game that knows which outcomes a legal action can change with the hidden cards may give
    ``check(event, before, after)`` instead of comparing the events. ``visit`` is told of each
    action replayed (the state before it, its seat, the action), once the world agrees."""
    state = start
    steps: list[tuple[S, int, Action]] = []
    try:
        for i in range(k, len(events)):
            entry = entry_of(events, i)
            if entry is None:
                continue
            who, action, _ = entry
            before = state
            # The seat to move takes the state's fast path (a Tractor draw needs no checking).
            state = state.apply(action, None if who == state.to_move else who)
            if visit is not None:
                steps.append((before, who, action))
            if check is not None and not check(events[i], before, state):
                return None
    except TricktableError:
        return None
    if check is None:
        shown = state.events(seat, since=start.version - 1 if start.version else None)
        if tuple(events[len(events) - len(shown) :]) != shown:
            return None
    if visit is not None:
        for step in steps:
            visit(step)
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
    placing = _Placing(list(pool), sizes, excluded, single or [()] * len(sizes), rng)
    return placing.deal()


class _Placing:
    """One dealing of :func:`deal_slots`: the most constrained cards first, each into a random open
    slot in proportion to its room; a card that meets only full (or, for a single card, taken) slots
    moves a placed card on to another slot it may take, recursively, as in bipartite matching."""

    def __init__(
        self,
        cards: list[Card],
        sizes: Sequence[int],
        excluded: Sequence[Collection[Card]],
        single: Sequence[Collection[Card]],
        rng: random.Random,
    ) -> None:
        rng.shuffle(cards)
        self.cards, self.sizes, self.single, self.rng = cards, sizes, single, rng
        self.allowed = [[i for i in range(len(sizes)) if c not in excluded[i]] for c in cards]
        self.slots: list[list[int]] = [[] for _ in sizes]
        self.counts: list[dict[Card, int]] = [{} for _ in sizes]

    def deal(self) -> list[list[Card]]:
        for k in sorted(range(len(self.cards)), key=lambda k: len(self.allowed[k])):
            open_slots = [
                i for i in self.allowed[k] if len(self.slots[i]) < self.sizes[i] and self._fits(k, i)
            ]
            if open_slots:
                room = [self.sizes[i] - len(self.slots[i]) for i in open_slots]
                self._put(k, self.rng.choices(open_slots, room)[0])
            elif not self._augment(k, set()):
                raise SampleError("the unseen cards cannot be placed consistently with what was shown")
        return [[self.cards[k] for k in slot] for slot in self.slots]

    def _fits(self, k: int, i: int, leaving: int | None = None) -> bool:
        """Whether card ``k`` may join slot ``i`` (once card ``leaving`` has left it)."""
        card = self.cards[k]
        if card not in self.single[i]:
            return True
        held = self.counts[i].get(card, 0) - (leaving is not None and self.cards[leaving] == card)
        return held == 0

    def _put(self, k: int, i: int) -> None:
        self.slots[i].append(k)
        self.counts[i][self.cards[k]] = self.counts[i].get(self.cards[k], 0) + 1

    def _augment(self, k: int, seen: set[int]) -> bool:
        for i in self.allowed[k]:
            if i in seen:
                continue
            seen.add(i)
            if len(self.slots[i]) < self.sizes[i] and self._fits(k, i):
                self._put(k, i)
                return True
            for j, other in enumerate(self.slots[i]):
                if self._fits(k, i, leaving=other) and self._augment(other, seen):
                    # ``other`` now sits elsewhere: ``k`` takes its place here.
                    self.slots[i][j] = k
                    counts = self.counts[i]
                    counts[self.cards[other]] -= 1
                    counts[self.cards[k]] = counts.get(self.cards[k], 0) + 1
                    return True
        return False
