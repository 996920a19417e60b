"""The hands of a finished game, for its replay: once a game's ``sight`` opens them
(:meth:`State.open_events <tricktable.core.state.State.open_events>`: in every game, once the game is
over), each seat's hand can be shown at every step, as the cards came to it and left it.

:func:`hand_changes` reads the events with every card in them and says, for each event that moved
cards into or out of a hand, which: a replay shows each seat's hand at event ``i`` by applying the
changes up to ``i``, in order (a page does this with no rule of any game). Cards come into a hand when
dealt or drawn (:class:`Dealt`) and when the kitty is picked up (:class:`KittyTaken`); they leave it
when played (a failed throw: only the cards it was forced to play), buried (:class:`KittyBuried`) or
laid aside (:class:`Discarded`). A new deal (:class:`DealStarted`) starts every hand empty.

>>> from tricktable.cards import parse_cards
>>> from tricktable.core.events import Played
>>> events = (DealStarted(1, 0, (0, 0)), Dealt(0, parse_cards("7H AS"), 2), Played(0, parse_cards("AS")))
>>> [c.to_json() for c in hand_changes(events, 2)]
[[1, 0, ['7H', 'AS'], []], [2, 0, [], ['AS']]]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tricktable.cards import Card
from tricktable.compiled import python_class
from tricktable.core.events import DealStarted, Dealt, Discarded, Event, KittyBuried, KittyTaken, Played

__all__ = ["HandChange", "hand_changes", "hands_at"]


@python_class
@dataclass(frozen=True, slots=True)
class HandChange:
    """After event ``index``, ``seat``'s hand gained ``gained`` and lost ``lost``."""

    index: int
    seat: int
    gained: tuple[Card, ...]
    lost: tuple[Card, ...]

    def to_json(self) -> list[Any]:
        """``[index, seat, gained, lost]``, cards in notation: compact, as a game has thousands."""
        return [self.index, self.seat, [str(c) for c in self.gained], [str(c) for c in self.lost]]


def hand_changes(events: Sequence[Event], num_seats: int) -> tuple[HandChange, ...]:
    """Every change to a hand in ``events`` (each with all its cards: a seat's view of a private
    event has none, and this refuses it)."""
    held: list[Counter[Card]] = [Counter() for _ in range(num_seats)]
    out: list[HandChange] = []

    def move(index: int, seat: int, gained: tuple[Card, ...], lost: tuple[Card, ...]) -> None:
        held[seat].update(gained)
        held[seat].subtract(lost)
        if min(held[seat].values(), default=0) < 0:
            raise ValueError(f"event {index}: seat {seat} gives up cards it does not hold")
        out.append(HandChange(index, seat, gained, lost))

    for index, e in enumerate(events):
        if isinstance(e, DealStarted):
            for seat in range(num_seats):
                cards = tuple(sorted(held[seat].elements()))
                if cards:
                    move(index, seat, (), cards)
        elif isinstance(e, Dealt | KittyTaken):
            move(index, e.seat, _whole(e.cards, index), ())
        elif isinstance(e, KittyBuried):
            move(index, e.seat, (), _whole(e.cards, index))
        elif isinstance(e, Played | Discarded):
            move(index, e.seat, (), e.cards)
    return tuple(out)


def hands_at(changes: Sequence[HandChange], index: int, num_seats: int) -> tuple[tuple[Card, ...], ...]:
    """Each seat's hand just after event ``index`` (sorted by card), from :func:`hand_changes`."""
    held: list[Counter[Card]] = [Counter() for _ in range(num_seats)]
    for change in changes:
        if change.index > index:
            break
        held[change.seat].update(change.gained)
        held[change.seat].subtract(change.lost)
    return tuple(tuple(sorted(h.elements())) for h in held)


def _whole(cards: tuple[Card, ...] | None, index: int) -> tuple[Card, ...]:
    if cards is None:
        raise ValueError(f"event {index} hides its cards: the hands are read from the events seen whole")
    return cards
