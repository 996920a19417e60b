"""The uniform random bot: a baseline, and the driver of the property tests and benchmarks."""

from __future__ import annotations

from collections.abc import Sequence

from tricktable.bots.base import Bot
from tricktable.core.actions import Action
from tricktable.core.events import Event
from tricktable.core.views import View


class RandomBot(Bot):
    """Picks uniformly among the legal actions (works on lazy sequences: ``len`` and indexing only)."""

    name = "random"

    def choose(self, view: View, legal: Sequence[Action], events: Sequence[Event] = ()) -> Action:
        return legal[self.rng.randrange(len(legal))]
