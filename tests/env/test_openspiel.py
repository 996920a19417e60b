"""The OpenSpiel adapter: OpenSpiel's own random simulation test (with serialization) for every game,
chance nodes for the deal, the observer's tensor being the seat's AEC observation, zero-sum returns."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

from tricktable.env.observe import Encoder
from tricktable.env.openspiel import SHORT_NAMES

SIMS = {"back-alley": 3, "all-fours": 3, "tractor": 1}


@pytest.mark.parametrize("game", sorted(SHORT_NAMES))
def test_random_sim_test(game: str) -> None:
    pyspiel.random_sim_test(
        pyspiel.load_game(SHORT_NAMES[game]), num_sims=SIMS[game], serialize=True, verbose=False
    )


@pytest.mark.parametrize("game", ["back-alley", "all-fours"])
def test_a_deal_through_openspiel(game: str) -> None:
    os_game = pyspiel.load_game(SHORT_NAMES[game], {"seed": 3})
    state = os_game.new_initial_state()
    rng = random.Random(1)
    chance = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        state.apply_action(rng.choice(outcomes)[0])
        chance += 1
    assert chance == len(state.tt.card_locations()["stock"]) + sum(
        len(v) for k, v in state.tt.card_locations().items() if k != "stock"
    )
    while not state.is_terminal():
        player = state.current_player()
        tensor = np.array(state.observation_tensor(player), dtype=np.float32)
        encoder = Encoder(game, 4, player)
        encoder.update(state.tt)
        assert np.array_equal(tensor, encoder.observe(state.tt.phase, state.tt.to_move))
        clone = state.clone()
        state.apply_action(rng.choice(state.legal_actions()))
        assert clone.tt is not state.tt  # the clone did not move on
    returns = state.returns()
    assert sum(returns) == 0 and returns[0] == returns[2] == -returns[1]
