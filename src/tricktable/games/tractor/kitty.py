"""The kitty exchange: the starter's ways to bury 8 of its 33 cards, and card-by-card selection.

There are millions of ways (about 13.9 million 8-card sets from 33 distinct cards), so they come as a
lazy sequence that counts and indexes without listing.

>>> from tricktable.cards import parse_cards
>>> ways = bury_choices(parse_cards("7H 7H 8H 9S"), 2)
>>> len(ways), [" ".join(map(str, w)) for w in ways]
(4, ['9S 7H', '9S 8H', '7H 8H', '7H 7H'])
>>> bury_selectable(parse_cards("7H 7H 8H 9S"), parse_cards("7H"))
(Card('9S'), Card('7H'), Card('8H'))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from math import comb

from tricktable.cards import Card
from tricktable.core.actions import action_key
from tricktable.core.errors import IllegalActionError, Reason
from tricktable.games.tractor.lead import require_held
from tricktable.games.tractor.multisets import LazySequence, unrank_combination
from tricktable.games.tractor.units import card_counts

__all__ = ["KITTY_SIZE", "BuryChoices", "bury_choices", "bury_selectable", "kitty_refusal"]

KITTY_SIZE = 8


class BuryChoices(LazySequence[tuple[Card, ...]]):
    """Every ``size``-card sub-multiset of a hand in which no card is held more than twice (Tractor's
    double pack), each a tuple in canonical action order.

    A choice takes ``d`` of the ``B`` doubled cards twice and ``size - 2d`` other distinct cards
    once, so the count is a short sum of binomials and an index unranks block by block: by ``d``,
    then which doubles (a combination), then which singles among the remaining distinct cards. Built
    once per kitty phase, it costs a few microseconds where a general table would cost hundreds.
    """

    __slots__ = ("_blocks", "_doubles", "_items", "_size", "_total")

    def __init__(self, hand: Sequence[Card], size: int) -> None:
        counts = Counter(hand)
        if any(n > 2 for n in counts.values()):
            raise ValueError("a Tractor hand holds at most two copies of a card")
        self._items = sorted(counts)  # code order is action order
        self._doubles = [i for i, c in enumerate(self._items) if counts[c] == 2]
        self._size = size
        n, b = len(self._items), len(self._doubles)
        # (comb is 0 where too few distinct cards remain: such blocks are empty, never entered)
        self._blocks = [comb(b, d) * comb(n - d, size - 2 * d) for d in range(min(b, size // 2) + 1)]
        self._total = sum(self._blocks)

    def __len__(self) -> int:
        return self._total

    def _item(self, index: int) -> tuple[Card, ...]:
        d = 0
        while index >= self._blocks[d]:
            index -= self._blocks[d]
            d += 1
        singles_count = self._size - 2 * d
        rest_size = len(self._items) - d
        which_doubles, which_singles = divmod(index, comb(rest_size, singles_count))
        doubled = [self._doubles[p] for p in unrank_combination(len(self._doubles), d, which_doubles)]
        taken = set(doubled)
        rest = [i for i in range(len(self._items)) if i not in taken]
        chosen = doubled * 2 + [rest[p] for p in unrank_combination(rest_size, singles_count, which_singles)]
        chosen.sort()
        return tuple(self._items[i] for i in chosen)


def bury_choices(hand: Sequence[Card], size: int = KITTY_SIZE) -> Sequence[tuple[Card, ...]]:
    """Every ``size``-card sub-multiset of ``hand``, each a tuple in canonical action order."""
    return BuryChoices(hand, size)


def bury_selectable(hand: Sequence[Card], picked: Sequence[Card]) -> tuple[Card, ...]:
    """The distinct cards that can still be added to ``picked`` towards an 8-card kitty."""
    left = Counter(hand)
    left.subtract(picked)
    if any(n < 0 for n in left.values()):
        raise IllegalActionError(Reason("the picked cards are not all in your hand", "picked_not_held"))
    if len(picked) >= KITTY_SIZE:
        return ()
    return tuple(sorted((c for c, n in left.items() if n > 0), key=action_key))


def kitty_refusal(hand: Sequence[Card], picked: Sequence[Card]) -> Reason | None:
    """Why ``picked`` cannot be (part of) the kitty: a card the hand does not hold (that often), or
    more than 8 cards; None if it can."""
    try:
        require_held(card_counts(hand), picked)
    except IllegalActionError as err:
        return err.reason if isinstance(err.reason, Reason) else None
    if len(picked) > KITTY_SIZE:
        text = f"the kitty holds exactly {KITTY_SIZE} cards: you chose {len(picked)}"
        return Reason(text, "kitty_size", n=KITTY_SIZE, chosen=len(picked))
    return None
