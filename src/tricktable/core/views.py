"""Per-seat views and their JSON form.

A view is what one seat may know: it is the only way anything leaves the rules core for a player, a
bot, the server or an RL observation. ``seat`` is None for a spectator, whose ``hand`` is empty.

Every game's view is a frozen dataclass: :class:`View` holds the fields every game has, under the
same names with the same meaning, and each game's subclass adds its own (``docs/views.md`` lists them
all; :mod:`tricktable.core.schema` derives their JSON Schema from the type hints here).

The JSON form (:meth:`View.to_dict`) is built by a per-class plan of one converter per field, chosen
once from the field's type: a server sends a view after every action, so it must stay cheap however
long the game has run. Values that carry their own JSON form (a trump, a score-sheet row) say so with
a ``to_json()`` method.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any, ClassVar, Protocol, runtime_checkable

from tricktable.cards import ALL_CARDS, Card, Suit
from tricktable.compiled import python_class
from tricktable.core.actions import Action
from tricktable.core.labels import SeatMark, TrumpLabel
from tricktable.core.marks import Marks
from tricktable.core.pick import Pick
from tricktable.core.trick import Play, Trick

__all__ = ["Record", "SuitTrump", "TrumpOrder", "View", "own_fields", "to_jsonable"]

_TEXT: tuple[str, ...] = tuple(str(c) for c in ALL_CARDS)


@runtime_checkable
class TrumpOrder(Protocol):
    """What a view's ``trump`` can say about cards, in every game: whether a card is a trump, a sort
    key for showing a hand (trumps first, high to low, then each plain suit), and its JSON form (a
    suit letter or null; Tractor's ``{"rank": "2", "suit": "H"}``). Front ends use it rather than
    re-deriving each game's trump order."""

    def is_trump(self, card: Card) -> bool: ...

    def sort_key(self, card: Card) -> Any: ...

    def to_json(self) -> Any: ...


@python_class
@dataclass(frozen=True, slots=True)
class SuitTrump:
    """The trump of a suit game (All Fours, Back Alley): a suit, or ``None`` for a no-trump deal.
    With ``jokers`` the two jokers are the top trumps (big above little), as in Back Alley; in a
    no-trump deal no card is a trump.

    >>> from tricktable.cards import parse_cards
    >>> t = SuitTrump(Suit.HEARTS, jokers=True)
    >>> [str(c) for c in sorted(parse_cards("2S AH LJ 3C BJ KS 9H"), key=t.sort_key)]
    ['BJ', 'LJ', 'AH', '9H', 'KS', '2S', '3C']
    >>> t.is_trump(parse_cards("LJ")[0]), t.to_json(), SuitTrump(None).to_json()
    (True, 'H', None)
    """

    suit: Suit | None
    jokers: bool = False

    def is_trump(self, card: Card) -> bool:
        if self.suit is None:
            return False
        if card >= 52:
            return self.jokers
        return card // 13 == self.suit

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Trumps first (jokers on top), high to low; then spades, hearts, diamonds, clubs, each high
        to low; jokers that are not trumps last."""
        if self.is_trump(card):
            return (-1, -_rank_value(card))
        if card >= 52:
            return (4, -int(card))
        return (card // 13, -(card % 13))

    def to_json(self) -> str | None:
        return None if self.suit is None else self.suit.letter

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        return {"enum": ["S", "H", "D", "C", None], "description": "the trump suit's letter; null: no trump"}

    def __str__(self) -> str:
        return "no trump" if self.suit is None else self.suit.letter


def _rank_value(card: Card) -> int:
    """Order within the trump suit: 2 lowest, ace 12, little joker 13, big joker 14."""
    return int(card) - 39 if card >= 52 else card % 13


class Record(Mapping[str, Any]):
    """A read-only mapping (a score-sheet row, a summary) whose JSON form is built once, on first
    use, and shared: a view holding a game's whole score sheet turns it into JSON at no cost."""

    __slots__ = ("_data", "_json")

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = dict(data)
        self._json: dict[str, Any] | None = None

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"Record({self._data!r})"

    def to_json(self) -> dict[str, Any]:
        """The JSON form, a fresh top-level dict each time (its nested lists are shared: read, do not
        change them)."""
        if self._json is None:
            self._json = to_jsonable(self._data)
        return dict(self._json)


@python_class
@dataclass(frozen=True, kw_only=True)
class View:
    """Fields every game's view has, with the same meaning in every game; each game's subclass adds
    its own. See ``docs/views.md`` for each field."""

    game: str
    seat: int | None
    phase: str
    to_move: int | None
    version: int
    """Actions applied so far (``state.version``): a client's action names the version it saw."""
    deal_number: int
    """The deal in progress (or the last one once the game is over), counting from 1 every deal of
    the game: redeals, thrown-in hands and re-deals after a pack ran out included."""
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    """Cards held by each seat."""
    stock_size: int
    """Cards not dealt (or not yet drawn): 0 where nothing is left to deal."""
    trick: tuple[Play, ...]
    last_trick: tuple[Play, ...]
    last_winner: int | None
    tricks: tuple[Trick, ...]
    """This deal's finished tricks, in order, each with its leader, plays, winner and card points."""
    tricks_won: tuple[int, ...]
    """Tricks won by each seat this deal."""
    team_tricks: tuple[int, ...]
    """Tricks won by each team this deal."""
    trump: TrumpOrder
    scores: tuple[int, ...]
    legal: tuple[str, ...]
    last_round: Mapping[str, Any] | None
    marks: Marks
    """Every distinct card of the game's pack: whether it is a trump, its display group and its
    display order (``hand`` is sorted by it), from ``trump``; the same for every seat."""
    pick: Pick | None
    """The seat's card pick now: the verb its picked cards make and how many it needs
    (:meth:`State.pick <tricktable.core.state.State.pick>`); None when it has no cards to pick."""
    seat_marks: tuple[tuple[SeatMark, ...], ...]
    """Per seat, what the table shows beside it (a bid, exposed or declared cards), each labelled by
    a word: the page draws them as they come."""
    trump_label: TrumpLabel
    """The trump as a page words it (rank, suit, whether declared), the same in every game's shape."""

    SEAT_FIELDS: ClassVar[tuple[str, ...]] = ("seat", "hand", "legal", "pick")
    """The fields in which a seat's view may differ from the spectator's view of the same state;
    every other field is the same for every seat (a conformance test holds each game to it)."""

    def to_dict(
        self, *, like: Mapping[str, Any] | None = None, after: tuple[View, Mapping[str, Any]] | None = None
    ) -> dict[str, Any]:
        """The view as JSON-able data; cards as canonical strings. ``like``: the JSON form of
        another view of the same state (the spectator's or another seat's), whose fields are taken
        as they are but for the seat's own (:attr:`SEAT_FIELDS`), so a server sending every seat
        its view converts the common fields once. ``after``: an earlier view of the same game with
        its JSON form, whose converted fields are taken as they are where this view's value is the
        same (most of a view does not change with one action: the score sheet, the tricks, the
        marks). The nested values are then shared in both cases: read them, do not change them."""
        if like is not None:
            return type(self).seat_dict({name: getattr(self, name) for name in self.SEAT_FIELDS}, like)
        plan = _plan_of(type(self))
        out: dict[str, Any] = {}
        if after is not None and type(after[0]) is type(self):
            before, said = after
            for name, convert in plan:
                value = getattr(self, name)
                if convert is None or value is None:
                    out[name] = value
                elif _same_value(getattr(before, name), value):
                    out[name] = said[name]
                else:
                    out[name] = convert(value)
            return out
        for name, convert in plan:
            value = getattr(self, name)
            out[name] = value if convert is None or value is None else convert(value)
        return out

    @classmethod
    def seat_dict(cls, own: Mapping[str, Any], like: Mapping[str, Any]) -> dict[str, Any]:
        """The JSON form of the view of this class whose :attr:`SEAT_FIELDS` are ``own`` (a seat's
        :meth:`State.seat_fields <tricktable.core.state.State.seat_fields>`) and whose other fields
        are those of ``like``, the JSON form of another view of the same state: a seat's view
        without building it whole."""
        out = dict(like)
        for name, convert in _seat_plan_of(cls):
            value = own[name]
            out[name] = value if convert is None or value is None else convert(value)
        return out


_Plan = tuple[tuple[str, Callable[[Any], Any] | None], ...]
_PLANS: dict[type, _Plan] = {}
_SEAT_PLANS: dict[type, _Plan] = {}


def _plan_of(cls: type[View]) -> _Plan:
    """The converter of each field of a view class, found once per class."""
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _plan(cls)
    return plan


def _seat_plan_of(cls: type[View]) -> _Plan:
    """The converters of the class's :attr:`~View.SEAT_FIELDS`, in field order."""
    plan = _SEAT_PLANS.get(cls)
    if plan is None:
        plan = _SEAT_PLANS[cls] = tuple(step for step in _plan_of(cls) if step[0] in cls.SEAT_FIELDS)
    return plan


def _same_value(old: Any, new: Any) -> bool:
    """Whether a field's value is known to be unchanged: the same object, or equal tuples (compared
    in C, their shared items by identity); other values equal but not the same object are converted
    again (comparing a mapping or a dataclass costs about as much)."""
    return old is new or (type(old) is tuple and type(new) is tuple and old == new)


class _Holding(Protocol):
    """A state as :func:`own_fields` reads it."""

    @property
    def hands(self) -> Sequence[tuple[Card, ...]]: ...

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]: ...

    def pick(self, seat: int | None = None) -> Pick | None: ...


