"""An arena's statistics: games won by each side with a Wilson 95% interval for A's win rate, the
mean score difference per deal with a Student-t 95% interval, decision-time percentiles per bot, and
the running estimate as games come in (for the plot).

The unit of the score interval is the duplicate pair, not the deal: the deals of one game, and the two
games of a pair, are not independent, while the pairs are. Each pair contributes its mean difference
per deal (both games' deals together), and the interval is the t interval of those pair means.

>>> duels = [Duel(p, t, 0, (2.0, 1.0), ((0.01,), (0.002,))) for p in range(3) for t in (0, 1)]
>>> report = summarize(duels, ("hard", "random"), game="all-fours")
>>> report.wins, report.win_rate, report.score_diff, report.score_diff_ci
((6, 0), 1.0, 1.5, (1.5, 1.5))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tricktable.arena.duplicate import SIDES, Duel
from tricktable.table import wilson_interval

__all__ = ["Point", "Report", "percentile", "running", "summarize", "t_interval"]

# Student's t, two-sided 95%, by degrees of freedom 1..30 (beyond: the normal 1.96).
_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
_Z95 = 1.959963984540054


def t_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean's 95% interval from independent ``values`` (Student's t). One value gives no spread
    to measure: the interval is then unbounded (``-inf, inf``).

    >>> [round(x, 3) for x in t_interval([1.0, 2.0, 3.0])]
    [-0.484, 4.484]
    """
    n = len(values)
    if n == 0:
        raise ValueError("an interval needs at least one value")
    mean = sum(values) / n
    if n == 1:
        return (-math.inf, math.inf)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    quantile = _T95[n - 2] if n - 1 <= len(_T95) else _Z95
    half = quantile * math.sqrt(variance / n)
    return (mean - half, mean + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) by linear interpolation between the sorted values.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 50)
    2.5
    """
    if not values:
        raise ValueError("a percentile needs at least one value")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True, slots=True)
class Report:
    """The arena's result; :meth:`to_json` gives the ``--json`` object."""

    game: str
    bots: tuple[str, str]
    games: int
    wins: tuple[int, int]
    draws: int
    win_rate: float
    win_rate_ci: tuple[float, float]
    score_diff: float
    score_diff_ci: tuple[float, float]
    deals: int
    decision_ms: dict[str, dict[str, float | None]]

    def to_json(self) -> dict[str, Any]:
        """``{"game", "bots", "games", "wins", "win_rate", "win_rate_ci", "score_diff",
        "score_diff_ci", "decision_ms": {bot: {"p50", "p99"}}}``; ``wins`` lists A's then B's, and
        an unbounded interval end (a single pair) is null."""
        return {
            "game": self.game,
            "bots": list(self.bots),
            "games": self.games,
            "wins": list(self.wins),
            "win_rate": self.win_rate,
            "win_rate_ci": list(self.win_rate_ci),
            "score_diff": self.score_diff,
            "score_diff_ci": [x if math.isfinite(x) else None for x in self.score_diff_ci],
            "decision_ms": self.decision_ms,
        }


def _pair_means(duels: Sequence[Duel]) -> list[float]:
    """Each pair's mean score difference per deal, in pair order."""
    sums: dict[int, list[float]] = {}
    for duel in duels:
        total = sums.setdefault(duel.pair, [0.0, 0.0])
        total[0] += sum(duel.deal_diffs)
        total[1] += len(duel.deal_diffs)
    return [s / n if n else 0.0 for s, n in (sums[p] for p in sorted(sums))]


def summarize(duels: Sequence[Duel], bots: Sequence[str], *, game: str) -> Report:
    """The statistics of an arena's games (``bots``: A's name, then B's)."""
    if not duels:
        raise ValueError("a report needs at least one game")
    names = (bots[0], bots[1])
    n = len(duels)
    wins = (sum(d.winner == 0 for d in duels), sum(d.winner == 1 for d in duels))
    means = _pair_means(duels)
    score = sum(means) / len(means)
    lo, hi = t_interval(means)
    times: dict[str, list[float]] = {}
    for duel in duels:
        for side in range(SIDES):
            times.setdefault(names[side], []).extend(duel.seconds[side])
    decision_ms: dict[str, dict[str, float | None]] = {
        name: {
            "p50": percentile(ts, 50) * 1000 if ts else None,
            "p99": percentile(ts, 99) * 1000 if ts else None,
        }
        for name, ts in times.items()
    }
    return Report(
        game=game,
        bots=names,
        games=n,
        wins=wins,
        draws=n - sum(wins),
        win_rate=wins[0] / n,
        win_rate_ci=wilson_interval(wins[0], n),
        score_diff=score,
        score_diff_ci=(lo, hi),
        deals=sum(len(d.deal_diffs) for d in duels),
        decision_ms=decision_ms,
    )


@dataclass(frozen=True, slots=True)
class Point:
    """The estimates after the first ``pairs`` pairs."""

    pairs: int
    win_rate: float
    win_rate_ci: tuple[float, float]
    score_diff: float
    score_diff_ci: tuple[float, float]


def running(duels: Sequence[Duel]) -> list[Point]:
    """The estimates as the pairs came in, one point per pair (from the second, where an interval
    first exists)."""
    means = _pair_means(duels)
    by_pair: dict[int, list[Duel]] = {}
    for duel in duels:
        by_pair.setdefault(duel.pair, []).append(duel)
    points = []
    wins = games = 0
    for k, pair in enumerate(sorted(by_pair), start=1):
        wins += sum(d.winner == 0 for d in by_pair[pair])
        games += len(by_pair[pair])
        if k < SIDES:
            continue
        head = means[:k]
        points.append(Point(k, wins / games, wilson_interval(wins, games), sum(head) / k, t_interval(head)))
    return points
