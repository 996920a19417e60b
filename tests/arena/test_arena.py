"""The arena: duplicate deals, its statistics on pairings with a known answer, determinism whatever the
number of processes."""

from __future__ import annotations

import dataclasses
import math

import pytest

from tricktable.arena import Arena, Duel, play_duel, run_arena, running, summarize, t_interval
from tricktable.core.errors import ConfigError

SHORT = {"target": 5}


def _rigged(pairs: int, a_wins: bool, diff: float) -> list[Duel]:
    winner = 0 if a_wins else 1
    return [
        Duel(p, team, winner, (diff, diff, diff), ((0.002, 0.004), (0.001,)))
        for p in range(pairs)
        for team in (0, 1)
    ]


def test_a_bot_that_always_wins_against_one_that_always_loses() -> None:
    report = summarize(_rigged(20, True, 3.0), ("winner", "loser"), game="all-fours")
    assert report.games == 40 and report.wins == (40, 0) and report.draws == 0
    assert report.win_rate == 1.0
    lo, hi = report.win_rate_ci
    assert hi == 1.0 and 0.9 < lo < 1.0  # Wilson: 40 of 40 still leaves a little doubt
    assert report.score_diff == 3.0 and report.score_diff_ci == (3.0, 3.0)
    assert report.deals == 120
    assert report.decision_ms["winner"]["p50"] == pytest.approx(3.0)
    assert report.decision_ms["loser"]["p99"] == pytest.approx(1.0)
    losing = summarize(_rigged(20, False, -3.0), ("loser", "winner"), game="all-fours")
    assert losing.wins == (0, 40) and losing.win_rate_ci[0] == 0.0 and losing.score_diff == -3.0


def test_the_score_interval_is_over_pairs() -> None:
    duels = [Duel(p, t, 0, (float(p),), ((), ())) for p in range(3) for t in (0, 1)]
    report = summarize(duels, ("a", "b"), game="tractor")
    assert report.score_diff == 1.0 and report.score_diff_ci == t_interval([0.0, 1.0, 2.0])
    assert report.decision_ms == {"a": {"p50": None, "p99": None}, "b": {"p50": None, "p99": None}}
    one = summarize(duels[:2], ("a", "b"), game="tractor")
    assert one.score_diff_ci == (-math.inf, math.inf) and one.to_json()["score_diff_ci"] == [None, None]
    points = running(duels)
    assert [p.pairs for p in points] == [2, 3] and points[-1].score_diff == 1.0


def test_identical_bots_give_an_interval_that_holds_zero() -> None:
    arena = Arena("all-fours", ("heuristic", "heuristic"), seed=4, games=8, config=SHORT)
    duels = run_arena(arena)
    report = summarize(duels, arena.bots, game=arena.game)
    lo, hi = report.score_diff_ci
    assert lo <= 0 <= hi
    assert report.wins[0] + report.wins[1] == 8
    assert lo <= 0.5 <= report.win_rate_ci[1] and report.win_rate_ci[0] <= 0.5


def test_every_deal_is_played_twice_with_the_teams_swapped() -> None:
    arena = Arena("all-fours", ("heuristic", "random"), seed=2, games=3, config=SHORT)
    assert arena.pairs == 2
    duels = run_arena(arena)
    assert [(d.pair, d.a_team) for d in duels] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert all(d.deal_diffs for d in duels)
    # Swapping the seats of the same bot changes nothing: the games mirror each other.
    mirror = Arena("all-fours", ("random", "random"), seed=2, games=2, config=SHORT)
    first, second = run_arena(mirror)
    assert first.deal_diffs == tuple(-d for d in second.deal_diffs)
    assert _without_times([play_duel(arena, 1, 0)]) == _without_times([duels[2]])  # any pair alone


def _without_times(duels: list[Duel]) -> list[Duel]:
    return [dataclasses.replace(d, seconds=((), ())) for d in duels]


def test_same_seed_same_results_for_any_jobs() -> None:
    arena = Arena("back-alley", ("heuristic", "random"), seed=5, games=4)
    one = run_arena(arena, jobs=1)
    two = run_arena(arena, jobs=2)
    assert _without_times(one) == _without_times(two)
    assert (
        summarize(one, arena.bots, game=arena.game).wins == summarize(two, arena.bots, game=arena.game).wins
    )
    other = run_arena(dataclasses.replace(arena, seed=6), jobs=1)
    assert _without_times(other) != _without_times(one)


def test_bad_arenas() -> None:
    with pytest.raises(ConfigError, match="2 bots"):
        Arena("all-fours", ("random",))  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="unknown bot 'wizard'"):
        Arena("all-fours", ("random", "wizard"))
    with pytest.raises(ConfigError, match="at least 1 game"):
        Arena("all-fours", ("random", "random"), games=0)
    with pytest.raises(ConfigError, match="jobs"):
        run_arena(Arena("all-fours", ("random", "random")), jobs=0)
