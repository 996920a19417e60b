"""Log lines from events ("seat 3 plays QH", "trick to partner"), told as a given seat saw them.

The events come from ``state.events(seat, since=version)``: the game has already hidden what the seat
may not see (an opponent's buried kitty arrives without its cards), so a line names cards only when
its event holds them ("seat 1 buries 8 cards").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tricktable.cards import Card, CardParseError, Suit
from tricktable.cli.render import seat_name, team_name
from tricktable.core import events as ev
from tricktable.core.events import Event

__all__ = ["actor", "describe", "narrate"]

# Verb phrases read better than bare verbs for the words whose name is a table idiom.
_PHRASES = {"give": "take one", "run": "run the pack"}


def _third_person(phrase: str) -> str:
    verb, _, rest = phrase.partition(" ")
    if verb.endswith("y") and verb[-2:-1] not in tuple("aeiou"):
        verb = verb[:-1] + "ies"
    elif verb.endswith(("s", "sh", "ch", "x")):
        verb += "es"
    else:
        verb += "s"
    return f"{verb} {rest}".rstrip()


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))


def _count(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _scores(scores: Iterable[int]) -> str:
    return "–".join(map(str, scores))


def _suit_word(letter: str | None) -> str:
    if letter is None:
        return "no trump suit"
    try:
        return Suit.parse(letter).word
    except CardParseError:
        return letter


class _Teller:
    """One viewer's wording: who is "you", who "partner"."""

    def __init__(self, viewer: int | None, num_seats: int) -> None:
        self.viewer = viewer
        self.num_seats = num_seats

    def who(self, seat: int | None) -> str:
        return seat_name(seat, self.viewer, self.num_seats)

    def does(self, seat: int, phrase: str) -> str:
        """``you bid 3`` / ``seat 1 bids 3``."""
        verb = phrase if seat == self.viewer else _third_person(phrase)
        return f"{self.who(seat)} {verb}"

    def whose(self, seat: int) -> str:
        name = self.who(seat)
        return "your" if name == "you" else f"{name}'s"

    def team(self, team: int | None) -> str:
        return "nobody" if team is None else team_name(team, self.viewer, self.num_seats)


def _private(t: _Teller, e: ev.PrivateEvent, phrase: str) -> str:
    """A face-down event: its cards for its own seat, their number for everyone else."""
    return f"{t.does(e.seat, phrase)} {_count(e.count) if e.cards is None else _cards(e.cards)}"


def _deal_started(t: _Teller, e: ev.DealStarted) -> str:
    return f"— deal {e.deal_number}: {t.who(e.dealer)} to deal; scores {_scores(e.scores)} —"


def _turned_up(t: _Teller, e: ev.TurnedUp) -> str:
    if e.seat is None:
        return f"{e.card} is turned up"
    return f"{t.does(e.seat, 'turn')} up {e.card}"


def _trump_set(t: _Teller, e: ev.TrumpSet) -> str:
    suit = _suit_word(e.suit)
    return f"trumps: rank {e.rank}, {suit}" if e.rank is not None else f"trumps: {suit}"


def _kitty_taken(t: _Teller, e: ev.KittyTaken) -> str:
    line = f"{t.does(e.seat, 'pick')} up the kitty"
    return line if e.cards is None else f"{line}: {_cards(e.cards)}"


def _played(t: _Teller, e: ev.Played) -> str:
    if e.attempted is None:
        return f"{t.does(e.seat, 'play')} {_cards(e.cards)}"
    line = f"{t.does(e.seat, 'try')} {_cards(e.attempted)}, but only {_cards(e.cards)} stands"
    return line + (f" ({e.penalty} points penalty)" if e.penalty else "")


def _trick_won(t: _Teller, e: ev.TrickWon) -> str:
    points = e.trick.points
    return f"trick to {t.who(e.trick.winner)}" + (f" ({points} points)" if points else "")


def _called(t: _Teller, e: ev.Called) -> str:
    line = f"{t.does(e.seat, 'call')} {t.whose(e.owner)} {e.card}"
    if e.stands:
        return line
    return f"{line}, which cannot be played now: the call has no effect"


def _scored(t: _Teller, e: ev.Scored) -> str:
    line = f"{e.item}: {e.points} point{'s' if e.points != 1 else ''} to {t.team(e.team)}"
    if e.seat is not None:
        line += f" ({t.who(e.seat)})"
    if e.cards:
        line += f" with {_cards(e.cards)}"
    return line + (f"; {e.note}" if e.note else "")


def _revealed(t: _Teller, e: ev.Revealed) -> str:
    owner = "the" if e.seat is None else t.whose(e.seat)
    return f"{owner} {e.what} is shown: {_cards(e.cards)}"


def _game_over(t: _Teller, e: ev.GameOver) -> str:
    who = "a draw" if e.winner is None else f"{t.team(e.winner)} wins"
    return f"game over: {who} ({_scores(e.scores)})"


_TELL: dict[type[Event], Callable[[_Teller, Any], str]] = {
    ev.DealStarted: _deal_started,
    ev.Dealt: lambda t, e: _private(t, e, "get"),
    ev.TurnedUp: _turned_up,
    ev.Discarded: lambda t, e: f"{t.does(e.seat, 'lay')} aside {_cards(e.cards)}",
    ev.TrumpSet: _trump_set,
    ev.Bid: lambda t, e: f"{t.does(e.seat, 'bid')} {e.bid}",  # as the menu says it: "bid pass"
    ev.Decided: lambda t, e: t.does(e.seat, _PHRASES.get(e.word, e.word)),
    ev.Declared: lambda t, e: f"{t.does(e.seat, 'declare')} {_cards(e.cards)}",
    ev.KittyTaken: _kitty_taken,
    ev.KittyBuried: lambda t, e: _private(t, e, "bury"),
    ev.Played: _played,
    ev.TrickWon: _trick_won,
    ev.Exposed: lambda t, e: f"{t.does(e.seat, 'expose')} {e.card}",
    ev.Called: _called,
    ev.Scored: _scored,
    ev.Revealed: _revealed,
    ev.DealScored: lambda t, e: f"deal {e.deal_number} scored: {_scores(e.scores)}",
    ev.GameOver: _game_over,
}


def describe(event: Event, viewer: int | None, num_seats: int) -> str:
    """The log line for ``event`` as ``viewer`` (None: a spectator) saw it."""
    tell = _TELL.get(type(event))
    if tell is None:
        return f"({event.kind})"
    return tell(_Teller(viewer, num_seats), event)


def narrate(events: Iterable[Event], viewer: int | None, num_seats: int) -> list[str]:
    """One line per event, in order."""
    return [describe(e, viewer, num_seats) for e in events]


def actor(event: Event) -> int | None:
    """The seat that chose the action an event records (None for events no seat chose)."""
    seat = getattr(event, "seat", None)
    return seat if isinstance(seat, int) and event.action() is not None else None
