"""The cost of ``state.view(seat).to_dict()`` at late-game states: what a server pays on every update.

Random games are played to their end; the states kept are those of the last deals (the score sheets and
trick histories at their longest). Each kept state's views (every seat and the spectator) are built
and turned into JSON data; the figure is the median and the worst of the per-call times, in µs.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from tricktable import games
from tricktable.core import State

__all__ = ["ViewCost", "late_states", "report_views", "view_cost"]


@dataclass(frozen=True)
class ViewCost:
    game: str
    calls: int
    view_median_us: float
    view_worst_us: float
    median_us: float
    worst_us: float
    """``to_dict()`` alone, on an already built view."""


def late_states(name: str, seed: int, keep: int = 200) -> list[State]:
    """The last ``keep`` states of a random game (seeded), in play order."""
    game = games.get(name)
    rng = random.Random(seed)
    state = game.new(seed=seed)
    trail: list[State] = [state]
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply_legal(legal[rng.randrange(len(legal))])
        trail.append(state)
    return trail[-keep:]


def view_cost(name: str, games_played: int = 2, repeat: int = 3) -> ViewCost:
    """Time ``view(seat).to_dict()`` for every seat and the spectator at the late states of a few
    random games; each call is timed ``repeat`` times and its fastest run kept (the least noisy)."""
    clock = time.perf_counter
    builds: list[float] = []
    times: list[float] = []
    for seed in range(games_played):
        for state in late_states(name, seed):
            for seat in [*range(state.num_seats), None]:
                best_build = best = float("inf")
                for _ in range(repeat):
                    start = clock()
                    view = state.view(seat)
                    built = clock()
                    view.to_dict()
                    best_build = min(best_build, built - start)
                    best = min(best, clock() - built)
                builds.append(best_build)
                times.append(best)
    return ViewCost(
        name,
        len(times),
        1e6 * statistics.median(builds),
        1e6 * max(builds),
        1e6 * statistics.median(times),
        1e6 * max(times),
    )


def report_views() -> dict[str, dict[str, float]]:
    """Print and return the view costs of every game."""
    out: dict[str, dict[str, float]] = {}
    print(
        f"\n{'game':<12} {'µs/view(seat) med/worst':>24} {'µs/to_dict() med/worst':>24}   (late-game states)"
    )
    for name in games.names():
        cost = view_cost(name)
        print(
            f"{name:<12} {cost.view_median_us:>11.1f} {cost.view_worst_us:>11.1f}  "
            f"{cost.median_us:>11.1f} {cost.worst_us:>11.1f}"
        )
        out[name] = {
            "view_median_us": cost.view_median_us,
            "view_worst_us": cost.view_worst_us,
            "to_dict_median_us": cost.median_us,
            "to_dict_worst_us": cost.worst_us,
        }
    return out


if __name__ == "__main__":
    report_views()
