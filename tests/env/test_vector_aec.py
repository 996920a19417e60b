"""The vector environment's lean step against the AEC environment's own: the same seeded games,
stepped with the same ids, give the same observations, masks, seats, rewards, terminations and
truncations, through games' ends and the resets after them, in every reward mode."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tricktable.env import TricktableAEC, VectorEnv

# game, options, steps, whether any reward is due (a game cut short by max_deals pays none)
CASES: list[tuple[str, dict[str, Any], int, bool]] = [
    ("back-alley", {}, 1800, True),  # whole games, +1/-1 at their ends
    ("back-alley", {"reward": "deal", "max_deals": 2}, 300, True),
    ("all-fours", {"config": {"target": 5}}, 300, True),
    ("all-fours", {"config": {"target": 5}, "reward": "deal"}, 300, True),
    ("tractor", {"max_deals": 1}, 700, False),  # card picks, a truncation after the round
    ("tractor", {"max_deals": 1, "reward": "deal"}, 700, True),
]


def _seeded(env: TricktableAEC, seeds: np.random.Generator) -> None:
    """A game as the vector env deals one into a slot: the next seed of its generator."""
    env.reset(seed=int(seeds.integers(2**31 - 1)))
    assert not env.done


@pytest.mark.parametrize(("game", "options", "steps", "paid"), CASES)
def test_vector_steps_equal_the_aec_steps(game: str, options: dict[str, Any], steps: int, paid: bool) -> None:
    num = 3
    venv = VectorEnv(game, num, seed=11, **options)
    refs = [TricktableAEC(game, **options) for _ in range(num)]
    seeds = np.random.default_rng(11)
    for ref in refs:
        _seeded(ref, seeds)
    obs, mask, seats = venv.reset()
    rng = np.random.default_rng(12)
    ends = rewarded = 0
    for _ in range(steps):
        for i, ref in enumerate(refs):
            agent = ref.agent_selection
            seen = ref.observe(agent)
            assert int(seats[i]) == ref.possible_agents.index(agent)
            assert obs[i].tobytes() == seen["observation"].tobytes()
            assert mask[i].tobytes() == seen["action_mask"].tobytes()
        actions = [int(rng.choice(np.flatnonzero(m))) for m in mask]
        obs, mask, seats, rewards, terminated, truncated = venv.step(actions)
        for i, ref in enumerate(refs):
            ref.step(actions[i])
            want = np.array([ref.rewards[a] for a in ref.possible_agents], dtype=np.float32)
            assert rewards[i].tobytes() == want.tobytes()
            rewarded += bool(want.any())
            agent = ref.agent_selection
            assert (terminated[i], truncated[i]) == (ref.terminations[agent], ref.truncations[agent])
            if ref.done:
                ends += 1
                _seeded(ref, seeds)
    assert ends >= 2 and (rewarded >= 2) == paid
