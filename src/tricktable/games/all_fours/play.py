"""Play restrictions and trick winners: one rule function answers both "what may I play" and "why not".

Following suit and the winner are the core's plain rule (:mod:`tricktable.core.trick`: no jokers, a
card's suit is its own); All Fours adds its exceptions: a player holding the led suit may follow or
trump (only a trump lead forces trumps), and, as a variant, no undertrumping. Cards are compared by
their code: within one suit the code order is the rank order (2 low, Ace high). Suits are the ints
0..3 of :class:`tricktable.cards.Suit`.

>>> from tricktable.cards import parse_cards, format_cards
>>> hand = parse_cards("4S KS 7H 9D")
>>> format_cards(allowed_plays(hand, parse_cards("QS"), trump=1, no_undertrump=False))
'4S KS 7H'
>>> trick_winner(parse_cards("QS 2H AS"), trump=1)
1
"""

from __future__ import annotations

from collections.abc import Sequence

from tricktable.cards import Card, Suit, format_cards
from tricktable.core import trick as core
from tricktable.core.errors import Reason

__all__ = ["CARD_POINTS", "allowed_plays", "play_problem", "trick_winner"]


# Card points for the Game count, by rank index 0..12 (Two..Ace): 10=10, A=4, K=3, Q=2, J=1.
_RANK_POINTS = (0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4)
CARD_POINTS: tuple[int, ...] = tuple(_RANK_POINTS[c % 13] for c in range(52))
"""Game-count points of each card, indexed by card code."""

_SUITS = core.suit_table(core.NO_TRUMP)
"""Every card's suit for following: its own (the trump does not change it in All Fours)."""


def allowed_plays(
    hand: Sequence[Card], trick: Sequence[Card], trump: int, no_undertrump: bool
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards played so far, lead first)."""
    if not trick:
        return tuple(hand)
    led = _SUITS[trick[0]]
    if led == trump:
        return core.following(hand, trump, _SUITS) or tuple(hand)
    if core.is_void(hand, led, _SUITS):
        basic = tuple(hand)
    else:  # follow suit or trump
        basic = tuple(c for c in hand if _SUITS[c] == led or _SUITS[c] == trump)
    if no_undertrump:
        top = _top_trump(trick, trump)
        if top is not None:
            higher = tuple(c for c in basic if _SUITS[c] != trump or c > top)
            if higher:
                return higher
    return basic


def play_problem(
    card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: int, no_undertrump: bool
) -> Reason | None:
    """None if ``card`` may be played, else the reason in a player's words, naming the rule."""
    if card not in hand:
        return Reason(f"you do not hold {card}", "not_held", card=str(card))
    allowed = allowed_plays(hand, trick, trump, no_undertrump)
    if card in allowed:
        return None
    led = _SUITS[trick[0]]
    trump_name = Suit(trump).word
    suits = {"trump": Suit(trump).letter, "led": Suit(led).letter}
    if led == trump:
        held = core.following(hand, trump, _SUITS)
        return Reason(
            f"trumps ({trump_name}) were led and you hold {format_cards(held)}: you must play a trump",
            "trump_led",
            held=[str(c) for c in held],
            **suits,
        )
    led_cards = core.following(hand, led, _SUITS)
    if led_cards and _SUITS[card] not in (led, trump):
        return Reason(
            f"{Suit(led).word} were led and you hold {format_cards(led_cards)}: you must follow suit "
            f"or trump ({trump_name}); you may not play {card} from a third suit",
            "follow_or_trump",
            held=[str(c) for c in led_cards],
            card=str(card),
            **suits,
        )
    top = _top_trump(trick, trump)
    return Reason(
        f"{Suit(led).word} were led and trumped with {top}: under the no-undertrump rule you may not "
        f"play the lower trump {card} while you can play {format_cards(allowed)}",
        "no_undertrump",
        top=str(top),
        card=str(card),
        allowed=[str(c) for c in allowed],
        **suits,
    )


def trick_winner(trick: Sequence[Card], trump: int) -> int:
    """Index of the winning card: the highest trump, else the highest card of the led suit (the
    core's plain rule)."""
    return core.trick_winner(trick, core.plain_power(trump)[_SUITS[trick[0]]])


def _top_trump(trick: Sequence[Card], trump: int) -> Card | None:
    trumps = core.following(trick, trump, _SUITS)
    return max(trumps) if trumps else None
