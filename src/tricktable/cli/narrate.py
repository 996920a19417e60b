"""One log line per action ("seat 3 plays QH"), told as a given seat may know it.

An action's cards are named only when the viewer may see them: the viewer's own action, a play that
shows in the trick, or cards that the action newly shows anywhere in the viewer's view (a declaration).
Otherwise the line says how many cards (an opponent burying the kitty: "seat 1 buries 8 cards").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from tricktable.cards import Card, CardParseError
from tricktable.cli.render import seat_name
from tricktable.core import Action, View

__all__ = ["describe", "played_instead", "visible_cards"]

# Verb phrases read better than bare verbs for the actions whose name is a table idiom.
_PHRASES = {"give": "take one", "run": "run the pack"}
_PRIVATE_FIELDS = ("hand", "legal")


def _third_person(phrase: str) -> str:
    verb, _, rest = phrase.partition(" ")
    if verb.endswith("y") and verb[-2:-1] not in tuple("aeiou"):
        verb = verb[:-1] + "ies"
    elif verb.endswith(("s", "sh", "ch", "x")):
        verb += "es"
    else:
        verb += "s"
    return f"{verb} {rest}".rstrip()


def _card_strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        if len(value) in (2, 3):
            try:
                yield str(Card.parse(value))
            except CardParseError:
                return
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _card_strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _card_strings(v)


def visible_cards(view: View) -> Counter[str]:
    """Every card the view shows outside the seat's own hand and legal actions, with multiplicity."""
    data = view.to_dict()
    return Counter(c for key, v in data.items() if key not in _PRIVATE_FIELDS for c in _card_strings(v))


def _tricks(view: View) -> tuple[Any, ...]:
    """The tricks the view shows: in progress, the last one, and the last of a just-scored deal (its
    score sheet keeps it once the table is cleared for the next deal)."""
    last_round = view.last_round or {}
    return (view.trick, view.last_trick, last_round.get("last_trick") or ())


def _shown_in_trick(view: View, seat: int, cards: tuple[Card, ...]) -> bool:
    for trick in _tricks(view):
        for who, played in trick:
            if who == seat and Counter(played) == Counter(cards):
                return True
    return False


def played_instead(seat: int, action: Action, after: View) -> tuple[Card, ...] | None:
    """The cards a play put on the table when they differ from the cards the action named (a
    failed throw in Tractor: the leader must play a smaller part of it), else None."""
    if action.verb != "play":
        return None
    for trick in _tricks(after):
        for who, played in trick:
            if who == seat:
                return None if Counter(played) == Counter(action.cards) else tuple(played)
    return None


def describe(seat: int, action: Action, before: View, after: View, num_seats: int) -> str:
    """The log line for ``seat`` taking ``action``, as the seat of ``before``/``after`` sees it."""
    viewer = after.seat
    who = seat_name(seat, viewer, num_seats)
    phrase = _PHRASES.get(action.verb, action.verb)
    verb = phrase if seat == viewer else _third_person(phrase)
    if action.cards:
        shown = seat == viewer or _shown_in_trick(after, seat, action.cards)
        if not shown:
            gained = visible_cards(after) - visible_cards(before)
            needed = Counter(str(c) for c in action.cards)
            shown = not (needed - gained)
        if shown:
            line = f"{who} {verb} {' '.join(str(c) for c in action.cards)}"
            instead = played_instead(seat, action, after)
            if instead is not None:
                line += f", but only {' '.join(str(c) for c in instead)} stands (the table shows why)"
            return line
        count = len(action.cards)
        return f"{who} {verb} {count} card{'s' if count != 1 else ''}"
    if action.arg is not None:
        return f"{who} {verb} {action.arg}"
    return f"{who} {verb}"
