"""Events, sampled worlds and twin deals, for every game.

- ``events(seat)`` never shows a seat another seat's private cards; a spectator sees none.
- ``game.sample(seat, events)`` gives a world whose ``events(seat)`` and ``view(seat)`` are the real
  ones, in which play goes on; over repeated samples the unseen cards vary.
- The leak test: a world that differs from the real one only in cards the seat has not seen (a sample
  is one) gives the seat the same events, view, legal actions and refusal reasons, and hides the
  same cards from it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.budget import scaled
from tricktable import bots, games
from tricktable.core import State
from tricktable.core.events import EVENT_KINDS, PrivateEvent
from tricktable.core.sampling import SampleError

from .walk import check_twin, walk

GAMES = [games.get(name) for name in games.names()]
CONFIGS: dict[str, list[Any]] = {"all-fours": [None, {"players": 2}], "back-alley": [None], "tractor": [None]}
STATES_PER_GAME = scaled(1000)


def random_states(game: Any, count: int, seed: int) -> Iterator[State]:
    """States at random depths of games played at random (every config of the game in turn) and, every
    other one, by the heuristic bots: their plays (few failed throws, kept suits) meet other limits."""
    rng = random.Random(seed)
    configs = CONFIGS[game.name]
    for i in range(count):
        config = configs[i % len(configs)]
        depth = rng.randrange(0, 450)
        if i % 2:
            *_, state = walk(game, seed * 1000 + i, depth, config)
        else:
            state = bot_game(game, seed * 1000 + i, depth, config)
        yield state


def bot_game(game: Any, seed: int, steps: int, config: Any) -> State:
    state = game.new(seed=seed, config=config)
    players = {s: bots.get("heuristic", game=game.name, seed=seed + s) for s in range(state.num_seats)}
    for _ in range(steps):
        seat = state.to_move
        if state.is_over or seat is None:
            break
        action = players[seat].choose(state.view(seat), state.legal_actions(seat), ())
        state = state.apply(action, seat)
    return state


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_events_show_private_cards_to_their_seat_only(game: Any) -> None:
    for state in random_states(game, scaled(60), 1):
        spectator = state.events(None)
        assert all(e.cards is None for e in spectator if isinstance(e, PrivateEvent))
        for seat in range(state.num_seats):
            seen = state.events(seat)
            assert len(seen) == len(spectator)
            for event in seen:
                assert event.kind in EVENT_KINDS
                if isinstance(event, PrivateEvent):
                    assert (event.cards is None) == (event.seat != seat), event
                event.to_dict()
            # events since a version are the tail of the whole list
            since = state.version // 2
            tail = state.events(seat, since=since)
            assert seen[len(seen) - len(tail) :] == tail


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_cards_a_seat_was_dealt_are_the_cards_it_has_held(game: Any) -> None:
    """Every card in a seat's hand reached it through an event it saw (a deal, a draw, the kitty)."""
    for state in random_states(game, scaled(40), 2):
        for seat in range(state.num_seats):
            received: list[Any] = []
            for event in state.events(seat):
                if event.kind == "deal_started":
                    received = []
                if isinstance(event, PrivateEvent) and event.seat == seat and event.kind != "kitty_buried":
                    received += event.cards or ()
            hand = state.view(seat).hand
            assert not set(hand) - set(received), (game.name, seat)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_sampled_world_shows_the_seat_exactly_what_it_saw(game: Any) -> None:
    for n, state in enumerate(random_states(game, STATES_PER_GAME, 3)):
        for seat in range(state.num_seats):
            events = state.events(seat)
            world = game.sample(seat, events, config=state.config, rng=random.Random(n * 10 + seat))
            assert world.events(seat) == events
            assert world.view(seat) == state.view(seat)
            assert world.version == state.version and world.phase == state.phase
            if not world.is_over:  # play goes on from it
                mover = world.to_move
                assert mover is not None
                legal = world.legal_actions(mover)
                world.apply(legal[random.Random(n).randrange(len(legal))], mover)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_sampled_worlds_vary_the_unseen_cards(game: Any) -> None:
    varied = tried = 0
    for n, state in enumerate(random_states(game, scaled(80), 4)):
        seat = n % state.num_seats
        if len(state.hidden_cards(seat)) < 6:
            continue
        events = state.events(seat)
        rng = random.Random(n)
        worlds = {
            tuple(sorted(game.sample(seat, events, config=state.config, rng=rng).card_locations().items()))
            for _ in range(6)
        }
        tried += 1
        varied += len(worlds) > 1
    assert tried > scaled(80) * 3 // 8 and varied == tried


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_twin_deals_look_the_same_to_the_seat(game: Any) -> None:
    """The leak test: nothing a seat is shown or told depends on a card it has not seen."""
    rng = random.Random(5)
    for n, state in enumerate(random_states(game, scaled(120), 5)):
        for seat in range(state.num_seats):
            twin = game.sample(seat, state.events(seat), config=state.config, rng=random.Random(n + seat))
            check_twin(game, state, twin, seat, rng)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_finished_game_has_twins_too(game: Any) -> None:
    """At the end of a game cards hidden during the last deal may have been shown (Tractor's kitty,
    revealed when the round is scored): a world sampled then shows every seat exactly what it saw."""
    *_, state = walk(game, 77, 60_000)
    assert state.is_over
    for seat in range(state.num_seats):
        twin = game.sample(seat, state.events(seat), config=state.config, rng=random.Random(seat))
        check_twin(game, state, twin, seat, random.Random(seat))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_sampler_refuses_what_no_seat_saw(game: Any) -> None:
    state = game.new(seed=3)
    while state.events(0) == state.events(1):  # until seat 0 holds cards seat 1 has not seen
        state = state.apply(state.legal_actions()[0])
    events = state.events(0)
    with pytest.raises(SampleError, match="seat"):
        game.sample(9, events, config=state.config, rng=random.Random(1))
    with pytest.raises(SampleError, match="no deal"):
        game.sample(0, (), config=state.config, rng=random.Random(1))
    with pytest.raises(SampleError):  # another seat's events, claimed by seat 0: its own cards are unknown
        game.sample(0, state.events(1), config=state.config, rng=random.Random(1))
