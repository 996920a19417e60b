"""Play restrictions and trick winners: one rule function answers both "what may I play" and "why not".

Cards are compared by their code: within one suit the code order is the rank order (2 low, Ace high).
Suits are the ints 0..3 of :class:`tricktable.cards.Suit`.

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

__all__ = ["CARD_POINTS", "allowed_plays", "play_problem", "trick_winner"]


# Card points for the Game count, by rank index 0..12 (Two..Ace): 10=10, A=4, K=3, Q=2, J=1.
_RANK_POINTS = (0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4)
CARD_POINTS: tuple[int, ...] = tuple(_RANK_POINTS[c % 13] for c in range(52))
"""Game-count points of each card, indexed by card code."""


def allowed_plays(
    hand: Sequence[Card], trick: Sequence[Card], trump: int, no_undertrump: bool
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards played so far, lead first)."""
    if not trick:
        return tuple(hand)
    led = trick[0] // 13
    if led == trump:
        trumps = tuple(c for c in hand if c // 13 == trump)
        return trumps or tuple(hand)
    if any(c // 13 == led for c in hand):
        basic = tuple(c for c in hand if c // 13 == led or c // 13 == trump)
    else:
        basic = tuple(hand)
    if no_undertrump:
        top = _top_trump(trick, trump)
        if top is not None:
            higher = tuple(c for c in basic if c // 13 != trump or c > top)
            if higher:
                return higher
    return basic


def play_problem(
    card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: int, no_undertrump: bool
) -> str | None:
    """None if ``card`` may be played, else the reason in a player's words, naming the rule."""
    if card not in hand:
        return f"you do not hold {card}"
    allowed = allowed_plays(hand, trick, trump, no_undertrump)
    if card in allowed:
        return None
    led = trick[0] // 13
    trump_name = Suit(trump).word
    if led == trump:
        trumps = format_cards(c for c in hand if c // 13 == trump)
        return f"trumps ({trump_name}) were led and you hold {trumps}: you must play a trump"
    led_cards = [c for c in hand if c // 13 == led]
    if led_cards and card // 13 not in (led, trump):
        return (
            f"{Suit(led).word} were led and you hold {format_cards(led_cards)}: you must follow suit "
            f"or trump ({trump_name}); you may not play {card} from a third suit"
        )
    top = _top_trump(trick, trump)
    return (
        f"{Suit(led).word} were led and trumped with {top}: under the no-undertrump rule you may not "
        f"play the lower trump {card} while you can play {format_cards(allowed)}"
    )


def trick_winner(trick: Sequence[Card], trump: int) -> int:
    """Index of the winning card: the highest trump, else the highest card of the led suit."""
    best = trick[0]
    best_i = 0
    best_trump = best // 13 == trump
    led = best // 13
    for i in range(1, len(trick)):
        c = trick[i]
        suit = c // 13
        if suit == trump:
            if not best_trump or c > best:
                best, best_i, best_trump = c, i, True
        elif not best_trump and suit == led and c > best:
            best, best_i = c, i
    return best_i


def _top_trump(trick: Sequence[Card], trump: int) -> Card | None:
    trumps = [c for c in trick if c // 13 == trump]
    return max(trumps) if trumps else None
