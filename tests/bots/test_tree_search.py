"""The information-set tree search (:mod:`tricktable.bots.tree_search`): legal decisions, the same from
the same seed, made from the seat's own knowledge only; a tree whose counts add up, where each side
chooses for itself; and far stronger than random play."""

from __future__ import annotations

import random

import pytest

from bench import variants
from tricktable import bots, games
from tricktable.bots.search import SearchBot, deal_value
from tricktable.bots.tree_search import Edge, grow
from tricktable.core.errors import ConfigError
from tricktable.core.state import State

GAMES = ("all-fours", "back-alley")
SMALL = 24
"""Iterations small enough for quick tests."""


def _positions(game: str, seed: int) -> list[State]:
    """The decisions with a choice of a deal played by the heuristic bots, every third one."""
    state: State = games.get(game).new(seed=seed)
    deal_key = games.get(game).description.search.deal_key
    key = deal_key(state)
    heuristic = bots.get("heuristic", game=game, seed=seed)
    found = []
    while not state.is_over and deal_key(state) == key:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            found.append(state)
        state = state.apply(heuristic.choose(state.view(seat), legal), seat)
    return found[::3]


def _decide(bot: SearchBot, state: State) -> str:
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions(seat)
    action = bot.choose(state.view(seat), legal, state.events(seat))
    assert action in legal
    return str(action)


@pytest.mark.parametrize("game", GAMES)
def test_legal_decisions_the_same_from_the_same_seed(game: str) -> None:
    positions = _positions(game, 2)
    assert len(positions) > 3
    first = [_decide(SearchBot(game, seed=9, tree=SMALL), s) for s in positions]
    again = [_decide(SearchBot(game, seed=9, tree=SMALL), s) for s in positions]
    assert first == again


@pytest.mark.parametrize("game", GAMES)
def test_a_world_the_seat_cannot_tell_from_the_real_one_gets_the_same_decision(game: str) -> None:
    """The search reads only the seat's view and events: in a world with the other hands dealt
    otherwise, but the same view and events for the seat, it decides the same."""
    differed = 0
    for state in _positions(game, 4)[:4]:
        seat = state.to_move
        assert seat is not None
        world = games.get(game).sample(seat, state.events(seat), rng=random.Random(7))
        assert world.events(seat) == state.events(seat) and world.legal_actions(seat) == state.legal_actions(
            seat
        )
        differed += world.hands != state.hands  # type: ignore[attr-defined]
        assert _decide(SearchBot(game, seed=3, tree=SMALL), world) == _decide(
            SearchBot(game, seed=3, tree=SMALL), state
        )
    assert differed >= 3


@pytest.mark.parametrize("game", GAMES)
def test_the_root_counts_add_up(game: str) -> None:
    """Each iteration visits one root action; every legal action is available in every world (the
    seat's own cards are the same in all) and is tried; the totals are deal values, within the
    game's bound."""
    state = _positions(game, 5)[1]
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions(seat)
    bot = SearchBot(game, seed=1)
    root = grow(bot, state.view(seat), state.events(seat), SMALL, bot.rules.tree_exploration or 1.0)
    assert set(root) == set(legal)
    assert sum(edge.visits for edge in root.values()) == SMALL
    assert all(edge.available == SMALL and edge.visits >= 1 for edge in root.values())
    bound = games.get(game).description.utility_bound
    assert all(abs(edge.total) <= bound * edge.visits for edge in root.values())


def test_each_side_reads_the_values_for_itself() -> None:
    """An edge's mean is the searching side's; the other side (sign -1) reads it negated, and the
    bonus grows with the iterations the action was passed over."""
    edge = Edge()
    edge.visits, edge.total, edge.available = 3, 6.0, 3
    assert edge.ucb(1, 0.0) == 2.0 and edge.ucb(-1, 0.0) == -2.0
    tried = edge.ucb(1, 1.0)
    edge.available = 30
    assert edge.ucb(1, 1.0) > tried > 2.0


def test_the_tree_search_beats_random_play() -> None:
    """The first two Back Alley hands of a few deals, in duplicate: on a tiny tree the searching
    side takes far more points than random play in every game."""
    gains = []
    for seed in range(2):
        for side in (0, 1):
            state: State = games.get("back-alley").new(seed=seed)
            players: dict[int, bots.Bot] = {
                s: SearchBot("back-alley", seed=s, tree=SMALL)
                if s % 2 == side
                else bots.get("random", game="back-alley", seed=s)
                for s in range(4)
            }
            start = state.view(None).deal_number
            final = state
            while final.view(None).deal_number < start + 2:
                seat = final.to_move
                assert seat is not None
                legal = final.legal_actions(seat)
                bot = players[seat]
                events = final.events(seat) if bot.wants_events else ()
                final = final.apply(bot.choose(final.view(seat), legal, events), seat)
            gains.append(deal_value("back-alley", state, final, side))
    assert min(gains) > 0 and sum(gains) / len(gains) > 100, gains


def test_off_at_every_level_and_named_by_the_benchmarks() -> None:
    for game in GAMES:
        for level in ("hard", "expert"):
            searching = bots.get(level, game=game)
            assert isinstance(searching, SearchBot) and searching.tree == 0
    bot = variants.get("hard+tree=40", game="all-fours", seed=1)
    assert isinstance(bot, SearchBot) and bot.tree == 40
    with pytest.raises(ValueError, match="tree=N"):
        variants.get("hard+tree=many", game="all-fours")


def test_tractor_has_none() -> None:
    """Tractor's multi-card plays number in the thousands: the tree search refuses it, naming the
    games it serves."""
    with pytest.raises(ConfigError, match=r"tractor has no tree search.*all-fours, back-alley"):
        SearchBot("tractor", seed=1, tree=10)
