"""Reading a human's answers: a line of input, and what it means at the table (a menu number, an
action in notation, a bare card, or a command such as ``save`` or ``hint``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console

from tricktable.cards import CardParseError, parse_cards
from tricktable.cli.errors import InputEnded, clip, shorten
from tricktable.core import Action, State, TricktableError

__all__ = ["COMMANDS", "Command", "EntryError", "ask", "interpret", "looks_numeric", "menu_number"]

COMMANDS = {
    "help": "show this help",
    "table": "show the table again",
    "sheet": "show the score sheet (each team's standing, the deals so far)",
    "details": "show the logs the table only counts (the score sheet of every deal...)",
    "hint": "ask the heuristic bot what it would do",
    "auto": "take forced moves (a single legal action, like each draw) without asking; again to stop",
    "pick": "choose the cards of a multi-card action one at a time",
    "save": "save the game (to FILE if given: save FILE)",
    "quit": "save the game and stop",
}


@dataclass(frozen=True, slots=True)
class Command:
    """A table command rather than a game action; ``arg`` is the rest of the line."""

    name: str
    arg: str = ""


class EntryError(ValueError):
    """An entry that is not a legal action now; the message says why, in the rules' words."""


def ask(console: Console, prompt: str) -> str:
    """One line from standard input (stripped). End of input raises :class:`InputEnded`."""
    try:
        return console.input(prompt).strip()
    except EOFError:
        console.print()
        raise InputEnded("input ended") from None


def menu_number(text: str, count: int) -> int | None:
    """The menu number ``text`` names (1 to ``count``), or None if it is not one: only plain digits
    count (not ``²``), and never so many that reading them costs anything.

    >>> menu_number("2", 3), menu_number("4", 3), menu_number("²", 3), menu_number("9" * 5000, 3)
    (2, None, None, None)
    """
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(count)):
        return None
    number = int(text)
    return number if 1 <= number <= count else None


def looks_numeric(text: str) -> bool:
    """Whether ``text`` is meant as a number (any digits, ``²`` included): then it is answered as a
    menu choice, whatever its length."""
    return text.isdigit() or text.isdecimal()


def interpret(text: str, state: State, seat: int, legal: Sequence[Action]) -> Action | Command:
    """What an entry means for ``seat`` now. A legal action is returned only after the rules have
    checked it (``state.check``); anything else raises :class:`EntryError` with the reason."""
    words = text.split()
    if not words:
        raise EntryError("type a number from the menu, an action such as 'play 7H', or 'help'")
    head = words[0].lower()
    if head in COMMANDS and head not in state.VERBS:
        return Command(head, " ".join(words[1:]))
    if looks_numeric(text):
        if not legal:
            raise EntryError("you have nothing to choose now")
        number = menu_number(text, len(legal))
        if number is None:
            raise EntryError(f"choose a number from 1 to {len(legal)}")
        return legal[number - 1]
    action = _parse(text, state)
    try:
        state.check(action, seat)
    except TricktableError as err:
        raise EntryError(shorten(str(err))) from None
    return action


def _parse(text: str, state: State) -> Action:
    """Notation, or bare cards standing for ``play <cards>`` where the game has a play verb."""
    try:
        return state.parse(text)
    except ValueError as err:  # a TricktableError, or a number too long to read in an argument
        reason = str(err) if isinstance(err, TricktableError) else f"{clip(text)!r} is not an action"
        if "play" in state.VERBS and text.split()[0].lower() not in state.VERBS:
            try:
                cards = parse_cards(text)
            except CardParseError:
                raise EntryError(shorten(reason)) from None
            return Action.make("play", cards)
        raise EntryError(shorten(reason)) from None
