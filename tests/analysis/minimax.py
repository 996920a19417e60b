"""The reference the solver is tested against: plain minimax over the engine's own ``legal_actions``
and ``apply``, to the end of the deal, valued by the search bots' ``deal_value``."""

from __future__ import annotations

import random
from typing import Any

from tricktable import games
from tricktable.bots.search import deal_value
from tricktable.core.state import State, team_of


def minimax(game: str, start: State, state: State, team: int) -> float:
    """``team``'s gain from ``start`` to the end of the deal, both sides playing perfectly from ``state``."""
    deal_key = games.get(game).description.search.deal_key
    if state.is_over or deal_key(state) != deal_key(start):
        return deal_gain(game, start, state, team)
    seat = state.to_move
    assert seat is not None
    values = [minimax(game, start, state.apply(a), team) for a in state.legal_actions()]
    return max(values) if team_of(seat, state.num_seats) == team else min(values)


def deal_gain(game: str, start: Any, end: Any, team: int) -> float:
    """The search's ``deal_value``, but in All Fours from the deal's own score sheet: the state after
    a deal's count has dealt the next one, whose turn-up may already have scored."""
    if game == "all-fours" and not end.is_over:
        gains = [a - b for a, b in zip(end.match.last_round.scores, start.match.scores, strict=True)]
        return gains[team] - gains[1 - team]
    return deal_value(game, start, end, team)


def action_values(game: str, state: State) -> dict[str, float]:
    """Each legal action's minimax value for the seat to move."""
    seat = state.to_move
    assert seat is not None
    team = team_of(seat, state.num_seats)
    return {str(a): minimax(game, state, state.apply(a), team) for a in state.legal_actions()}


def endgame(game: str, seed: int, tricks: int, config: Any = None) -> State:
    """A random position of the play phase with at most ``tricks`` tricks left (maybe mid-trick):
    random choices to the play phase (Back Alley: random bids, numbers only), then random cards."""
    rng = random.Random(seed)
    state: Any = games.get(game).new(seed=seed, config=config)
    while state.phase != "play" and not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    n = state.num_seats
    cards = sum(len(h) for h in state.hands)
    keep = rng.randrange(max(0, (tricks - 1) * n), tricks * n)
    while cards > keep and state.phase == "play":
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
        cards -= 1
    return state
