"""What a search bot pays per decision: a seat's events, and a sampled world from them.

States are taken at random depths of seeded random games (the same states every run). For each, every
seat's ``events(seat)`` is timed, then ``game.sample(seat, events)``: the first call (which reads the
events) and repeated calls on the same events (what a search does, many worlds per decision).

Times are CPU seconds of this process (``time.process_time``), as in ``bench.compare``: on a busy shared
machine wall time's tail is the scheduler's (a sample preempted for a time slice), not the sampler's.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from tricktable import games
from tricktable.core import State


@dataclass(frozen=True)
class WorldCosts:
    game: str
    states: int
    events_us: float
    """Median µs of ``state.events(seat)``."""
    sample_ms: float
    """Median ms of a first ``sample`` from a seat's events."""
    sample_p99_ms: float
    repeat_ms: float
    """Median ms of a further ``sample`` from the same events."""


def _states(name: str, count: int) -> list[State]:
    game = games.get(name)
    rng = random.Random(11)
    out = []
    for i in range(count):
        state = game.new(seed=i)
        for _ in range(rng.randrange(1, 450)):
            if state.is_over:
                break
            legal = state.legal_actions()
            state = state.apply_legal(legal[rng.randrange(len(legal))])
        out.append(state)
    return out


def world_costs(name: str, count: int = 60, repeats: int = 3) -> WorldCosts:
    game = games.get(name)
    events_us: list[float] = []
    first_ms: list[float] = []
    again_ms: list[float] = []
    for n, state in enumerate(_states(name, count)):
        for seat in range(state.num_seats):
            t0 = time.process_time()
            events = state.events(seat)
            t1 = time.process_time()
            game.sample(seat, events, config=state.config, rng=random.Random(n))
            t2 = time.process_time()
            for r in range(repeats):
                game.sample(seat, events, config=state.config, rng=random.Random(r))
            t3 = time.process_time()
            events_us.append((t1 - t0) * 1e6)
            first_ms.append((t2 - t1) * 1e3)
            again_ms.append((t3 - t2) * 1e3 / repeats)
    first_ms.sort()
    return WorldCosts(
        game=name,
        states=count,
        events_us=statistics.median(events_us),
        sample_ms=statistics.median(first_ms),
        sample_p99_ms=first_ms[int(len(first_ms) * 0.99)],
        repeat_ms=statistics.median(again_ms),
    )


def report_worlds(names: list[str]) -> dict[str, dict[str, float]]:
    print(f"\n{'events and sampled worlds':<26} {'µs/events':>10} {'ms/sample':>10} {'p99':>8} {'repeat':>8}")
    out = {}
    for name in names:
        c = world_costs(name)
        figures = f"{c.events_us:>10.0f} {c.sample_ms:>10.2f} {c.sample_p99_ms:>8.2f} {c.repeat_ms:>8.2f}"
        print(f"{name:<26} {figures}")
        out[name] = {
            "events_us": c.events_us,
            "sample_ms": c.sample_ms,
            "sample_p99_ms": c.sample_p99_ms,
            "repeat_sample_ms": c.repeat_ms,
        }
    return out


if __name__ == "__main__":
    report_worlds(games.names())
