"""The heuristic bots' rollouts on the fast paths (All Fours, Back Alley) play the cards the bots play
through the reference engine: the same value for every deal, and so the same search."""

from __future__ import annotations

import random

import pytest

from tricktable import bots, games
from tricktable.bots import all_fours_rollout, back_alley_rollout
from tricktable.bots.search import SearchBot, deal_value, rollout
from tricktable.cards import ALL_CARDS
from tricktable.core.actions import Action
from tricktable.core.state import State

PLAYOUTS = {"all-fours": all_fours_rollout.heuristic_value, "back-alley": back_alley_rollout.heuristic_value}


def _positions(game: str, seed: int, config: dict[str, int] | None = None) -> list[tuple[State, int]]:
    """Positions with a choice along a game played by the heuristic bots with some random actions
    (so the rollouts start from states the bots would not reach), over a few deals."""
    rng = random.Random(seed)
    state: State = games.get(game).new(seed=seed, config=config)
    players = {s: bots.get("heuristic", game=game, seed=s) for s in range(state.num_seats)}
    out = []
    for _ in range(90):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            out.append((state, seat))
        action = rng.choice(legal) if rng.random() < 0.25 else players[seat].choose(state.view(seat), legal)
        state = state.apply_legal(action, seat)
    return out


def _reference(game: str, state: State, team: int) -> float:
    players = {s: bots.get("heuristic", game=game, seed=s) for s in range(state.num_seats)}
    deal_key = games.get(game).description.search.deal_key
    return deal_value(game, state, rollout(state, players, deal_key, deal_key(state)), team)


@pytest.mark.parametrize("game", sorted(PLAYOUTS))
def test_the_fast_rollout_is_the_reference_rollout(game: str) -> None:
    playing = [state for seed in range(3) for state, _ in _positions(game, seed) if state.phase == "play"]
    assert len(playing) > 40
    for state in playing:
        for team in (0, 1):
            assert PLAYOUTS[game](state, team) == _reference(game, state, team)


def test_all_fours_fast_rollout_with_two_players_and_exposed_cards() -> None:
    """Exposed cards are known to every seat (the bots read them), and leave the table when played."""
    playing = [s for s, _ in _positions("all-fours", 4, {"players": 2}) if s.phase == "play"]
    state = next(s for s, _ in _positions("all-fours", 5) if s.phase == "play" and len(s.hands[0]) >= 4)
    for seat in range(4):
        if seat != state.to_move:
            shown = state.hands[seat][-1]
            state = state.apply(Action("expose", (ALL_CARDS[shown],)), seat)
    assert sum(map(len, state.calls.exposed)) == 3
    for position in [*playing, state]:
        for team in (0, 1):
            expected = _reference("all-fours", position, team)
            assert all_fours_rollout.heuristic_value(position, team) == expected


def test_not_outside_the_play_phase() -> None:
    bidding = games.get("back-alley").new(seed=1)
    assert back_alley_rollout.heuristic_value(bidding, 0) is None
    begging = games.get("all-fours").new(seed=1)
    assert begging.phase == "beg" and all_fours_rollout.heuristic_value(begging, 0) is None


@pytest.mark.parametrize("game", sorted(PLAYOUTS))
def test_the_search_values_every_candidate_as_through_the_reference(game: str) -> None:
    """Bids (stand or beg, give or run) are rolled out through the game up to the card play, then on
    the fast path: each candidate's value in each world is what the reference rollout makes of it."""
    positions = _positions(game, 7)[::3]
    assert {state.phase for state, _ in positions} >= {"play", "bid" if game == "back-alley" else "beg"}
    for state, seat in positions:
        view, legal, events = state.view(seat), state.legal_actions(seat), state.events(seat)
        fast, reference = (SearchBot(game, seed=2, rollouts=8, playout=p) for p in (True, False))
        assert fast.playout is not None and reference.playout is None
        candidates = fast.candidates(view, legal, legal[0])
        assert fast.evaluate(view, events, candidates) == reference.evaluate(view, events, candidates)
