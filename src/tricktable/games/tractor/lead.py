"""Leading a trick: what may be led, every possible lead (lazily), and the throw check.

Any non-empty set of cards of one suit (trumps count as one suit) may be led. A lead of several units
is a *throw*: it stands only if no other hand could beat one of its units with a higher unit of the
same kind and length in that suit (the kitty does not count). The state applies the penalty of a
failed throw; :func:`throw_check` says whether it fails and which unit must be led instead.

>>> from tricktable.cards import parse_cards
>>> from tricktable.games.tractor.trump import Trump
>>> t = Trump(rank="2", suit="H")
>>> r = throw_check(parse_cards("AS KS KS"), [parse_cards("QS QS"), parse_cards("AS 3S"), ()], t)
>>> r.ok, r.forced
(True, ())
>>> r = throw_check(parse_cards("AS QS QS"), [parse_cards("KS KS"), (), ()], t)
>>> r.ok, [str(c) for c in r.forced]
(False, ['QS', 'QS'])
>>> len(legal_leads(parse_cards("AS AS KS 3H"), t))
6
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from tricktable.cards import ALL_CARDS, Card, format_cards
from tricktable.core.copies import copyable
from tricktable.core.errors import IllegalActionError, Reason
from tricktable.core.trick import CARD_CODES
from tricktable.games.tractor.multisets import LazySequence, sub_multiset
from tricktable.games.tractor.trump import Trump
from tricktable.games.tractor.units import Unit, card_counts, decompose, lead_shape

__all__ = [
    "ThrowResult",
    "as_cards",
    "beatable_units",
    "check_lead",
    "forced_first",
    "legal_leads",
    "require_held",
    "throw_check",
]


def require_held(hand_counts: dict[Card, int], play: Iterable[Card]) -> dict[Card, int]:
    """The play as a multiset; raises naming a card the hand does not hold (or not that often)."""
    counts = card_counts(play)
    for c, k in counts.items():
        held = hand_counts.get(c, 0)
        if held < k:
            if held == 0:
                raise IllegalActionError(Reason(f"you do not hold {c}", "not_held", card=str(c)))
            times = "once" if held == 1 else f"{held} times"
            raise IllegalActionError(Reason(f"you hold {c} only {times}", "held_only", card=str(c), n=held))
    return counts


def check_lead(hand: Sequence[Card], play: Sequence[Card], trump: Trump) -> None:
    """None if ``play`` may be led from ``hand``, else raise :class:`IllegalActionError` saying why."""
    if not play:
        raise IllegalActionError(Reason("a lead needs at least one card", "lead_empty"))
    require_held(card_counts(hand), play)
    decompose(play, trump)  # raises if the cards are of several suits


def legal_leads(hand: Sequence[Card], trump: Trump) -> LazySequence[tuple[Card, ...]]:
    """Every legal lead: each non-empty one-suit sub-multiset of the hand, lazily, in action order."""
    return _Leads(hand, trump)


class _Leads(LazySequence[tuple[Card, ...]]):
    """The leads, suit block after suit block (S H D C, then trumps), each block a
    :class:`SubMultisets` of that suit's cards in action order. Only the block sizes are computed up
    front; a block's cards are gathered when an index falls in it. The hand is kept as counts by
    card code, so compiled code indexes plain lists (a dict keyed by cards hashes each one)."""

    __slots__ = ("_counts", "_hand", "_size", "_sizes", "_trump")

    def __init__(self, hand: Sequence[Card], trump: Trump) -> None:
        self._hand = tuple(hand)
        self._trump = trump
        table = trump.suit_table
        counts = [0] * CARD_CODES
        # Each suit's number of sub-multisets, the product over its distinct cards of (copies + 1),
        # kept as the hand is read: a card's next copy turns its factor k into k + 1.
        products = [1, 1, 1, 1, 1]
        codes: tuple[int, ...] = self._hand  # ints: a Card index is a generic lookup
        for code in codes:
            k = counts[code] + 1
            counts[code] = k
            suit = table[code]
            products[suit] = products[suit] // k * (k + 1)
        self._counts = counts
        self._sizes = sizes = [p - 1 for p in products]  # non-empty sub-multisets of each suit
        self._size = sizes[0] + sizes[1] + sizes[2] + sizes[3] + sizes[4]

    def __len__(self) -> int:
        return self._size

    def _item(self, index: int) -> tuple[Card, ...]:
        suit = 0
        while index >= self._sizes[suit]:
            index -= self._sizes[suit]
            suit += 1
        table, counts = self._trump.suit_table, self._counts
        # The block's distinct cards in action order (code order): the hand's codes of the suit,
        # each once, sorted as plain ints.
        hand: tuple[int, ...] = self._hand
        codes = [c for c in hand if table[c] == suit]
        codes.sort()
        cards: list[Card] = []
        mults: list[int] = []
        last = -1
        for c in codes:
            if c != last:
                cards.append(ALL_CARDS[c])
                mults.append(counts[c])
                last = c
        return sub_multiset(cards, mults, index)  # index is within the block

    def __contains__(self, play: object) -> bool:
        try:
            check_lead(self._hand, as_cards(play), self._trump)
        except (IllegalActionError, TypeError):
            return False
        return True


def as_cards(play: object) -> tuple[Card, ...]:
    """A would-be play as a card tuple; TypeError if it is not a collection of cards."""
    if isinstance(play, str | bytes) or not isinstance(play, Iterable):
        raise TypeError("not a collection of cards")
    cards = tuple(play)
    if not all(type(c) is Card for c in cards):
        raise TypeError("not a collection of cards")
    return cards


@dataclass(frozen=True, init=False)
class ThrowResult:
    """The outcome of the throw check. ``forced`` is the unit the leader must lead instead (empty when
    the throw stands); ``beatable`` every unit of the throw that another hand could beat."""

    ok: bool
    forced: tuple[Card, ...]
    beatable: tuple[Unit, ...]

    def __init__(self, ok: bool, forced: tuple[Card, ...], beatable: tuple[Unit, ...]) -> None:
        object.__setattr__(self, "ok", ok)
        object.__setattr__(self, "forced", forced)
        object.__setattr__(self, "beatable", beatable)

    def __str__(self) -> str:
        if self.ok:
            return "the throw stands"
        beaten = ", ".join(map(str, self.beatable))
        return f"the throw fails: {beaten} can be beaten; lead {format_cards(self.forced)}"


def throw_check(lead: Sequence[Card], other_hands: Iterable[Sequence[Card]], trump: Trump) -> ThrowResult:
    """Whether a lead stands against the other three hands (the kitty does not count).

    A unit is beatable when some other hand holds a higher unit of the same kind in the lead's suit: a
    higher card for a single, a higher pair for a pair, a tractor of the same length with a higher top
    for a tractor. Then the throw fails and the leader must lead the smallest beatable unit (fewest
    cards, then lowest: :func:`forced_first`). A single, pair or tractor always stands.
    """
    units = lead_shape(lead, trump).units
    if len(units) == 1:
        return _STANDS
    beatable = beatable_units(units, other_hands, trump)
    if not beatable:
        return _STANDS
    first = beatable[0]
    for unit in beatable:
        if forced_first(unit) < forced_first(first):
            first = unit
    return ThrowResult(False, first.cards, beatable)


def forced_first(unit: Unit) -> tuple[int, int, tuple[Card, ...]]:
    """The order in which a failed throw's beatable units are forced: the first is led instead."""
    return (len(unit.cards), unit.top, unit.cards)


