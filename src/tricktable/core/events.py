"""Events: what happened at the table, as typed, immutable values.

A state keeps every event of its game in its action log (:mod:`tricktable.core.history`), each with
all its cards. :meth:`State.events` hands a seat the events *as that seat saw them*: a
:class:`PrivateEvent` shows its cards only to its own ``seat``; everyone else gets it with
``cards=None`` ("seat 2 was dealt 6 cards"). Which events a game emits as private — a hand dealt, a
card drawn, the kitty picked up and buried — is decided by that game's ``sight`` module, the one place
per game that decides what a seat may see.

Every event has ``to_dict()``: ``{"kind": ..., <fields>}`` with cards as canonical strings.

>>> from tricktable.cards import parse_cards
>>> e = Dealt(seat=2, cards=parse_cards("7H AS"), count=2)
>>> e.seen_by(2) is e, e.seen_by(0).to_dict()
(True, {'kind': 'dealt', 'seat': 2, 'cards': None, 'count': 2})
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tricktable.cards import Card
from tricktable.compiled import python_class
from tricktable.core.actions import Action
from tricktable.core.hiding import private_seen
from tricktable.core.trick import Play, Trick, single_plays

__all__ = [
    "EVENT_KINDS",
    "Bid",
    "Called",
    "DealScored",
    "DealStarted",
    "Dealt",
    "Decided",
    "Declared",
    "Discarded",
    "Event",
    "Exposed",
    "GameOver",
    "KittyBuried",
    "KittyTaken",
    "Played",
    "PrivateEvent",
    "Revealed",
    "Scored",
    "TrickWon",
    "TrumpSet",
    "TurnedUp",
    "single_trick_won",
    "trick_won",
]


_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


@python_class
@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event. ``kind`` names it in JSON."""

    kind: ClassVar[str] = "event"

    def seen_by(self, viewer: int | None) -> Event:
        """This event as ``viewer`` (None: a spectator) saw it: public events are seen whole."""
        return self

    def action(self) -> Action | None:
        """The action this event records (None for events no seat chose, and for hidden content)."""
        return None

    def to_dict(self) -> dict[str, Any]:
        from tricktable.core.views import to_jsonable

        out: dict[str, Any] = {"kind": self.kind}
        for name in _field_names(type(self)):
            out[name] = to_jsonable(getattr(self, name))
        return out


@python_class
@dataclass(frozen=True, slots=True)
class PrivateEvent(Event):
    """Cards that go face down to ``seat``: only that seat sees which (``count`` says how many)."""

    seat: int
    cards: tuple[Card, ...] | None
    count: int

    def seen_by(self, viewer: int | None) -> Event:
        return private_seen(self, viewer)


# --- the deal ---------------------------------------------------------------------------------------
@python_class
@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """A new deal (hand, round) begins: its number (1-based, redeals included), the dealer (Tractor:
    the starter), and the scores standing (Tractor: levels 2–14)."""

    kind: ClassVar[str] = "deal_started"
    deal_number: int
    dealer: int
    scores: tuple[int, ...]


@python_class
@dataclass(frozen=True, slots=True)
class Dealt(PrivateEvent):
    """Cards dealt or drawn to ``seat``; only that seat sees which."""

    kind: ClassVar[str] = "dealt"


@python_class
@dataclass(frozen=True, slots=True)
class TurnedUp(Event):
    """A card turned face up for everyone (a trump turn-up; a kitty card turned up to fix trumps)."""

    kind: ClassVar[str] = "turned_up"
    card: Card
    seat: int | None = None


@python_class
@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """Cards a seat laid aside face up (Back Alley's turned-up joker)."""

    kind: ClassVar[str] = "discarded"
    seat: int
    cards: tuple[Card, ...]


@python_class
@dataclass(frozen=True, slots=True)
class TrumpSet(Event):
    """Trumps are fixed for this deal: a suit letter (None: no trump) and, in Tractor, the rank."""

    kind: ClassVar[str] = "trump_set"
    suit: str | None
    rank: str | None = None


# --- choices ----------------------------------------------------------------------------------------
@python_class
@dataclass(frozen=True, slots=True)
class Bid(Event):
    kind: ClassVar[str] = "bid"
    seat: int
    bid: str
    """The bid as said: a number, ``pass``, ``board``."""

    def action(self) -> Action:
        return Action("bid", (), int(self.bid) if self.bid.isdecimal() else self.bid)


