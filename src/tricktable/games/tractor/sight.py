"""What each seat of a Tractor table may see: the one place that decides it.

A seat sees its own hand and everything shown on the table: declared cards, kitty cards turned up to
fix the suit, every play (a failed throw's withdrawn cards too), the tricks. Cards drawn are private
to the drawer; the kitty is private to the starter from the moment it is taken — the cards it picked
up, then the cards it buried — until the round is scored and the kitty is turned up for everyone.
Views, ``hidden_cards`` and the private events (:class:`Dealt`, :class:`KittyTaken`,
:class:`KittyBuried`) all follow these rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tricktable.cards import Card

if TYPE_CHECKING:
    from tricktable.games.tractor.state import TractorState

__all__ = ["hidden_cards", "public_cards", "sees_kitty", "sees_kitty_taken"]


def sees_kitty(state: TractorState, seat: int | None) -> bool:
    """The buried kitty: the starter once it has buried, everyone once the game is over (a finished
    round's kitty is in its score sheet, ``last_round``)."""
    return state.stage == "over" or (state.stage == "play" and seat == state.starter)


def sees_kitty_taken(state: TractorState, seat: int | None) -> bool:
    """The 8 cards the starter picked up: the starter, from then until the round ends."""
    return seat == state.starter and state.stage in ("kitty", "play")


def public_cards(state: TractorState) -> dict[int, Counter[Card]]:
    """Cards known to everyone though still in a hand: declared cards (in the declarer's hand),
    withdrawn cards of failed throws (back in the thrower's hand), the turned-up kitty cards (in the
    starter's hand or the buried kitty; counted against the starter's hand)."""
    known: dict[int, Counter[Card]] = {s: Counter() for s in range(4)}
    if state.declaration is not None:
        known[state.declaration.seat].update(state.declaration.cards)
    for f in state.failed_throws:
        withdrawn = Counter(f.attempted)
        withdrawn.subtract(f.forced)
        known[f.seat].update(withdrawn.elements())
    if state.revealed:
        known[state.starter].update(state.revealed)
    return known


def hidden_cards(state: TractorState, seat: int | None) -> Sequence[Card]:
    """Every card ``seat`` may not see now: other hands but their public cards, the stock, and the
    kitty unless the seat sees it (cards seen in the starter's possession and neither held nor played
    since were buried: those are known too)."""
    known = public_cards(state)
    hidden: Counter[Card] = Counter()
    for s in range(4):
        if s != seat:
            hidden.update(Counter(state.hands[s]) - known[s])
    locations = state.card_locations()
    hidden.update(locations["stock"])
    kitty = Counter(locations["kitty"])
    if not sees_kitty(state, seat):
        seen = Counter(state.revealed)
        if state.declaration is not None and state.declaration.seat == state.starter:
            seen.update(state.declaration.cards)
        if seen:
            played = Counter(locations["won 0"]) + Counter(locations["won 1"]) + Counter(locations["trick"])
            kitty -= seen - Counter(state.hands[state.starter]) - played
        hidden.update(kitty)
    return tuple(sorted(hidden.elements()))
