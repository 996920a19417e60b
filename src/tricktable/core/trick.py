"""What every game's tricks share: a seat's play to a trick, a trick with its seats and winner, and the
mechanics of single-card tricks — effective suits, following suit, trick power and the winner.

The mechanics are tables indexed by ``int(card)`` (codes 0..53; see :class:`tricktable.cards.Card`),
built once when a game module is imported, so each question during play is one tuple lookup. A game
builds its tables from the plain rule here and supplies only its exceptions (Back Alley's jokers are
trumps; Tractor's trump-rank cards are): the winner, following suit and the seat arithmetic are then
one piece of code for every game.

- *Effective suit*: the suit a card counts as for following and winning. A suited card's own suit
  0..3 (S H D C) unless a game says otherwise; a joker's is :data:`NO_TRUMP` (no suit) unless the game
  makes jokers trumps.
- *Power*: a card's strength in a trick led in one suit under one trump. A trump beats any card of the
  led suit, which beats any other card (power 0: it cannot win); within those, the higher rank wins.

>>> from tricktable.cards import parse_cards
>>> power = plain_power(1)[0]  # hearts trump, spades led
>>> trick_winner(parse_cards("QS 2H AS 9D"), power)  # the two of hearts trumps the ace
1
>>> trick_winner(parse_cards("QS 3S AS 9D"), power)
2
>>> trick_seats(3, 4, 4)
(3, 0, 1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, cast

from tricktable.cards import ALL_CARDS, LITTLE_JOKER, Card
from tricktable.compiled import python_class

__all__ = [
    "CARD_CODES",
    "NO_TRUMP",
    "RANK",
    "Play",
    "Trick",
    "first_from",
    "following",
    "is_void",
    "next_seat",
    "plain_power",
    "power_table",
    "power_tables",
    "single_plays",
    "suit_span",
    "suit_table",
    "trick_seats",
    "trick_winner",
]

Play = tuple[int, tuple[Card, ...]]
"""One seat's play to a trick: ``(seat, cards)``, the form of a view's ``trick`` and ``last_trick``."""


@python_class
@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led it, every ``(seat, cards)`` play in order, who won it and the card
    points it held (0 in games that do not count points by trick)."""

    leader: int
    plays: tuple[Play, ...]
    winner: int
    points: int = 0

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the trick, in play order."""
        return tuple(c for _, cards in self.plays for c in cards)


# --- effective suits and power -------------------------------------------------------------------

CARD_CODES: Final = 54
"""Every table here has one entry per card code: the 52 suited cards, then the two jokers."""

NO_TRUMP: Final = 4
"""The trump of a deal without a trump suit, next to the suits 0..3; also a joker's effective suit
where jokers are not trumps."""

RANK: tuple[int, ...] = (*(c % 13 for c in range(LITTLE_JOKER)), 13, 14)
"""Natural order by card code: the two is 0, the ace 12, the little joker 13, the big joker 14."""


def suit_table(trump: int, *, jokers_are_trumps: bool = False) -> tuple[int, ...]:
    """The effective suit of every card code when ``trump`` (0..3, or :data:`NO_TRUMP`) is trump:
    a suited card's own suit; a joker's is the trump if ``jokers_are_trumps``, else :data:`NO_TRUMP`.

    >>> table = suit_table(2, jokers_are_trumps=True)
    >>> table[0], table[12], table[13], table[52], table[53]  # 2S AS 2H and the jokers
    (0, 0, 1, 2, 2)
    """
    joker = trump if jokers_are_trumps else NO_TRUMP
    return (*(c // 13 for c in range(LITTLE_JOKER)), joker, joker)


def power_table(suits: Sequence[int], rank: Sequence[int], trump: int | None, led: int) -> tuple[int, ...]:
    """The power of every card code in a trick led in the effective suit ``led`` when ``trump`` is the
    trumps' effective suit (None: no trumps). ``suits`` and ``rank`` are the game's effective-suit and
    order tables; cards of equal rank and suit have equal power (the first played of them wins).

    A trump's power is above every led-suit card's, which is above 0, the power of every other card.
    """
    span = max(rank) + 1
    return tuple(
        2 * span + rank[c] if s == trump else (span + rank[c] if s == led else 0) for c, s in enumerate(suits)
    )


def power_tables(
    suits: Sequence[Sequence[int]], rank: Sequence[int] = RANK
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``POWER[t][led]``: :func:`power_table` for every trump index ``t`` (0..3, then
    :data:`NO_TRUMP`: no trumps) and every led effective suit 0..4. ``suits[t]`` is the effective-suit
    table under trump ``t``."""
    return tuple(
        tuple(power_table(suits[t], rank, None if t == NO_TRUMP else t, led) for led in range(NO_TRUMP + 1))
        for t in range(NO_TRUMP + 1)
    )


