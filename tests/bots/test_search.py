"""The search bots (``hard``, ``expert``): registered for every game, only legal actions, the same
decisions from the same seed, and stronger than random play."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

import pytest

from tricktable import bots, games
from tricktable.bots.fast_rollout import fast_value
from tricktable.bots.search import (
    EXACT_WORLDS,
    LEVELS,
    MAX_WORLDS,
    OVERSAMPLE,
    SearchBot,
    deal_value,
    rollout,
)
from tricktable.bots.tractor_rollout import GreedyPolicy
from tricktable.cards import ALL_CARDS
from tricktable.core.actions import Action
from tricktable.core.events import DealScored, Event
from tricktable.core.state import State
from tricktable.core.views import View
from tricktable.games.tractor.rollout import play_round
from tricktable.table import play_out

GAMES = ("all-fours", "back-alley", "tractor")
SMALL = 12
"""A budget small enough for quick tests (rollouts per decision)."""


@pytest.mark.parametrize("game", GAMES)
def test_registered_as_hard_and_expert(game: str) -> None:
    assert {"hard", "expert"} <= set(bots.names(game))
    hard = bots.get("hard", game=game, seed=1)
    expert = bots.get("expert", game=game, seed=1, config={})
    assert isinstance(hard, SearchBot) and isinstance(expert, SearchBot)
    assert (hard.name, expert.name) == ("hard", "expert")
    assert expert.rollouts == hard.rollouts * LEVELS["expert"] > hard.rollouts
    assert hard.wants_events


@pytest.mark.parametrize("game", GAMES)
def test_a_multiple_scales_every_budget_of_hard(game: str) -> None:
    """``multiple`` replaces the level's multiple of the game's ``hard`` budgets (the duplicate
    benchmarks' ``hard+x=K``)."""
    hard = SearchBot(game, 1)
    scaled = SearchBot(game, 1, multiple=3)
    assert scaled.rollouts == 3 * hard.rollouts
    assert scaled.fast_rollouts == 3 * hard.fast_rollouts
    # A game's own cap on worlds scales with the budget; the search's common cap does not.
    assert scaled.max_worlds == (3 * hard.max_worlds if hard.rules.max_worlds else MAX_WORLDS)
    half = SearchBot(game, 1, level="expert", multiple=0.5)
    assert half.rollouts == round(hard.rollouts / 2) and half.name == "expert"


def test_back_alley_expert_spends_its_multiple_on_the_bids_only() -> None:
    """``level_phases``: Back Alley's ``expert`` weighs its bids in four times ``hard``'s worlds and
    plays its cards with ``hard``'s; a budget given (the analysis gives one) applies everywhere."""
    game = games.get("back-alley")
    asked: list[int] = []

    def worlds_asked(bot: SearchBot, state: State) -> int:
        seat = state.to_move
        assert seat is not None
        bot._worlds = lambda seat, events, count: (asked.append(count), iter(()))[1]  # type: ignore[method-assign]
        bot.evaluate(state.view(seat), state.events(seat), state.legal_actions(seat))
        return asked.pop()

    bidding = game.new(seed=3)
    playing = _random_position("back-alley", 3, 2, phase="play")
    for state in (bidding, playing):
        assert 2 <= len(state.legal_actions()) <= game.description.search.max_candidates
    hard, expert = SearchBot(game.name, 1), SearchBot(game.name, 1, level="expert")
    assert worlds_asked(expert, bidding) == 4 * worlds_asked(hard, bidding)
    assert worlds_asked(expert, playing) == worlds_asked(hard, playing)
    given = SearchBot(game.name, 1, level="expert", rollouts=200)
    assert worlds_asked(given, playing) == 200 // len(playing.legal_actions())


def _random_position(game: str, seed: int, actions: int, phase: str | None = None) -> State:
    """A game advanced by random play until ``phase`` (if given), then ``actions`` more."""
    rng = random.Random(seed)
    state: State = games.get(game).new(seed=seed)
    while phase is not None and state.phase != phase:
        seat = state.to_move if state.to_move is not None else state.acting_seats()[0]
        state = state.apply(rng.choice(state.legal_actions(seat)), seat)
    for _ in range(actions):
        seat = state.to_move if state.to_move is not None else state.acting_seats()[0]
        state = state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


def _decide(bot: SearchBot, state: State) -> str:
    seat = state.to_move
    assert seat is not None
    action = bot.choose(state.view(seat), state.legal_actions(seat), state.events(seat))
    assert action in state.legal_actions(seat)
    return str(action)


def _players(game: str, config: dict[str, int]) -> dict[int, bots.Bot]:
    """Search at seats 0 and 2, random play at 1 and 3."""
    players = {s: SearchBot(game, seed=s, rollouts=SMALL, min_worlds=1, config=config) for s in (0, 2)}
    return players | {s: bots.get("random", game=game, seed=s) for s in (1, 3)}


def test_all_fours_games_with_only_legal_actions() -> None:
    for seed in range(2):
        state = games.get("all-fours").new(seed=seed, config={"target": 5})
        final = play_out(state, _players("all-fours", {"target": 5})).final  # apply checks every action
        assert final.is_over


def test_back_alley_hands_with_only_legal_actions() -> None:
    for seed in range(2):
        state = games.get("back-alley").new(seed=seed)
        final = _hands(state, _players("back-alley", {}), 3)  # apply checks every action
        assert final.view(None).deal_number >= 4


def _hands(state: State, players: dict[int, bots.Bot], hands: int) -> State:
    """``hands`` Back Alley hands played by ``players`` (apply checks each action)."""
    start = state.view(None).deal_number
    while not state.is_over and state.view(None).deal_number < start + hands:
        seat = state.to_move
        assert seat is not None
        bot = players[seat]
        legal = state.legal_actions(seat)
        events = state.events(seat) if bot.wants_events else ()
        state = state.apply(bot.choose(state.view(seat), legal, events), seat)
    return state


def test_whole_games_play_out() -> None:
    state = games.get("all-fours").new(seed=3, config={"target": 3})
    players = {s: SearchBot("all-fours", seed=s, rollouts=SMALL, config={"target": 3}) for s in range(4)}
    final = play_out(state, players).final
    assert final.is_over


@pytest.mark.parametrize("seed", range(3))
def test_tractor_play_decisions_are_legal(seed: int) -> None:
    state = _random_position("tractor", seed, 40 + 17 * seed, phase="play")
    bot = SearchBot("tractor", seed=seed, rollouts=SMALL)
    _decide(bot, state)
    _decide(bot, _random_position("tractor", seed, 5))


def _early_decisions(seed: int) -> list[tuple[State, int]]:
    """The positions of a heuristic Tractor round, before its card play, where a seat has a choice:
    to declare (or overturn) or not, and the kitty."""
    state: State = games.get("tractor").new(seed=seed)
    players = {s: bots.get("heuristic", game="tractor", seed=s) for s in range(4)}
    out = []
    while state.phase != "play":
        seat = state.to_move if state.to_move is not None else state.acting_seats()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            out.append((state, seat))
        state = state.apply(players[seat].choose(state.view(seat), legal), seat)
    return out


class _Counting(SearchBot):
    """Counts the candidates and worlds of each decision."""

    counts: list[tuple[int, int]]

    def evaluate(
        self, view: View, events: Sequence[Event], candidates: Sequence[Action]
    ) -> list[list[float]]:
        values = super().evaluate(view, events, candidates)
        self.counts.append((len(candidates), len(values[0])))
        return values


@pytest.mark.parametrize("seed", range(2))
def test_tractor_declarations_and_kitty_can_be_searched_within_budget(seed: int) -> None:
    """Searching whether and what to declare and what to bury: the choices are legal, and each
    decision costs at most its worlds (rolled out through the draw and the kitty by the heuristic
    bots, then on the fast path), each candidate tried in each."""
    positions = _early_decisions(seed)
    phases = {state.phase for state, _ in positions}
    assert "kitty" in phases and phases & {"draw", "last-declare"}
    bot = _Counting("tractor", seed=seed, fast_rollouts=40, searched=frozenset(phases))
    bot.counts = []
    for state, seat in positions:
        legal = state.legal_actions(seat)
        assert bot.choose(state.view(seat), legal, state.events(seat)) in legal
    assert len(bot.counts) == len(positions)  # every one was searched
    for candidates, worlds in bot.counts:
        assert 2 <= candidates <= bot.rules.max_candidates
        assert worlds == max(bot.min_worlds, 40 // candidates)


def test_tractor_hard_searches_the_kitty_not_the_declarations() -> None:
    positions = _early_decisions(1)
    for level in ("hard", "expert"):
        bot = _Counting("tractor", seed=1, level=level, fast_rollouts=24)
        bot.counts = []
        for state, seat in positions:
            bot.choose(state.view(seat), state.legal_actions(seat), state.events(seat))
        assert len(bot.counts) == sum(state.phase == "kitty" for state, _ in positions) == 1


def test_tractor_burial_candidates_are_distinct_legal_burials() -> None:
    state, seat = next(p for p in _early_decisions(3) if p[0].phase == "kitty")
    legal = state.legal_actions(seat)
    view = state.view(seat)
    default = bots.get("heuristic", game="tractor", seed=0).choose(view, legal)
    bot = SearchBot("tractor", seed=1)
    candidates = bot.candidates(view, legal, default)
    assert candidates[0] == default and len(set(candidates)) == len(candidates) > 3
    assert len(candidates) <= bot.rules.max_candidates
    assert all(a.verb == "bury" and a in legal for a in candidates)


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_decisions(game: str) -> None:
    phase = "play" if game == "tractor" else None
    positions = [_random_position(game, seed, 6 + 5 * seed, phase) for seed in range(3)]
    first = [_decide(SearchBot(game, seed=9, rollouts=SMALL, min_worlds=1), s) for s in positions]
    again = [_decide(SearchBot(game, seed=9, rollouts=SMALL, min_worlds=1), s) for s in positions]
    assert first == again


def test_deal_value_is_a_difference_for_the_team() -> None:
    """Over a deal (as far as the search plays one: into the next deal, whose turn-up may score), the
    value is the deal's own sheet: its items' points scored after the start, one team's minus the
    other's."""
    game = games.get("all-fours")
    players = {s: bots.get("heuristic", game="all-fours", seed=s) for s in range(4)}
    for seed in range(4):
        state = game.new(seed=seed, config={"target": 3})
        end = rollout(state, players, game.description.search.deal_key, state.match.deals_done)
        (summary,) = [e.sheet for e in end.events(None) if isinstance(e, DealScored) and e.deal_number == 1]
        after = summary.items[len(state.match.sheet) :]  # the first turn-up scored before the start
        points = [sum(i.points for i in after if i.team == t) for t in (0, 1)]
        gain = deal_value("all-fours", state, end, 0)
        assert gain == points[0] - points[1] == -deal_value("all-fours", state, end, 1)


def test_hard_beats_random() -> None:
    """The first two Back Alley hands of a few deals, in duplicate: even on a tiny budget the search
    side takes far more points than random play, in every one of the four games."""
    gains = []
    for seed in range(2):
        for search_team in (0, 1):
            state = games.get("back-alley").new(seed=seed)
            players: dict[int, bots.Bot] = {
                s: SearchBot("back-alley", seed=s, rollouts=SMALL, min_worlds=1)
                if s % 2 == search_team
                else bots.get("random", game="back-alley", seed=s)
                for s in range(4)
            }
            final = _hands(state, players, 2)
            gains.append(deal_value("back-alley", state, final, search_team))
    assert min(gains) > 0 and sum(gains) / len(gains) > 100, gains  # about 245 on 2 hands


@pytest.mark.parametrize("game", GAMES)
def test_fast_mode_plays_legal_cards_and_repeats(game: str) -> None:
    """With ``fast`` the play phase is searched on the game's fast path: legal, and seeded."""
    positions = [_random_position(game, seed, 0, phase="play") for seed in range(4)]
    positions += [_random_position(game, seed, 3 + seed, phase="play") for seed in range(4)]
    first = [_decide(SearchBot(game, seed=2, fast=2, fast_rollouts=24), s) for s in positions]
    again = [_decide(SearchBot(game, seed=2, fast=2, fast_rollouts=24), s) for s in positions]
    assert first == again


def test_fast_value_only_in_the_play_phase() -> None:
    bidding = games.get("back-alley").new(seed=1)
    assert fast_value("back-alley", bidding, 0, random.Random(0), 2) is None
    playing = _random_position("back-alley", 1, 0, phase="play")
    value = fast_value("back-alley", playing, 0, random.Random(0), 2)
    assert value is not None and value == -fast_value("back-alley", playing, 1, random.Random(0), 2)  # type: ignore[operator]
    assert fast_value("tractor", _random_position("tractor", 1, 5), 0, random.Random(0), 1) is None


@pytest.mark.parametrize("seed", range(3))
def test_tractor_fast_value_is_the_reference_deal_value(seed: int) -> None:
    """The fast path's value of a round is what the reference makes of the same plays."""
    state = _random_position("tractor", seed, 9 * seed, phase="play")
    plays: list[tuple[int, tuple[int, ...]]] = []
    play_round(state, GreedyPolicy(), plays)
    end = state
    for seat, cards in plays:
        end = end.apply(Action.make("play", [ALL_CARDS[c] for c in cards]), seat)
    for team in (0, 1):
        value = fast_value("tractor", state, team, random.Random(0), 1)
        assert value == pytest.approx(deal_value("tractor", state, end, team))


def _after_bidding(game: str, seed: int, plays: int) -> State:
    """A heuristic game past its bids (or stand and give) and ``plays`` cards into the play."""
    state: State = games.get(game).new(seed=seed)
    players = {s: bots.get("heuristic", game=game, seed=s) for s in range(4)}
    while state.phase != "play" or plays > 0:
        plays -= state.phase == "play"
        seat = state.to_move
        assert seat is not None
        state = state.apply(players[seat].choose(state.view(seat), state.legal_actions(seat)), seat)
    return state


@pytest.mark.parametrize("game", ["back-alley", "all-fours"])
def test_beliefs_keep_the_worlds_where_the_bids_fit_the_hands(game: str) -> None:
    """With beliefs the search samples four times the worlds and keeps those in which the other seats'
    bids (stand or beg, give or run) are likelier under the heuristic's bidding: the kept worlds fit
    the bids better than the sampled ones do on average, and each is one the seat cannot tell apart."""
    state = _after_bidding(game, 2, 3)
    seat = state.to_move
    assert seat is not None
    events = state.events(seat)
    believing = SearchBot(game, seed=5, beliefs=True)
    assert believing.beliefs and not SearchBot(game, seed=5, beliefs=False).beliefs
    assert SearchBot(game, seed=1, level="expert").beliefs and not SearchBot(game, seed=1).beliefs
    real_sample = games.get(game).sample
    fits = []
    for i in range(96):
        steps: list[tuple[State, int, Action]] = []
        real_sample(seat, events, rng=random.Random(i), visit=steps.append)
        fits.append(believing.likelihood(seat, steps))
    assert len(set(fits)) > 1  # the bids tell some worlds from others
    sampled: list[int] = []

    def counting(*args: object, **kwargs: object) -> State:
        sampled.append(1)
        return real_sample(*args, **kwargs)  # type: ignore[arg-type]

    believing.game.sample = counting  # type: ignore[method-assign]
    try:
        kept = list(believing._worlds(seat, events, 24))
    finally:
        del believing.game.sample
    assert len(kept) == 24 and len(sampled) == OVERSAMPLE * 24
    assert all(world.view(seat) == state.view(seat) for world, _ in kept)
    assert sum(fit for _, fit in kept) / 24 > sum(fits) / len(fits)


def test_a_levels_own_budget_buys_at_most_max_worlds() -> None:
    """Stand or beg: two candidates. ``hard``'s budget makes fewer worlds than the cap; ``expert``'s
    four times as many would, and is capped; a budget given (the analysis') is not."""
    state = games.get("all-fours").new(seed=1)
    seat = state.to_move
    assert seat is not None and len(state.legal_actions(seat)) == 2
    counted = {}
    for name, bot in {
        "hard": _Counting("all-fours", seed=1),
        "expert": _Counting("all-fours", seed=1, level="expert"),
        "given": _Counting("all-fours", seed=1, rollouts=2 * MAX_WORLDS + 8),
    }.items():
        bot.counts = []
        bot.choose(state.view(seat), state.legal_actions(seat), state.events(seat))
        counted[name] = bot.counts[0][1]
    assert counted == {"hard": bot.rules.rollouts // 2, "expert": MAX_WORLDS, "given": MAX_WORLDS + 4}


class _Solving:
    """A game's exact solver that keeps the worlds it is asked to solve."""

    def __init__(self, solve: Callable[[State, int | None], Mapping[int, float]]) -> None:
        self.solve = solve
        self.worlds: list[State] = []

    def __call__(self, world: State, nodes: int | None) -> Mapping[int, float]:
        self.worlds.append(world)
        return self.solve(world, nodes)


@pytest.mark.parametrize("game", ["all-fours", "back-alley"])
def test_the_last_tricks_can_be_valued_by_the_exact_solver_in_each_world(game: str) -> None:
    """With few cards in hand (``exact``: off by default) each world is solved once, and every
    candidate's value there is the solver's, in fewer worlds than a rollout decision has; earlier in
    the deal the worlds are rolled out."""
    assert SearchBot(game, seed=3).exact == SearchBot(game, seed=3, level="expert").exact == 0
    limit = 5
    early = _after_bidding(game, 4, 0)
    late = early
    heuristic = bots.get("heuristic", game=game)
    while True:
        seat = late.to_move
        assert seat is not None and late.phase == "play"
        legal = late.legal_actions(seat)
        if len(late.hands[seat]) <= limit and len(legal) > 1:  # type: ignore[attr-defined]
            break
        late = late.apply(heuristic.choose(late.view(seat), legal), seat)
    counts = []
    for state, solved in ((late, True), (early, False)):
        seat = state.to_move
        assert seat is not None
        bot = SearchBot(game, seed=3, rollouts=48, exact=limit)
        assert bot.solver is not None
        solver = bot.solver = _Solving(bot.solver)
        candidates = state.legal_actions(seat)[:2]
        values = bot.evaluate(state.view(seat), state.events(seat), candidates)
        counts.append(len(values[0]))
        assert len(solver.worlds) == (len(values[0]) if solved else 0)
        for i, world in enumerate(solver.worlds):
            exact = solver.solve(world, None)
            assert [v[i] for v in values] == [exact[a.cards[0]] for a in candidates]
    assert counts == [48 // 2 // EXACT_WORLDS, 48 // 2]


@pytest.mark.parametrize("game", ["back-alley", "all-fours"])
def test_no_belief_phases_keep_the_same_pool_uniformly(game: str) -> None:
    """The beliefs' baseline (``belief_phases`` empty): the same pool of worlds from the same random
    numbers, each kept with weight 1, so that a measure of the beliefs compares equal worlds."""
    state = _after_bidding(game, 2, 3)
    seat = state.to_move
    assert seat is not None
    events = state.events(seat)
    believing = SearchBot(game, seed=5, beliefs=True)
    uniform = SearchBot(game, seed=5, beliefs=True, belief_phases=frozenset())
    assert uniform.beliefs and believing.belief_phases and not uniform.belief_phases
    kept = {name: list(bot._worlds(seat, events, 12)) for name, bot in (("b", believing), ("u", uniform))}
    assert {weight for _, weight in kept["u"]} == {1.0} and len(kept["u"]) == 12
    assert {weight for _, weight in kept["b"]} != {1.0}
    assert believing.rng.getstate() == uniform.rng.getstate()
