"""Rollouts per second: the fast path a search plays sampled hands with, against the reference engine
playing the same hands with ``apply`` (both with uniformly random legal cards, one process).

Back Alley: the play of a whole 13-card hand (the first hand of seeded games, from its first lead) to
its score. The target is the search's need, not a rival's figure.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from tricktable.core import State
from tricktable.games.back_alley import GAME as BACK_ALLEY
from tricktable.games.back_alley.rollout import play_hand, random_policy

TARGETS = {"back-alley": 20_000.0}


def _first_play_states(count: int) -> list[State]:
    out: list[State] = []
    for seed in range(count):
        state = BACK_ALLEY.new(seed=seed)
        while state.phase != "play":
            state = state.apply(state.legal_actions()[1])  # bid 1: four passes would deal again
        out.append(state)
    return out


def _rate(states: list[State], run: Callable[[State, random.Random], object], seconds: float) -> float:
    rng = random.Random(0)
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for state in states:
            run(state, rng)
        done += len(states)
    return done / (time.perf_counter() - start)


def _reference(state: State, rng: random.Random) -> State:
    number = state.view(None).deal_number
    while not state.is_over and state.phase == "play" and state.view(None).deal_number == number:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def report_rollouts(seconds: float = 2.0) -> dict[str, dict[str, float]]:
    """Print and return rollouts/s of the fast path and of the reference, with the target."""
    states = _first_play_states(50)
    fast = _rate(states, lambda s, rng: play_hand(s, random_policy(rng)), seconds)
    reference = _rate(states, _reference, seconds)
    target = TARGETS["back-alley"]
    print(f"\n{'rollouts (random play, one process)':<40} {'fast/s':>10} {'reference/s':>12} {'target':>8}")
    mark = "met" if fast >= target else "missed"
    print(f"{'back-alley 13-card hands':<40} {fast:>10,.0f} {reference:>12,.0f} {target:>8,.0f} {mark}")
    return {"back-alley": {"fast_per_second": fast, "reference_per_second": reference, "target": target}}


if __name__ == "__main__":
    report_rollouts()
