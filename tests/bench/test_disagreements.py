"""bench.disagreements: the decisions where two bots differ, judged in the real deal."""

from __future__ import annotations

from bench.disagreements import Match, deal_disagreements, judge, summary

from tricktable import bots, games
from tricktable.bots import heuristic_factory
from tricktable.bots.search import deal_value, rollout
from tricktable.core.state import team_of


def test_a_bot_never_disagrees_with_itself() -> None:
    results = deal_disagreements(Match("all-fours", ("medium", "medium"), seed=3), range(2))
    assert [found for _, _, found in results] == [[], []]
    assert all(decisions > 0 for _, decisions, _ in results)
    report = summary(results)
    assert report["differ"] == 0 and report["gain_per_deal"] == 0


def test_each_choice_is_judged_by_the_heuristic_playing_the_real_deal_on() -> None:
    game = games.get("back-alley")
    factory = heuristic_factory(game.name)
    deal_key = game.description.search.deal_key
    state = game.new(seed=8)
    bidders = {s: factory(s) for s in range(state.num_seats)}
    state = rollout(state, bidders, deal_key, deal_key(state), lambda s: s.phase == "play")
    seat = state.to_move
    assert seat is not None and state.phase == "play"
    first, second = state.legal_actions()[:2]
    values = judge(state, seat, None, (first, second, first), Match(game.name, ("hard", "medium")), judges=1)
    assert values[0] == values[2]
    policies = {s: factory(s) for s in range(state.num_seats)}  # the judge's seeds in its first playout
    end = rollout(state.apply_legal(second), policies, deal_key, deal_key(state))
    assert values[1] == deal_value(game.name, state, end, team_of(seat, state.num_seats))


def test_medium_and_random_differ_and_the_report_adds_up() -> None:
    match = Match("all-fours", ("medium", "random"), seed=1, judges=2)
    results = deal_disagreements(match, range(3))
    assert results == deal_disagreements(match, range(3))  # seeded: the same run twice
    found = [d for _, _, ds in results for d in ds]
    assert found and all(d.a != d.b for d in found)
    report = summary(results)
    assert 0 < report["differ_in_value"] <= report["differ"] <= 1
    assert report["better"] + report["worse"] == sum(1 for d in found if d.gain != 0)
    assert report["gain_per_deal"] * len(results) == sum(d.gain for d in found)


def test_only_the_phases_named_are_compared() -> None:
    match = Match("all-fours", ("medium", "random"), seed=1, judges=1, phases=frozenset({"beg", "give"}))
    results = deal_disagreements(match, range(4))
    assert {d.phase for _, _, found in results for d in found} <= {"beg", "give"}
    assert sum(n for _, n, _ in results) <= 2 * len(results)  # at most a beg and a give a deal


def test_a_search_bot_judges_with_its_events() -> None:
    """A search bot given no events falls back on the heuristic: judged by ``hard``, seed 4's beg
    comes out otherwise than by the heuristic, so ``hard`` searched, and the values are a deal played
    by ``hard`` bots seeded as the judge seeds them."""
    game = games.get("all-fours")
    state = game.new(seed=4)
    seat = state.to_move
    assert seat is not None and state.phase == "beg"
    choices = state.legal_actions()
    by_hard = judge(state, seat, None, choices, Match(game.name, ("hard", "medium"), judge="hard"), judges=1)
    by_heuristic = judge(state, seat, None, choices, Match(game.name, ("hard", "medium")), judges=1)
    assert by_hard != by_heuristic
    deal_key = game.description.search.deal_key
    for action, value in zip(choices, by_hard, strict=True):
        players = {s: bots.get("hard", game=game.name, seed=s) for s in range(state.num_seats)}
        end = state.apply_legal(action)
        while deal_key(end) == deal_key(state):
            mover = end.to_move
            assert mover is not None
            legal = end.legal_actions()
            end = end.apply_legal(players[mover].choose(end.view(mover), legal, end.events(mover)))
        assert value == deal_value(game.name, state, end, team_of(seat, state.num_seats))
