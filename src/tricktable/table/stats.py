"""Match statistics: per-team wins, draws and losses, the win rate with its Wilson 95% interval, and
the mean score."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tricktable.cards import CardParseError, Rank
from tricktable.core.state import team_of
from tricktable.table.match import Outcome
from tricktable.table.seats import Seats

__all__ = ["Z95", "Summary", "TeamSummary", "summarize", "wilson_interval"]

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: unlike the normal approximation it stays inside
    [0, 1] and behaves at 0 and N successes, which small bot matches often produce.

    >>> lo, hi = wilson_interval(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    >>> wilson_interval(0, 10)[0]
    0.0
    """
    if trials <= 0:
        raise ValueError("a proportion needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and {trials}, not {successes}")
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    center = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    # At 0 or N successes the bound is exactly 0 or 1; computed, it can miss by a rounding error.
    lo = 0.0 if successes == 0 else max(0.0, center - half)
    hi = 1.0 if successes == trials else min(1.0, center + half)
    return lo, hi


@dataclass(frozen=True, slots=True)
class TeamSummary:
    team: int
    seats: list[int]
    bots: list[str]
    wins: int
    draws: int
    losses: int
    win_rate: float
    ci95: tuple[float, float]
    mean_score: float | None


@dataclass(frozen=True, slots=True)
class Summary:
    teams: list[TeamSummary]
    games: int
    mean_actions: float


def summarize(outcomes: Sequence[Outcome], seats: Seats) -> Summary:
    """Per-team tallies. The win rate counts wins only (a draw is not half a win); its interval is
    Wilson's at 95%. Levels given as text (``"J"``, ``"A"``) are averaged as pip values (J = 11,
    A = 14); the mean score is None where a score is neither a number nor a level."""
    n = len(outcomes)
    if n == 0:
        raise ValueError("a summary needs at least one game")
    num_seats = seats.num_seats
    num_teams = len({team_of(s, num_seats) for s in range(num_seats)})
    teams = []
    for team in range(num_teams):
        team_seats = [s for s in range(num_seats) if team_of(s, num_seats) == team]
        wins = sum(1 for o in outcomes if o.winner == team)
        draws = sum(1 for o in outcomes if o.winner is None)
        scores = [_numeric(o.scores[team]) for o in outcomes]
        numeric = all(x is not None for x in scores)
        teams.append(
            TeamSummary(
                team=team,
                seats=team_seats,
                bots=[seats.players[s] or "human" for s in team_seats],
                wins=wins,
                draws=draws,
                losses=n - wins - draws,
                win_rate=wins / n,
                ci95=wilson_interval(wins, n),
                mean_score=sum(x for x in scores if x is not None) / n if numeric else None,
            )
        )
    return Summary(teams=teams, games=n, mean_actions=sum(o.actions for o in outcomes) / n)


def _numeric(score: Any) -> float | None:
    if isinstance(score, int | float) and not isinstance(score, bool):
        return score
    if isinstance(score, str):
        try:
            return int(Rank.parse(score))
        except CardParseError:
            return None
    return None