def beatable_units(
    units: Sequence[Unit], other_hands: Iterable[Sequence[Card]], trump: Trump
) -> tuple[Unit, ...]:
    """The units of a throw (all of one suit) that one of ``other_hands`` could beat."""
    suit = units[0].suit
    table, order = trump.suit_table, trump.order_table
    # For each other hand: its highest card, highest pair, and the orders of its pairs (for tractors),
    # marked in lists by code and order: compiled, plain list indexing.
    best_single = -1
    best_pair = -1
    pair_levels: list[list[bool]] = []
    seen = [-1] * CARD_CODES  # by code: the last hand that held it (hands counted from 0)
    for h, hand in enumerate(other_hands):
        levels: list[bool] | None = None
        # The hand as a tuple (the state's hands are) of card codes: compiled, a loop over its items
        # that indexes the tables directly (a Card index is a generic lookup).
        codes: tuple[int, ...] = tuple(hand)
        for c in codes:
            if table[c] != suit:
                continue
            o = order[c]
            if seen[c] == h:
                if levels is None:
                    levels = [False] * CARD_CODES
                levels[o] = True
                if o > best_pair:
                    best_pair = o
            else:
                seen[c] = h
                if o > best_single:
                    best_single = o
        if levels is not None:
            pair_levels.append(levels)
    beatable = []
    for u in units:
        if u.kind == "single":
            beaten = best_single > u.top
        elif u.kind == "pair":
            beaten = best_pair > u.top
        else:
            beaten = False
            for levels in pair_levels:
                if _tractor_above(levels, u.length, u.top):
                    beaten = True
                    break
        if beaten:
            beatable.append(u)
    return tuple(beatable)


_STANDS: Final = ThrowResult(True, (), ())


def _tractor_above(levels: list[bool], length: int, top: int) -> bool:
    """Whether pairs at the orders marked in ``levels`` hold ``length`` consecutive orders ending
    above ``top``."""
    run_len = 0
    for o in range(len(levels)):
        if levels[o]:
            run_len += 1
            if o > top and run_len >= length:
                return True
        else:
            run_len = 0
    return False


copyable(ThrowResult)
