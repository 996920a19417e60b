"""The state protocol every consumer relies on (API v2): version, acting seats, card selection, seats."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tricktable import games
from tricktable.core import ConfigError, InvalidActionError

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
