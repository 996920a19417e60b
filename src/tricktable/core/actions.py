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
from typing import Any, Final

from tricktable.cards import ALL_CARDS, Card, CardParseError, format_cards, parse_cards
from tricktable.compiled import python_class
from tricktable.core.errors import InvalidActionError, shown

__all__ = [
    "Action",
    "ArgKind",
    "Verb",
    "action_key",
    "checked_action",
    "is_action",
    "is_well_formed",
    "parse_action",
    "verb_table",
]


def action_key(card: Card) -> tuple[int, int]:
    """Canonical order of cards inside an action: suits S H D C, ranks ascending, then LJ, BJ.

    This is the order of the card codes, so a well-formedness check compares the cards directly.
    """
    if card >= 52:
        return (4, int(card))
    return (card // 13, card % 13)


_TEXTS: dict[Action, str] = {}
"""Actions' texts as first written: every view lists its seat's legal actions as text, and most are
the same few (one card played, a bid); Tractor's many multi-card actions stop it at the limit."""
_TEXTS_KEPT = 4096
_KEPT_ARGS = (int, str, type(None))


@python_class
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
        fields: Any = self  # read untyped, as in _parts: a hand-built action may hold anything
        # Kept only for a plain int, str or no argument: a bid of False equals a bid of 0 as a key.
        keep = type(fields.arg) in _KEPT_ARGS
        try:
            text = _TEXTS.get(self) if keep else None
        except TypeError:  # a hand-built action with unhashable parts: not kept
            text, keep = None, False
        if text is not None:
            return text
        verb, cards, arg = fields.verb, fields.cards, fields.arg
        try:
            if cards:
                text = f"{verb} {format_cards(cards)}"
            elif arg is not None:
                text = f"{verb} {arg}"
            else:
                text = str(verb)
            if keep and len(_TEXTS) < _TEXTS_KEPT:
                _TEXTS[self] = text
            return text
        except Exception:  # a hand-built action with malformed content: show its parts, never raise
            parts = [verb if type(verb) is str else shown(verb)]
            parts += [shown(x) for x in (cards, arg) if x is not None and not _empty_tuple(x)]
            return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @property
    def card(self) -> Card:
        """The one card of a single-card action."""
        if len(self.cards) != 1:
            raise InvalidActionError(f"'{self}' does not name exactly one card")
        return self.cards[0]


_SINGLE_PLAYS: Final = tuple(Action("play", (c,)) for c in ALL_CARDS)


def _parts(action: object) -> tuple[Any, Any, Any]:
    """An action's verb, cards and argument, as a hand-built action may hold anything: read untyped,
    since code compiled by mypyc checks a field read against its declared type (a bare TypeError
    before the clear error that names what is wrong), and a parameter declared ``Action`` against that
    class, an interpreted subclass refused."""
    fields: Any = action
    return fields.verb, fields.cards, fields.arg


def is_action(value: object) -> bool:
    """``isinstance(value, Action)``, a subclass made outside the package included: compiled by mypyc,
    ``isinstance`` with one of the package's classes knows only the subclasses compiled with it (and
    a value narrowed to ``Action`` is checked against it), so this says no more than a ``bool``."""
    return issubclass(type(value), Action)


def _plain(value: object) -> Action | None:
    """The plain action ``value`` stands for: itself, or a subclass's fields as an :class:`Action`
    (what it replays as); None when it is no action."""
    if type(value) is Action:
        return value
    return Action(*_parts(value)) if is_action(value) else None


def play(card: Card) -> Action:
    """The (cached) action that plays one card."""
    return _SINGLE_PLAYS[card]


def plays(cards: tuple[int, ...]) -> tuple[Action, ...]:
    """The (cached) actions that play each of ``cards``: a game's legal single-card plays. (The
    cards read as ints, compiled code indexes the cache directly, with no generic call per card.)"""
    return tuple([_SINGLE_PLAYS[c] for c in cards])


class ArgKind(Enum):
    """What follows a verb in the notation."""

    NONE = "none"  # stand, beg, give, run, draw
    CARD = "card"  # expose AS, call AS
    CARDS = "cards"  # play 7H 7H, declare 2H 2H, bury ...
    BID = "bid"  # bid 3, bid pass, bid board


@python_class
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


_NONE, _CARD, _CARDS, _BID = ArgKind.NONE, ArgKind.CARD, ArgKind.CARDS, ArgKind.BID
_CARD_TYPE = {Card}


def verb_table(*verbs: Verb) -> dict[str, Verb]:
    return {v.name: v for v in verbs}


def parse_action(text: object, verbs: Mapping[str, Verb]) -> Action:
    """Read an action from text, against the verbs a game accepts.

    Raises :class:`InvalidActionError` naming what was wrong and what is allowed.
    """
    plain = _plain(text)
    if plain is not None:
        return checked_action(plain, verbs)
    if not isinstance(text, str):
        raise InvalidActionError(f"an action is text like 'play 7H', not {type(text).__name__} {shown(text)}")
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
        if word.isascii() and word.isdigit():
            try:
                return Action(name, (), int(word))
            except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits)
                raise InvalidActionError(
                    f"{shown(rest[0])} is too long to be a bid: write '{verb.usage}'"
                ) from None
        raise InvalidActionError(
            f"{shown(rest[0])} is not a bid: write '{verb.usage}', the number in digits 0-9"
        )
    try:
        cards = parse_cards(rest)
    except CardParseError as err:
        raise InvalidActionError(f"in '{text.strip()}': {err}") from None
    if not cards:
        raise InvalidActionError(f"'{name}' needs cards after it, like '{name} 7H'")
    if verb.args is ArgKind.CARD and len(cards) != 1:
        raise InvalidActionError(f"'{name}' names exactly one card, like '{name} 7H'")
    return Action.make(name, cards)


