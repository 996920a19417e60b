"""Bad input from outside the rules, in every game: hand-built malformed actions, bad seats, bad replay
arguments and record fields. Each is refused with an error naming what was wrong, the state unchanged;
and every action that ``apply`` accepts is canonical, so that its record replays identically.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.budget import scaled
from tricktable import games
from tricktable.cards import ALL_CARDS
from tricktable.core import Action, ArgKind, IllegalActionError, InvalidActionError, RecordError, State

from .walk import candidate_actions, walk

GAMES = games.names()
SEEDS = scaled(40)
STEPS = 60
BAD_SEATS: tuple[Any, ...] = (-1, 10**20, "1", 1.0, True, object(), 10**5000)


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> Any:
    return games.get(request.param)


def malformed_variants(game: Any, action: Action) -> Iterator[Action]:
    """Hand-built actions that are not well formed, made from a (usually legal) ``action``."""
    verb, cards, arg = action.verb, action.cards, action.arg
    yield Action(verb, None, arg)  # type: ignore[arg-type]
    yield Action(verb, list(cards), arg)  # type: ignore[arg-type]
    yield Action(verb, cards, "x")
    yield Action(verb, cards, True)
    yield Action(None, cards, arg)  # type: ignore[arg-type]
    yield Action(verb.upper(), cards, arg)
    if cards:
        yield Action(verb, tuple(str(c) for c in cards), arg)  # type: ignore[misc]
        yield Action(verb, tuple(int(c) for c in cards), arg)  # type: ignore[misc]
        yield Action(verb, cards, 1)
        yield Action(verb, (), arg)
        if len(set(cards)) > 1:
            yield Action(verb, tuple(reversed(cards)), arg)
        if game.verbs[verb].args is ArgKind.CARD:
            yield Action(verb, (*cards, *cards), arg)
    elif isinstance(arg, int):
        yield Action(verb, (), str(arg))
        yield Action(verb, (), -arg - 1)
        yield Action(verb, (), float(arg))  # type: ignore[arg-type]
        yield Action(verb, (ALL_CARDS[0],), arg)
    elif isinstance(arg, str):
        yield Action(verb, (), arg.upper())
        yield Action(verb, (ALL_CARDS[0],), arg)
    else:
        yield Action(verb, (), 1)
        yield Action(verb, (), "1")
        yield Action(verb, (ALL_CARDS[0],))


def generic_malformed(game: Any) -> Iterator[Action]:
    """Malformed actions of every verb of the game, whatever the state."""
    yield Action("draw", (), 1)
    yield Action("play", ("AS",))  # type: ignore[arg-type]
    yield Action("play", None)  # type: ignore[arg-type]
    yield Action("bid", (), "3")
    for name, verb in game.verbs.items():
        if verb.args is ArgKind.BID:
            yield Action(name, (), False)
            yield Action(name, (), "٣")
            yield Action(name, (), 3.0)  # type: ignore[arg-type]
        elif verb.args is ArgKind.NONE:
            yield Action(name, (), 0)
            yield Action(name, (ALL_CARDS[1],))
        else:
            yield Action(name)
            yield Action(name, (ALL_CARDS[5], ALL_CARDS[2]))  # out of canonical order (or two cards)


def some_acting_seats(state: State, rng: random.Random) -> list[int]:
    """The seat to move, and one other seat that may act (All Fours' exposers, Tractor's declarers)."""
    others = [s for s in range(state.num_seats) if s != state.to_move and state.may_act(s)]
    return [s for s in (state.to_move,) if s is not None] + rng.sample(others, min(1, len(others)))


def assert_refused(state: State, action: Action, seat: int) -> None:
    text = str(action)  # never raises, however malformed the action
    assert isinstance(repr(action), str)
    with pytest.raises((InvalidActionError, IllegalActionError)) as err:
        state.apply(action, seat)
    assert str(err.value).strip(), f"{text!r} was refused without a reason"
    assert not state.is_legal(action, seat)


def assert_replays(game: Any, state: State, action: Action, seat: int, after: State) -> None:
    """An accepted action's text reads back to the same action, and replays to the same state."""
    again = game.parse_action(str(action))
    assert again == action and str(again) == str(action), f"{action!r} is not canonical"
    assert state.apply(again, seat) == after


def test_malformed_actions_are_refused_and_accepted_ones_replay(game: Any) -> None:
    for seed in range(SEEDS):
        rng = random.Random(seed)
        last = None
        for state in walk(game, 7_000 + seed, STEPS):
            last = state
            if state.is_over:
                break
            before = game.record(state)
            for seat in some_acting_seats(state, rng):
                legal = state.legal_actions(seat)
                samples = [legal[rng.randrange(len(legal))] for _ in range(min(2, len(legal)))]
                for action in samples:
                    assert_replays(game, state, action, seat, state.apply(action, seat))
                    for bad in malformed_variants(game, action):
                        assert_refused(state, bad, seat)
                for bad in generic_malformed(game):
                    assert_refused(state, bad, seat)
                for action in candidate_actions(game, rng, 4):
                    try:
                        after = state.apply(action, seat)
                    except (InvalidActionError, IllegalActionError):
                        continue
                    assert_replays(game, state, action, seat, after)
            assert game.record(state) == before, "refusing an action changed the state"
        assert last is not None
        assert game.replay(game.record(last)) == last


def test_views_and_queries_check_the_seat_as_apply_does(game: Any) -> None:
    for state in walk(game, 11, 30):
        n = state.num_seats
        for bad in (*BAD_SEATS, n):
            for query in (
                state.view,
                state.hidden_cards,
                state.legal_actions,
                state.events,
                lambda s, state=state: state.selectable((), s),
                lambda s, state=state: state.apply(Action("play", (ALL_CARDS[0],)), s),
            ):
                with pytest.raises(InvalidActionError, match="seat must be a number from 0 to"):
                    query(bad)
        for seat in [*range(n), None]:
            assert state.view(seat).seat == seat


def test_replay_upto_is_a_count_of_the_records_actions(game: Any) -> None:
    *_, state = walk(game, 5, 12)
    record = game.record(state)
    count = len(record["actions"])
    assert game.replay(record, upto=count) == state
    assert game.replay(record, upto=0) == game.new(seed=state.seed, config=state.config)
    assert len(game.replay(record, upto=3).history) == 3
    for bad in ("1", 1.5, -1, True, False, count + 1, 10**5000, object()):
        with pytest.raises(RecordError, match=f"upto must be a whole number from 0 to {count}"):
            game.replay(record, upto=bad)


def test_record_fields_refuse_bools_for_numbers(game: Any) -> None:
    *_, state = walk(game, 6, 12)
    record = game.record(state)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"version": True}, "version True is not supported"),
        ({"version": 1.0}, "version 1.0 is not supported"),
        ({"version": "1"}, "version '1' is not supported"),
        ({"seed": True}, "seed must be"),
        ({"seed": 10**5000}, "seed must be"),
        ({"actions": [[True, str(state.history[0][1])]]}, "action #0"),
    ]
    for changes, message in cases:
        bad = copy.deepcopy(record)
        bad.update(changes)
        with pytest.raises(RecordError, match=message):
            game.replay(bad)
    game.replay(record)  # the untouched record still replays
