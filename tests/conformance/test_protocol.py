"""The state protocol every consumer relies on (API v2): version, acting seats, card selection, seats."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from tricktable import games
from tricktable.core import ConfigError, InvalidActionError
from tricktable.server.frames import KEPT, Frames, apply_delta, dumps

from .walk import walk

GAMES = [games.get(name) for name in games.names()]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_version_counts_the_actions_applied(game: Any) -> None:
    for n, state in enumerate(walk(game, 11, 300)):
        assert state.version == len(state.history) == n
        assert state.view(0).version == state.version


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_acting_seats_are_the_seats_that_may_act(game: Any) -> None:
    for state in walk(game, 12, 400):
        seats = state.acting_seats()
        assert seats == tuple(s for s in range(state.num_seats) if state.may_act(s))
        for seat in (None, *range(state.num_seats)):  # as each seat may know them
            known = state.acting_seats(seen_by=seat)
            assert set(known) <= set(seats) and (state.to_move is None or state.to_move in known)
            assert (seat in known) == (seat in seats)
        if state.is_over:
            assert seats == ()
        else:
            assert state.to_move is None or state.to_move in seats
            assert all(state.legal_actions(s) for s in seats)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_selectable_cards_complete_to_a_legal_action(game: Any) -> None:
    rng = random.Random(3)
    for state in walk(game, 13, 400):
        for seat in state.acting_seats():
            cards = state.selectable((), seat)
            assert list(cards) == sorted(set(cards))
            legal = state.legal_actions(seat)
            if game.name != "tractor":
                plays = {a.cards[0] for a in legal if a.verb == "play"}
                assert set(cards) == plays
                if cards:
                    assert state.selectable((rng.choice(cards),), seat) == ()
            elif cards and state.phase in ("play", "kitty"):
                # Picking selectable cards one at a time always ends in a legal action.
                verb = "play" if state.phase == "play" else "bury"
                picked: list[Any] = []
                while not picked or not state.is_legal(f"{verb} {' '.join(map(str, picked))}", seat):
                    options = state.selectable(tuple(picked), seat)
                    assert options, f"picking {picked} reached a dead end"
                    picked.append(rng.choice(options))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_num_seats_follows_the_config(game: Any) -> None:
    assert game.num_seats() == game.new(seed=1).num_seats
    if game.name == "all-fours":
        assert game.num_seats({"players": 2}) == 2
    with pytest.raises(ConfigError):
        game.num_seats({"no_such_option": 1})


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_events_since_a_version_is_checked(game: Any) -> None:
    state = game.new(seed=2)
    for bad in (-1, state.version + 1, "0", 1.0, True):
        with pytest.raises(InvalidActionError, match="since must be a version"):
            state.events(0, since=bad)
    assert state.events(0, since=state.version) == ()


def _json(value: Any) -> Any:
    return json.loads(dumps(value))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@settings(max_examples=scaled(4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), lags=st.lists(st.integers(1, KEPT + 2), min_size=1, max_size=8))
def test_deltas_applied_to_the_first_frame_are_the_full_frame_at_every_step(
    game: Any, seed: int, lags: list[int]
) -> None:
    """Every seat and a spectator follow a game by deltas, each falling behind by its own steps
    (``lags``, in turn): each delta applied to the frame before it gives the seat's full view (the
    engine's own), sheet and acting seats, the events put together are the seat's events, and a
    delta carries no view field the full frame would not. A client further behind than the kept
    versions is sent a full frame (below: here one client per seat keeps its seat's last frame)."""
    states = list(walk(game, seed, 250))
    by_bot = [False] * states[-1].version
    frames = Frames("t", game.description)
    seats: list[int | None] = [None, *range(states[0].num_seats)]
    held: dict[int | None, dict[str, Any]] = {}
    events: dict[int | None, list[Any]] = {s: [] for s in seats}
    due = dict.fromkeys(seats, 0)  # the version at which each client is next sent a frame
    deltas = 0
    for state in states:
        for n, seat in enumerate(seats):
            if state.version < due[seat] and state is not states[-1]:
                continue
            due[seat] = state.version + lags[(n + state.version) % len(lags)]
            since = held[seat]["version"] if seat in held else None
            text, is_delta = frames.text(state, by_bot, seat, since, True)
            frame = json.loads(text)
            fresh = json.loads(Frames("t", game.description).text(state, by_bot, seat, since, False)[0])
            if is_delta:
                deltas += 1
                assert frame["type"] == "delta" and since is not None
                assert set(frame["view"]) <= set(fresh["view"])  # nothing the full frame would not hold
                frame = apply_delta(held[seat], frame)
            else:
                assert frame["type"] == "state" and since is None, "a full frame where a delta was due"
            assert frame == fresh
            assert frame["view"] == _json(state.view(seat).to_dict())
            assert frame["acting"] == list(state.acting_seats(seen_by=seat))
            held[seat] = frame
            events[seat] += frame["events"]
    for seat in seats:
        assert events[seat] == _json([e.to_dict() for e in states[-1].events(seat)])
        assert held[seat]["version"] == states[-1].version
    assert deltas or len(states) < 2


def test_a_client_further_behind_than_the_kept_versions_gets_a_full_frame() -> None:
    game = games.get("back-alley")
    states = list(walk(game, 2, KEPT + 3))
    frames, by_bot = Frames("t", game.description), [False] * (KEPT + 3)
    frames.text(states[0], by_bot, 1, None, True)  # two pages of seat 1 at version 0
    for state in states[1:]:  # the first follows every version
        assert frames.text(state, by_bot, 1, state.version - 1, True)[1]
    late, is_delta = frames.text(states[-1], by_bot, 1, 0, True)  # the second was slow
    assert not is_delta and json.loads(late)["type"] == "state"
    assert frames.text(states[-1], by_bot, 1, states[-1].version - KEPT, True)[1]


def test_a_delta_applies_to_the_frame_of_its_since_only() -> None:
    game = games.get("back-alley")
    states = list(walk(game, 1, 3))
    frames, by_bot = Frames("t", game.description), [False] * 3
    first = json.loads(frames.text(states[1], by_bot, 0, None, True)[0])
    frames.text(states[2], by_bot, 0, 0, True)  # kept: the body of version 2
    delta = json.loads(frames.text(states[3], by_bot, 0, 2, True)[0])
    with pytest.raises(ValueError, match="from version 2 does not apply to version 1"):
        apply_delta(first, delta)
