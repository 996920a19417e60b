"""What a lesson is: a stacked deal, the learner's seat, and the steps that teach one rule each.

A lesson decides no rule. It chooses the cards (:func:`stack`), the seat, and for each step the
actions it expects and the words that say what to do and why; the engine checks every action, and
the bots play the other seats. Its words are keys (``learn.<lesson>.<step>``) into the lesson
module's words in English, Italian and Welsh.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from tricktable import games
from tricktable.cards import Card, format_cards, parse_cards

__all__ = ["LANGS", "Course", "Deal", "Lesson", "LessonError", "Step", "stack"]

LANGS = ("en", "it", "cy")


class LessonError(RuntimeError):
    """A lesson that does not fit its deal (a bug in the lesson's data, found by its tests)."""


@dataclass(frozen=True)
class Step:
    """One thing to do. ``accept``: the actions (in notation) that are right; empty means any legal
    action is (a free choice, the words give the advice). The step is due when one of them is legal
    for the learner (a declaration may come out of turn); a free step when the learner must act."""

    key: str
    accept: tuple[str, ...] = ()


@dataclass(frozen=True)
class Deal:
    """A stacked deal: the cards some seats are dealt, and ``after`` first among the cards not dealt
    (see :func:`stack`). ``config``: what the deal is stacked under where it differs from the lesson's
    (a later round that another seat starts)."""

    hands: Mapping[int, str]
    after: str = ""
    config: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Lesson:
    """A guided deal. ``auto``: verbs the learner takes without being asked where no step is due
    (Tractor's ``draw``); ``stand_in``: verbs a bot of the lesson's kind chooses for the learner where
    no step is due (the rest of a round the lesson does not teach, played out to reach its score);
    any other choice of the learner's must be a step (else :class:`LessonError`). ``later``: stacked
    deals after the first (a lesson that teaches what a round's score leads to)."""

    game: str
    name: str
    seat: int
    seed: int
    deal: Deal
    steps: tuple[Step, ...]
    config: Mapping[str, Any] = field(default_factory=dict)
    bot: str = "easy"
    auto: frozenset[str] = frozenset()
    stand_in: frozenset[str] = frozenset()
    later: tuple[Deal, ...] = ()

    @cached_property
    def decks(self) -> list[list[str]]:
        """The stacked decks of the lesson's deals, as the engine's ``deck=`` takes them."""
        return [
            list(
                stack(
                    self.game, self.seed, deal.hands, after=deal.after, config={**self.config, **deal.config}
                )
            )
            for deal in (self.deal, *self.later)
        ]

    def word(self, key: str) -> str:
        """The words key of a part of this lesson: its title, intro, a step, or its end."""
        return f"learn.{self.name}.{key}"


@dataclass(frozen=True)
class Course:
    """A game's lessons in the order to take them, and their words by language and key (what the
    game's description names as its ``lessons``)."""

    lessons: tuple[Lesson, ...]
    words: Mapping[str, Mapping[str, str]]


def stack(
    game_name: str,
    seed: int,
    hands: Mapping[int, str],
    *,
    after: str = "",
    config: Mapping[str, Any] | None = None,
) -> tuple[str, ...]:
    """A stacked deck that deals each seat of ``hands`` those cards (the others get what is left, shuffled
    by ``seed``) and puts ``after`` first among the cards not dealt (a turn-up, the kitty).

    Where each position of the deck goes is read from the engine itself: the pack in order is dealt
    and every seat's hand looked at (Tractor's draw is played out by drawing). Works for one deck
    (every card distinct) and for Tractor's two, whose copies are equal."""
    game = games.get(game_name)
    probe = game.new(seed=seed, config=dict(config or {}))
    pack = _pack_of(probe)
    numbered = game.new(seed=seed, config=dict(config or {}), deck=pack)
    seats = _positions(numbered, pack)
    rest = [i for i in range(len(pack)) if all(i not in s for s in seats.values())]
    deck: list[Card | None] = [None] * len(pack)
    left = list(pack)
    random.Random(seed).shuffle(left)  # the cards nobody asked for, dealt at random but the same each time
    for seat, text in hands.items():
        cards = parse_cards(text)
        spots = seats[seat]
        if len(cards) > len(spots):
            raise LessonError(f"seat {seat} is dealt {len(spots)} cards, not {len(cards)}")
        for spot, card in zip(spots, cards, strict=False):
            deck[spot] = card
            left.remove(card)
    for spot, card in zip(rest, parse_cards(after), strict=False):
        deck[spot] = card
        left.remove(card)
    full = [left.pop(0) if card is None else card for card in deck]
    return tuple(format_cards(full).split())


def _pack_of(state: Any) -> list[Card]:
    """The game's whole pack, in the library's order: every card the state holds anywhere."""
    return sorted(c for cards in state.card_locations().values() for c in cards)


def _positions(state: Any, deck: Sequence[Card]) -> dict[int, list[int]]:
    """For each seat, the positions of the deck it is dealt, in order. Where the hands start empty
    (Tractor's draw) the draw is played out and each drawer noted: card *i* goes to the *i*-th."""
    out: dict[int, list[int]] = {seat: [] for seat in range(state.num_seats)}
    if any(state.view(seat).hand for seat in out):
        for seat in out:
            out[seat] = sorted(deck.index(c) for c in state.view(seat).hand)
        return out
    drawn = 0
    while (draw := _draw_action(state)) is not None:
        out[state.to_move].append(drawn)
        drawn += 1
        state = state.apply(draw, state.to_move)
    return out


def _draw_action(state: Any) -> Any:
    if state.to_move is None:
        return None
    return next((a for a in state.legal_actions(state.to_move) if a.verb == "draw"), None)