@python_class
@dataclass(frozen=True, slots=True)
class Decided(Event):
    """A word said at the table: ``stand``, ``beg``, ``give``, ``run`` (All Fours), ``pass``
    (Tractor's last chance to declare)."""

    kind: ClassVar[str] = "decided"
    seat: int
    word: str

    def action(self) -> Action:
        return Action(self.word)


@python_class
@dataclass(frozen=True, slots=True)
class Declared(Event):
    kind: ClassVar[str] = "declared"
    seat: int
    cards: tuple[Card, ...]

    def action(self) -> Action:
        return Action("declare", self.cards)


@python_class
@dataclass(frozen=True, slots=True)
class KittyTaken(PrivateEvent):
    """The starter picks up the kitty; only the starter sees its cards."""

    kind: ClassVar[str] = "kitty_taken"


@python_class
@dataclass(frozen=True, slots=True)
class KittyBuried(PrivateEvent):
    """The starter buries the kitty; only the starter sees its cards until the round is over."""

    kind: ClassVar[str] = "kitty_buried"

    def action(self) -> Action | None:
        return None if self.cards is None else Action("bury", self.cards)


# --- play -------------------------------------------------------------------------------------------
@python_class
@dataclass(frozen=True, slots=True)
class Played(Event):
    """Cards played to the trick. A Tractor throw that another hand could beat names the cards
    ``attempted``; ``cards`` are the ones that stood, and ``penalty`` moved the opponents' points."""

    kind: ClassVar[str] = "played"
    seat: int
    cards: tuple[Card, ...]
    attempted: tuple[Card, ...] | None = None
    penalty: int = 0

    def action(self) -> Action:
        return Action.make("play", self.cards if self.attempted is None else self.attempted)


@python_class
@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    kind: ClassVar[str] = "trick_won"
    trick: Trick


def trick_won(leader: int, plays: tuple[Play, ...], winner: int, points: int = 0) -> TrickWon:
    """The event of a finished trick (a log records ``(trick_won, leader, plays, winner, points)``
    and builds it only when it is read)."""
    return TrickWon(Trick(leader, plays, winner, points))


def single_trick_won(leader: int, cards: tuple[Card, ...], winner: int, num_seats: int) -> TrickWon:
    """:func:`trick_won` for a trick of one card per seat, from its cards in play order."""
    return TrickWon(Trick(leader, single_plays(leader, cards, num_seats), winner))


@python_class
@dataclass(frozen=True, slots=True)
class Exposed(Event):
    kind: ClassVar[str] = "exposed"
    seat: int
    card: Card

    def action(self) -> Action:
        return Action("expose", (self.card,))


@python_class
@dataclass(frozen=True, slots=True)
class Called(Event):
    """``seat`` called ``owner``'s exposed card. If it is a legal play for the owner (``stands``) the
    owner must play it now; if not, the call has no effect, and everyone now knows it."""

    kind: ClassVar[str] = "called"
    seat: int
    card: Card
    owner: int
    stands: bool = True

    def action(self) -> Action:
        return Action("call", (self.card,))


# --- scores and reveals -----------------------------------------------------------------------------
@python_class
@dataclass(frozen=True, slots=True)
class Scored(Event):
    """A scoring item (All Fours' Turn-up, Beg, High, Low, Jack, Game): the team and seat credited."""

    kind: ClassVar[str] = "scored"
    item: str
    team: int | None
    points: int
    cards: tuple[Card, ...] = ()
    seat: int | None = None
    note: str = ""


@python_class
@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """Cards shown to everyone at the end of a deal (Tractor's buried kitty)."""

    kind: ClassVar[str] = "revealed"
    what: str
    seat: int | None
    cards: tuple[Card, ...]


@python_class
@dataclass(frozen=True, slots=True)
class DealScored(Event):
    """A deal (hand, round) is scored: the scores after it and the game's score-sheet row for it (its
    own summary type; JSON through ``to_dict``)."""

    kind: ClassVar[str] = "deal_scored"
    deal_number: int
    scores: tuple[int, ...]
    sheet: Any = field(hash=False)


@python_class
@dataclass(frozen=True, slots=True)
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    scores: tuple[int, ...]
    winner: int | None


EVENT_KINDS: Mapping[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        DealStarted,
        Dealt,
        TurnedUp,
        Discarded,
        TrumpSet,
        Bid,
        Decided,
        Declared,
        KittyTaken,
        KittyBuried,
        Played,
        TrickWon,
        Exposed,
        Called,
        Scored,
        Revealed,
        DealScored,
        GameOver,
    )
}
"""Every event class by its ``kind``."""
