"""Rollouts per second: the fast path a search plays sampled hands with, against the reference engine
playing the same hands with ``apply`` (both with uniformly random legal cards, one process).

Back Alley: the play of a whole 13-card hand (the first hand of seeded games, from its first lead) to
its score. All Fours: the play of a whole deal (6 tricks, four players, from the first lead) to its
count. The targets are the search's need, not a rival's figure.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from tricktable.core import State
from tricktable.games.all_fours import GAME as ALL_FOURS
from tricktable.games.all_fours import rollout as all_fours
from tricktable.games.back_alley import GAME as BACK_ALLEY
from tricktable.games.back_alley import rollout as back_alley

TARGETS = {"back-alley": 20_000.0, "all-fours": 30_000.0}
WHAT = {"back-alley": "13-card hands", "all-fours": "deals"}
FAST: dict[str, Callable[[State, random.Random], object]] = {
    "back-alley": lambda s, rng: back_alley.play_hand(s, back_alley.random_policy(rng)),
    "all-fours": lambda s, rng: all_fours.play_deal(s, all_fours.random_policy(rng)),
}


def _first_play_states(name: str, count: int) -> list[State]:
    out: list[State] = []
    for seed in range(count):
        state: State = (BACK_ALLEY if name == "back-alley" else ALL_FOURS).new(seed=seed)
        while state.phase != "play":
            # Back Alley: bid 1 (four passes would deal again); All Fours: stand.
            state = state.apply(state.legal_actions()[1 if name == "back-alley" else 0])
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


def _deal_key(state: Any) -> int:
    """Which deal a state is in (its hand number, or deals done), read from the state itself."""
    return int(state.match.number if state.GAME_NAME == "back-alley" else state.deals_done)


def _reference(state: State, rng: random.Random) -> State:
    """The reference engine: ``apply`` with random legal cards until the deal is scored."""
    number = _deal_key(state)
    while not state.is_over and state.phase == "play" and _deal_key(state) == number:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def report_rollouts(seconds: float = 2.0) -> dict[str, dict[str, float]]:
    """Print and return rollouts/s of the fast path and of the reference, with the target."""
    print(f"\n{'rollouts (random play, one process)':<40} {'fast/s':>10} {'reference/s':>12} {'target':>8}")
    out = {}
    for name, run in FAST.items():
        states = _first_play_states(name, 50)
        fast = _rate(states, run, seconds)
        reference = _rate(states, _reference, seconds)
        target = TARGETS[name]
        mark = "met" if fast >= target else "missed"
        label = f"{name} {WHAT[name]}"
        print(f"{label:<40} {fast:>10,.0f} {reference:>12,.0f} {target:>8,.0f} {mark}")
        out[name] = {"fast_per_second": fast, "reference_per_second": reference, "target": target}
    print("tractor: no fast path yet (the search rolls Tractor out with the reference engine)")
    return out


if __name__ == "__main__":
    report_rollouts()