def own_fields(state: _Holding, seat: int | None, marks: Marks) -> dict[str, Any]:
    """The :attr:`View.SEAT_FIELDS` of a game whose seat sees of its own only its hand (in the
    marks' display order), its legal actions and its card pick; a spectator, none of them."""
    if seat is None:
        return {"seat": None, "hand": (), "legal": (), "pick": None}
    return {
        "seat": seat,
        "hand": marks.sorted(state.hands[seat]),
        "legal": tuple(str(a) for a in state.legal_actions(seat)),
        "pick": state.pick(seat),
    }


def to_jsonable(obj: Any) -> Any:
    """Cards and actions to their text, dataclasses to dicts, tuples to lists, enums to values; an
    object with a ``to_json()`` method (a trump, a :class:`Record`) gives its own form.

    >>> from tricktable.cards import parse_cards
    >>> to_jsonable({"trick": ((0, parse_cards("7H")),), "n": 1})
    {'trick': [[0, ['7H']]], 'n': 1}
    """
    convert = _BY_TYPE.get(type(obj))
    if convert is None:
        convert = _BY_TYPE[type(obj)] = _converter_for(type(obj))
    return convert(obj)


def _same(value: Any) -> Any:
    return value


def _sequence(values: Any) -> list[Any]:
    return [to_jsonable(v) for v in values]


