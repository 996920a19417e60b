"""One conformance suite, run against every registered game.

Thousands of seeded random games (most cut short after their first deals, some played to the end): every
card accounted for at every step, listed actions apply and unlisted ones are refused with a reason,
record → replay gives the identical state, no view holds a card hidden from its seat, states are values.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from tricktable import games
from tricktable.core import ConfigError, IllegalActionError, InvalidActionError, NotYourTurnError, RecordError

from .walk import candidate_actions, card_counts, check_legality_agrees, check_view, walk

GAMES = games.names()

# Seeds, and steps per seeded game, for the cheap per-step checks (thousands of games in all).
QUICK_GAMES = scaled(700)
QUICK_STEPS = 40
# Fewer, deeper walks with the expensive checks at every step.
DEEP_GAMES = scaled(6)
DEEP_STEPS = 400
# Short configurations under which a whole game ends quickly, to check the end of the game.
SHORT_CONFIG: dict[str, dict[str, Any]] = {"all-fours": {"target": 7}, "back-alley": {}, "tractor": {}}
WHOLE_GAMES = scaled(3)
WHOLE_GAME_STEP_LIMIT = 60_000


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> Any:
    return games.get(request.param)


def test_registry_names_and_lookup() -> None:
    assert set(GAMES) == {"all-fours", "back-alley", "tractor"}
    for name in GAMES:
        assert games.get(name).name == name
    with pytest.raises(ConfigError, match="unknown game 'chess'; the games are: all-fours"):
        games.get("chess")


def test_thousands_of_games_account_for_every_card(game: Any) -> None:
    for seed in range(QUICK_GAMES):
        states = walk(game, seed, QUICK_STEPS)
        first = next(states)
        pack = card_counts(first)
        assert sum(pack.values()) in (52, 54, 108)
        for state in states:
            assert card_counts(state) == pack, f"seed {seed}: cards lost or duplicated in {state.phase}"


def test_deep_walks_check_legality_views_and_immutability(game: Any) -> None:
    for seed in range(DEEP_GAMES):
        rng = random.Random(seed)
        pack: Counter[Any] | None = None
        previous = None
        previous_record = None
        for state in walk(game, 10_000 + seed, DEEP_STEPS):
            pack = pack or card_counts(state)
            if previous is not None:
                # applying an action left the older state exactly as it was
                assert game.record(previous) == previous_record
            check_legality_agrees(game, state, rng)
            for seat in [*range(state.num_seats), None]:
                check_view(game, state, seat, pack)
            previous, previous_record = state, game.record(state)


def test_whole_games_end_with_a_result(game: Any) -> None:
    for seed in range(WHOLE_GAMES):
        last = None
        for steps, state in enumerate(walk(game, 500 + seed, WHOLE_GAME_STEP_LIMIT, SHORT_CONFIG[game.name])):
            last = state
            assert steps < WHOLE_GAME_STEP_LIMIT
        assert last is not None and last.is_over, f"seed {seed}: no end in {WHOLE_GAME_STEP_LIMIT} actions"
        result = last.result
        assert result is not None and len(result.scores) == 2
        assert result.winner in (0, 1, None)
        assert last.to_move is None and not last.legal_actions(0)
        for action in candidate_actions(game, random.Random(seed), 5):
            with pytest.raises(IllegalActionError, match="over"):
                last.apply(action, 0)
            with pytest.raises(NotYourTurnError, match="name the seat"):
                last.apply_legal(action)  # nobody is to move: the fast path too says so
        json.dumps(result.to_dict())
        again = game.replay(json.loads(json.dumps(game.record(last))))
        assert again == last and hash(again) == hash(last)  # finished states are values too


@settings(max_examples=scaled(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 300))
def test_record_replays_to_the_identical_state(game: Any, seed: int, steps: int) -> None:
    *_, state = walk(game, seed, steps)
    record = game.record(state)
    text = json.dumps(record)
    again = game.replay(json.loads(text))
    assert again == state
    assert game.record(again) == record
    for seat in range(state.num_seats):
        assert again.view(seat).to_dict() == state.view(seat).to_dict()


def test_out_of_turn_actions_are_refused(game: Any) -> None:
    for seed in range(scaled(30)):
        for state in walk(game, seed, 30):
            for seat in range(state.num_seats):
                if state.may_act(seat) or state.is_over:
                    continue
                for action in (
                    list(state.legal_actions(state.to_move))[:3] if state.to_move is not None else []
                ):
                    with pytest.raises(NotYourTurnError, match="cannot act now"):
                        state.apply(action, seat)


def test_bad_seats_and_malformed_actions(game: Any) -> None:
    state = game.new(seed=3)
    for bad_seat in (-1, 4 if state.num_seats == 4 else 2, "1", True):
        with pytest.raises(ValueError, match="seat must be a number"):
            state.legal_actions(bad_seat)
    for text, message in (("", "empty"), ("fly away", "not an action"), ("play ZZ", "not a card")):
        with pytest.raises(InvalidActionError, match=message):
            state.apply(text)


def tampered(record: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(record)
    out.update(changes)
    return out


def test_corrupt_records_are_refused_with_the_reason(game: Any) -> None:
    *_, state = walk(game, 42, 60)
    record = game.record(state)
    assert len(record["actions"]) > 5
    bad_actions = copy.deepcopy(record["actions"])
    bad_actions[5] = [bad_actions[5][0], "gibberish"]
    cases = [
        (tampered(record, format="zip"), "not a tricktable record"),
        (tampered(record, version=99), "version 99 is not supported"),
        (tampered(record, game="chess"), "record of 'chess'"),
        (tampered(record, rules_version="0"), "rules version"),
        (tampered(record, seed=-5), "seed must be"),
        (tampered(record, config={"no_such_option": 1}), "unknown option"),
        (tampered(record, actions="all of them"), "'actions' must be a list"),
        (tampered(record, actions=bad_actions), "action #5"),
        (tampered(record, actions=[*record["actions"][:3], ["x", "y", "z"]]), "action #3"),
        (tampered(record, deck=[["AS"] * 10]), "stacked deck"),
        ([1, 2], "JSON object"),
    ]
    for bad, message in cases:
        with pytest.raises(RecordError, match=message):
            game.replay(bad)


def test_states_compare_as_values_and_start_from_the_seed(game: Any) -> None:
    assert game.new(seed=9) == game.new(seed=9)
    a = list(walk(game, 9, 25))
    b = list(walk(game, 9, 25))
    assert a == b and [hash(s) for s in a] == [hash(s) for s in b]
    deals = {tuple(map(tuple, game.new(seed=s).card_locations().values())) for s in range(5)}
    assert len(deals) == 5, "different seeds should give different deals"


def test_seat_views_differ_from_the_spectators_only_in_their_seat_fields(game: Any) -> None:
    """What View.SEAT_FIELDS promises, which lets a server convert the common fields once and build
    only a seat's own fields (state.seat_fields) for every other seat; and a view's JSON made with an
    earlier view's (``after``: its unchanged fields taken as they are) is the view's own JSON."""
    for seed in range(scaled(20)):
        before = None
        for state in walk(game, 3_000 + seed, 300):
            public = state.view(None)
            public_json = public.to_dict()
            assert state.seat_fields(None) == {name: getattr(public, name) for name in public.SEAT_FIELDS}
            for seat in range(state.num_seats):
                view = state.view(seat)
                own = {name: getattr(view, name) for name in view.SEAT_FIELDS}
                assert state.seat_fields(seat) == own, (seed, state.version, seat)
                assert dataclasses.replace(public, **own) == view, (seed, state.version, seat)
                assert view.to_dict(like=public_json) == view.to_dict()
                other = state.view((seat + 1) % state.num_seats).to_dict()
                assert view.to_dict(like=other) == view.to_dict()
                assert type(view).seat_dict(own, like=other) == view.to_dict()
            if before is not None:
                assert public.to_dict(after=before) == public_json, (seed, state.version)
            before = (public, public_json)
