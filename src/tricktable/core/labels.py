"""What a page shows beside the cards, decided by each game's view: the marks beside each seat (a bid,
exposed cards, a declaration) and the trump as words. A front end draws these as they come, with the
words looked up by key (the game's own word first, then the shared one), and names no game.

>>> from tricktable.cards import parse_cards
>>> SeatMark("exposed", "mark.exposed", cards=parse_cards("TS")).to_json()
{'kind': 'exposed', 'word': 'mark.exposed', 'params': {}, 'cards': ['TS']}
>>> TrumpLabel("T", "H", declared=True).to_json()
{'rank': 'T', 'suit': 'H', 'declared': True}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tricktable.cards import Card
from tricktable.compiled import python_class

__all__ = ["SeatMark", "TrumpLabel"]


@python_class
@dataclass(frozen=True, slots=True)
class SeatMark:
    """One thing shown beside a seat: its ``kind`` (``"bid"``, ``"exposed"``, ``"declared"``: a page's
    style hook), the ``word`` that labels it with its ``params`` (a key of the game's words or the
    shared catalogue) and the face-up ``cards`` it shows (none for a bid)."""

    kind: str
    word: str
    params: Mapping[str, str | int] = field(default_factory=dict)
    cards: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "word": self.word,
            "params": dict(self.params),
            "cards": [str(c) for c in self.cards],
        }

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        from tricktable.core.schema import CARD_PATTERN  # the schema module imports the views

        return {
            "type": "object",
            "properties": {
                "kind": {"type": "string"},
                "word": {"type": "string"},
                "params": {
                    "type": "object",
                    "additionalProperties": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
                },
                "cards": {"type": "array", "items": {"type": "string", "pattern": CARD_PATTERN}},
            },
            "required": ["kind", "word", "params", "cards"],
            "additionalProperties": False,
        }


@python_class
@dataclass(frozen=True, slots=True)
class TrumpLabel:
    """The trump as a page words it: the trump ``rank`` where the game has one (Tractor's level, in
    notation: ``"T"`` is the ten), else None; the trump ``suit`` letter, None for no trump; and whether
    it is ``declared`` (False: nobody has named the suit yet, which is not a no-trump deal)."""

    rank: str | None
    suit: str | None
    declared: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "suit": self.suit, "declared": self.declared}

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {
                "rank": {"enum": [*"23456789TJQKA", None]},
                "suit": {"enum": ["S", "H", "D", "C", None]},
                "declared": {"type": "boolean"},
            },
            "required": ["rank", "suit", "declared"],
            "additionalProperties": False,
        }
