"""What each seat of a Tractor table may see: the one place that decides it.

A seat sees its own hand and everything shown on the table: declared cards, kitty cards turned up to
fix the suit, every play (a failed throw's withdrawn cards too), the tricks. A card shown stays known
to be in its holder's hand until the holder plays it, or (the starter) buries it: :func:`shown_cards`,
an overturned declaration's cards included. Cards drawn are private to the drawer; the kitty is
private to the starter from the moment it is taken — the cards it picked up, then the cards it
buried — until the round is scored and the kitty is turned up for everyone. Views, ``hidden_cards``,
the private events (:class:`Dealt`, :class:`KittyTaken`, :class:`KittyBuried`) and the sampler's
worlds all follow these rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tricktable.cards import Card
from tricktable.compiled import python_class
from tricktable.core.events import DealStarted, Declared, Event, KittyBuried, KittyTaken, Played, TurnedUp

if TYPE_CHECKING:
    from tricktable.games.tractor.state import TractorState

__all__ = [
    "Shown",
    "deal_events",
    "hands_open",
    "hidden_cards",
    "public_cards",
    "sees_kitty",
    "sees_kitty_taken",
    "shown_cards",
]


def sees_kitty(state: TractorState, seat: int | None) -> bool:
    """The buried kitty: the starter once it has buried, everyone once the game is over (a finished
    round's kitty is in its score sheet, ``last_round``)."""
    return state.stage == "over" or (state.stage == "play" and seat == state.round.starter)


def sees_kitty_taken(state: TractorState, seat: int | None) -> bool:
    """The 8 cards the starter picked up: the starter, from then until the round ends."""
    return seat == state.round.starter and state.stage in ("kitty", "play")


@python_class
@dataclass(frozen=True, slots=True)
class Shown:
    """What every seat knows of the hands in the deal in progress from the cards shown face up: a
    declared card (an overturned declaration's too), a failed throw's cards, the kitty cards turned
    up (the starter picked them up). A card shown stays where it was until its holder plays it; the
    starter's may also go into the kitty it buries, which the others do not see."""

    held: tuple[Counter[Card], ...]
    """Per seat: the cards it is known to hold now."""
    burier: int | None
    """The starter, once it has buried the kitty."""
    held_or_buried: Counter[Card]
    """The burier's shown cards, beyond ``held[burier]``, that are in its hand or in the kitty."""

    def known(self, seat: int) -> Counter[Card]:
        """The cards known to be in ``seat``'s possession: its hand (the burier's: or its kitty)."""
        if seat == self.burier:
            return self.held[seat] + self.held_or_buried
        return self.held[seat]


def shown_cards(events: Sequence[Event]) -> Shown:
    """:class:`Shown` from the events of the deal in progress as any seat saw them (only what every
    seat saw is read). A seat that showed cards S at some moment holds now at least S less what it
    has played since; the largest such bound per card is what is known (it is exact: a hand holding
    just that now, plus what it played, agrees with every card shown)."""
    held: list[Counter[Card]] = [Counter() for _ in range(4)]
    either: Counter[Card] = Counter()
    burier: int | None = None
    turned: Counter[Card] = Counter()
    for e in events:
        if isinstance(e, Played):
            s = e.seat
            if e.attempted is not None:
                held[s] |= Counter(e.attempted)
            _forget(held[s], e.cards)
            if s == burier:
                _forget(either, e.cards)
        elif isinstance(e, Declared):
            held[e.seat] |= Counter(e.cards)
        elif isinstance(e, TurnedUp):
            turned[e.card] += 1
        elif isinstance(e, KittyTaken):
            held[e.seat] |= turned
        elif isinstance(e, KittyBuried):
            burier = e.seat
            either, held[burier] = held[burier], Counter()
    if burier is not None:
        either -= held[burier]
    return Shown(tuple(held), burier, either)


def _forget(known: Counter[Card], played: Sequence[Card]) -> None:
    """``known -= Counter(played)`` in place, without building a counter for every play."""
    if known:
        for c in played:
            n = known.get(c, 0)
            if n > 1:
                known[c] = n - 1
            elif n:
                del known[c]


def deal_events(state: TractorState) -> tuple[Event, ...]:
    """The state's events of the deal in progress (from its :class:`DealStarted` on), read back from
    the log only as far as the deal goes."""
    log = state.log
    span = _DEAL_SPAN
    while True:
        since = max(0, len(log) - span)
        events = state.events(None, since=since or None)
        for i in range(len(events) - 1, -1, -1):
            if isinstance(events[i], DealStarted):
                return events[i:]
        if not since:
            raise AssertionError("a Tractor game's log starts with a deal")
        span *= 4


_DEAL_SPAN = 256
"""Actions read back first to find the deal's start: a deal rarely takes more (100 draws, 100 plays)."""


def public_cards(state: TractorState) -> dict[int, Counter[Card]]:
    """Cards known to everyone though still in a seat's possession (:class:`Shown`): in its hand, or
    for the starter once it has buried, in its hand or the kitty."""
    shown = shown_cards(deal_events(state))
    return {s: shown.known(s) for s in range(4)}


def hidden_cards(state: TractorState, seat: int | None) -> Sequence[Card]:
    """Every card ``seat`` may not see now: the other hands but their shown cards (:class:`Shown`),
    the stock, and the kitty unless the seat sees it (then the starter's shown cards not in its hand
    are known to be there)."""
    shown = shown_cards(deal_events(state))
    locations = state.card_locations()
    hidden: Counter[Card] = Counter(locations["stock"])
    kitty_hidden = not sees_kitty(state, seat)
    for s in range(4):
        if s == seat:
            continue
        cards = Counter(state.hands[s])
        if s == shown.burier and kitty_hidden:
            cards.update(locations["kitty"])
        hidden += cards - shown.known(s)
    if kitty_hidden and shown.burier is None:
        hidden.update(locations["kitty"])
    return tuple(sorted(hidden.elements()))


def hands_open(state: TractorState) -> bool:
    """Every hand of the game — each card drawn, the kitty the starter picked up and the cards it
    buried — is shown to everyone once the game is over (a finished game's replay shows all the
    hands), never before. (A round's buried kitty is turned up at its end already: ``sees_kitty``.)"""
    return state.stage == "over"
