"""A pinned seeded game: the cut, the first deal and a whole random game from seed 2024. If this changes,
the seeded shuffles or the rules changed, and recorded games no longer replay: bump rules_version."""

from __future__ import annotations

import random

from tricktable.games.all_fours import GAME, AllFoursState


def random_game(seed: int, config: dict[str, int]) -> AllFoursState:
    rng = random.Random(seed)
    state = GAME.new(seed=seed, config=config)
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def test_seed_2024_first_deal() -> None:
    state = GAME.new(seed=2024)
    assert state.deal.dealer == 0 and [str(c) for _, c in state.match.cut[0]] == ["9S", "3H", "7C", "7H"]
    assert [str(c) for c in state.hands[1]] == ["4S", "TS", "6D", "9D", "7C", "JC"]
    assert [str(c) for c in state.deal.turned] == ["4C"] and state.to_move == 1
    assert GAME.rules_version == "1"


def test_seed_2024_whole_games() -> None:
    four = random_game(2024, {})
    assert (len(four.history), four.match.scores, four.match.deals_done) == (104, (12, 14), 3)
    assert four.result is not None and four.result.summary == "team 1 (seats 1 & 3) wins 12-14 (game to 14)"
    two = random_game(2024, {"players": 2})
    assert (len(two.history), two.match.scores, two.match.deals_done) == (115, (13, 14), 6)
