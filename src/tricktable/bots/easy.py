"""The easy bot: a heuristic bot that plays a random legal action part of the time."""

from __future__ import annotations

from collections.abc import Sequence

from tricktable.bots.base import Bot
from tricktable.core.actions import Action
from tricktable.core.events import Event
from tricktable.core.views import View

MISTAKE_RATE = 0.35
"""How often the easy bot ignores its judgement: enough to lose to the heuristic bot most games."""


class EasyBot(Bot):
    name = "easy"

    def __init__(self, inner: Bot, seed: int | None = None) -> None:
        super().__init__(seed)
        self.inner = inner
        self.wants_events = inner.wants_events

    def choose(self, view: View, legal: Sequence[Action], events: Sequence[Event] = ()) -> Action:
        if self.rng.random() < MISTAKE_RATE:
            return legal[self.rng.randrange(len(legal))]
        return self.inner.choose(view, legal, events)
