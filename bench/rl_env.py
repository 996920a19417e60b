"""The RL environments (``tricktable.env``): decisions per second through PettingZoo's AEC loop with
random masked actions, the cost of one observation, and the vector path.

- *AEC*: ``for agent in env.agent_iter(): obs, ... = env.last(); env.step(random id in the mask)`` on
  ``aec_env(game)`` (PettingZoo's order-enforcing wrapper included), whole games, one core. A decision is
  one ``step`` of a live agent (a Tractor card pick is one).
- *observation*: the time ``observe(agent)`` takes in that loop, split into the vector (the env's
  ``TableEncoder`` reading the new events into every seat's row, then the seat's phase, seat to move
  and picked cards, and a copy of its row) and the mask.
- *vector*: ``VectorEnv(game, 64)`` in self-play, a random masked id per game drawn with numpy for all
  games at once; decisions per second counts every game's decision.

Times are the process's CPU time (``time.process_time``), not wall time: on a shared machine other
processes' load then slows the figures less (it still does, through caches and frequency).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class EnvFigures:
    game: str
    aec_decisions_per_second: float
    us_per_observation: float
    us_per_mask: float
    vector_decisions_per_second: float

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def aec_rate(game: str, seconds: float, options: dict[str, Any] | None = None) -> float:
    """Decisions per second through the wrapped AEC loop with random masked ids."""
    from tricktable.env import aec_env

    env = aec_env(game, **(options or {}))
    rng = random.Random(1)
    clock = time.process_time
    decisions, seed = 0, 0
    start = clock()
    while clock() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            decisions += 1
            del agent
    return decisions / (clock() - start)


def observation_cost(game: str, seconds: float, options: dict[str, Any] | None = None) -> tuple[float, float]:
    """µs per observation vector and per mask, timed separately inside a random AEC loop."""
    from tricktable.env import TricktableAEC

    env = TricktableAEC(game, **(options or {}))
    rng = random.Random(2)
    clock = time.process_time
    vec_time = mask_time = 0.0
    count, seed = 0, 0
    start = clock()
    while clock() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        while not env.done:
            state = env.state
            assert state is not None
            seat = state.to_move or 0
            t0 = clock()
            env.table.update(state)
            env.table.observe(seat, state.phase, state.to_move, env.picked)
            t1 = clock()
            mask = env.codec.mask(state, seat, env.picked)
            t2 = clock()
            vec_time += t1 - t0
            mask_time += t2 - t1
            count += 1
            env.step(rng.choice(np.flatnonzero(mask).tolist()))
    return 1e6 * vec_time / count, 1e6 * mask_time / count


def vector_rate(
    game: str, seconds: float, num_envs: int = 64, options: dict[str, Any] | None = None
) -> float:
    """Decisions per second through ``VectorEnv`` (self-play, numpy-drawn random masked ids)."""
    from tricktable.env import VectorEnv

    venv = VectorEnv(game, num_envs, seed=1, **(options or {}))
    _, mask, _ = venv.reset()
    rng = np.random.default_rng(3)
    clock = time.process_time
    steps = 0
    start = clock()
    while clock() - start < seconds:
        actions = np.argmax(mask * rng.random(mask.shape), axis=1)
        _, mask, *_ = venv.step(actions)
        steps += 1
    return steps * num_envs / (clock() - start)


TARGETS = {"aec": 10_000.0, "observation_us": 20.0, "vector": 50_000.0}
OPTIONS: dict[str, dict[str, Any]] = {"back-alley": {}, "all-fours": {}, "tractor": {"max_deals": 1}}


def measure(game: str, seconds: float) -> EnvFigures:
    options = OPTIONS.get(game, {})
    vec_us, mask_us = observation_cost(game, seconds, options)
    return EnvFigures(
        game,
        aec_rate(game, seconds, options),
        vec_us,
        mask_us,
        vector_rate(game, seconds, options=options),
    )


def report_env(names: list[str], seconds: float = 2.0) -> dict[str, Any]:
    """Print and return the figures for each game (skipped when the ``rl`` extra is not installed)."""
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError:
        print("\nRL environments: the rl extra is not installed (pip install -e '.[rl]'); skipped")
        return {}
    print(
        f"\nRL environments (one core; targets: Back Alley AEC ≥ {TARGETS['aec']:,.0f} decisions/s, "
        f"observation ≤ {TARGETS['observation_us']:.0f} µs, vector ≥ {TARGETS['vector']:,.0f} decisions/s)"
    )
    print(
        f"{'game':<12} {'AEC decisions/s':>16} {'µs/observation':>15} {'µs/mask':>8} "
        f"{'vector decisions/s':>19}"
    )
    out: dict[str, Any] = {}
    for name in names:
        f = measure(name, seconds)
        print(
            f"{name:<12} {f.aec_decisions_per_second:>16,.0f} {f.us_per_observation:>15.1f} "
            f"{f.us_per_mask:>8.1f} {f.vector_decisions_per_second:>19,.0f}"
        )
        out[name] = f.to_dict()
    print("(Tractor: one round per game, max_deals=1; a decision there is a card pick, finish, draw or pass)")
    return out


def vector_steps(game: str, steps: int, num_envs: int = 64) -> None:
    """``steps`` steps of :func:`vector_rate`'s loop, untimed: a fixed amount of work for an
    instruction counter, which the shared machine's load does not move (run it twice, for two step
    counts, and divide the difference by the decisions between them; see the README)."""
    from tricktable.env import VectorEnv

    venv = VectorEnv(game, num_envs, seed=1, **OPTIONS.get(game, {}))
    _, mask, _ = venv.reset()
    rng = np.random.default_rng(3)
    for _ in range(steps):
        actions = np.argmax(mask * rng.random(mask.shape), axis=1)
        _, mask, *_ = venv.step(actions)


if __name__ == "__main__":
    import argparse

    from tricktable import games

    parser = argparse.ArgumentParser(description="The RL environments' figures.")
    parser.add_argument(
        "--vector-steps", type=int, metavar="N", help="only step VectorEnv(back-alley, 64) N times"
    )
    args = parser.parse_args()
    if args.vector_steps is not None:
        vector_steps("back-alley", args.vector_steps)
    else:
        report_env(games.names())
