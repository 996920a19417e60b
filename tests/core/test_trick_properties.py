"""The core's trick mechanics agree with what each game did before they moved to the core: the
previous per-game code is kept here as the reference, and random tricks and hands must give the same
winners and the same playable cards."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from tricktable.cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER, Card
from tricktable.core.trick import first_from
from tricktable.games.all_fours.play import allowed_plays
from tricktable.games.all_fours.play import trick_winner as all_fours_winner
from tricktable.games.back_alley.play import play_rule
from tricktable.games.back_alley.ranking import NO_TRUMP
from tricktable.games.back_alley.ranking import trick_winner as back_alley_winner
from tricktable.games.tractor.state import PACK
from tricktable.games.tractor.trump import TRUMPS, Trump
from tricktable.games.tractor.winner import trick_winner as tractor_winner

SUITED = [c for c in ALL_CARDS if not c.is_joker]
SETTINGS = settings(max_examples=scaled(300), deadline=None)

# --- the previous code, as the reference ---------------------------------------------------------


def old_all_fours_winner(trick: Sequence[Card], trump: int) -> int:
    best, best_i, best_trump, led = trick[0], 0, trick[0] // 13 == trump, trick[0] // 13
    for i in range(1, len(trick)):
        c = trick[i]
        if c // 13 == trump:
            if not best_trump or c > best:
                best, best_i, best_trump = c, i, True
        elif not best_trump and c // 13 == led and c > best:
            best, best_i = c, i
    return best_i


def old_all_fours_allowed(
    hand: Sequence[Card], trick: Sequence[Card], trump: int, no_under: bool
) -> tuple[Card, ...]:
    if not trick:
        return tuple(hand)
    led = trick[0] // 13
    if led == trump:
        return tuple(c for c in hand if c // 13 == trump) or tuple(hand)
    if any(c // 13 == led for c in hand):
        basic = tuple(c for c in hand if c // 13 in (led, trump))
    else:
        basic = tuple(hand)
    trumps = [c for c in trick if c // 13 == trump]
    if no_under and trumps:
        higher = tuple(c for c in basic if c // 13 != trump or c > max(trumps))
        if higher:
            return higher
    return basic


def old_back_alley_key(card: Card, trump: int, led: int) -> int:
    suit = trump if card >= LITTLE_JOKER else card // 13
    rank = card % 13 if card < LITTLE_JOKER else 13 + (card == BIG_JOKER)
    if suit == trump and trump != NO_TRUMP:
        return 40 + rank
    return 20 + rank if suit == led else 0


def old_back_alley_winner(cards: Sequence[Card], trump: int) -> int:
    led = trump if cards[0] >= LITTLE_JOKER else cards[0] // 13
    keys = [old_back_alley_key(c, trump, led) for c in cards]
    return keys.index(max(keys))


def old_back_alley_rule(
    hand: tuple[Card, ...], trick: Sequence[Card], trump: int, may_lead_trump: bool, lj_forces: bool
) -> tuple[tuple[Card, ...], int]:
    def sliced(suit: int) -> tuple[int, int, int]:
        lo = bisect_left(hand, suit * 13)
        hi = bisect_left(hand, suit * 13 + 13, lo)
        return lo, hi, bisect_left(hand, LITTLE_JOKER, hi)

    if not trick:
        if may_lead_trump or trump == NO_TRUMP:
            return hand, 0
        lo, hi, jokers = sliced(trump)
        side = hand[:lo] + hand[hi:jokers]
        return (hand, 0) if not side or len(side) == len(hand) else (side, 4)
    led = trick[0]
    if led >= LITTLE_JOKER:
        lo, hi, jokers = sliced(trump)
        trumps = hand[lo:hi] + hand[jokers:]
        if not trumps:
            return hand, 0
        if led == BIG_JOKER:
            return trumps[-1:], 2
        return (trumps[:1], 3) if lj_forces else (trumps, 1)
    lo, hi, jokers = sliced(led // 13)
    follow = hand[lo:hi] + hand[jokers:] if led // 13 == trump else hand[lo:hi]
    return (follow, 1) if follow else (hand, 0)


def old_tractor_single_winner(cards: Sequence[Card], trump: Trump) -> int:
    table, order = trump.suit_table, trump.order_table
    led = table[cards[0]]
    best, best_key = 0, (led == TRUMPS, order[cards[0]])
    for i in range(1, len(cards)):
        suit = table[cards[i]]
        if suit != led and suit != TRUMPS:
            continue
        key = (suit == TRUMPS, order[cards[i]])
        if key > best_key:
            best, best_key = i, key
    return best


# --- strategies ----------------------------------------------------------------------------------

TRUMP_SUITS = st.integers(0, 3)
BACK_ALLEY_TRUMPS = st.integers(0, NO_TRUMP)


def tricks(cards: Sequence[Card], max_size: int = 4) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(cards), min_size=1, max_size=max_size, unique=True)


@st.composite
def back_alley_deal(draw: st.DrawFn) -> tuple[int, tuple[Card, ...], list[Card]]:
    """A trump, a sorted hand and a trick in progress from one pack (jokers only with a trump)."""
    trump = draw(BACK_ALLEY_TRUMPS)
    pool = SUITED if trump == NO_TRUMP else list(ALL_CARDS)
    cards = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=17, unique=True))
    split = draw(st.integers(0, min(3, len(cards) - 1)))
    return trump, tuple(sorted(cards[split:])), cards[:split]


TRACTOR_TRUMPS = st.builds(
    Trump, st.integers(2, 14), st.one_of(st.none(), TRUMP_SUITS), st.booleans(), st.booleans()
)

# --- the properties ------------------------------------------------------------------------------


@SETTINGS
@given(tricks(SUITED), TRUMP_SUITS)
def test_all_fours_winner_is_unchanged(trick: list[Card], trump: int) -> None:
    assert all_fours_winner(trick, trump) == old_all_fours_winner(trick, trump)


@SETTINGS
@given(
    st.lists(st.sampled_from(SUITED), min_size=1, max_size=12, unique=True),
    st.integers(0, 3),
    TRUMP_SUITS,
    st.booleans(),
)
def test_all_fours_playable_cards_are_unchanged(
    cards: list[Card], split: int, trump: int, no_under: bool
) -> None:
    trick, hand = cards[: min(split, len(cards) - 1)], sorted(cards[min(split, len(cards) - 1) :])
    assert allowed_plays(hand, trick, trump, no_under) == old_all_fours_allowed(hand, trick, trump, no_under)


@SETTINGS
@given(back_alley_deal())
def test_back_alley_winner_is_unchanged(deal: tuple[int, tuple[Card, ...], list[Card]]) -> None:
    trump, hand, trick = deal
    full = [*trick, *hand][:4]
    assert back_alley_winner(full, trump) == old_back_alley_winner(full, trump)


@SETTINGS
@given(back_alley_deal(), st.booleans(), st.booleans())
def test_back_alley_playable_cards_are_unchanged(
    deal: tuple[int, tuple[Card, ...], list[Card]], broken: bool, lj_forces: bool
) -> None:
    trump, hand, trick = deal
    assert play_rule(hand, trick, trump, broken, lj_forces) == old_back_alley_rule(
        hand, trick, trump, broken, lj_forces
    )


@SETTINGS
@given(st.lists(st.sampled_from(ALL_CARDS), max_size=27), st.integers(0, 54), st.integers(0, 28))
def test_first_from_is_bisect_left(cards: list[Card], code: int, lo: int) -> None:
    hand = tuple(sorted(cards))
    lo = min(lo, len(hand))
    assert first_from(hand, code, lo) == bisect_left(hand, code, lo)


@SETTINGS
@given(st.lists(st.sampled_from(PACK), min_size=1, max_size=4), TRACTOR_TRUMPS)
def test_tractor_single_card_winner_is_unchanged(trick: list[Card], trump: Trump) -> None:
    """Two copies of one card may meet in Tractor's double pack: the first played wins the tie."""
    assert tractor_winner([(c,) for c in trick], trump) == old_tractor_single_winner(trick, trump)
