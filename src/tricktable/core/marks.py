"""What a page shows about each card: whether it is a trump, the group it is shown in and its place in
the display order, for every distinct card of a game's pack, derived once per trump from the view's
typed trump (the one home of trump-ness, :class:`~tricktable.core.views.TrumpOrder`).

A front end reads these rather than deciding trumps, suits or ranks itself; the view's ``hand`` is
already sorted by ``order``. They change only when the trump does, so each game keeps one
:class:`MarkTable` that builds a trump's marks (and their JSON form) once.

>>> from tricktable.cards import Suit, parse_cards
>>> from tricktable.core.views import SuitTrump
>>> table = MarkTable(parse_cards("AS 2H AH LJ BJ"))
>>> marks = table(SuitTrump(Suit.HEARTS, jokers=True))
>>> marks[parse_cards("AH")[0]], marks[parse_cards("AS")[0]].group
(Mark(trump=True, group='trump', order=2), 'S')
>>> table(SuitTrump(Suit.HEARTS, jokers=True)) is marks
True
>>> marks.to_json()["LJ"]
{'trump': True, 'group': 'trump', 'order': 1}
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tricktable.cards import Card, Suit
from tricktable.compiled import python_class

if TYPE_CHECKING:
    from tricktable.core.views import TrumpOrder

__all__ = ["GROUPS", "Mark", "MarkTable", "Marks"]

GROUPS = ("trump", "S", "H", "D", "C", "joker")
"""The display groups: the trumps, each plain suit, and ``joker`` for a joker that is no trump (only in
Back Alley's no-trump hand, where no joker is ever in play)."""


@python_class
@dataclass(frozen=True, slots=True)
class Mark:
    """One card's display facts: ``trump`` as the view's trump says, its ``group`` (``"trump"`` exactly
    for the trumps, else its suit letter) and ``order`` (ascending = shown first)."""

    trump: bool
    group: str
    order: int

    def to_json(self) -> dict[str, Any]:
        return {"trump": self.trump, "group": self.group, "order": self.order}


class Marks(Mapping[Card, Mark]):
    """The marks of every distinct card of a pack under one trump; JSON ``{"7H": {"trump": false,
    "group": "H", "order": 31}, ...}``, built once and shared (read it, do not change it)."""

    __slots__ = ("_json", "_marks", "_order", "_trump")

    def __init__(self, trump: TrumpOrder, cards: Iterable[Card]) -> None:
        ordered = sorted(set(cards), key=trump.sort_key)
        self._trump = trump
        self._marks = {card: _mark(trump, card, i) for i, card in enumerate(ordered)}
        self._json = {str(card): mark.to_json() for card, mark in self._marks.items()}
        order = [len(ordered)] * 54
        for i, card in enumerate(ordered):
            order[card] = i
        self._order = tuple(order)

    def sorted(self, cards: Iterable[Card]) -> tuple[Card, ...]:
        """``cards`` in display order (as ``trump.sort_key`` orders them, by a table lookup)."""
        return tuple(sorted(cards, key=self._order.__getitem__))

    def __getitem__(self, card: Card) -> Mark:
        return self._marks[card]

    def __iter__(self) -> Iterator[Card]:
        return iter(self._marks)

    def __len__(self) -> int:
        return len(self._marks)

    def __repr__(self) -> str:
        return f"Marks({len(self._marks)} cards)"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as its trump and cards (compiled, it has no ``__dict__`` to fill)."""
        return (Marks, (self._trump, tuple(self._marks)))

    def to_json(self) -> dict[str, Any]:
        return self._json

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        mark = {
            "type": "object",
            "properties": {
                "trump": {"type": "boolean"},
                "group": {"enum": list(GROUPS)},
                "order": {"type": "integer", "minimum": 0},
            },
            "required": ["trump", "group", "order"],
            "additionalProperties": False,
        }
        return {
            "type": "object",
            "description": "every distinct card of the game's pack (by its notation): is it a trump, "
            "its display group and its display order (ascending = shown first)",
            "propertyNames": {"pattern": "^([2-9TJQKA][SHDC]|BJ|LJ)$"},
            "additionalProperties": mark,
        }


def _mark(trump: TrumpOrder, card: Card, order: int) -> Mark:
    if trump.is_trump(card):
        return Mark(True, "trump", order)
    if card.is_joker:
        return Mark(False, "joker", order)
    return Mark(False, Suit(card // 13).letter, order)


class MarkTable:
    """A game's marks by trump: ``table(trump)`` builds them on first use and then returns the same
    :class:`Marks` (a view asks on every build; the trump seldom changes)."""

    __slots__ = ("_by_trump", "cards")

    def __init__(self, cards: Iterable[Card]) -> None:
        self.cards = tuple(sorted(set(cards)))
        self._by_trump: dict[Any, Marks] = {}

    def __call__(self, trump: TrumpOrder) -> Marks:
        marks = self._by_trump.get(trump)
        if marks is None:
            marks = self._by_trump[trump] = Marks(trump, self.cards)
        return marks
