"""States pickle and deep-copy in both builds, late in a long game too, and the copy plays on as the
original does (compiled, a state and its records are native classes with no ``__dict__``, and the action
log is a linked list thousands of nodes deep)."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable

import pytest

from tricktable import games
from tricktable.core import State
from tricktable.core.state import Result

COPIES: dict[str, Callable[[State], State]] = {
    "pickle": lambda s: pickle.loads(pickle.dumps(s, protocol=pickle.HIGHEST_PROTOCOL)),
    "deepcopy": copy.deepcopy,
}


def _random_states(name: str, seed: int, every: int, upto: int) -> list[State]:
    """Every ``every``-th state of a seeded random game, up to ``upto`` actions in."""
    rng = random.Random(seed)
    state = games.get(name).new(seed=seed)
    out = []
    for i in range(upto):
        if state.is_over:
            break
        if i % every == 0:
            out.append(state)
        legal = state.legal_actions()
        state = state.apply_legal(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("name", games.names())
def test_a_copied_state_equals_its_original_and_plays_on_the_same(name: str, how: str) -> None:
    for state in _random_states(name, seed=4, every=150, upto=1500):
        clone = COPIES[how](state)
        assert type(clone) is type(state) and clone == state and hash(clone) == hash(state)
        assert clone.version == state.version and clone.log.entries() == state.log.entries()
        for seat in (None, *range(state.num_seats)):
            assert clone.view(seat) == state.view(seat)
            assert clone.events(seat) == state.events(seat)
        rng, again = random.Random(9), random.Random(9)
        for _ in range(40):
            if state.is_over:
                break
            # Compared by count and at the action taken: Tractor's burial choices run to millions.
            legal, same = state.legal_actions(), clone.legal_actions()
            assert len(same) == len(legal)
            k = rng.randrange(len(legal))
            assert again.randrange(len(legal)) == k and same[k] == legal[k]
            state, clone = state.apply_legal(legal[k]), clone.apply_legal(legal[k])
            assert clone == state


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("name", games.names())
def test_views_copy_equal(name: str, how: str) -> None:
    for state in _random_states(name, seed=6, every=97, upto=800):
        for seat in (None, *range(state.num_seats)):
            view = state.view(seat)
            clone = COPIES[how](view)
            assert clone == view and clone.to_dict() == view.to_dict()


@pytest.mark.parametrize("how", sorted(COPIES))
def test_a_result_copies_equal(how: str) -> None:
    result = Result(scores=(14, 9), winner=0, summary="team 0 wins", details={"deals": 5})
    assert COPIES[how](result) == result
