"""The All Fours game object: name, verbs, rules summary, and the start of a game."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tricktable.cards import Card
from tricktable.compiled import python_class
from tricktable.core.events import Event
from tricktable.core.game import Game, check_deck
from tricktable.core.sampling import Visit
from tricktable.games.all_fours.config import Config as AllFoursConfig
from tricktable.games.all_fours.deal import FULL_PACK, cut_for_dealer
from tricktable.games.all_fours.description import DESCRIPTION
from tricktable.games.all_fours.sample import sample
from tricktable.games.all_fours.state import VERBS, AllFoursState, start

__all__ = ["AllFoursGame"]


@python_class
class AllFoursGame(Game[AllFoursState, AllFoursConfig]):
    """All Fours as played in Trinidad: 2 or 4 players, 6 cards each, High, Low, Jack and Game."""

    description = DESCRIPTION
    name: ClassVar[str] = DESCRIPTION.name
    title: ClassVar[str] = "All Fours (Trinidad)"
    rules_version: ClassVar[str] = "1"
    Config = AllFoursConfig
    verbs = VERBS
    summary: ClassVar[str] = """
Two partnerships (partners opposite) or two players; 52 cards, Ace high. The highest cut deals first
(players tied for it cut again); the deal passes to the next seat. Six cards each, then a card is turned
up for trumps: the dealer's side scores 1 for an Ace, 2 for a Six (a Two with Tobago), 3 for a Jack. The
player after the dealer stands or begs; after a beg the dealer gives one (the beggar's side scores 1) or
runs the pack (three more cards each and a new turn-up, repeated while the suit stays the same; an
exhausted pack is reshuffled and dealt again). Trump led: play a trump if you can. Other suit led:
follow suit or trump; a third suit only when void. Highest trump, else highest card of the led suit,
wins. After the last trick: High, Low (to the original holder), Jack (1 to its holder's side if they
take it; hang jack to the side that captures it), Game (most card points: 10=10, A=4, K=3, Q=2, J=1).
Points count as they are scored, in that order; the first side to reach the target (14) wins at once (an
item is scored whole, so the winner may pass the target). A card exposed out of turn may be called by an
opponent when it is a legal play: its owner must then play it.
"""

    def num_seats(self, config: AllFoursConfig | Mapping[str, Any] | str | None = None) -> int:
        """2 or 4, as the config says."""
        return self.Config.from_value(config).players

    def _sample(
        self,
        seat: int,
        events: Sequence[Event],
        config: AllFoursConfig,
        rng: random.Random,
        visit: Visit | None,
    ) -> AllFoursState:
        return sample(seat, events, config, rng, visit)

    def _start(self, config: AllFoursConfig, seed: int, decks: tuple[tuple[Card, ...], ...]) -> AllFoursState:
        for i, deck in enumerate(decks):
            check_deck(deck, FULL_PACK, what=f"deck for deal {i + 1}" if len(decks) > 1 else "deck")
        dealer, cut = cut_for_dealer(seed, config.players)
        return start(config, seed, decks, cut, dealer)
