"""The double-dummy solver against plain minimax over the engine, on random endgames."""

from __future__ import annotations

import math
from typing import Any

import pytest

from tests.analysis.minimax import action_values, endgame
from tricktable import games
from tricktable.analysis import SolveError, SolveLimitError, solve


def _solved(state: Any) -> dict[str, float]:
    return {str(a): v for a, v in solve(state).values.items()}


@pytest.mark.parametrize(
    ("game", "config", "seeds", "tricks"),
    [
        ("all-fours", None, range(40), 3),
        ("all-fours", {"players": 2}, range(40), 4),
        ("all-fours", {"no_undertrump": True, "hang_jack_points": 6}, range(40, 60), 3),
        ("all-fours", {"target": 3, "game_points": 2}, range(60, 80), 3),
        ("all-fours", None, (100, 103, 105, 110), 4),
        ("back-alley", None, range(40), 3),
        ("back-alley", {"little_joker_forces": False}, range(40, 60), 3),
        ("back-alley", None, (100, 101, 102, 104), 4),
        ("back-alley", None, (200, 201, 202), 5),  # plain minimax takes seconds a position here
        ("all-fours", None, (200,), 5),
    ],
)
def test_solver_equals_minimax_on_random_endgames(game: str, config: Any, seeds: range, tricks: int) -> None:
    checked = 0
    for seed in seeds:
        state: Any = endgame(game, seed, tricks, config)
        if state.phase != "play":
            continue
        assert _solved(state) == action_values(game, state), f"{game} seed {seed}"
        checked += 1
    assert checked >= len(seeds) // 2


def test_a_called_card_is_the_only_action() -> None:
    """An exposed card called by an opponent must be played: its value is still the minimax value."""
    for seed in range(20):
        state: Any = endgame("all-fours", seed, 3)
        mover = state.to_move
        if state.phase != "play" or state.trick:
            continue
        follower = (mover + 1) % state.num_seats
        lead = state.legal_actions()[0]
        card = state.apply(lead).legal_actions()[-1].cards[0]
        called = state.apply(f"expose {card}", follower).apply(lead).apply(f"call {card}", mover)
        assert called.to_move == follower and len(called.legal_actions()) == 1
        assert _solved(called) == action_values("all-fours", called)
        assert list(_solved(called)) == [f"play {card}"]
        return
    pytest.fail("no endgame to call a card in")


def test_non_play_phases_and_finished_games_are_refused_by_name() -> None:
    state = games.get("back-alley").new(seed=1)
    with pytest.raises(SolveError, match="'bid' phase"):
        solve(state)
    state = games.get("all-fours").new(seed=1)
    with pytest.raises(SolveError, match="'beg' phase"):
        solve(state)


def test_the_node_limit_stops_a_long_search() -> None:
    state: Any = endgame("back-alley", 3, 9)
    with pytest.raises(SolveLimitError, match="more than 50 positions"):
        solve(state, max_nodes=50)


def test_tractor_gets_the_search_estimate_with_its_interval() -> None:
    state: Any = endgame_tractor(4)
    solution = solve(state, rollouts=60, seed=1)
    assert not solution.exact
    assert solution.values and set(solution.values) <= set(state.legal_actions())
    assert all(0 < m < math.inf for m in solution.margins.values())
    assert solve(state, rollouts=60, seed=1) == solution  # seeded


def endgame_tractor(seed: int) -> Any:
    import random

    rng = random.Random(seed)
    state: Any = games.get("tractor").new(seed=seed)
    while state.phase != "play":
        seat = state.to_move if state.to_move is not None else state.acting_seats()[0]
        legal = state.legal_actions(seat)
        state = state.apply(legal[rng.randrange(len(legal))], seat)
    return state
