"""Per-seat views and their JSON form.

A view is what one seat may know: it is the only way anything leaves the rules core for a player, a
bot, the server or an RL observation. ``seat`` is None for a spectator, whose ``hand`` is empty.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from tricktable.cards import Card
from tricktable.core.actions import Action
from tricktable.core.trick import Play

__all__ = ["View", "to_jsonable"]


@dataclass(frozen=True, kw_only=True)
class View:
    """Fields every game's view has; each game's view subclass adds its own."""

    game: str
    seat: int | None
    phase: str
    to_move: int | None
    hand: tuple[Card, ...]
    trick: tuple[Play, ...]
    last_trick: tuple[Play, ...]
    last_winner: int | None
    trump: Any
    scores: tuple[int, ...]
    legal: tuple[str, ...]
    last_round: Mapping[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-able data; cards as canonical strings."""
        out = to_jsonable(self)
        assert isinstance(out, dict)
        return out


def to_jsonable(obj: Any) -> Any:
    """Cards and actions to their text, dataclasses to dicts, tuples to lists, enums to values.

    >>> from tricktable.cards import parse_cards
    >>> to_jsonable({"trick": ((0, parse_cards("7H")),), "n": 1})
    {'trick': [[0, ['7H']]], 'n': 1}
    """
    if isinstance(obj, Card | Action):
        return str(obj)
    if isinstance(obj, Enum):
        return obj.value
    if obj is None or isinstance(obj, bool | int | float | str):
        return obj
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_jsonable(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, Mapping):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, tuple | list | frozenset | set):
        return [to_jsonable(v) for v in obj]
    raise TypeError(f"cannot turn {type(obj).__name__} into JSON")
