"""The card pick a seat may make now: which action its picked cards complete, and how many it needs.

Every surface that lets a player choose cards one at a time (the browser's hand, the terminal's picker,
the RL action space) asks the state (:meth:`~tricktable.core.state.State.pick`,
:meth:`~tricktable.core.state.State.completes`, :meth:`~tricktable.core.state.State.pick_refusal`)
rather than deciding the verb from the phase itself.

>>> Pick("bury", 8).to_json()
{'verb': 'bury', 'count': 8}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktable.compiled import python_class

__all__ = ["Pick"]


@python_class
@dataclass(frozen=True, slots=True)
class Pick:
    """``verb``: the action the picked cards make (``play``, ``bury``, ``declare``); ``count``: the
    exact number of cards it needs, or None when several sizes are legal (a lead, a declaration)."""

    verb: str
    count: int | None

    def to_json(self) -> dict[str, Any]:
        return {"verb": self.verb, "count": self.count}

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        return {
            "type": "object",
            "description": "the action the seat's picked cards make, and how many it needs (null: "
            "several sizes are legal)",
            "properties": {
                "verb": {"type": "string"},
                "count": {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}]},
            },
            "required": ["verb", "count"],
            "additionalProperties": False,
        }


PLAY_ONE = Pick("play", 1)
"""The pick of the single-card games: one card played."""
