"""The Back Alley game object: name, rules summary, and the start of a game."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tricktable.cards import ALL_CARDS, Card
from tricktable.compiled import python_class
from tricktable.core.events import Event
from tricktable.core.game import Game, check_deck
from tricktable.core.history import EMPTY_LOG
from tricktable.core.sampling import Visit
from tricktable.games.back_alley.description import DESCRIPTION

from . import config as options
from .deal import first_dealer
from .sample import sample
from .state import VERBS, BackAlleyState, Match, start

__all__ = ["BackAlleyGame"]

SUMMARY = """
Four players, partners opposite (seats 0 and 2 against 1 and 3), a 52-card
pack with a big and a little joker. 25 hands of 13, 12, ... 1, ... 13 cards.
After the deal the top stock card sets trump (a joker: no trump, and the
holder of the other joker swaps it for the next stock card). Jokers are the
top trumps, big over little. Each player bids once, from left of the dealer:
pass, a number of tricks up to one less than the cards in hand, or board
(every trick; later boards are double, triple, quadruple). A side's contract
is the sum of its bids; all four passing throws the hand in. The highest
bidder leads; follow suit; trumps may not be led until one has been played
(unless a board was bid or the leader holds only trumps). A led big joker
draws everyone's highest trump, a little joker their lowest. Made: 5 per bid
trick + 1 per overtrick; failed: -5 per bid trick; board: +/-10 per card in
hand times the board's multiplier; a side that passed twice scores 1 per
trick. Most points after the last hand wins.
"""


@python_class
class BackAlleyGame(Game[BackAlleyState, options.Config]):
    description = DESCRIPTION
    name = DESCRIPTION.name
    title = "Back Alley"
    rules_version = "1"
    Config = options.Config
    verbs = VERBS
    summary = SUMMARY

    def num_seats(self, config: options.Config | Mapping[str, Any] | str | None = None) -> int:
        """Always four: two partnerships."""
        self.Config.from_value(config)
        return 4

    def _sample(
        self,
        seat: int,
        events: Sequence[Event],
        config: options.Config,
        rng: random.Random,
        visit: Visit | None,
    ) -> BackAlleyState:
        return sample(seat, events, config, rng, visit)

    def _start(
        self, config: options.Config, seed: int, decks: tuple[tuple[Card, ...], ...]
    ) -> BackAlleyState:
        for i, deck in enumerate(decks):
            check_deck(deck, ALL_CARDS, what=f"deck #{i + 1}" if len(decks) > 1 else "deck")
        return start(config, seed, decks, EMPTY_LOG, Match(1, 0, (0, 0), ()), first_dealer(seed))
