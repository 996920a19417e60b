"""What each seat of a Back Alley table may see: the one place that decides it.

A seat sees its own hand, the turn-up, the joker discarded after a joker turn-up (and who discarded
it), every bid and every card played. It never sees another hand, the card drawn to replace the
discarded joker (unless it drew it), or the stock. The cards dealt and drawn are private events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tricktable.cards import Card
from tricktable.core.events import DealStarted, Dealt, Discarded, Event, TrumpSet, TurnedUp

from .deal import SEATS, Deal
from .ranking import NO_TRUMP

if TYPE_CHECKING:
    from .state import BackAlleyState

__all__ = ["deal_events", "hands_open", "hidden_cards"]


def deal_events(
    deck: Sequence[Card], dealt: Deal, deal_number: int, scores: tuple[int, ...]
) -> tuple[Event, ...]:
    """The events of a deal as they happen at the table: the hands (private), the turn-up, and after
    a joker turn-up the other joker laid face up and its replacement drawn (private)."""
    cut = SEATS * dealt.size
    order = [(dealt.dealer + 1 + i) % SEATS for i in range(SEATS)]
    events: list[Event] = [DealStarted(deal_number, dealt.dealer, scores)]
    for seat in order:
        hand = tuple(sorted(deck[(seat - dealt.dealer - 1) % SEATS : cut : SEATS]))
        events.append(Dealt(seat, hand, len(hand)))
    events.append(TurnedUp(dealt.turn_up[0], dealt.dealer))
    if dealt.discarded_by is not None:
        events.append(Discarded(dealt.discarded_by, dealt.discard))
        events.append(Dealt(dealt.discarded_by, (deck[cut + 1],), 1))
    events.append(TrumpSet(None if dealt.trump == NO_TRUMP else "SHDC"[dealt.trump]))
    return tuple(events)


def hidden_cards(state: BackAlleyState, seat: int | None) -> tuple[Card, ...]:
    """The other seats' hands and the stock."""
    hidden = [c for s in range(SEATS) if s != seat for c in state.hands[s]]
    return (*hidden, *state.deal.stock)


def hands_open(state: BackAlleyState) -> bool:
    """Every hand dealt in the game (the replacement for a discarded joker too) is shown to everyone
    once the game is over (a finished game's replay shows all the hands), never before. The undealt
    stock is no one's hand and stays unseen (it is in no event)."""
    return state.is_over
