"""Invariants over random games (hypothesis, bounded): every card accounted for, one source of truth for
legality, points per deal within the rules' bounds, no hidden card in a view, exact replay."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from tricktable.cards import ALL_CARDS
from tricktable.core import Action
from tricktable.games.all_fours import GAME, AllFoursState

PACK = Counter(ALL_CARDS[:52])
UNIVERSE = [Action(v) for v in ("stand", "beg", "give", "run")] + [
    Action(verb, (c,)) for verb in ("play", "expose", "call") for c in ALL_CARDS[:52]
]
COUNT_ITEMS = {"High", "Low", "Jack", "Hang Jack", "Game"}

configs = st.fixed_dictionaries(
    {
        "players": st.sampled_from([2, 4]),
        "deal_in_threes": st.booleans(),
        "hang_jack_points": st.sampled_from([1, 3, 6]),
        "game_tie": st.sampled_from(["none", "non_dealer"]),
        "game_points": st.sampled_from([1, 2]),
        "target": st.sampled_from([7, 14]),
        "tobago": st.booleans(),
        "no_undertrump": st.booleans(),
        "partner_may_call": st.booleans(),
    }
)


def step(state: AllFoursState, rng: random.Random) -> AllFoursState:
    """A random legal action; now and then one by a seat that is not to move (expose, call)."""
    others = [s for s in range(state.num_seats) if s != state.to_move and state.may_act(s)]
    seat = rng.choice(others) if others and rng.random() < 0.08 else state.to_move
    legal = state.legal_actions(seat)
    return state.apply(legal[rng.randrange(len(legal))], seat)


def check_legality(state: AllFoursState) -> None:
    for seat in range(state.num_seats):
        listed = set(state.legal_actions(seat))
        assert len(listed) == len(state.legal_actions(seat))
        for action in UNIVERSE:
            ok = state.is_legal(action, seat)
            assert ok == (action in listed), (state.phase, seat, action)


def check_deal_points(before: tuple[int, ...], deal: int, state: AllFoursState) -> None:
    """The sheet of deal number ``deal`` (begun at score ``before``), just finished."""
    sheet = state.match.last_round
    assert sheet is not None
    if sheet.deal == deal + 1:  # the game ended at the very next deal's turn-up
        assert state.is_over and all(i.item == "Turn-up" for i in sheet.items)
        assert sheet.scores == state.match.scores
        return
    assert sheet.deal == deal
    names = [i.item for i in sheet.items]
    count = [i for i in sheet.items if i.item in COUNT_ITEMS]
    assert len(count) <= 4 and len({i.item for i in count}) == len(count)
    assert not ("Jack" in names and "Hang Jack" in names)
    assert names.count("Beg") <= 1
    assert all(i.points in (1, 2, 3) for i in sheet.items if i.item == "Turn-up")
    cap = 2 + max(1, state.config.hang_jack_points) + state.config.game_points
    assert sum(i.points for i in count) <= cap
    gained = tuple(b - a for a, b in zip(before, sheet.scores, strict=True))
    assert gained == tuple(sum(i.points for i in sheet.items if i.team == t) for t in range(2))
    if state.is_over:
        assert sheet.scores == state.match.scores and sheet.items == state.match.sheet
    else:  # the next deal's turn-up may already have scored
        after = tuple(
            sheet.scores[t] + sum(i.points for i in state.match.sheet if i.team == t) for t in range(2)
        )
        assert after == state.match.scores


@settings(max_examples=scaled(60), deadline=None)
@given(config=configs, seed=st.integers(0, 2**40))
def test_random_games_keep_every_invariant(config: dict[str, object], seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new(seed=seed, config=config)
    deal_start: tuple[int, ...] = (0, 0)
    deal = 1
    steps = 0
    while not state.is_over:
        assert Counter(c for cards in state.card_locations().values() for c in cards) == PACK
        if steps % 13 == 0:
            check_legality(state)
            for seat in (None, *range(state.num_seats)):
                # (marks name every card of the pack: a public table, no card's place)
                text = json.dumps({k: v for k, v in state.view(seat).to_dict().items() if k != "marks"})
                assert not any(f'"{c}"' in text for c in state.hidden_cards(seat))
        deals = state.match.deals_done
        state = step(state, rng)
        steps += 1
        if state.match.deals_done != deals or state.is_over:
            check_deal_points(deal_start, deal, state)
            assert state.match.last_round is not None
            deal_start, deal = state.match.last_round.scores, deal + 1
    result = state.result
    assert result is not None and result.winner is not None
    assert state.match.scores[result.winner] >= state.config.target > state.match.scores[1 - result.winner]
    again = GAME.replay(json.loads(json.dumps(GAME.record(state))))
    assert again == state and again.result == result


@settings(max_examples=scaled(40), deadline=None)
@given(seed=st.integers(0, 2**40), steps=st.integers(0, 120))
def test_replay_of_the_record_gives_an_equal_state(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = GAME.new(seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = step(state, rng)
    assert GAME.replay(GAME.record(state)) == state
    assert GAME.replay(GAME.record(state)).view(0) == state.view(0)


@settings(max_examples=scaled(40), deadline=None)
@given(seed=st.integers(0, 2**40), players=st.sampled_from([2, 4]))
def test_every_legal_play_applies_and_old_states_stay_unchanged(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = GAME.new(seed=seed, config={"players": players})
    for _ in range(60):
        if state.is_over:
            break
        record = GAME.record(state)
        for action in state.legal_actions():
            state.apply(action)
        assert GAME.record(state) == record
        state = step(state, rng)
