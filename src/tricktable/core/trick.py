"""What every game's tricks share: how one seat's play to a trick is written."""

from __future__ import annotations

from tricktable.cards import Card

__all__ = ["Play"]

Play = tuple[int, tuple[Card, ...]]
"""One seat's play to a trick: ``(seat, cards)``, the form of a view's ``trick`` and ``last_trick``."""
