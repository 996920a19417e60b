"""Rollouts per second: the fast path a search plays sampled deals with, against the reference engine
playing the same deals with ``apply_legal`` (one process, CPU time: the machine is shared).

Back Alley: the play of a whole 13-card hand (the first hand of seeded games, from its first lead) to
its score, uniformly random legal cards on both paths. All Fours: the play of a whole deal (6 tricks,
four players, from the first lead) to its count, likewise. Tractor: the rest of a round from a
mid-round position (heuristic bots have played the first 12 of its 25 tricks of seeded games) to its
score sheet, on the fast path with the greedy policy the search uses and with random plays; the
reference plays random legal plays (its heuristic bots would be slower still). The targets are the
search's need, not a rival's figure.

    python -m bench.rollouts [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from tricktable import bots, games
from tricktable.bots.tractor_rollout import GreedyPolicy
from tricktable.core import State
from tricktable.games.all_fours import GAME as ALL_FOURS
from tricktable.games.all_fours import rollout as all_fours
from tricktable.games.back_alley import GAME as BACK_ALLEY
from tricktable.games.back_alley import rollout as back_alley
from tricktable.games.tractor import GAME as TRACTOR
from tricktable.games.tractor import rollout as tractor

TRACTOR_TRICKS_DONE = 12
"""Tractor's rollouts start after this many of the round's 25 tricks: a mid-round position."""

Run = Callable[[State, random.Random], object]
# name: (what a rollout plays, the fast path, the target of the fast path)
RUNS: dict[str, tuple[str, Run, float]] = {
    "back-alley": (
        "13-card hands",
        lambda s, rng: back_alley.play_hand(s, back_alley.random_policy(rng)),
        20_000.0,
    ),
    "all-fours": ("deals", lambda s, rng: all_fours.play_deal(s, all_fours.random_policy(rng)), 30_000.0),
    "tractor": (
        "rounds from mid-round, greedy",
        lambda s, rng: tractor.play_round(s, GreedyPolicy()),
        5_000.0,
    ),
    "tractor-random": (
        "rounds from mid-round, random",
        lambda s, rng: tractor.play_round(s, tractor.RandomPolicy(rng)),
        5_000.0,
    ),
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


def _mid_round_states(count: int) -> list[State]:
    """Tractor positions after :data:`TRACTOR_TRICKS_DONE` tricks of the first round, played (with the
    draw, declarations and kitty) by heuristic bots."""
    out: list[State] = []
    for seed in range(count):
        state: Any = TRACTOR.new(seed=seed)
        players = {s: bots.get("heuristic", game="tractor", seed=seed + s) for s in range(4)}
        while state.phase != "play" or len(state.tricks) < TRACTOR_TRICKS_DONE or state.trick:
            seat = state.to_move if state.to_move is not None else state.acting_seats()[0]
            state = state.apply(players[seat].choose(state.view(seat), state.legal_actions(seat)), seat)
        out.append(state)
    return out


def _rate(states: list[State], run: Run, seconds: float) -> float:
    rng = random.Random(0)
    done = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for state in states:
            run(state, rng)
        done += len(states)
    return done / (time.process_time() - start)


def _deal_key(state: Any) -> object:
    """Which deal a state is in, as the game's description reads it from the state."""
    return games.get(state.GAME_NAME).description.search.deal_key(state)


def _reference(state: State, rng: random.Random) -> State:
    """The reference engine: random legal plays (``apply_legal``) until the deal is scored."""
    number = _deal_key(state)
    while not state.is_over and state.phase == "play" and _deal_key(state) == number:
        legal = state.legal_actions()
        state = state.apply_legal(legal[rng.randrange(len(legal))])
    return state


def report_rollouts(seconds: float = 2.0) -> dict[str, dict[str, float]]:
    """Print and return rollouts/s of the fast path and of the reference, with the target."""
    print(f"\n{'rollouts (one process, CPU time)':<46} {'fast/s':>10} {'reference/s':>12} {'target':>8}")
    out = {}
    reference: dict[str, float] = {}
    for name, (what, run, target) in RUNS.items():
        game = name.split("-random")[0]
        states = _mid_round_states(20) if game == "tractor" else _first_play_states(game, 50)
        fast = _rate(states, run, seconds)
        if game not in reference:
            reference[game] = _rate(states, _reference, seconds)
        mark = "met" if fast >= target else "missed"
        label = f"{game} {what}"
        print(f"{label:<46} {fast:>10,.0f} {reference[game]:>12,.0f} {target:>8,.0f} {mark}")
        out[name] = {"fast_per_second": fast, "reference_per_second": reference[game], "target": target}
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.rollouts", description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    report_rollouts(parser.parse_args().seconds)
