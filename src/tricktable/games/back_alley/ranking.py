"""Card order and trick winners, as tables indexed by the trump and ``int(card)``.

The trump is an index ``t``: the suit's number 0..3 (S H D C), or :data:`NO_TRUMP` (4). Jokers belong
to the trump suit; in a no-trump hand no joker is in play, so their entries there are never read.

>>> from tricktable.cards import parse_cards
>>> trick_winner(parse_cards("7H AS 9H 2S"), 0)  # spades are trump: the ace of spades wins
1
>>> trick_winner(parse_cards("7H AS 9H 2S"), 1)  # hearts are trump: the nine of hearts wins
2
"""

from __future__ import annotations

from collections.abc import Sequence

from tricktable.cards import Card, Suit

__all__ = [
    "NO_TRUMP",
    "RANK",
    "SUIT",
    "suit_name",
    "trick_winner",
]

NO_TRUMP = 4

RANK: tuple[int, ...] = tuple([c % 13 for c in range(52)] + [13, 14])
"""Order inside a suit: 2 is 0, ace 12, little joker 13, big joker 14 (the jokers only in trumps)."""

SUIT: tuple[tuple[int, ...], ...] = tuple(
    tuple([c // 13 for c in range(52)] + [t, t]) for t in range(NO_TRUMP + 1)
)
"""``SUIT[t][card]``: the suit a card belongs to for play when ``t`` is trump (jokers: the trump)."""

_TRUMP_BASE, _LED_BASE = 40, 20
# _KEY[t][led_suit][card]: a trump beats any card of the led suit, which beats any other card.
_KEY: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            _TRUMP_BASE + RANK[c]
            if SUIT[t][c] == t and t != NO_TRUMP
            else (_LED_BASE + RANK[c] if SUIT[t][c] == led else 0)
            for c in range(54)
        )
        for led in range(NO_TRUMP + 1)
    )
    for t in range(NO_TRUMP + 1)
)


def suit_name(suit: int) -> str:
    return Suit(suit).word if suit < NO_TRUMP else "no-trump cards"


def trick_winner(cards: Sequence[Card], trump: int) -> int:
    """Index (in play order) of the card that wins a trick: the highest trump, else the highest card
    of the led suit."""
    key = _KEY[trump][SUIT[trump][cards[0]]]
    best, best_key = 0, key[cards[0]]
    for i in range(1, len(cards)):
        k = key[cards[i]]
        if k > best_key:
            best, best_key = i, k
    return best
