"""The kitty exchange: the starter's ways to bury 8 of its 33 cards, and card-by-card selection.

There are millions of ways (about 13.9 million 8-card sets from 33 distinct cards), so they come as a
lazy sequence that counts and indexes without listing.

>>> from tricktable.cards import parse_cards
>>> ways = bury_choices(parse_cards("7H 7H 8H 9S"), 2)
>>> len(ways), [" ".join(map(str, w)) for w in ways]
(4, ['7H 8H', '7H 7H', '9S 8H', '9S 7H'])
>>> bury_selectable(parse_cards("7H 7H 8H 9S"), parse_cards("7H"))
(Card('9S'), Card('7H'), Card('8H'))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tricktable.cards import Card
from tricktable.core.actions import action_key
from tricktable.core.errors import IllegalActionError
from tricktable.games.tractor.multisets import MultisetCombinations

__all__ = ["KITTY_SIZE", "bury_choices", "bury_selectable"]

KITTY_SIZE = 8


def bury_choices(hand: Sequence[Card], size: int = KITTY_SIZE) -> Sequence[tuple[Card, ...]]:
    """Every ``size``-card sub-multiset of ``hand``, each a tuple in canonical action order."""
    counts = Counter(hand)
    items = sorted(counts, key=action_key)
    return MultisetCombinations(items, [counts[c] for c in items], size)


def bury_selectable(hand: Sequence[Card], picked: Sequence[Card]) -> tuple[Card, ...]:
    """The distinct cards that can still be added to ``picked`` towards an 8-card kitty."""
    left = Counter(hand)
    left.subtract(picked)
    if any(n < 0 for n in left.values()):
        raise IllegalActionError("the picked cards are not all in your hand")
    if len(picked) >= KITTY_SIZE:
        return ()
    return tuple(sorted((c for c, n in left.items() if n > 0), key=action_key))
