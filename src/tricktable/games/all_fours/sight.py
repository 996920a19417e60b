"""What each seat of an All Fours table may see: the one place that decides it.

A seat sees its own hand, every exposed card, the turned-up cards and every card played (tricks, won
tricks: each was played face up in front of everyone). It never sees another seat's unexposed cards
or the stock. Cards dealt are private events (:class:`Dealt`: the receiving seat sees which, the others
how many); everything else an All Fours table does happens face up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tricktable.cards import Card
from tricktable.core.events import Dealt, Event, TurnedUp

if TYPE_CHECKING:
    from tricktable.games.all_fours.state import AllFoursState

__all__ = ["dealt_events", "hands_open", "hidden_cards"]


def dealt_events(
    cards: Sequence[Sequence[Card]], order: Sequence[int], turned: Card, dealer: int
) -> tuple[Event, ...]:
    """Cards dealt, then a card turned up: one private event per seat that received cards, in the
    order the seats were first served (``cards[seat]`` are the cards it received, sorted by code as
    hands are kept), and the turn-up, seen by all. A deal records this as a recipe (see ``Recorded``)."""
    seats = dict.fromkeys(order)
    dealt = tuple(Dealt(s, tuple(sorted(cards[s])), len(cards[s])) for s in seats)
    return (*dealt, TurnedUp(turned, dealer))


def hidden_cards(state: AllFoursState, seat: int | None) -> tuple[Card, ...]:
    """The stock and the other seats' unexposed cards."""
    out = list(state.deal.pack[state.deal.next_card :])
    for s in range(state.num_seats):
        if s != seat:
            out += [c for c in state.hands[s] if c not in state.calls.exposed[s]]
    return tuple(out)


def hands_open(state: AllFoursState) -> bool:
    """Every hand dealt in the game, each card as it came and went, is shown to everyone once the game
    is over (a finished game's replay shows all the hands), never before. The stock's undealt cards
    are no one's hand and stay unseen (they are in no event)."""
    return state.is_over
