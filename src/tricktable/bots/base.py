"""The bot protocol. A bot sees only a seat's view, that seat's legal actions and the seat's events."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence

from tricktable.core.actions import Action
from tricktable.core.events import Event
from tricktable.core.views import View

__all__ = ["Bot"]


class Bot(ABC):
    """Chooses one of the legal actions. Every random choice comes from the bot's own seeded source.

    ``wants_events`` says whether the bot reads ``events`` (what its seat has seen happen, in order):
    a table gathers them only for bots that do, since the view alone serves the others and the
    event log costs time to walk.
    """

    name: str = "bot"
    wants_events: bool = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: View, legal: Sequence[Action], events: Sequence[Event] = ()) -> Action:
        """One action from ``legal`` (never empty when called). ``events`` are the seat's events
        (``state.events(seat)``); empty when the bot does not want them."""

    def __repr__(self) -> str:
        return f"<{self.name} bot>"
