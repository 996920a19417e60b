"""Which cards a player may play, and why the others are refused: one rule function for both.

:func:`play_rule` returns the playable cards together with the rule that limited them; the legal
actions are those cards, and :func:`refusal` explains any other card by that same rule. Following suit
is the core's (:func:`tricktable.core.trick.suit_span`, on the sorted hand); Back Alley adds its
exceptions: jokers follow trumps, a led joker forces the highest (or lowest) trump, and trumps may not
be led before they are broken.

>>> from tricktable.cards import format_cards, parse_cards
>>> hand = parse_cards("2S 9S 4H KD")
>>> cards, rule = play_rule(hand, parse_cards("BJ"), 0, True, True)  # spades trump, big joker led
>>> format_cards(cards), refusal(parse_cards("2S")[0], hand, parse_cards("BJ"), 0, cards, rule)
('9S', 'the big joker was led: you must play your highest trump, 9S')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tricktable.cards import BIG_JOKER, LITTLE_JOKER, Card, Suit, format_cards
from tricktable.core.errors import Reason
from tricktable.core.trick import first_from, suit_span

from .ranking import NO_TRUMP, SUIT, suit_name

__all__ = [
    "BIG_JOKER_LED",
    "FOLLOW",
    "FREE",
    "LITTLE_JOKER_LED",
    "TRUMPS_CLOSED",
    "breaks_trumps",
    "play_rule",
    "refusal",
]

FREE: Final = 0
FOLLOW: Final = 1
BIG_JOKER_LED: Final = 2
LITTLE_JOKER_LED: Final = 3
TRUMPS_CLOSED: Final = 4


def breaks_trumps(trick: Sequence[int], trump: int) -> bool:
    """Whether a finished ``trick`` breaks trumps, so that they may be led from the next trick on: a
    trump (a joker counts) was played to it. Without a trump suit there is nothing to break (any
    suit may be led). The state, the fast rollout and the sampler all ask this."""
    if trump == NO_TRUMP:
        return False
    suit = SUIT[trump]
    return any(suit[c] == trump for c in trick)


def play_rule(
    hand: tuple[Card, ...],
    trick: Sequence[Card],
    trump: int,
    may_lead_trump: bool,
    little_joker_forces: bool,
) -> tuple[tuple[Card, ...], int]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards played to it so far) and the
    rule that limited them (FREE when every card may be played).

    ``hand`` is sorted (by card code: suits S H D C, ranks low to high, then LJ, BJ), so each suit is
    one slice of it, found by bisection. ``may_lead_trump``: trumps are broken, or a board opened
    them; a leader holding only trumps may lead one anyway."""
    if not trick:
        if may_lead_trump or trump == NO_TRUMP:
            return hand, FREE
        lo, hi = suit_span(hand, trump)
        side = hand[:lo] + hand[hi : first_from(hand, LITTLE_JOKER, hi)]
        if not side or len(side) == len(hand):
            return hand, FREE
        return side, TRUMPS_CLOSED
    led = trick[0]
    if led >= LITTLE_JOKER:  # a joker is only ever in play as a trump
        trumps = _trumps(hand, trump)
        if not trumps:
            return hand, FREE
        if led == BIG_JOKER:
            return trumps[-1:], BIG_JOKER_LED
        if little_joker_forces:
            return trumps[:1], LITTLE_JOKER_LED
        return trumps, FOLLOW
    led_suit = led // 13
    if led_suit == trump:
        follow = _trumps(hand, trump)
    else:
        lo, hi = suit_span(hand, led_suit)
        follow = hand[lo:hi]
    if follow:
        return follow, FOLLOW
    return hand, FREE


def _trumps(hand: tuple[Card, ...], trump: int) -> tuple[Card, ...]:
    """The trumps of a sorted hand: the trump suit's cards, then the jokers (last in a sorted hand)."""
    lo, hi = suit_span(hand, trump)
    return hand[lo:hi] + hand[first_from(hand, LITTLE_JOKER, hi) :]


def refusal(
    card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: int, allowed: Sequence[Card], rule: int
) -> Reason:
    """Why ``card`` may not be played, given what :func:`play_rule` returned (``card`` not allowed)."""
    if card not in hand:
        return Reason(f"you do not hold {card}", "not_held", card=str(card))
    if rule == BIG_JOKER_LED:
        return Reason(
            f"the big joker was led: you must play your highest trump, {allowed[0]}",
            "big_joker_led",
            card=str(allowed[0]),
        )
    if rule == LITTLE_JOKER_LED:
        return Reason(
            f"the little joker was led: you must play your lowest trump, {allowed[0]}",
            "little_joker_led",
            card=str(allowed[0]),
        )
    if rule == TRUMPS_CLOSED:
        joker = card >= LITTLE_JOKER
        what = "a joker (jokers are trumps)" if joker else "a trump"
        return Reason(
            f"trumps are not broken yet: you may not lead {what} while you hold other suits",
            "trumps_closed_joker" if joker else "trumps_closed",
        )
    led_suit = SUIT[trump][trick[0]]
    held = [str(c) for c in allowed]
    if led_suit == trump and trump != NO_TRUMP:
        return Reason(
            f"trumps were led and you hold {format_cards(allowed)}: you must follow with a trump "
            "(jokers are trumps)",
            "trump_led_jokers",
            held=held,
        )
    text = f"{suit_name(led_suit)} were led and you hold {format_cards(allowed)}: you must follow suit"
    if led_suit >= NO_TRUMP:  # a joker led in a hand without a trump suit: the jokers follow it
        return Reason(text, "follow_jokers", held=held)
    return Reason(text, "follow_suit", led=Suit(led_suit).letter, held=held)
