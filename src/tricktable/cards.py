"""Cards, suits, ranks, jokers, packs and the text notation.

No game rules live here: a card knows its rank and suit, nothing about trumps or points.

A :class:`Card` is a small immutable value (an ``int`` underneath, so it hashes, compares and sorts
fast); there are exactly 54 of them, created once. In a double pack every card exists twice and the
two copies are the same value.

>>> parse_cards("AS 10h ♦7 BJ")
(Card('AS'), Card('TH'), Card('7D'), Card('BJ'))
>>> format_cards(parse_cards("as th"))
'AS TH'
>>> Card.parse("QC").rank, Card.parse("QC").suit
(<Rank.QUEEN: 12>, <Suit.CLUBS: 3>)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final

from tricktable.compiled import python_class

__all__ = [
    "ALL_CARDS",
    "BIG_JOKER",
    "LITTLE_JOKER",
    "Card",
    "CardParseError",
    "Rank",
    "Suit",
    "format_cards",
    "pack",
    "parse_cards",
]


class CardParseError(ValueError):
    """A piece of text is not a card in the notation (``AS``, ``10H``, ``7♦``, ``BJ``...)."""


class Suit(IntEnum):
    """The four suits, in the notation's order S H D C."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def word(self) -> str:
        """The suit's name in plain words, as in "hearts were led".

        >>> Suit.DIAMONDS.word
        'diamonds'
        """
        return _SUIT_WORDS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter or symbol, any case.

        >>> Suit.parse("h"), Suit.parse("♣")
        (<Suit.HEARTS: 1>, <Suit.CLUBS: 3>)
        """
        key = text.strip().upper()
        if key in _SUIT_BY_TEXT:
            return _SUIT_BY_TEXT[key]
        raise CardParseError(f"{text!r} is not a suit: use S, H, D or C (or ♠ ♥ ♦ ♣)")

    def __str__(self) -> str:
        return self.letter


_SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
_SUIT_BY_TEXT = {
    **{s.letter: s for s in Suit},
    **{s.symbol: s for s in Suit},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}


class Rank(IntEnum):
    """Natural ranks, Two low to Ace high; the value is the pip count (Ace = 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """A rank from its letter (``T`` or ``10`` for ten), any case.

        >>> Rank.parse("10"), Rank.parse("q")
        (<Rank.TEN: 10>, <Rank.QUEEN: 12>)
        """
        key = text.strip().upper()
        if key in _RANK_BY_TEXT:
            return _RANK_BY_TEXT[key]
        raise CardParseError(f"{text!r} is not a rank: use A K Q J T (or 10) 9 8 7 6 5 4 3 2")

    def __str__(self) -> str:
        return self.letter


_RANK_LETTERS = "23456789TJQKA"
_RANK_BY_TEXT = {**{r.letter: r for r in Rank}, "10": Rank.TEN}

_LITTLE_JOKER_CODE = 52
_BIG_JOKER_CODE = 53


@python_class
class Card(int):
    """One playing card. Build with :meth:`parse` or :meth:`of`; there is one object per card.

    The integer code is ``suit * 13 + (rank - 2)`` for suited cards, 52 for the little (black) joker
    and 53 for the big (red) joker. Games use the code to index their own precomputed tables.
    """

    __slots__ = ()

    def __new__(cls, code: int) -> Card:
        if type(code) is Card:
            return code
        try:
            return ALL_CARDS[code]
        except (IndexError, TypeError):
            raise CardParseError(f"{code!r} is not a card code (0..53)") from None

    @classmethod
    def _make(cls, code: int) -> Card:
        return int.__new__(cls, code)

    @staticmethod
    def of(rank: int, suit: Suit | int) -> Card:
        """The suited card of that rank (2..14) and suit.

        >>> Card.of(Rank.ACE, Suit.SPADES)
        Card('AS')
        """
        if not 2 <= rank <= 14 or not 0 <= suit <= 3:
            raise CardParseError(f"no card has rank {rank!r} and suit {suit!r}")
        return ALL_CARDS[suit * 13 + rank - 2]

    @staticmethod
    def parse(text: str) -> Card:
        """One card from text; see the module doc for the accepted forms."""
        key = text.strip().upper()
        card = _CARD_BY_TEXT.get(key)
        if card is not None:
            return card
        if len(key) >= 2:
            # Accept the suit symbol before or after the rank: "♠A" as well as "A♠".
            for rank_text, suit_text in ((key[:-1], key[-1]), (key[1:], key[0])):
                if rank_text in _RANK_BY_TEXT and suit_text in _SUIT_BY_TEXT:
                    return Card.of(_RANK_BY_TEXT[rank_text], _SUIT_BY_TEXT[suit_text])
        raise CardParseError(
            f"{text!r} is not a card: write rank then suit, like AS, TH, 10H or 7♦; jokers are BJ and LJ"
        )

    @property
    def is_joker(self) -> bool:
        return self >= _LITTLE_JOKER_CODE

    @property
    def is_big_joker(self) -> bool:
        return self == _BIG_JOKER_CODE

    @property
    def rank(self) -> Rank | None:
        """The natural rank, or None for a joker."""
        return None if self >= _LITTLE_JOKER_CODE else Rank(self % 13 + 2)

    @property
    def suit(self) -> Suit | None:
        """The printed suit, or None for a joker."""
        return None if self >= _LITTLE_JOKER_CODE else Suit(self // 13)

    def __str__(self) -> str:
        return _CARD_TEXT[self]

    def __repr__(self) -> str:
        return f"Card({_CARD_TEXT[self]!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))

    @property
    def symbol(self) -> str:
        """A display form with the suit symbol, e.g. ``A♠`` or ``BJ``."""
        if self >= _LITTLE_JOKER_CODE:
            return _CARD_TEXT[self]
        return _RANK_LETTERS[self % 13] + "♠♥♦♣"[self // 13]


_CARD_TEXT = [r + s for s in "SHDC" for r in _RANK_LETTERS] + ["LJ", "BJ"]
ALL_CARDS: Final[tuple[Card, ...]] = tuple(Card._make(code) for code in range(54))
"""Every distinct card, indexed by code: 52 suited cards, then LJ, then BJ. (Final: compiled code
reads it as a C static, the way hot loops turn a code back into its card.)"""
_CARD_BY_TEXT = {text: ALL_CARDS[code] for code, text in enumerate(_CARD_TEXT)}
LITTLE_JOKER = ALL_CARDS[_LITTLE_JOKER_CODE]
BIG_JOKER = ALL_CARDS[_BIG_JOKER_CODE]


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Cards from space- or comma-separated text, or from an iterable of texts and cards.

    >>> parse_cards("7h,7H 8h")
    (Card('7H'), Card('7H'), Card('8H'))
    >>> parse_cards("")
    ()
    """
    if isinstance(text, str):
        parts: Iterable[str | Card] = text.replace(",", " ").split()
    else:
        parts = text
    return tuple(p if isinstance(p, Card) else Card.parse(p) for p in parts)


def format_cards(cards: Iterable[Card]) -> str:
    """The canonical text of some cards, in the order given.

    >>> format_cards([Card.parse("10c"), Card.parse("lj")])
    'TC LJ'
    """
    return " ".join(_CARD_TEXT[c] for c in cards)


def pack(*, decks: int = 1, jokers: int = 0) -> tuple[Card, ...]:
    """An unshuffled pack: ``decks`` copies of the 52 suited cards plus ``jokers`` jokers per deck.

    ``jokers`` is 0, 1 (a big joker only) or 2 (one big and one little joker per deck).

    >>> len(pack()), len(pack(jokers=2)), len(pack(decks=2, jokers=2))
    (52, 54, 108)
    """
    if decks < 1:
        raise ValueError(f"a pack needs at least one deck, not {decks}")
    if jokers not in (0, 1, 2):
        raise ValueError(f"a deck carries 0, 1 or 2 jokers, not {jokers}")
    one = ALL_CARDS[:52] + ((BIG_JOKER,) if jokers >= 1 else ()) + ((LITTLE_JOKER,) if jokers == 2 else ())
    return one * decks


def sort_key_natural(card: Card) -> tuple[int, int]:
    """A display order with no game knowledge: jokers first, then S H D C, high rank first."""
    if card.is_joker:
        return (-1, -int(card))
    return (card // 13, -(card % 13))


def sorted_natural(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards in :func:`sort_key_natural` order (the canonical order of multi-card actions).

    >>> format_cards(sorted_natural(parse_cards("2C AS LJ BJ KS")))
    'BJ LJ AS KS 2C'
    """
    return tuple(sorted(cards, key=sort_key_natural))
