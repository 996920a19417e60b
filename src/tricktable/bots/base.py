"""The bot protocol. A bot sees only a seat's view and that seat's legal actions."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence

from tricktable.core.actions import Action
from tricktable.core.views import View

__all__ = ["Bot"]


class Bot(ABC):
    """Chooses one of the legal actions. Every random choice comes from the bot's own seeded source."""

    name: str = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """One action from ``legal`` (never empty when called)."""

    def __repr__(self) -> str:
        return f"<{self.name} bot>"
