"""RLCard's bridge (bidding and 13 tricks, pure Python) played by its random agents: games per second.

Run by bench/anchors.py in the anchor interpreter, not ours: RLCard is not a tricktable dependency.
"""

import sys
import time

import rlcard  # type: ignore[import-not-found]
from rlcard.agents import RandomAgent  # type: ignore[import-not-found]


def run(seconds: float) -> float:
    env = rlcard.make("bridge", config={"seed": 1})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.run(is_training=False)
        games += 1
    return games / (time.perf_counter() - start)


if __name__ == "__main__":
    print(f"{run(float(sys.argv[1]) if len(sys.argv) > 1 else 5):.1f}")