_PLAIN_POWER = power_tables([suit_table(t) for t in range(NO_TRUMP + 1)])


def plain_power(trump: int) -> tuple[tuple[int, ...], ...]:
    """The power tables (by led suit) of the plain rule, for games without jokers: the highest trump
    wins, else the highest card of the led suit."""
    return _PLAIN_POWER[trump]


# --- following suit ------------------------------------------------------------------------------


def following(hand: Sequence[Card], led: int, suits: Sequence[int]) -> tuple[Card, ...]:
    """The cards of ``hand`` in the effective suit ``led`` (``suits``: the effective-suit table), in
    hand order: the cards that follow suit.

    >>> from tricktable.cards import format_cards, parse_cards
    >>> format_cards(following(parse_cards("2S 9H KH BJ"), 1, suit_table(1, jokers_are_trumps=True)))
    '9H KH BJ'
    """
    return tuple([c for c in hand if suits[c] == led])


def is_void(hand: Sequence[Card], led: int, suits: Sequence[int]) -> bool:
    """Whether ``hand`` holds no card of the effective suit ``led``: it may then play any card."""
    # A plain loop: three times as fast as all() over a generator, and this runs on every follow.
    for c in hand:  # noqa: SIM110
        if suits[c] == led:
            return False
    return True


def suit_span(hand: tuple[int, ...], suit: int) -> tuple[int, int]:
    """``(lo, hi)``: ``hand[lo:hi]`` are the cards of the printed suit ``suit`` (0..3) in a hand sorted
    by card code, found by bisection — :func:`following` for sorted hands, where a game's hot path
    needs it faster (jokers, after every suit, are the caller's to add).

    >>> from tricktable.cards import parse_cards
    >>> suit_span(parse_cards("2S 9H KH 4D LJ"), 1)
    (1, 3)
    """
    lo = first_from(hand, suit * 13, 0)
    return lo, first_from(hand, suit * 13 + 13, lo)


def first_from(hand: tuple[int, ...], code: int, lo: int) -> int:
    """The first index from ``lo`` of a hand sorted by card code whose code is ``code`` or more:
    ``bisect.bisect_left``'s answer, by its search. Compiled, this loop over the tuple's ints costs
    far less than a call to ``bisect_left`` (a Python call, its keyword argument parsed)."""
    hi = len(hand)
    while lo < hi:
        mid = (lo + hi) // 2
        if hand[mid] < code:
            lo = mid + 1
        else:
            hi = mid
    return lo


# --- the winner ----------------------------------------------------------------------------------


def trick_winner(cards: Sequence[Card], power: Sequence[int]) -> int:
    """Index (in play order) of the card that wins a single-card trick: the highest ``power`` (the
    trick's :func:`power_table`, for its led suit and trump); on equal power the first played wins."""
    best, best_power = 0, power[cards[0]]
    for i in range(1, len(cards)):
        p = power[cards[i]]
        if p > best_power:
            best, best_power = i, p
    return best


# --- seats ---------------------------------------------------------------------------------------


def next_seat(seat: int, num_seats: int) -> int:
    """The next player, the project's fixed direction: ``(seat + 1) % num_seats``."""
    return (seat + 1) % num_seats


def trick_seats(leader: int, count: int, num_seats: int) -> tuple[int, ...]:
    """The seats of the first ``count`` plays of a trick led by ``leader``, in play order."""
    return tuple([(leader + i) % num_seats for i in range(count)])


def single_plays(leader: int, cards: Sequence[Card], num_seats: int) -> tuple[Play, ...]:
    """A single-card trick's cards (in play order, from ``leader``) as ``(seat, (card,))`` plays.

    >>> from tricktable.cards import parse_cards
    >>> single_plays(2, parse_cards("7H 9H"), 4)
    ((2, (Card('7H'),)), (3, (Card('9H'),)))
    """
    # The plays are kept as objects: compiled, a ``Play`` (a fixed-length tuple) is an unboxed value,
    # and each append would box a new tuple of it.
    out: list[object] = []
    codes: tuple[int, ...] = tuple(cards)  # compiled: ints index the table directly
    seat = leader % num_seats
    for code in codes:
        key = seat * CARD_CODES + code
        play = _SINGLE_PLAYS.get(key)
        if play is None:
            _SINGLE_PLAYS[key] = (seat, (ALL_CARDS[code],))
            play = _SINGLE_PLAYS[key]  # the stored object (compiled, the literal is boxed per use)
        out.append(play)
        seat = seat + 1 if seat + 1 < num_seats else 0
    return cast(tuple[Play, ...], tuple(out))


_SINGLE_PLAYS: dict[int, object] = {}
"""One seat's play of one card, by ``seat * CARD_CODES + code``: made once and shared (plays are
values). A finished trick lives as long as its game's log, and the collector walks every tuple that
holds a card on each full collection: two fresh tuples per card played were most of what it walked."""
