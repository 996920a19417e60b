"""The trump of a Tractor round and the card ranking it implies.

A :class:`Trump` says which rank and which suit (or none) are trumps this round. From it follow two
per-card facts that every other rule uses: the card's *effective suit* (its printed suit, or
:data:`TRUMPS`) and its *order* within that suit. Equal cards in play (the off-suit trump-rank
cards) share an order; two cards are adjacent for tractors exactly when their orders differ by one.

With trump rank 2 and hearts trump, from high to low: BJ, LJ, 2H, {2S 2D 2C}, AH KH ... 3H.

>>> from tricktable.cards import Card, Suit, parse_cards
>>> t = Trump(rank="2", suit="H")
>>> [t.order(c) for c in parse_cards("AH 2S 2D 2H LJ BJ")]
[11, 12, 12, 13, 14, 15]
>>> t.is_trump(Card.parse("2C")), t.suit_of(Card.parse("KS")) == Suit.SPADES
(True, True)
>>> t.to_dict()
{'rank': '2', 'suit': 'H'}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tricktable.cards import BIG_JOKER, LITTLE_JOKER, Card, Rank, Suit
from tricktable.compiled import python_class
from tricktable.core.trick import power_table

__all__ = ["TRUMPS", "Trump", "suit_code", "suit_name"]

TRUMPS = 4
"""The effective suit of every trump: one suit for following and winning."""


def suit_name(suit: int) -> str:
    """The name of an effective suit (:meth:`Trump.suit_of`), as a player says it ("hearts", "trumps")."""
    return "trumps" if suit == TRUMPS else Suit(suit).word


def suit_code(suit: int) -> str:
    """An effective suit in a refusal's params: its letter, or ``"trumps"``."""
    return "trumps" if suit == TRUMPS else Suit(suit).letter


Tables = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[Card, ...], ...], tuple[tuple[int, ...], ...]]


@python_class
@dataclass(frozen=True, slots=True, repr=False, init=False)
class Trump:
    """The round's trump rank and suit (``suit=None``: no trump suit), plus the two ranking variants.

    ``rank`` accepts ``"2"``..``"A"``, ``"10"``/``"T"``, a :class:`Rank` or an int 2..14; ``suit`` a
    letter, a symbol, a :class:`Suit` or None. The lookup tables are filled on creation (and shared
    between equal trumps), so the per-card questions are single tuple lookups.
    """

    rank: Rank
    suit: Suit | None
    rank_cards_trump_in_no_trump: bool = False
    gap_tractors: bool = True
    suit_table: tuple[int, ...] = field(init=False, compare=False)
    """Effective suit by ``int(card)``."""
    order_table: tuple[int, ...] = field(init=False, compare=False)
    """Order within the effective suit by ``int(card)``."""
    members: tuple[tuple[Card, ...], ...] = field(init=False, compare=False)
    """The distinct cards of each effective suit, low to high (equal orders by card code)."""
    power_tables: tuple[tuple[int, ...], ...] = field(init=False, compare=False)
    """``power_tables[led][card]``: a single card's power in a trick led in the effective suit
    ``led`` (:func:`tricktable.core.trick.power_table` of the two tables above, trumps = :data:`TRUMPS`)."""
    _hash: int = field(init=False, compare=False, repr=False)
    """The hash, made once from the four compared fields as plain ints: caches keyed by the trump
    (a lead's shape, a follow problem) hash it on every play, and the hash ``dataclass`` writes
    runs interpreted, compiled or not."""

    def __init__(
        self,
        rank: Rank | int | str,
        suit: Suit | int | str | None,
        rank_cards_trump_in_no_trump: bool = False,
        gap_tractors: bool = True,
    ) -> None:
        rank = _rank(rank)
        suit = None if suit is None else _suit(suit)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "rank_cards_trump_in_no_trump", bool(rank_cards_trump_in_no_trump))
        object.__setattr__(self, "gap_tractors", bool(gap_tractors))
        suits, orders, members, powers = _tables(
            int(rank),
            None if suit is None else int(suit),
            bool(rank_cards_trump_in_no_trump),
            bool(gap_tractors),
        )
        object.__setattr__(self, "suit_table", suits)
        object.__setattr__(self, "order_table", orders)
        object.__setattr__(self, "members", members)
        object.__setattr__(self, "power_tables", powers)
        key = (
            int(rank),
            -1 if suit is None else int(suit),
            bool(rank_cards_trump_in_no_trump),
            bool(gap_tractors),
        )
        object.__setattr__(self, "_hash", hash(key))

    def __hash__(self) -> int:
        return self._hash

    def suit_of(self, card: Card) -> int:
        """The effective suit: 0..3 for a plain suit (the :class:`Suit` value), :data:`TRUMPS` = 4."""
        return self.suit_table[card]

    def is_trump(self, card: Card) -> bool:
        return self.suit_table[card] == TRUMPS

    def order(self, card: Card) -> int:
        """Rank within the effective suit: higher beats lower, equal orders tie, +1 is adjacent."""
        return self.order_table[card]

    def sort_key(self, card: Card) -> tuple[int, int, int]:
        """Display order: trumps first, high to low, then each plain suit (S H D C) high to low."""
        suit = self.suit_table[card]
        return (-1 if suit == TRUMPS else suit, -self.order_table[card], int(card))

    def to_dict(self) -> dict[str, Any]:
        return {"rank": self.rank.letter, "suit": None if self.suit is None else self.suit.letter}

    def to_json(self) -> dict[str, Any]:
        """The JSON form in a view (the ranking variants are the view's ``trump_options``)."""
        return self.to_dict()

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
        return {
            "type": "object",
            "properties": {"rank": {"enum": ranks}, "suit": {"enum": ["S", "H", "D", "C", None]}},
            "required": ["rank", "suit"],
            "additionalProperties": False,
        }

    def __repr__(self) -> str:
        suit = None if self.suit is None else self.suit.letter
        extra = ""
        if self.rank_cards_trump_in_no_trump:
            extra += ", rank_cards_trump_in_no_trump=True"
        if not self.gap_tractors:
            extra += ", gap_tractors=False"
        return f"Trump(rank={self.rank.letter!r}, suit={suit!r}{extra})"