def _mapping(values: Mapping[Any, Any]) -> dict[str, Any]:
    return {str(k): to_jsonable(v) for k, v in values.items()}


def _converter_for(cls: type) -> Callable[[Any], Any]:
    """How :func:`to_jsonable` turns a value of this type into JSON, found once per type (the
    checks in the order the docstring gives them)."""
    if issubclass(cls, Card | Action):
        return str
    if issubclass(cls, Enum):
        return _enum_value
    if cls is type(None) or issubclass(cls, bool | int | float | str):
        return _same
    own = getattr(cls, "to_json", None)
    if own is not None:
        return own  # type: ignore[no-any-return]
    if dataclasses.is_dataclass(cls):
        names = tuple(f.name for f in dataclasses.fields(cls))
        return lambda obj: {name: to_jsonable(getattr(obj, name)) for name in names}
    if issubclass(cls, Mapping):
        return _mapping
    if issubclass(cls, tuple | list | frozenset | set):
        return _sequence
    raise TypeError(f"cannot turn {cls.__name__} into JSON")


def _enum_value(member: Enum) -> Any:
    return member.value


#: The converter of each type met so far (the common ones from the start).
_BY_TYPE: dict[type, Callable[[Any], Any]] = {
    str: _same,
    int: _same,
    bool: _same,
    float: _same,
    type(None): _same,
    Card: _TEXT.__getitem__,
    tuple: _sequence,
    list: _sequence,
    dict: _mapping,
}


# --- the per-field converters of to_dict ----------------------------------------------------------------
def _cards(cards: tuple[Card, ...]) -> list[str]:
    text = _TEXT
    return [text[c] for c in cards]


def _plays(plays: tuple[Play, ...]) -> list[list[Any]]:
    text = _TEXT
    return [[seat, [text[c] for c in cards]] for seat, cards in plays]


def _tricks(tricks: tuple[Trick, ...]) -> list[dict[str, Any]]:
    return [
        {"leader": t.leader, "plays": _plays(t.plays), "winner": t.winner, "points": t.points} for t in tricks
    ]


def _card_lists(groups: tuple[tuple[Card, ...], ...]) -> list[list[str]]:
    text = _TEXT
    return [[text[c] for c in cards] for cards in groups]


def _card(card: Card) -> str:
    return _TEXT[card]


def _own_json(value: Any) -> Any:
    return value.to_json()


def _rows(rows: tuple[Any, ...]) -> list[Any]:
    return [row.to_json() if hasattr(row, "to_json") else to_jsonable(row) for row in rows]


_SCALARS = (int, str, bool, float, type(None))


def _is_scalar(hint: Any) -> bool:
    """int, str, bool, float or an optional / union of them: already JSON."""
    if hint in _SCALARS:
        return True
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return all(_is_scalar(arg) for arg in typing.get_args(hint))
    return False


def _converter(hint: Any) -> Callable[[Any], Any] | None:
    """The cheapest correct converter for a field of this type (None: the value is JSON already)."""
    if _is_scalar(hint):
        return None
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        return _converter(rest[0]) if len(rest) == 1 else to_jsonable
    table: list[tuple[Any, Callable[[Any], Any]]] = [
        (Card, _card),
        (tuple[Card, ...], _cards),
        (tuple[Play, ...], _plays),
        (tuple[Trick, ...], _tricks),
        (tuple[tuple[Card, ...], ...], _card_lists),
    ]
    for known, convert in table:
        if hint == known:
            return convert
    if typing.get_origin(hint) is tuple and args and all(_is_scalar(a) for a in args if a is not Ellipsis):
        return list
    if isinstance(hint, type) and hasattr(hint, "to_json"):
        return _own_json
    if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _rows
    return to_jsonable


@cache
def view_hints(cls: type) -> dict[str, Any]:
    """The resolved type of each field of a view class (also what the schema generator reads)."""
    return typing.get_type_hints(cls)


def _plan(cls: type) -> tuple[tuple[str, Callable[[Any], Any] | None], ...]:
    hints = view_hints(cls)
    return tuple((f.name, _converter(hints[f.name])) for f in dataclasses.fields(cls))
