"""A generic trick helper for games where each seat plays one card."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tricktable.cards import Card

__all__ = ["Play", "next_seat", "single_card_winner"]

Play = tuple[int, tuple[Card, ...]]
"""One seat's play to a trick: ``(seat, cards)``."""


def next_seat(seat: int, seats: int) -> int:
    """The next player: ``(seat + 1) % seats`` (the project's fixed direction)."""
    return (seat + 1) % seats


def single_card_winner(cards: Sequence[Card], power: Callable[[Card, Card], int]) -> int:
    """Index of the winning card. ``power(card, led)`` ranks a card given the led card (a card that
    can't win scores below every card that can); on equal power the first played wins.

    >>> from tricktable.cards import parse_cards
    >>> rank = lambda c, led: c % 13 if c // 13 == led // 13 else -1
    >>> single_card_winner(parse_cards("7H AS 9H 2H"), rank)
    2
    """
    led = cards[0]
    best, best_power = 0, power(led, led)
    for i in range(1, len(cards)):
        p = power(cards[i], led)
        if p > best_power:
            best, best_power = i, p
    return best