def checked_action(action: Action, verbs: Mapping[str, Verb]) -> Action:
    """``action`` itself if it is well formed for one of ``verbs``; else :class:`InvalidActionError`.

    Well formed means that :func:`parse_action` builds the same action from its text, so that a record
    replays it: a known verb; ``cards`` a tuple of :class:`Card` in canonical order (as
    :meth:`Action.make` orders them); and the verb's argument kind — NONE: no cards, arg None; CARD:
    exactly one card, arg None; CARDS: at least one card, arg None; BID: no cards, and as arg an
    ``int`` of 0 or more (not a bool) or one of the verb's words. Every game state checks an action
    object here before its rules look at it (its own listed actions are well formed by construction).
    """
    # The hot path of every apply: plain comparisons, no generator, the common shapes first. The
    # fields are read untyped, as in _parts, without its call.
    fields: Any = action
    name, cards, arg = fields.verb, fields.cards, fields.arg
    verb = verbs.get(name) if type(name) is str else None
    if verb is not None and type(cards) is tuple:
        kind = verb.args
        if arg is None:
            n = len(cards)
            if n == 1:
                if type(cards[0]) is Card and (kind is _CARD or kind is _CARDS):
                    return action
            elif n == 0:
                if kind is _NONE:
                    return action
            elif kind is _CARDS and set(map(type, cards)) == _CARD_TYPE and list(cards) == sorted(cards):
                return action
        elif (
            kind is _BID
            and not cards
            and ((type(arg) is int and arg >= 0) or (type(arg) is str and arg in verb.words))
        ):
            return action
    raise InvalidActionError(_malformed(action, verb, verbs))


def is_well_formed(action: object, verbs: Mapping[str, Verb]) -> bool:
    """Whether ``action`` is an action that :func:`checked_action` accepts (for membership tests,
    which answer rather than raise)."""
    plain = _plain(action)
    if plain is None:
        return False
    try:
        checked_action(plain, verbs)
    except InvalidActionError:
        return False
    return True


def _malformed(action: Action, verb: Verb | None, verbs: Mapping[str, Verb]) -> str:
    """What is wrong with an action that :func:`checked_action` refuses, and how to write it."""
    name, cards, arg = _parts(action)
    if verb is None:
        return _unknown_verb(name if type(name) is str else shown(name), verbs)
    kind = verb.args
    how = f"write '{verb.usage}' (game.parse_action reads that text"
    how += ")" if kind is ArgKind.NONE or kind is ArgKind.BID else "; Action.make orders the cards)"
    if type(cards) is not tuple:
        given = "None" if cards is None else f"a {type(cards).__name__} {shown(cards)}"
        return f"the cards of an action are a tuple of Card values, not {given}; {how}"
    wrong = next((c for c in cards if type(c) is not Card), None)
    if wrong is not None:
        return (
            f"{shown(wrong)} ({type(wrong).__name__}) is not a card: an action holds Card values, "
            f"as parse_cards('7H') makes them; {how}"
        )
    if kind is ArgKind.NONE:
        return f"'{name}' takes nothing after it: write just '{name}'"
    if kind is ArgKind.BID:
        if cards:
            return f"'{name}' names no cards; {how}"
        if type(arg) is str and arg.isascii() and arg.isdigit():
            return f"a bid's number is an int, not the text {shown(arg)}; {how}"
        return (
            f"{shown(arg)} is not a bid: a bid is an int of 0 or more (not a bool) "
            f"or one of the words {', '.join(verb.words)}; {how}"
        )
    if arg is not None:
        return f"'{name}' takes only cards, no argument like {shown(arg)}; {how}"
    if not cards:
        return f"'{name}' needs {'a card' if kind is ArgKind.CARD else 'at least one card'}; {how}"
    if kind is ArgKind.CARD:
        return f"'{name}' names exactly one card, not {len(cards)}; {how}"
    return (
        f"the cards {format_cards(cards)} are not in canonical order "
        f"({format_cards(sorted(cards, key=action_key))}); {how}"
    )


def _empty_tuple(value: object) -> bool:
    return type(value) is tuple and not value


def _allowed(verbs: Mapping[str, Verb]) -> str:
    return "this game's actions are: " + ", ".join(v.usage for v in verbs.values())


def _unknown_verb(name: str, verbs: Mapping[str, Verb]) -> str:
    return f"'{name}' is not an action in this game; " + _allowed(verbs)
