"""Units of a play (singles, pairs, tractors), the shape of a lead, and shape matching.

A *pair* is two copies of one card; a *tractor* is two or more pairs whose orders (see
:class:`~tricktable.games.tractor.trump.Trump`) are consecutive, one pair per order. Off-suit trump-rank
cards share one order, so several pairs can sit at that level but a tractor uses only one of them.

Everything about tractors is decided on *pair runs*: the orders at which a hand (or play) holds pairs,
grouped into maximal runs of consecutive orders, each run a tuple of how many pairs sit at each of its
orders (more than one only at the off-suit rank level). Runs of one order cannot hold a tractor and are
dropped.

>>> from tricktable.cards import parse_cards
>>> from tricktable.games.tractor.trump import Trump
>>> t = Trump(rank="2", suit="H")
>>> [str(u) for u in decompose(parse_cards("AH AH 2S 2S 2D 2D 2H 2H"), t)]
['2S 2S 2H 2H AH AH', '2D 2D']
>>> lead_format(parse_cards("2S 2S 2D 2D"), t)
'throw'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from tricktable.cards import ALL_CARDS, Card, format_cards
from tricktable.core.copies import copyable
from tricktable.core.errors import IllegalActionError, Reason
from tricktable.core.trick import CARD_CODES
from tricktable.games.tractor.trump import Trump, suit_code, suit_name

__all__ = [
    "Format",
    "Kind",
    "LeadShape",
    "Runs",
    "Unit",
    "card_counts",
    "decompose",
    "lead_format",
    "lead_shape",
    "matches_shape",
    "max_tractors",
    "pair_runs",
]

Kind = Literal["single", "pair", "tractor"]
Format = Literal["single", "pair", "tractor", "throw"]
Runs = tuple[tuple[int, ...], ...]


@dataclass(frozen=True, init=False)
class Unit:
    """One unit of a play. ``length`` is its number of pairs (0 for a single); ``top`` the order of its
    highest card; ``suit`` its effective suit; ``cards`` in canonical action order. A native class
    when compiled (:mod:`tricktable.compiled`): every lead is split into units."""

    kind: Kind
    cards: tuple[Card, ...]
    length: int
    top: int
    suit: int

    def __init__(self, kind: Kind, cards: tuple[Card, ...], length: int, top: int, suit: int) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "length", length)
        object.__setattr__(self, "top", top)
        object.__setattr__(self, "suit", suit)

    def __str__(self) -> str:
        return format_cards(self.cards)


def card_counts(cards: Iterable[Card]) -> dict[Card, int]:
    """How many copies of each card (a multiset as a dict)."""
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return counts


def _one_suit(cards: Sequence[Card], trump: Trump) -> int:
    """The effective suit shared by all the cards; raises if there are none or they are mixed."""
    if not cards:
        raise IllegalActionError(Reason("a play needs at least one card", "play_empty"))
    table = trump.suit_table
    codes: tuple[int, ...] = tuple(cards)  # compiled: the table indexed by ints, not by Card objects
    suit = table[codes[0]]
    for code in codes:
        if table[code] != suit:
            first, c = ALL_CARDS[codes[0]], ALL_CARDS[code]
            text = (
                f"a lead must be all of one suit (trumps count as one suit): {first} is "
                f"{suit_name(suit)} but {c} is {suit_name(table[code])}"
            )
            raise IllegalActionError(
                Reason(
                    text,
                    "lead_one_suit",
                    first=str(first),
                    first_suit=suit_code(suit),
                    card=str(c),
                    suit=suit_code(table[code]),
                )
            )
    return suit


def decompose(cards: Sequence[Card], trump: Trump) -> tuple[Unit, ...]:
    """Split one-suit cards into units: longest tractor first, then as many pairs as possible.

    Units come longest first, then highest first. Raises :class:`IllegalActionError` if the cards
    are empty, of several suits, or hold a card more than twice.

    Taking every maximal run of consecutive pair orders as one tractor, then repeating on the pairs
    left over, is optimal: only the off-suit rank level can hold more than one pair, and once a run
    through it is taken its leftover pairs there have no free neighbour.
    """
    suit = _one_suit(cards, trump)
    order = trump.order_table
    # The copies of each card, counted by code (ints: a Card index is a generic lookup), read in
    # code order, which is action order.
    counts: dict[int, int] = {}
    codes: tuple[int, ...] = tuple(cards)
    for code in codes:
        counts[code] = counts.get(code, 0) + 1
    levels: dict[int, list[Card]] = {}
    singles: list[int] = []
    for code in sorted(counts):
        n = counts[code]
        if n > 2:
            c = ALL_CARDS[code]
            text = f"{c} appears {n} times, but each card exists only twice"
            raise IllegalActionError(Reason(text, "two_copies", card=str(c), n=n))
        if n == 2:
            levels.setdefault(order[code], []).append(ALL_CARDS[code])
        else:
            singles.append(code)
    units: list[Unit] = []
    while levels:
        run: list[Card] = []
        for o in sorted(levels):
            if run and order[run[-1]] != o - 1:
                units.append(_pairs_unit(run, suit, order))
                run = []
            run.append(levels[o].pop(0))
        units.append(_pairs_unit(run, suit, order))
        levels = {o: left for o, left in levels.items() if left}
    if len(units) > 1:
        units.sort(key=_unit_rank)
    if singles:
        # After the pairs and tractors (longest first), highest first, then by card: the singles'
        # codes sorted as plain ints, each keyed by its order then its code in one int, with no key
        # function to call per unit; a single unit is a native record, cheap to make.
        ranked = sorted([(CARD_CODES - order[s]) * CARD_CODES + s for s in singles])
        for key in ranked:
            code = key % CARD_CODES
            units.append(Unit("single", (ALL_CARDS[code],), 0, order[code], suit))
    return tuple(units)


def _unit_rank(u: Unit) -> tuple[int, int, tuple[Card, ...]]:
    """Longest first, then highest, then by cards."""
    return (-u.length, -u.top, u.cards)


def _pairs_unit(run: list[Card], suit: int, order: tuple[int, ...]) -> Unit:
    cards = tuple(sorted(run + run))  # action order is card-code order
    return Unit("tractor" if len(run) > 1 else "pair", cards, len(run), order[run[-1]], suit)


def lead_format(cards: Sequence[Card], trump: Trump) -> Format:
    """``"single"``, ``"pair"``, ``"tractor"`` when the cards are one unit, else ``"throw"``."""
    units = decompose(cards, trump)
    return units[0].kind if len(units) == 1 else "throw"


@dataclass(frozen=True, init=False)
class LeadShape:
    """What a lead asks of the followers: its suit, size, units, tractor lengths (ascending) and
    number of pairs counting each tractor's pairs (a native class when compiled, as :class:`Unit`)."""

    suit: int
    size: int
    units: tuple[Unit, ...]
    tractors: tuple[int, ...]
    pairs: int

    def __init__(
        self, suit: int, size: int, units: tuple[Unit, ...], tractors: tuple[int, ...], pairs: int
    ) -> None:
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "units", units)
        object.__setattr__(self, "tractors", tractors)
        object.__setattr__(self, "pairs", pairs)

    @property
    def format(self) -> Format:
        return self.units[0].kind if len(self.units) == 1 else "throw"


