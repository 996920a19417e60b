"""``tricktable simulate``: many whole games between bots, spread over processes, with per-team
results (wins, draws, win rate and its 95% Wilson interval, mean score) and the speed.

Game ``i`` is seeded from the run's seed and ``i`` alone, and each bot from its game's seed and seat,
so a run gives the same games and the same results whatever the number of processes.
"""

from __future__ import annotations

import math
import multiprocessing
import signal
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tricktable import bots, games
from tricktable.cards import CardParseError, Rank
from tricktable.cli.autoplay import play_out
from tricktable.cli.play import bot_seed
from tricktable.cli.stats import wilson_interval
from tricktable.core import team_of
from tricktable.core.rng import MAX_SEED, rng_for

__all__ = ["Outcome", "Summary", "game_seed", "run_games", "simulate", "summarize"]

CHUNKS_PER_JOB = 8
"""Work is cut into this many pieces per process, so the progress bar moves and loads balance."""


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run."""
    return rng_for(run_seed, f"simulate game {index}").randrange(MAX_SEED)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one simulated game ended."""

    index: int
    winner: int | None
    scores: tuple[Any, ...]
    actions: int


def run_games(
    game_name: str, config: dict[str, Any], seat_bots: Sequence[str], run_seed: int, indices: Sequence[int]
) -> list[Outcome]:
    """Play the games ``indices`` of a run (in a worker process or in this one)."""
    game = games.get(game_name)
    out = []
    for i in indices:
        seed = game_seed(run_seed, i)
        state = game.new(seed=seed, config=config)
        players = {
            seat: bots.get(name, game=game_name, seed=bot_seed(seed, seat))
            for seat, name in enumerate(seat_bots)
        }
        final = play_out(state, players)
        result = final.result
        assert result is not None
        out.append(Outcome(i, result.winner, tuple(result.scores), len(final.history)))
    return out


def _run_task(task: tuple[str, dict[str, Any], list[str], int, range]) -> list[Outcome]:
    return run_games(*task)


def _chunks(count: int, jobs: int) -> list[range]:
    size = max(1, math.ceil(count / (jobs * CHUNKS_PER_JOB)))
    return [range(start, min(count, start + size)) for start in range(0, count, size)]


def simulate(
    game_name: str,
    config: dict[str, Any],
    seat_bots: Sequence[str],
    run_seed: int,
    count: int,
    jobs: int,
    advance: Callable[[int], None] = lambda n: None,
) -> list[Outcome]:
    """Play ``count`` games over ``jobs`` processes; ``advance(n)`` is called as n more games finish.
    The outcomes come back in game order."""
    chunks = _chunks(count, jobs)
    outcomes: list[Outcome] = []
    if jobs == 1:
        for chunk in chunks:
            outcomes += run_games(game_name, config, seat_bots, run_seed, chunk)
            advance(len(chunk))
        return outcomes
    # "spawn" starts clean workers: forking a process that runs a progress-bar thread can deadlock.
    # A multiprocessing pool (not concurrent.futures) so that Ctrl-C can terminate running workers
    # at once instead of waiting for their chunks to finish.
    tasks = [(game_name, config, list(seat_bots), run_seed, chunk) for chunk in chunks]
    pool = multiprocessing.get_context("spawn").Pool(jobs, initializer=_ignore_ctrl_c)
    try:
        for part in pool.imap_unordered(_run_task, tasks):
            outcomes += part
            advance(len(part))
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def _ignore_ctrl_c() -> None:
    """Workers leave Ctrl-C to the parent, which cancels the run and reports it in one line (the
    terminal sends the signal to every process of the group, which would print a traceback each)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass(frozen=True, slots=True)
class TeamSummary:
    team: int
    seats: list[int]
    bots: list[str]
    wins: int
    draws: int
    losses: int
    win_rate: float
    ci95: tuple[float, float]
    mean_score: float | None


@dataclass(frozen=True, slots=True)
class Summary:
    teams: list[TeamSummary]
    games: int
    mean_actions: float


def summarize(outcomes: Sequence[Outcome], seat_bots: Sequence[str], num_seats: int) -> Summary:
    """Per-team tallies. The win rate counts wins only (a draw is not half a win); its interval is
    Wilson's at 95%. Levels (Tractor's ``"J"``, ``"A"``) are averaged as pip values (J = 11, A = 14);
    the mean score is None where a score is neither a number nor a level."""
    n = len(outcomes)
    num_teams = len({team_of(s, num_seats) for s in range(num_seats)})
    teams = []
    for team in range(num_teams):
        seats = [s for s in range(num_seats) if team_of(s, num_seats) == team]
        wins = sum(1 for o in outcomes if o.winner == team)
        draws = sum(1 for o in outcomes if o.winner is None)
        scores = [_numeric(o.scores[team]) for o in outcomes]
        numeric = all(x is not None for x in scores)
        teams.append(
            TeamSummary(
                team=team,
                seats=seats,
                bots=[seat_bots[s] for s in seats],
                wins=wins,
                draws=draws,
                losses=n - wins - draws,
                win_rate=wins / n,
                ci95=wilson_interval(wins, n),
                mean_score=sum(x for x in scores if x is not None) / n if numeric else None,
            )
        )
    return Summary(teams=teams, games=n, mean_actions=sum(o.actions for o in outcomes) / n)


def _numeric(score: Any) -> float | None:
    if isinstance(score, int | float) and not isinstance(score, bool):
        return score
    if isinstance(score, str):
        try:
            return int(Rank.parse(score))
        except CardParseError:
            return None
    return None


def timed(fn: Callable[[], list[Outcome]]) -> tuple[list[Outcome], float]:
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start
