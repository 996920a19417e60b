"""The Gymnasium single-seat environment (registered ids, bots, rewards) and the vector path."""

from __future__ import annotations

import warnings
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tricktable.core.errors import IllegalActionError
from tricktable.env import GYM_IDS, SeatEnv, VectorEnv
from tricktable.env.actions import TableCodec

SHORT = {"back-alley": {}, "all-fours": {"config": {"target": 3}}, "tractor": {"max_deals": 1}}


@pytest.mark.parametrize("env_id", sorted(GYM_IDS))
def test_registered_ids_play_whole_games(env_id: str) -> None:
    game = GYM_IDS[env_id]
    env = gym.make(env_id, bots="random", **SHORT[game])
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=5)
    steps, total, done = 0, 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, _ = env.step(action)
        total += float(reward)
        done = terminated or truncated
        steps += 1
    assert steps > 3
    assert total in (-1.0, 0.0, 1.0)
    env.close()


def test_gymnasium_env_checker() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        # its checker steps with unmasked samples: the penalty mode answers them
        check_env(
            SeatEnv("all-fours", config={"target": 3}, illegal_action="penalize"), skip_render_check=True
        )


def test_seat_env_is_deterministic_and_bots_act_between_steps() -> None:
    def run(seed: int) -> list[int]:
        env = SeatEnv("back-alley", seat=2, bots="heuristic")
        obs, _ = env.reset(seed=seed)
        rng, trail = np.random.default_rng(1), []
        for _ in range(30):
            assert env.aec.agent_selection == "player_2"
            legal = np.flatnonzero(obs["action_mask"])
            action = int(rng.choice(legal))
            trail.append(action)
            obs, _, terminated, truncated, _ = env.step(action)
            if terminated or truncated:
                break
        assert env.aec.state is not None
        trail.append(env.aec.state.version)
        return trail

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_seat_env_per_deal_rewards_and_bad_ids() -> None:
    env = SeatEnv("all-fours", bots="easy", reward="deal", config={"target": 3})
    obs, _ = env.reset(seed=2)
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    total, done, rng = 0.0, False, np.random.default_rng(0)
    while not done:
        obs, reward, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += reward
        done = terminated or truncated
    state = env.aec.state
    assert state is not None and state.result is not None
    assert total == state.result.scores[0] - state.result.scores[1]


@pytest.mark.parametrize("game", ["back-alley", "all-fours", "tractor"])
def test_vector_env_self_play(game: str) -> None:
    venv = VectorEnv(game, 3, seed=1, **SHORT[game])
    obs, mask, seats = venv.reset()
    assert obs.shape == (3, venv.observation_size) and mask.shape == (3, venv.action_size)
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(400):
        for i in range(3):  # each row is the mask of the seat to act, as the engine says
            env = venv.envs[i]
            assert env.state is not None and seats[i] == env.state.to_move
            codec = env.codec
            if isinstance(codec, TableCodec):
                legal = {codec.index[a] for a in env.state.legal_actions(int(seats[i]))}
                assert set(np.flatnonzero(mask[i]).tolist()) == legal
        actions = [int(rng.choice(np.flatnonzero(m))) for m in mask]
        obs, mask, seats, rewards, terminated, truncated = venv.step(actions)
        ended += int(terminated.sum() + truncated.sum())
        assert rewards.shape == (3, venv.num_seats)
    if game == "tractor":
        assert ended > 0


def test_vector_env_with_bots_and_a_bad_id() -> None:
    venv = VectorEnv("all-fours", 2, seat=1, bots="random", seed=3, config={"target": 2})
    _, mask, seats = venv.reset()
    assert (seats == 1).all()
    before = [env.state for env in venv.envs]
    wrong = [int(np.flatnonzero(m)[0]) for m in mask]
    wrong[1] = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(IllegalActionError):
        venv.step(wrong)
    assert [env.state for env in venv.envs] == before
    rng = np.random.default_rng(0)
    games_done = 0
    for _ in range(300):
        _, mask, seats, rewards, terminated, _ = venv.step([int(rng.choice(np.flatnonzero(m))) for m in mask])
        assert (seats == 1).all()
        games_done += int(terminated.sum())
        for i in np.flatnonzero(terminated):
            assert abs(rewards[i, 1]) == 1.0
    assert games_done > 0


def test_docs_show_each_layout_as_the_code_builds_it() -> None:
    from tricktable.env.actions import codec_for
    from tricktable.env.observe import SPECS, layout_for

    doc = (Path(__file__).parents[2] / "docs" / "observations.md").read_text(encoding="utf-8")
    for game in SPECS:
        layout, _ = layout_for(game, 4)
        assert layout.table() in doc, f"docs/observations.md is out of date for {game}"
        assert f"({layout.size} floats, {codec_for(game).size} actions)" in doc


def test_the_training_example_runs_and_plots(tmp_path: Path) -> None:
    import subprocess
    import sys

    script = Path(__file__).parents[2] / "examples" / "train_all_fours.py"
    out = tmp_path / "curve.png"
    args = ["--minutes", "0.03", "--eval-every", "10", "--eval-games", "4", "--final-games", "6"]
    done = subprocess.run(
        [sys.executable, str(script), *args, "--out", str(out)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "policy side vs random" in done.stdout
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("game", ["back-alley", "all-fours"])
def test_policy_bot_sees_what_the_aec_agent_sees(game: str) -> None:
    from tricktable.env import PolicyBot, TricktableAEC

    env = TricktableAEC(game, **SHORT[game])
    env.reset(seed=6)
    rng = np.random.default_rng(6)
    seen: list[tuple[np.ndarray, np.ndarray]] = []

    def policy(obs: np.ndarray, mask: np.ndarray) -> int:
        seen.append((obs, mask))
        return int(rng.choice(np.flatnonzero(mask)))

    bot = PolicyBot(game, policy)
    for _ in range(120):
        if env.done:
            break
        state = env.state
        assert state is not None and state.to_move is not None
        seat = state.to_move
        action = bot.choose(state.view(seat), state.legal_actions(seat), state.events(seat))
        expected = env.observe(env.agent_selection)
        assert np.array_equal(seen[-1][0], expected["observation"])
        assert np.array_equal(seen[-1][1], expected["action_mask"])
        assert action in state.legal_actions(seat)
        env.apply_action(action, seat)


def test_policy_bot_refuses_tractor_and_ids_outside_the_mask() -> None:
    from tricktable import games
    from tricktable.core.errors import ConfigError
    from tricktable.env import PolicyBot

    with pytest.raises(ConfigError):
        PolicyBot("tractor", lambda obs, mask: 0)
    state = games.get("back-alley").new(seed=1)
    seat = state.to_move
    assert seat is not None
    bot = PolicyBot("back-alley", lambda obs, mask: int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(ValueError, match="outside the mask"):
        bot.choose(state.view(seat), state.legal_actions(seat), state.events(seat))