def _rank(value: object) -> Rank:
    if isinstance(value, Rank):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        if 2 <= value <= 14:
            return Rank(value)
        raise ValueError(f"a trump rank is 2..14 (2 to Ace), not {value}")
    if isinstance(value, str):
        return Rank.parse(value)
    raise ValueError(f"a trump rank is a rank like '2', '10' or 'A', not {value!r}")


def _suit(value: object) -> Suit:
    if isinstance(value, Suit):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return Suit(value)
    if isinstance(value, str):
        return Suit.parse(value)
    raise ValueError(f"a trump suit is a suit letter like 'H', or None, not {value!r}")


@cache
def _tables(rank: int, suit: int | None, nt_rank_trump: bool, gap: bool) -> Tables:
    rank_is_trump = suit is not None or nt_rank_trump

    def plain(r: int) -> int:
        # Without the gap rule the rank card's slot stays empty, so its neighbours are not adjacent.
        if rank_is_trump and r > rank and gap:
            return r - 3
        return r - 2

    top_plain = max(plain(r) for r in range(2, 15) if not (rank_is_trump and r == rank))
    suits = [0] * 54
    orders = [0] * 54
    for code in range(52):
        printed, r = code // 13, code % 13 + 2
        if rank_is_trump and r == rank:
            suits[code] = TRUMPS
            if suit is None:
                orders[code] = 0
            else:
                orders[code] = top_plain + (2 if printed == suit else 1)
        else:
            suits[code] = TRUMPS if printed == suit else printed
            orders[code] = plain(r)
    # The jokers top the trumps: just above the trump-suit rank card, or above the rank cards (or
    # nothing) in a no-trump round.
    low = (1 if nt_rank_trump else 0) if suit is None else top_plain + 3
    suits[LITTLE_JOKER], orders[LITTLE_JOKER] = TRUMPS, low
    suits[BIG_JOKER], orders[BIG_JOKER] = TRUMPS, low + 1
    members = tuple(
        tuple(sorted((Card(c) for c in range(54) if suits[c] == s), key=lambda c: (orders[c], int(c))))
        for s in range(5)
    )
    powers = tuple(power_table(suits, orders, TRUMPS, led) for led in range(TRUMPS + 1))
    return tuple(suits), tuple(orders), members, powers
