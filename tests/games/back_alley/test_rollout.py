"""The fast rollout path agrees with the reference engine: the same legal cards at every step, the same
tricks and the same hand scores, over random and bot-played deals."""

from __future__ import annotations

import random

from tricktable import bots
from tricktable.core.events import DealScored, TrickWon
from tricktable.games.back_alley import GAME
from tricktable.games.back_alley.rollout import allowed_cards, play_hand, random_policy
from tricktable.games.back_alley.state import BackAlleyState


def _play_phase_states(count: int) -> list[BackAlleyState]:
    """States in the play phase at every stage of a hand, reached by random and heuristic play,
    under the default rules and the variants that touch play."""
    configs = [{}, {"little_joker_forces": False, "board_opens_trumps": False}, {"deals": 26}]
    out = []
    for n in range(count):
        rng = random.Random(n)
        config = configs[n % len(configs)]
        state = GAME.new(seed=n, config=config)
        heuristic = {s: bots.get("heuristic", game="back-alley", seed=n + s) for s in range(4)}
        by_bot = n % 2 == 1
        hands_to_skip = rng.randrange(14)
        while not state.is_over and (state.phase != "play" or state.match.number <= hands_to_skip):
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions(seat)
            action = heuristic[seat].choose(state.view(seat), legal) if by_bot else rng.choice(legal)
            state = state.apply(action, seat)
        for _ in range(rng.randrange(4 * state.deal.size)):
            legal = state.legal_actions()
            state = state.apply(rng.choice(legal))
        if state.phase == "play":
            out.append(state)
    return out


def _reference_points(before: BackAlleyState, after: BackAlleyState) -> tuple[int, int]:
    scored = [e for e in after.events(None, since=before.version) if isinstance(e, DealScored)]
    assert len(scored) == 1
    old = before.match.scores
    return (scored[0].scores[0] - old[0], scored[0].scores[1] - old[1])


class _Recorder:
    """A random policy that remembers the cards it was offered at each call."""

    def __init__(self, seed: int) -> None:
        self.choose = random_policy(random.Random(seed))
        self.offers: list[list[int]] = []

    def __call__(self, seat: int, allowed: list[int], trick: list[int]) -> int:
        self.offers.append(list(allowed))
        return self.choose(seat, allowed, trick)


def test_fast_hands_agree_with_the_reference() -> None:
    states = _play_phase_states(300)
    assert len(states) > 250
    for n, start in enumerate(states):
        record: list[tuple[int, int, int]] = []
        policy = _Recorder(n)
        points = play_hand(start, policy, record)
        offers = iter(policy.offers)
        state = start
        for seat, card, count in record:
            assert state.to_move == seat
            legal = state.legal_actions(seat)
            reference = sorted(int(a.cards[0]) for a in legal)
            assert count == len(reference), (n, state.hands[seat], state.trick)
            if count > 1:
                assert sorted(next(offers)) == reference
            trump = state.deal.trump
            opened = state.progress.broken or state.auction.trumps_open
            hand = [int(c) for c in state.hands[seat]]
            trick = [int(c) for c in state.trick]
            forces = state.config.little_joker_forces
            assert sorted(allowed_cards(hand, trick, trump, opened, forces)) == reference
            state = state.apply(next(a for a in legal if int(a.cards[0]) == card), seat)
        assert next(offers, None) is None
        assert state.phase != "play" or state.match.number != start.match.number
        assert points == _reference_points(start, state), n


def test_tricks_match_the_reference() -> None:
    """The fast path's plays, replayed in the reference, make the tricks the reference records."""
    start = _play_phase_states(2)[0]
    record: list[tuple[int, int, int]] = []
    play_hand(start, random_policy(random.Random(5)), record)
    state = start
    for seat, card, _ in record:
        state = state.apply(next(a for a in state.legal_actions(seat) if int(a.cards[0]) == card), seat)
    tricks = [e.trick for e in state.events(None, since=start.version) if isinstance(e, TrickWon)]
    plays = [(s, int(c)) for t in tricks for s, cards in t.plays for c in cards]
    assert plays[len(plays) - len(record) :] == [(s, c) for s, c, _ in record]
