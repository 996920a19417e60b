"""Actions: small hashable values with one canonical text form.

``play 7H 7H 8H 8H``, ``bid 3``, ``bid pass``, ``bid board``, ``stand``, ``beg``, ``give``, ``run``,
``declare 2H 2H``, ``bury ...``, ``expose AS``, ``call AS``, ``draw``. A game lists the verbs it
accepts as :class:`Verb` specs; :func:`parse_action` reads text against them.

The cards of a multi-card action are a multiset, kept in one canonical order (suits S H D C, ranks
low to high, then LJ, BJ), so ``play 8H 7H`` and ``play 7H 8H`` are the same action.

>>> verbs = verb_table(Verb("play", ArgKind.CARDS, "play cards"), Verb("bid", ArgKind.BID, "bid"))
>>> a = parse_action("PLAY 8h 7h", verbs)
>>> a, str(a)
(Action('play 7H 8H'), 'play 7H 8H')
>>> parse_action(str(a), verbs) == a
True
>>> str(parse_action("bid 3", verbs)), str(parse_action("bid Pass", verbs))
('bid 3', 'bid pass')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from tricktable.cards import ALL_CARDS, Card, CardParseError, format_cards, parse_cards
from tricktable.core.errors import InvalidActionError

__all__ = ["Action", "ArgKind", "Verb", "action_key", "parse_action", "verb_table"]


def action_key(card: Card) -> tuple[int, int]:
    """Canonical order of cards inside an action: suits S H D C, ranks ascending, then LJ, BJ."""
    if card >= 52:
        return (4, int(card))
    return (card // 13, card % 13)


@dataclass(frozen=True, slots=True)
class Action:
    """One action. ``arg`` is a bid's number or word; ``cards`` the cards it names, canonically ordered.

    Build through :meth:`make` (which orders the cards) or the cached :func:`play`.
    """

    verb: str
    cards: tuple[Card, ...] = ()
    arg: int | str | None = None

    @staticmethod
    def make(verb: str, cards: Iterable[Card] = (), arg: int | str | None = None) -> Action:
        ordered = tuple(sorted(cards, key=action_key))
        return Action(verb, ordered, arg)

    def __str__(self) -> str:
        if self.cards:
            return f"{self.verb} {format_cards(self.cards)}"
        if self.arg is not None:
            return f"{self.verb} {self.arg}"
        return self.verb

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @property
    def card(self) -> Card:
        """The one card of a single-card action."""
        if len(self.cards) != 1:
            raise InvalidActionError(f"'{self}' does not name exactly one card")
        return self.cards[0]


_SINGLE_PLAYS = tuple(Action("play", (c,)) for c in ALL_CARDS)


def play(card: Card) -> Action:
    """The (cached) action that plays one card."""
    return _SINGLE_PLAYS[card]


class ArgKind(Enum):
    """What follows a verb in the notation."""

    NONE = "none"  # stand, beg, give, run, draw
    CARD = "card"  # expose AS, call AS
    CARDS = "cards"  # play 7H 7H, declare 2H 2H, bury ...
    BID = "bid"  # bid 3, bid pass, bid board


@dataclass(frozen=True, slots=True)
class Verb:
    """A verb a game accepts: its argument kind and a one-line summary for ``tricktable rules``."""

    name: str
    args: ArgKind
    summary: str
    words: tuple[str, ...] = ("pass", "board")  # the words a BID verb accepts besides numbers

    @property
    def usage(self) -> str:
        return {
            ArgKind.NONE: self.name,
            ArgKind.CARD: f"{self.name} <card>",
            ArgKind.CARDS: f"{self.name} <cards>",
            ArgKind.BID: f"{self.name} <n>|" + "|".join(self.words),
        }[self.args]


def verb_table(*verbs: Verb) -> dict[str, Verb]:
    return {v.name: v for v in verbs}


def parse_action(text: object, verbs: Mapping[str, Verb]) -> Action:
    """Read an action from text, against the verbs a game accepts.

    Raises :class:`InvalidActionError` naming what was wrong and what is allowed.
    """
    if isinstance(text, Action):
        if text.verb not in verbs:
            raise InvalidActionError(_unknown_verb(text.verb, verbs))
        return text
    if not isinstance(text, str):
        raise InvalidActionError(f"an action is text like 'play 7H', not {type(text).__name__} {text!r}")
    tokens = text.split()
    if not tokens:
        raise InvalidActionError("the action is empty; " + _allowed(verbs))
    name, rest = tokens[0].lower(), tokens[1:]
    verb = verbs.get(name)
    if verb is None:
        raise InvalidActionError(_unknown_verb(name, verbs))
    if verb.args is ArgKind.NONE:
        if rest:
            raise InvalidActionError(f"'{name}' takes nothing after it; write just '{name}'")
        return Action(name)
    if verb.args is ArgKind.BID:
        if len(rest) != 1:
            raise InvalidActionError(f"write a bid as '{verb.usage}'")
        word = rest[0].lower()
        if word in verb.words:
            return Action(name, (), word)
        if word.isdigit():
            return Action(name, (), int(word))
        raise InvalidActionError(f"{rest[0]!r} is not a bid: write '{verb.usage}'")
    try:
        cards = parse_cards(rest)
    except CardParseError as err:
        raise InvalidActionError(f"in '{text.strip()}': {err}") from None
    if not cards:
        raise InvalidActionError(f"'{name}' needs cards after it, like '{name} 7H'")
    if verb.args is ArgKind.CARD and len(cards) != 1:
        raise InvalidActionError(f"'{name}' names exactly one card, like '{name} 7H'")
    return Action.make(name, cards)


def _allowed(verbs: Mapping[str, Verb]) -> str:
    return "this game's actions are: " + ", ".join(v.usage for v in verbs.values())


def _unknown_verb(name: str, verbs: Mapping[str, Verb]) -> str:
    return f"'{name}' is not an action in this game; " + _allowed(verbs)
