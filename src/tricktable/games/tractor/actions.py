"""Tractor's verbs, its fixed actions, and the lazy action sequences of multi-card plays and burials."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, overload

from tricktable.cards import Card
from tricktable.core.actions import Action, ArgKind, Verb, is_well_formed, play, verb_table
from tricktable.core.state import State

__all__ = ["DRAW", "PASS", "VERBS", "CardActions"]

VERBS = verb_table(
    Verb("draw", ArgKind.NONE, "take the next card of the stock (your turn in the draw)"),
    Verb("declare", ArgKind.CARDS, "expose a trump-rank card, a pair of them, or a pair of jokers"),
    Verb("pass", ArgKind.NONE, "let your last chance to declare after the draw go"),
    Verb("bury", ArgKind.CARDS, "the starter puts 8 cards face down as the new kitty"),
    Verb("play", ArgKind.CARDS, "lead or follow: one card, a pair, a tractor or a throw"),
)
DRAW: Final = Action("draw")
PASS: Final = Action("pass")


class CardActions(Sequence[Action]):
    """A lazy sequence of ``verb <cards>`` actions over a lazy sequence of card tuples (each already in
    canonical order), the legal actions of ``seat`` in ``state``. Membership asks the state's rules
    (for a well-formed action, as ``apply`` would), so it never lists anything. The state itself is
    kept, not a function bound to it: the sequence is made on every play, and membership is rare."""

    __slots__ = ("_choices", "_seat", "_state", "_verb")

    def __init__(self, verb: str, choices: Sequence[tuple[Card, ...]], state: State, seat: int) -> None:
        self._verb = verb
        self._choices = choices
        self._state = state
        self._seat = seat

    def __len__(self) -> int:
        return len(self._choices)

    def _action(self, cards: tuple[Card, ...]) -> Action:
        if len(cards) == 1 and self._verb == "play":
            return play(cards[0])
        return Action(self._verb, cards)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, int):  # first: compiled, an int check is inline, a slice check a call
            return self._action(self._choices[index])
        return tuple(self._action(c) for c in self._choices[index])

    def __contains__(self, value: object) -> bool:
        return (
            is_well_formed(value, VERBS)  # first: a malformed action's fields may be of any type
            and isinstance(value, Action)
            and value.verb == self._verb
            and self._state._illegal_reason(value, self._seat) is None
        )

    def __iter__(self) -> Iterator[Action]:
        for cards in self._choices:
            yield self._action(cards)

    def __repr__(self) -> str:
        return f"<{len(self):,} legal {self._verb} actions>"
