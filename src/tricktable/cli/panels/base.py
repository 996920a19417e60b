"""What every game's table panel shares: the viewer's names for seats and teams, and rows.

A panel is a list of labelled rows built from a view's ``to_dict()``; each game's module draws the
fields it knows as a player would read them and says which fields it drew, so the generic renderer
shows only what is left.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from tricktable.cli.render import CardMarks, cards_text, plays_text, seat_name
from tricktable.core import team_of

__all__ = ["Context", "GamePanel", "Row", "joined"]

Row = tuple[str, RenderableType]

SEP = "  ·  "


def joined(parts: Iterable[Text | str]) -> Text:
    """Pieces separated by a dim dot."""
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(SEP, style="dim")
        out.append_text(part if isinstance(part, Text) else Text(part))
    return out


@dataclass(frozen=True)
class Context:
    """Who is looking (``viewer`` None: a spectator), how many seats, the view's card marks (which cards
    are trumps), and the game's config when known (public rules, used to say what a contract is worth)."""

    viewer: int | None
    num_seats: int
    marks: CardMarks | None = None
    config: object | None = None

    def seat(self, seat: int | None) -> str:
        return seat_name(seat, self.viewer, self.num_seats)

    def team_of(self, seat: int) -> int:
        return team_of(seat, self.num_seats)

    def team(self, team: int) -> str:
        """``your team`` / ``their team``; a spectator sees ``team 0 (0 & 2)``; two players are seats."""
        if self.num_seats != 4:
            return self.seat(team)
        if self.viewer is None:
            return f"team {team} ({team} & {team + 2})"
        return "your team" if self.team_of(self.viewer) == team else "their team"

    def teams(self) -> list[int]:
        """Teams in the order the viewer reads them: their own first."""
        count = 2 if self.num_seats == 4 else self.num_seats
        first = 0 if self.viewer is None else self.team_of(self.viewer)
        return [(first + i) % count for i in range(count)]

    def members(self, team: int) -> list[int]:
        """The team's seats, the viewer first."""
        seats = [s for s in range(self.num_seats) if self.team_of(s) == team]
        return sorted(seats, key=lambda s: s != self.viewer)

    def cards(self, cards: Iterable[str]) -> Text:
        return cards_text(cards, self.marks)

    def per_team(self, values: Sequence[Any], show: Callable[[Any], str] = str) -> Text:
        """``your team 5  ·  their team 9``."""
        out: list[Text | str] = []
        for team in self.teams():
            piece = Text(f"{self.team(team)} ")
            piece.append(show(values[team]), style="bold")
            out.append(piece)
        return joined(out)

    def per_seat(self, values: Sequence[Any]) -> Text:
        """``you 2  ·  seat 1 0  ·  partner 1  ·  seat 3 0`` in seat order."""
        return joined(f"{self.seat(s)} {v}" for s, v in enumerate(values))

    def plays(self, plays: Sequence[Any]) -> Text:
        return plays_text(plays, self.viewer, self.num_seats, self.marks)


@dataclass(frozen=True)
class GamePanel:
    """A game's table rows and its score sheet of the last deal, from a view's data."""

    rows: Callable[[Mapping[str, Any], Context], list[Row]]
    drawn: frozenset[str]
    """The view fields ``rows`` draws; the rest are shown generically."""
    sheet: Callable[[Mapping[str, Any], Context], RenderableType]
