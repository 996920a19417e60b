"""The deal: hand sizes, dealing a deck, the trump turn-up and the joker swap.

A deck is dealt one card at a time, clockwise from the seat left of the dealer: ``deck[i]`` goes to seat
``(dealer + 1 + i) % 4`` for the first ``4 * size`` cards. The rest is the stock; its top card
(``deck[4 * size]``) is turned up for trump. :func:`stacked_deck` builds a deck that deals given hands.

>>> hand_sizes(25)[:3], hand_sizes(25)[11:14], len(hand_sizes(26))
((13, 12, 11), (2, 1, 2), 26)
>>> from tricktable.cards import format_cards, parse_cards
>>> hands = [parse_cards(h) for h in ("AS", "KS", "QS", "LJ")]
>>> d = deal(stacked_deck(hands, parse_cards("BJ 2C"), dealer=3), dealer=3, size=1)
>>> [format_cards(h) for h in d.hands], d.trump, format_cards(d.discard), d.discarded_by
(['AS', 'KS', 'QS', '2C'], 4, 'LJ', 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from tricktable.cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER, Card
from tricktable.core.copies import copyable
from tricktable.core.errors import ConfigError
from tricktable.core.rng import rng_for

from .ranking import NO_TRUMP

__all__ = ["SEATS", "Deal", "deal", "first_dealer", "hand_sizes", "stacked_deck"]

SEATS: Final = 4
MAX_HAND: Final = 13


@cache
def hand_sizes(deals: int) -> tuple[int, ...]:
    """13, 12, ..., 1, ..., 13; with 26 deals the 1-card hand is played twice."""
    down = tuple(range(MAX_HAND, 0, -1))
    up = tuple(range(1 if deals == 26 else 2, MAX_HAND + 1))
    return down + up


def first_dealer(seed: int) -> int:
    return rng_for(seed, "first dealer").randrange(SEATS)


@dataclass(frozen=True, init=False)
class Deal:
    """The cards of one deal once trump is settled. ``trump`` is a suit index or NO_TRUMP."""

    dealer: int
    size: int
    hands: tuple[tuple[Card, ...], ...]
    trump: int
    turn_up: tuple[Card, ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    discarded_by: int | None

    def __init__(
        self,
        dealer: int,
        size: int,
        hands: tuple[tuple[Card, ...], ...],
        trump: int,
        turn_up: tuple[Card, ...],
        stock: tuple[Card, ...],
        discard: tuple[Card, ...],
        discarded_by: int | None,
    ) -> None:
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "trump", trump)
        object.__setattr__(self, "turn_up", turn_up)
        object.__setattr__(self, "stock", stock)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "discarded_by", discarded_by)


def deal(deck: Sequence[Card], dealer: int, size: int) -> Deal:
    """Deal ``size`` cards to each seat, turn up trump and, if that is a joker, make the holder of the
    other joker discard it and draw the next stock card."""
    cut = SEATS * size
    hands = [sorted(deck[(seat - dealer - 1) % SEATS : cut : SEATS]) for seat in range(SEATS)]
    turned = deck[cut]
    stock = tuple(deck[cut + 1 :])
    trump = NO_TRUMP if turned >= LITTLE_JOKER else turned // 13
    discard: tuple[Card, ...] = ()
    discarded_by = None
    if trump == NO_TRUMP:
        other = LITTLE_JOKER if turned == BIG_JOKER else BIG_JOKER
        for seat, hand in enumerate(hands):
            if other in hand:
                hand.remove(other)
                hand.append(stock[0])
                hand.sort()
                stock = stock[1:]
                discard, discarded_by = (other,), seat
                break
    return Deal(dealer, size, tuple(tuple(h) for h in hands), trump, (turned,), stock, discard, discarded_by)


def stacked_deck(hands: Sequence[Sequence[Card]], stock: Sequence[Card], dealer: int) -> tuple[Card, ...]:
    """The deck that deals ``hands[seat]`` to each seat (in that order) with ``stock`` on top of the
    stock, its first card turned up; the cards not named follow in the pack's order. Raises
    :class:`ConfigError` if the hands differ in size or a card is named twice."""
    size = len(hands[0]) if hands else 0
    if len(hands) != SEATS or not 1 <= size <= MAX_HAND or any(len(h) != size for h in hands):
        raise ConfigError(f"give {SEATS} hands of the same size, 1 to {MAX_HAND} cards")
    order = [hands[(dealer + 1 + i) % SEATS][i // SEATS] for i in range(SEATS * size)]
    named = [*order, *stock]
    if len(set(named)) != len(named):
        raise ConfigError("a card is named twice in the stacked hands and stock")
    rest = sorted(set(ALL_CARDS) - set(named))
    return (*named, *rest)


copyable(Deal)
