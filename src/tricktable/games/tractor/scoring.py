"""Scoring a round: point cards, the kitty multiplier, the level bands, the next declarers and starter,
and the end of the game."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from tricktable.cards import Card
from tricktable.compiled import python_class
from tricktable.core.state import team_of
from tricktable.core.trick import Play
from tricktable.games.tractor.config import ACE, Config, level_name
from tricktable.games.tractor.trump import Trump
from tricktable.games.tractor.units import decompose

__all__ = [
    "CARD_POINTS",
    "PASSED_ACE",
    "RoundSummary",
    "advance",
    "band",
    "card_points",
    "kitty_multiplier",
    "score_round",
]

CARD_POINTS: Final = tuple(0 if c >= 52 else {5: 5, 10: 10, 13: 10}.get(c % 13 + 2, 0) for c in range(54))
"""Points by card code: every King and Ten 10, every Five 5."""

PASSED_ACE = ACE + 1
"""The level of a team that advanced past A: it has won the game."""


def card_points(cards: Iterable[int]) -> int:
    """The points of some cards (read as card codes: compiled, an int indexes the table directly)."""
    points = 0
    for c in cards:  # a loop, not sum() over a generator: compiled, no generator object per trick
        points += CARD_POINTS[c]
    return points


def kitty_multiplier(mode: str, last_lead: Sequence[Card], trump: Trump) -> int:
    """What the kitty's points are multiplied by when the opponents win the last trick.

    ``seed``: x2 if the last trick was of single cards, else x(2 x the number of cards each played).
    ``power_of_two``: 2^(1 + the number of pairs in the largest unit of the last lead), so x2 for a
    single, x4 for a pair, x8 for a 2-pair tractor; a throw counts its largest unit (most cards).
    ``double_only``: always x2.
    """
    if mode == "double_only":
        return 2
    if mode == "seed":
        return 2 * len(last_lead)
    if len(last_lead) == 1:
        return 2
    largest = max(len(unit.cards) for unit in decompose(last_lead, trump))
    return int(2 ** (1 + largest // 2))


def band(points: int, config: Config) -> tuple[bool, int]:
    """The level change the opponents' round total gives: (declarers stay, levels gained by the team
    that declares next). Totals at or below 0 (a failed throw can push them there) count as 0."""
    if points <= 0:
        return True, 3
    if points < 40:
        return True, 2
    if points < 80:
        return True, 1
    if points < 120:
        return config.middle_band == "declarers_stay", 0
    return False, (points - 80) // 40


def advance(level: int, steps: int, as_declarers: bool, config: Config) -> int:
    """A team's level after gaining ``steps``; :data:`PASSED_ACE` if that wins the game.

    A must-defend level (``must_defend_levels``; with ``win_requires_declaring_at_ace`` also A itself,
    where passing means winning) stops an advance that would pass it, unless the team is advancing
    from that very level as declarers. So a team at Q declaring gains at most up to A, and an A-level
    team wins only by advancing while declaring at A.
    """
    target = level + steps
    stops = set(config.defend_levels)
    if config.win_requires_declaring_at_ace:
        stops.add(ACE)
    for stop in sorted(stops):
        if level <= stop < target and not (stop == level and as_declarers):
            return stop
    return min(target, PASSED_ACE)


@python_class
@dataclass(frozen=True, slots=True, kw_only=True)
class RoundSummary:
    """The score sheet of one finished round."""

    round: int
    declarers: int
    starter: int
    trump: dict[str, Any] = field(hash=False)  # compared, not hashed: states stay hashable
    points_before_kitty: int
    kitty: tuple[Card, ...]
    kitty_points: int
    multiplier: int
    kitty_won: bool
    points: int
    levels_before: tuple[int, int]
    levels_after: tuple[int, int]
    next_declarers: int
    next_starter: int
    winner: int | None
    last_trick: tuple[Play, ...]
    """The round's last trick (it decides the kitty), as ``(seat, cards)`` in play order."""
    last_winner: int

    @property
    def level_change(self) -> tuple[int, int]:
        """Levels gained by each team."""
        return (
            self.levels_after[0] - self.levels_before[0],
            self.levels_after[1] - self.levels_before[1],
        )

    def as_mapping(self) -> dict[str, Any]:
        """The summary as the view shows it (levels as text). The kitty and the last trick are named:
        at the table they are turned face up when the round is scored, so every seat has seen them."""
        return {
            "round": self.round,
            "declarers": self.declarers,
            "starter": self.starter,
            "trump": self.trump,
            "points_before_kitty": self.points_before_kitty,
            "kitty": self.kitty,
            "kitty_points": self.kitty_points,
            "multiplier": self.multiplier,
            "kitty_won": self.kitty_won,
            "points": self.points,
            "levels_before": [level_name(x) for x in self.levels_before],
            "levels_after": [level_name(x) for x in self.levels_after],
            "level_change": list(self.level_change),
            "next_declarers": self.next_declarers,
            "next_starter": self.next_starter,
            "winner": self.winner,
            "last_trick": self.last_trick,
            "last_winner": self.last_winner,
        }


def score_round(
    *,
    round_no: int,
    config: Config,
    trump: Trump,
    levels: tuple[int, int],
    declarers: int,
    starter: int,
    points: int,
    kitty: tuple[Card, ...],
    last_trick: tuple[Play, ...],
    last_winner: int,
) -> RoundSummary:
    """Score a round: ``points`` are the opponents' points from tricks (failed-throw penalties
    included); the kitty counts for them, multiplied, if one of them won the last trick."""
    kitty_pts = card_points(kitty)
    kitty_won = team_of(last_winner, 4) != declarers
    multiplier = kitty_multiplier(config.kitty_multiplier, last_trick[0][1], trump)
    total = points + (kitty_pts * multiplier if kitty_won else 0)
    stay, steps = band(total, config)
    team = declarers if stay else 1 - declarers
    new_level = advance(levels[team], steps, stay, config)
    after = (new_level, levels[1]) if team == 0 else (levels[0], new_level)
    return RoundSummary(
        round=round_no,
        declarers=declarers,
        starter=starter,
        trump=trump.to_dict(),
        points_before_kitty=points,
        kitty=kitty,
        kitty_points=kitty_pts,
        multiplier=multiplier,
        kitty_won=kitty_won,
        points=total,
        levels_before=levels,
        levels_after=after,
        next_declarers=team,
        next_starter=(starter + 2) % 4 if stay else (starter + 1) % 4,
        winner=team if new_level == PASSED_ACE else None,
        last_trick=last_trick,
        last_winner=last_winner,
    )
