"""The fast path against the reference: :class:`TableEncoder` rows, and the observations and masks
the AEC and vector environments return, bit for bit equal to a one-seat :class:`Encoder` reading the
seat's events from the start of the game and to the codec's own mask, over many random games of
every game (reading one action at a time and several at once, with Tractor's picks, with and without
out-of-turn actions)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from tricktable import games
from tricktable.cards import ALL_CARDS
from tricktable.core.state import State
from tricktable.env import TricktableAEC, VectorEnv
from tricktable.env.actions import codec_for
from tricktable.env.observe import CARD_IDS, Encoder
from tricktable.env.table import TableEncoder

GAMES = ["back-alley", "all-fours", "tractor"]
SHORT: dict[str, dict[str, Any]] = {
    "back-alley": {},
    "all-fours": {"config": {"target": 5}},
    "tractor": {"max_deals": 1},
}


def _reference(state: State, seat: int, picked: tuple[Any, ...] = ()) -> np.ndarray[Any, Any]:
    encoder = Encoder(state.GAME_NAME, state.num_seats, seat)
    encoder.update(state)
    return encoder.observe(state.phase, state.to_move, picked)


def _assert_rows(table: TableEncoder, state: State, picked: tuple[Any, ...] = ()) -> None:
    for seat in range(state.num_seats):
        got = table.observe(seat, state.phase, state.to_move, picked)
        want = _reference(state, seat, picked)
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes(), (
            f"seat {seat} at version {state.version}: blocks differ at {np.flatnonzero(got != want)[:8]}"
        )


@pytest.mark.parametrize("game", GAMES)
def test_table_rows_equal_the_reference_read_from_the_start(game: str) -> None:
    """Engine-level random games; the table reads after 1 to 6 actions at a time."""
    g = games.get(game)
    rng = random.Random(game)
    checks = 0
    for seed in range(2 if game != "all-fours" else 10):
        state = g.new(seed=seed)
        table = TableEncoder(game, state.num_seats)
        for _ in range(150 if game == "tractor" else 250):
            if state.is_over:
                break
            for _ in range(rng.randint(1, 6)):
                if state.is_over:
                    break
                legal = state.legal_actions()
                state = state.apply(legal[rng.randrange(len(legal))])
            table.update(state)
            # Picked cards only show in Tractor's layout; any cards do to test the fill.
            picked = tuple(rng.choices(ALL_CARDS[:CARD_IDS], k=rng.randint(0, 3)))
            _assert_rows(table, state, picked if game == "tractor" else ())
            checks += 1
    assert checks > 100


def test_table_reset_starts_over_and_refuses_to_read_backwards() -> None:
    g = games.get("back-alley")
    first = g.new(seed=1)
    later = first
    for _ in range(30):
        later = later.apply(later.legal_actions()[0])
    table = TableEncoder("back-alley", 4)
    table.update(later)
    with pytest.raises(ValueError, match="only reads forward"):
        table.update(first)
    table.reset()
    table.update(first)
    _assert_rows(table, first)


@pytest.mark.parametrize("out_of_turn", [False, True])
@pytest.mark.parametrize("game", GAMES)
def test_aec_observations_and_masks_equal_the_reference(game: str, out_of_turn: bool) -> None:
    """Every agent's observation and mask at every step of random masked games (Tractor's picks
    included, and the out-of-turn windows), against a from-scratch encoder and a fresh codec."""
    env = TricktableAEC(game, out_of_turn=out_of_turn, **SHORT[game])
    codec = codec_for(game)
    rng = np.random.default_rng(5)
    checks = 0
    for seed in range(8 if game == "all-fours" else 2):
        env.reset(seed=seed)
        for step in range(600):
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                break
            state = env.state
            assert state is not None
            obs = env.observe(agent)
            seat = env.possible_agents.index(agent)
            if step % 3 == 0 or env.picked:
                assert obs["observation"].tobytes() == _reference(state, seat, env.picked).tobytes()
                want = codec.mask(state, seat, env.picked)
                assert np.array_equal(obs["action_mask"][: codec.size], want)
                other = (seat + 1) % state.num_seats
                seen = env.observe(env.possible_agents[other])["observation"]
                assert seen.tobytes() == _reference(state, other).tobytes()
                checks += 1
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert checks > 60


@pytest.mark.parametrize("seat", [None, 2])
@pytest.mark.parametrize("game", GAMES)
def test_vector_rows_equal_the_reference(game: str, seat: int | None) -> None:
    """The vector env's rows (self-play, and one policy seat with bots between its steps)."""
    venv = VectorEnv(game, 3, seat=seat, seed=4, **SHORT[game])
    codec = codec_for(game)
    obs, mask, seats = venv.reset()
    rng = np.random.default_rng(6)
    for _ in range(150):
        for i, env in enumerate(venv.envs):
            state = env.state
            assert state is not None
            s = int(seats[i])
            assert obs[i].tobytes() == _reference(state, s, env.picked).tobytes()
            assert np.array_equal(mask[i], codec.mask(state, s, env.picked))
        actions = [int(rng.choice(np.flatnonzero(m))) for m in mask]
        obs, mask, seats, *_ = venv.step(actions)
