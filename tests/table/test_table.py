"""The table library: seats and bot seeding, the acting-seat policy, playing out, matches, statistics."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tricktable import games
from tricktable.bots import Bot, RandomBot
from tricktable.core import Action, ConfigError, View
from tricktable.core.events import Event
from tricktable.table import (
    EventFeed,
    Match,
    Outcome,
    Seats,
    acting_seat,
    bot_seed,
    make_bots,
    next_bot_action,
    play_out,
    run_match,
    summarize,
    wilson_interval,
)

SHORT = {"target": 3}


def test_seats_assign_humans_and_one_name_or_one_per_bot_seat() -> None:
    assert Seats.assign(4, "random", humans=(2,)).players == ("random", "random", None, "random")
    assert Seats.assign(4, "easy, random ,heuristic", humans=[0]).players == (
        None,
        "easy",
        "random",
        "heuristic",
    )
    assert Seats.assign(2, "x", humans=(0, 1)).humans == (0, 1)
    with pytest.raises(ConfigError, match="one per other seat"):
        Seats.assign(4, "random,random", humans=(0,))
    with pytest.raises(ConfigError, match="from 0 to 3"):
        Seats.assign(4, "random", humans=(4,))
    with pytest.raises(ConfigError, match="separated by commas"):
        Seats.assign(4, "random,,random", humans=(0,))


def test_seats_for_teams_and_their_json_form() -> None:
    assert Seats.for_teams(4, "a,b").players == ("a", "b", "a", "b")
    assert Seats.for_teams(4, ["a", "b", "c", "d"]).players == ("a", "b", "c", "d")
    assert Seats.for_teams(2, "a,b").players == ("a", "b")
    with pytest.raises(ConfigError, match=r"2 bot names \(one per team\) or 4"):
        Seats.for_teams(4, "a,b,c")
    with pytest.raises(ConfigError, match="one per team"):
        Seats.for_teams(4, "a")
    seats = Seats.assign(4, "random", humans=(1,))
    assert Seats.from_list(seats.to_list()) == seats
    for bad in ([True, "random"], "random", [None, 3], [None, ""], []):
        with pytest.raises(ConfigError):
            Seats.from_list(bad)


def test_bots_are_seeded_from_the_game_seed_and_seat() -> None:
    seats = Seats.for_teams(4, "random,random")
    one, two = make_bots("all-fours", seats, 5), make_bots("all-fours", seats, 5)
    assert [b.rng.random() for b in one.values()] == [b.rng.random() for b in two.values()]
    assert len({bot_seed(5, s) for s in range(4)}) == 4 and bot_seed(5, 0) != bot_seed(6, 0)
    with pytest.raises(ConfigError, match="wizard"):
        make_bots("all-fours", Seats.for_teams(4, "wizard,random"), 1)
    assert make_bots("all-fours", Seats.assign(4, "random", humans=(0,)), 1).keys() == {1, 2, 3}


class Recorder(Bot):
    """Remembers what it was given; plays like the random bot."""

    name = "recorder"

    def __init__(self, seed: int, wants: bool) -> None:
        super().__init__(seed)
        self.wants_events = wants
        self.seen: list[tuple[int, tuple[Event, ...]]] = []

    def choose(self, view: View, legal: Sequence[Action], events: Sequence[Event] = ()) -> Action:
        assert view.seat is not None
        self.seen.append((view.seat, tuple(events)))
        return legal[self.rng.randrange(len(legal))]


@pytest.mark.parametrize("name", ["all-fours", "back-alley", "tractor"])
def test_bots_act_only_on_their_turn_and_get_their_seats_events(name: str) -> None:
    game = games.get(name)
    state = game.new(seed=4, config=SHORT if name == "all-fours" else {})
    bots = {s: Recorder(s, wants=s % 2 == 0) for s in range(state.num_seats)}
    feed = EventFeed()
    movers: list[tuple[int, int | None]] = []
    while not state.is_over and len(movers) < 150:
        before = state
        step = next_bot_action(state, bots, feed)
        assert step is not None
        seat, action = step
        movers.append((seat, state.to_move))
        seen_seat, events = bots[seat].seen[-1]
        assert seen_seat == seat
        assert events == (before.events(seat) if seat % 2 == 0 else ())
        state = state.apply(action, seat)
    assert all(seat == to_move for seat, to_move in movers) and len(movers) > 20


def test_play_out_stops_at_a_human_and_at_the_end() -> None:
    game = games.get("back-alley")
    state = game.new(seed=2)
    seats = Seats.assign(4, "random", humans=(state.to_move,))
    out = play_out(state, make_bots("back-alley", seats, state.seed))
    assert out.final is state and out.decisions == ()
    assert next_bot_action(state, make_bots("back-alley", seats, 1)) is None
    start = state.apply(state.legal_actions()[0])
    out = play_out(start, make_bots("back-alley", seats, state.seed))
    assert acting_seat(out.final) == seats.humans[0] or out.final.is_over
    assert [d.version for d in out.decisions] == list(range(start.version, out.final.version))
    assert all(d.options >= 1 and d.seconds >= 0 for d in out.decisions)


def _play_all_fours(seed: int) -> Any:
    game = games.get("all-fours")
    state = game.new(seed=seed, config=SHORT)
    seen: list[int] = []
    seats = Seats.for_teams(4, "heuristic,easy")
    out = play_out(state, make_bots(game.name, seats, seed), on_action=lambda s, seat, a: seen.append(seat))
    assert out.final.is_over and acting_seat(out.final) is None
    assert seen == [d.seat for d in out.decisions]
    return out.final


def test_play_out_is_deterministic_and_ends_the_game() -> None:
    assert _play_all_fours(9) == _play_all_fours(9) != _play_all_fours(10)


def test_event_feed_matches_the_whole_log_and_restarts_after_an_undo() -> None:
    game = games.get("back-alley")
    states = [game.new(seed=3)]
    for _ in range(30):
        s = states[-1]
        states.append(s.apply(s.legal_actions()[0]))
    feed = EventFeed()
    for s in [*states[::4], states[-1], states[5], states[12]]:
        for seat in (0, None):
            assert feed.events(s, seat) == s.events(seat)


def test_a_match_gives_the_same_outcomes_for_any_number_of_processes() -> None:
    match = Match("all-fours", Seats.for_teams(4, "random,heuristic"), seed=11, games=6, config=SHORT)
    advanced: list[int] = []
    one = run_match(match, 1, advanced.append)
    assert sum(advanced) == 6 and [o.index for o in one] == list(range(6))
    assert run_match(match, 2) == one
    assert len({o.seed for o in one}) == 6


def test_match_arguments_are_checked() -> None:
    seats = Seats.for_teams(4, "random,random")
    with pytest.raises(ConfigError, match="bots only"):
        Match("all-fours", Seats.assign(4, "random", humans=(0,)))
    with pytest.raises(ConfigError, match="at least 1 game"):
        Match("all-fours", seats, games=0)
    with pytest.raises(ConfigError, match="seed"):
        Match("all-fours", seats, seed=-1)
    with pytest.raises(ConfigError, match="jobs"):
        run_match(Match("all-fours", seats), jobs=10_000)
    with pytest.raises(ConfigError, match="wizard"):
        run_match(Match("all-fours", Seats.for_teams(4, "wizard,random")))


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_holds_the_observed_rate(case: tuple[int, int]) -> None:
    wins, n = case
    lo, hi = wilson_interval(wins, n)
    assert 0 <= lo <= wins / n <= hi <= 1
    flipped = wilson_interval(n - wins, n)
    assert abs(flipped[0] - (1 - hi)) < 1e-9 and abs(flipped[1] - (1 - lo)) < 1e-9


def test_summary_counts_draws_and_leaves_non_numeric_scores_unaveraged() -> None:
    outcomes: list[Outcome] = [
        Outcome(0, 0, ("A", "3"), 10),
        Outcome(1, None, ("5", "5"), 20),
        Outcome(2, 1, ("?", "K"), 30),
    ]
    summary = summarize(outcomes, Seats(["x", "y", "x", "y"]))
    zero, one = summary.teams
    assert (zero.wins, zero.draws, zero.losses) == (1, 1, 1)
    assert (one.wins, one.draws, one.losses) == (1, 1, 1)
    assert zero.mean_score is None and summary.mean_actions == 20
    assert one.mean_score == (3 + 5 + 13) / 3  # levels count as pip values
    assert zero.bots == ["x", "x"] and one.seats == [1, 3]


def test_the_library_has_no_terminal_dependency() -> None:
    import subprocess
    import sys

    code = "import sys, tricktable.table; sys.exit('rich' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_random_bot_ignores_events() -> None:
    bot: Any = RandomBot(1)
    assert bot.wants_events is False