def lead_shape(cards: Sequence[Card], trump: Trump) -> LeadShape:
    """The :class:`LeadShape` of a lead (cached: followers ask about the same lead three times, one
    after the other; a few entries are enough, and more only keep random throws alive, which the
    collector then walks over and over)."""
    return _lead_shape(tuple(sorted(cards)), trump)


@lru_cache(maxsize=16)
def _lead_shape(cards: tuple[Card, ...], trump: Trump) -> LeadShape:
    units = decompose(cards, trump)
    tractors = tuple(sorted(u.length for u in units if u.kind == "tractor"))
    pairs = sum(u.length for u in units)
    return LeadShape(units[0].suit, len(cards), units, tractors, pairs)


def pair_runs(orders: Iterable[int]) -> Runs:
    """The canonical pair runs of some pairs, given one order per pair held."""
    per_order: dict[int, int] = {}
    for o in orders:
        per_order[o] = per_order.get(o, 0) + 1
    runs: list[tuple[int, ...]] = []
    current: list[int] = []
    previous = -2
    for o in sorted(per_order):
        if o != previous + 1:
            if len(current) > 1:
                runs.append(tuple(current))
            current = []
        current.append(per_order[o])
        previous = o
    if len(current) > 1:
        runs.append(tuple(current))
    runs.sort()
    return tuple(runs)


def max_tractors(runs: Runs, lengths: tuple[int, ...]) -> int:
    """How many of the tractors ``lengths`` (ascending) fit, disjoint, into the pair runs.

    Fitting any t of them implies fitting the t shortest (a shorter tractor fits where a longer one
    did), so the answer is the largest t whose t shortest tractors fit.
    """
    if not lengths or not runs:
        return 0
    available = sum(sum(r) for r in runs)
    for t in range(len(lengths), 0, -1):
        chosen = lengths[:t]
        if sum(chosen) <= available and _fits(runs, tuple(reversed(chosen))):
            return t
    return 0


@lru_cache(maxsize=1 << 16)
def _fits(runs: Runs, items: tuple[int, ...]) -> bool:
    """Whether tractors of the lengths ``items`` (descending) fit disjoint into ``runs``."""
    if not items:
        return True
    need, rest = items[0], items[1:]
    tried: set[tuple[int, ...]] = set()
    for i, run in enumerate(runs):
        if len(run) < need or run in tried:
            continue
        tried.add(run)
        others = runs[:i] + runs[i + 1 :]
        # In a run of single pairs every placement leaves at most the room of the one at the start.
        starts = range(1) if max(run) == 1 else range(len(run) - need + 1)
        for start in starts:
            left = list(run)
            for j in range(start, start + need):
                left[j] -= 1
            pieces = [p for p in _split(left) if len(p) > 1]
            if _fits(tuple(sorted(list(others) + pieces)), rest):
                return True
    return False


def _split(counts: list[int]) -> list[tuple[int, ...]]:
    pieces: list[tuple[int, ...]] = []
    current: list[int] = []
    for n in counts:
        if n:
            current.append(n)
        elif current:
            pieces.append(tuple(current))
            current = []
    if current:
        pieces.append(tuple(current))
    return pieces


def matches_shape(shape: LeadShape, pair_orders: Sequence[int]) -> bool:
    """Whether one-suit cards holding pairs at ``pair_orders`` (and as many cards as the lead) can be
    arranged into the lead's units: a tractor for each tractor, then a pair for each pair."""
    if len(pair_orders) < shape.pairs:
        return False
    if not shape.tractors:
        return True
    return max_tractors(pair_runs(pair_orders), shape.tractors) == len(shape.tractors)


copyable(Unit, LeadShape)
