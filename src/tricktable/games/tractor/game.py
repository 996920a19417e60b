"""The Tractor game: its name, rules summary and how a game starts."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tricktable.cards import Card
from tricktable.compiled import python_class
from tricktable.core.events import Event
from tricktable.core.game import Game
from tricktable.core.sampling import Visit
from tricktable.games.tractor.actions import VERBS
from tricktable.games.tractor.config import Config as TractorConfig
from tricktable.games.tractor.description import DESCRIPTION
from tricktable.games.tractor.sample import sample
from tricktable.games.tractor.state import TractorState

__all__ = ["TractorGame"]


@python_class
class TractorGame(Game[TractorState, TractorConfig]):
    """Tractor (Sheng Ji) for four players in two partnerships, seats 0 & 2 against 1 & 3.

    >>> from tricktable import games
    >>> state = games.get("tractor").new(seed=1)
    >>> state.phase, state.to_move, len(state.legal_actions())
    ('draw', 0, 1)
    """

    description = DESCRIPTION
    name = DESCRIPTION.name
    title = "Tractor (Sheng Ji)"
    rules_version = "1"
    Config = TractorConfig
    verbs = VERBS
    summary: ClassVar[str] = """
Two packs and four jokers (108 cards), two partnerships (seats 0 & 2, 1 & 3). Each round the players
draw 25 cards each in turn from the starter; during the draw anyone may declare trumps with a card of
the trump rank (the declarers' level), a pair of them, or a pair of identical jokers (no trump suit),
overturning a weaker declaration. The starter takes the 8-card kitty and buries 8 cards, then leads
the first of 25 tricks: singles, pairs, tractors (consecutive pairs) or throws of one suit; followers
follow suit and shape as far as they can. Only the opponents collect points (K and 10: 10, 5: 5); if
they win the last trick the kitty's points count, multiplied. Their total moves the levels: under 80
the declarers go up and stay, from 80 the opponents take over. A team that advances past A wins.
A stacked deck lists a deal's 108 cards in drawing order: card i goes to seat (first drawer + i) % 4,
the last 8 are the kitty.
"""

    def num_seats(self, config: TractorConfig | Mapping[str, Any] | str | None = None) -> int:
        """Always four: two partnerships."""
        self.Config.from_value(config)
        return 4

    def _sample(
        self,
        seat: int,
        events: Sequence[Event],
        config: TractorConfig,
        rng: random.Random,
        visit: Visit | None,
    ) -> TractorState:
        return sample(seat, events, config, rng, visit)

    def _start(self, config: TractorConfig, seed: int, decks: tuple[tuple[Card, ...], ...]) -> TractorState:
        return TractorState.start(config, seed, decks)
