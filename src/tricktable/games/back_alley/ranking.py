"""Card order and trick winners, as tables indexed by the trump and ``int(card)``.

The trump is an index ``t``: the suit's number 0..3 (S H D C), or :data:`NO_TRUMP` (4). The tables are
the core's plain ones (:mod:`tricktable.core.trick`) with Back Alley's exception: the jokers are the
top trumps (big over little over the ace). In a no-trump hand no joker is in play, so their entries
there are never read.

>>> from tricktable.cards import parse_cards
>>> trick_winner(parse_cards("7H AS 9H 2S"), 0)  # spades are trump: the ace of spades wins
1
>>> trick_winner(parse_cards("7H AS 9H 2S"), 1)  # hearts are trump: the nine of hearts wins
2
>>> trick_winner(parse_cards("7H AS LJ 2S"), 1)  # the little joker is a heart here, above the ace
2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tricktable.cards import Card, Suit
from tricktable.core import trick
from tricktable.core.trick import NO_TRUMP, RANK

__all__ = [
    "NO_TRUMP",
    "POWER",
    "RANK",
    "SUIT",
    "suit_name",
    "trick_winner",
]

SUIT: Final[tuple[tuple[int, ...], ...]] = tuple(
    trick.suit_table(t, jokers_are_trumps=True) for t in range(NO_TRUMP + 1)
)
"""``SUIT[t][card]``: the suit a card belongs to for play when ``t`` is trump (jokers: the trump)."""

POWER: Final[tuple[tuple[tuple[int, ...], ...], ...]] = trick.power_tables(SUIT, RANK)
"""``POWER[t][led][card]``: a card's power in a trick led in suit ``led`` with ``t`` trump."""


def suit_name(suit: int) -> str:
    return Suit(suit).word if suit < NO_TRUMP else "no-trump cards"


def trick_winner(cards: Sequence[Card], trump: int) -> int:
    """Index (in play order) of the card that wins a trick: the highest trump, else the highest card
    of the led suit."""
    return trick.trick_winner(cards, POWER[trump][SUIT[trump][cards[0]]])
