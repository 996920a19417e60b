"""Whole games and invariants over random rounds: every card accounted for, the 200 points, record
and replay, views that never show a hidden card, levels and starters round after round."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tricktable import games
from tricktable.cards import Card
from tricktable.core import Action
from tricktable.games.tractor.config import level_name
from tricktable.games.tractor.declare import is_special
from tricktable.games.tractor.scoring import card_points
from tricktable.games.tractor.state import PACK, TractorState

GAME = games.get("tractor")


def _step(state: TractorState, rng: random.Random, recheck: bool = False) -> TractorState:
    """A random legal action; during the draw sometimes another seat's declaration. ``recheck``:
    also check the action read back from its text (a new object: the rule runs in full)."""
    seat = state.to_move
    if state.phase == "draw" and rng.random() < 0.2:
        others = [s for s in range(4) if s != seat and state.may_act(s)]
        if others:
            seat = rng.choice(others)
    legal = state.legal_actions(seat)
    action = legal[rng.randrange(len(legal))]
    if recheck:
        state.check(str(action), seat)
        assert action in legal
    return state.apply(action, seat)


def _check_accounting(state: TractorState) -> None:
    locations = state.card_locations()
    assert Counter(c for cards in locations.values() for c in cards) == Counter(PACK)
    assert sum(card_points(cards) for cards in locations.values()) == 200
    if state.phase == "play":
        opponents = 1 - (state.round.declarers or 0)
        penalties = sum(f.penalty for f in state.tricks.failed_throws)
        assert state.tricks.points == card_points(state.tricks.won[opponents]) + penalties


def _swap_hidden(state: TractorState, seat: int, rng: random.Random) -> TractorState | None:
    """The state with one hidden card of one other hand swapped with a different hidden card of
    another: the seat cannot tell the two apart, so its view must be identical."""
    public = state.public_cards()
    others = [s for s in range(4) if s != seat]
    rng.shuffle(others)
    a, b = others[:2]
    hidden_a = list((Counter(state.hands[a]) - public[a]).elements())
    hidden_b = list((Counter(state.hands[b]) - public[b]).elements())
    pairs = [(x, y) for x in hidden_a for y in hidden_b if x != y]
    if not pairs:
        return None
    x, y = rng.choice(pairs)
    hands = list(state.hands)
    hands[a] = _replace_one(hands[a], x, y)
    hands[b] = _replace_one(hands[b], y, x)
    specials = tuple(tuple(c for c in h if is_special(c, state.round.rank)) for h in hands)
    if state.phase not in ("draw", "last-declare"):
        specials = state.declaring.specials
    return dataclasses.replace(
        state, hands=tuple(hands), declaring=dataclasses.replace(state.declaring, specials=specials)
    )


def _replace_one(hand: tuple[Card, ...], old: Card, new: Card) -> tuple[Card, ...]:
    i = hand.index(old)
    return (*hand[:i], new, *hand[i + 1 :])


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_rounds_keep_every_invariant(seed: int) -> None:
    rng = random.Random(seed)
    state: TractorState = GAME.new(seed=seed)
    steps = 0
    while state.round.number == 0 and not state.is_over:
        _check_accounting(state)
        if steps % 23 == 0:
            for seat in range(4):
                other = _swap_hidden(state, seat, rng)
                if other is not None:
                    assert other.view(seat).to_dict() == state.view(seat).to_dict()
        state = _step(state, rng, recheck=True)
        steps += 1
    _check_accounting(state)
    record = json.loads(json.dumps(GAME.record(state)))
    assert GAME.replay(record) == state
    assert state.round.last_round is not None


def test_a_whole_game_moves_levels_and_starters_by_the_rules() -> None:
    rng = random.Random(3)
    state: TractorState = GAME.new(seed=3)
    rounds = 0
    while not state.is_over:
        before = state
        state = _step(state, rng)
        if state.is_over or state.round.number != before.round.number:
            rounds += 1
            summary = state.round.last_round
            assert summary is not None and summary.round == before.round.number
            assert summary.declarers == before.round.declarers and summary.starter == before.round.starter
            stay = summary.next_declarers == summary.declarers
            assert summary.next_starter == (before.round.starter + (2 if stay else 1)) % 4
            assert (summary.points < 80) == stay
            if not state.is_over:
                assert (
                    state.round.declarers == summary.next_declarers
                    and state.round.starter == summary.next_starter
                )
                assert state.round.rank == state.round.levels[summary.next_declarers]
                assert state.round.levels == summary.levels_after
    result = state.result
    assert result is not None and result.winner in (0, 1)
    summary = state.round.last_round
    assert summary is not None and summary.winner == result.winner
    assert summary.declarers == result.winner and summary.levels_before[result.winner] == 14
    assert result.scores[result.winner] == 14
    assert result.scores == tuple(min(x, 14) for x in state.round.levels)
    assert result.details["levels"] == [level_name(x) for x in state.round.levels]
    assert rounds == result.details["rounds"]
    json.dumps(result.to_dict())


def test_views_show_the_table_and_the_seats_own_options() -> None:
    state: TractorState = GAME.new(seed=11)
    rng = random.Random(0)
    while state.phase != "play":
        state = _step(state, rng)
    view = state.view(state.round.starter)
    data = view.to_dict()
    assert data["phase"] == "play" and data["declarers"] == state.round.declarers
    assert data["trump"] == state.kitty.trump.to_dict() if state.kitty.trump else False
    assert data["scores"] == [2, 2] and data["levels"] == ["2", "2"]
    assert len(data["kitty"]) == 8 and data["hand_sizes"] == [25, 25, 25, 25]
    assert set(data["legal"]) == {str(c) for c in state.hands[state.round.starter]}  # any card may lead
    other = state.view((state.round.starter + 1) % 4).to_dict()
    assert other["kitty"] == [] and other["legal"] == []
    spectator = state.view(None).to_dict()
    assert spectator["hand"] == [] and spectator["legal"] == []


def test_actions_round_trip_through_text() -> None:
    for text in ("draw", "pass", "declare 2H 2H", "bury 2S 3S 4S 5S 6S 7S 8S 9S", "play 7H 7H 8H 8H"):
        action = GAME.parse_action(text)
        assert str(action) == text and GAME.parse_action(str(action)) == action
    assert GAME.parse_action("PLAY 8h 7H") == Action.make("play", GAME.parse_action("play 7H 8H").cards)


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    a = GAME.new(seed=21, config="pagat")
    b = GAME.new(seed=21, config="pagat")
    rng_a, rng_b = random.Random(4), random.Random(4)
    for _ in range(300):
        a, b = _step(a, rng_a), _step(b, rng_b)
    assert a == b and GAME.record(a) == GAME.record(b)
    assert a.config.no_trump_rank_cards_are_trump
