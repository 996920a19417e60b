"""The fast rollout path agrees with the reference engine: the same legal cards at every step, the same
tricks and the same points for the deal (the count stopping at the target), over random and
bot-played deals, two and four players, and the variants that touch play and the count."""

from __future__ import annotations

import random

import pytest

from tricktable import bots
from tricktable.core.events import DealScored, TrickWon
from tricktable.core.state import evolve
from tricktable.games.all_fours import GAME
from tricktable.games.all_fours.rollout import play_deal, random_policy
from tricktable.games.all_fours.state import AllFoursState, Calls

CONFIGS = [
    {},
    {"no_undertrump": True, "hang_jack_points": 6, "game_points": 2},
    {"players": 2, "game_tie": "non_dealer"},
    {"target": 3},
]


def _play_phase_states(count: int) -> list[AllFoursState]:
    out = []
    for n in range(count):
        rng = random.Random(n)
        config = CONFIGS[n % len(CONFIGS)]
        state = GAME.new(seed=n, config=config)
        heuristic = {s: bots.get("heuristic", game="all-fours", seed=n + s) for s in range(state.num_seats)}
        by_bot = n % 2 == 1
        deals_to_skip = rng.randrange(3)
        while not state.is_over and (state.phase != "play" or state.match.deals_done < deals_to_skip):
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions(seat)
            action = heuristic[seat].choose(state.view(seat), legal) if by_bot else rng.choice(legal)
            state = state.apply(action, seat)
        if state.is_over:
            continue
        for _ in range(rng.randrange(len(state.hands[state.to_move]) * state.num_seats)):
            state = state.apply(rng.choice(state.legal_actions()))
        if state.phase == "play":
            out.append(state)
    return out


class _Recorder:
    def __init__(self, seed: int) -> None:
        self.choose = random_policy(random.Random(seed))
        self.offers: list[list[int]] = []

    def __call__(self, seat: int, allowed: list[int], trick: list[int]) -> int:
        self.offers.append(list(allowed))
        return self.choose(seat, allowed, trick)


def _replay(
    start: AllFoursState, record: list[tuple[int, int, int]], offers: list[list[int]]
) -> AllFoursState:
    pending = iter(offers)
    state = start
    for seat, card, count in record:
        assert state.to_move == seat
        legal = state.legal_actions(seat)
        reference = sorted(int(a.cards[0]) for a in legal)
        assert count == len(reference), (state.hands[seat], state.trick)
        if count > 1:
            assert sorted(next(pending)) == reference
        state = state.apply(next(a for a in legal if int(a.cards[0]) == card), seat)
    assert next(pending, None) is None
    return state


def test_fast_deals_agree_with_the_reference() -> None:
    states = _play_phase_states(400)
    assert len(states) > 300
    for n, start in enumerate(states):
        record: list[tuple[int, int, int]] = []
        policy = _Recorder(n)
        gains = play_deal(start, policy, record)
        end = _replay(start, record, policy.offers)
        assert end.is_over or end.match.deals_done == start.match.deals_done + 1
        # The first deal scored is this one (a turn-up in the next deal can score, even end the game).
        scored = [e for e in end.events(None, since=start.version) if isinstance(e, DealScored)]
        assert scored and scored[0].deal_number == start.match.deals_done + 1
        expected = tuple(a - b for a, b in zip(scored[0].scores, start.match.scores, strict=True))
        assert gains == expected, (n, start.config)


def test_tricks_match_the_reference() -> None:
    start = _play_phase_states(1)[0]
    record: list[tuple[int, int, int]] = []
    play_deal(start, random_policy(random.Random(3)), record)
    end = start
    for seat, card, _ in record:
        end = end.apply(next(a for a in end.legal_actions(seat) if int(a.cards[0]) == card), seat)
    tricks = [e.trick for e in end.events(None, since=start.version) if isinstance(e, TrickWon)]
    plays = [(s, int(c)) for t in tricks for s, cards in t.plays for c in cards]
    assert plays[len(plays) - len(record) :] == [(s, c) for s, c, _ in record]


def test_a_called_card_is_left_to_the_reference() -> None:
    state = _play_phase_states(1)[0]
    called = evolve(state, calls=Calls(state.calls.exposed, called=state.hands[state.to_move][0]))
    with pytest.raises(ValueError, match="called card"):
        play_deal(called, random_policy(random.Random(0)))
