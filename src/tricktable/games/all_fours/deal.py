"""The cut for the first dealer, the order the cards are dealt in, and the points for a turned-up card.

The deal starts with the player to the dealer's right, ``(dealer + 1) % n``, and goes round in the
project's direction; the stacked or shuffled pack is dealt from its first card.

>>> deal_order(4, 1, 6, in_threes=False)[:5]
(1, 2, 3, 0, 1)
>>> deal_order(4, 1, 6, in_threes=True)[:5]
(1, 1, 1, 2, 2)
"""

from __future__ import annotations

from functools import cache

from tricktable.cards import ALL_CARDS, Card
from tricktable.core.rng import shuffled

__all__ = ["FIRST_DEAL", "FULL_PACK", "RUN_DEAL", "Cut", "cut_for_dealer", "deal_order", "kick_points"]

FULL_PACK: tuple[Card, ...] = ALL_CARDS[:52]
FIRST_DEAL = 6
"""Cards each player gets in a deal."""
RUN_DEAL = 3
"""Cards each player gets when the dealer runs the pack."""

Cut = tuple[tuple[int, Card], ...]
"""One round of the cut: ``(seat, card cut)`` for each seat that cut."""

_ACE, _SIX, _JACK, _TWO = 12, 4, 9, 0  # rank indexes (code % 13)


@cache
def deal_order(num_seats: int, first: int, each: int, in_threes: bool) -> tuple[int, ...]:
    """The seat that receives each successive card when ``each`` cards go to every player."""
    seats = [(first + i) % num_seats for i in range(num_seats)]
    if in_threes:
        return tuple(seat for _ in range(each // 3) for seat in seats for _ in range(3))
    return tuple(seat for _ in range(each) for seat in seats)


def cut_for_dealer(seed: int, num_seats: int) -> tuple[int, tuple[Cut, ...]]:
    """The first dealer and the cut rounds: every seat cuts a card, the highest rank deals; players
    tied for the highest rank cut again among themselves (suits do not rank in All Fours)."""
    rounds: list[Cut] = []
    seats = list(range(num_seats))
    while True:
        cards = shuffled(FULL_PACK, seed, f"cut {len(rounds)}")
        cut = tuple(zip(seats, cards, strict=False))
        rounds.append(cut)
        best = max(c % 13 for _, c in cut)
        seats = [s for s, c in cut if c % 13 == best]
        if len(seats) == 1:
            return seats[0], tuple(rounds)


def kick_points(card: Card, tobago: bool) -> int:
    """Points the dealer's side scores for turning up ``card``: Ace 1, Six 2 (Two with Tobago), Jack 3."""
    rank = card % 13
    if rank == _ACE:
        return 1
    if rank == _JACK:
        return 3
    if rank == (_TWO if tobago else _SIX):
        return 2
    return 0
