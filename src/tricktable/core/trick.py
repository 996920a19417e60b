"""What every game's tricks share: a seat's play to a trick, and a trick with its seats and winner."""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.cards import Card

__all__ = ["Play", "Trick"]

Play = tuple[int, tuple[Card, ...]]
"""One seat's play to a trick: ``(seat, cards)``, the form of a view's ``trick`` and ``last_trick``."""


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led it, every ``(seat, cards)`` play in order, who won it and the card
    points it held (0 in games that do not count points by trick)."""

    leader: int
    plays: tuple[Play, ...]
    winner: int
    points: int = 0

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the trick, in play order."""
        return tuple(c for _, cards in self.plays for c in cards)
